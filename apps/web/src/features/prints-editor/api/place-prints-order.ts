import { superOrderSchema, type PlacePrintsOrder } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST {orders}/prints-orders: the order, priced by the server; the same requestId again answers the same order. */
export const placePrintsOrder = (http: HttpClient, order: PlacePrintsOrder) =>
  http('orders', '/prints-orders', { method: 'POST', body: order, schema: superOrderSchema });

export function usePlacePrintsOrder() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: PlacePrintsOrder) => placePrintsOrder(http, order),
    // An order changes what several screens show (My orders, the Overview, the storage status): all are read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
