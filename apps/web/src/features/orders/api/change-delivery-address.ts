import type { AddressInput } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** PUT {orders}/v1/superorders/{code}/deliveryAddress: accepted only while the order allows it (409 once it no longer does). */
export const changeDeliveryAddress = (http: HttpClient, orderCode: string, address: AddressInput) =>
  http('orders', `/v1/superorders/${encodeURIComponent(orderCode)}/deliveryAddress`, { method: 'PUT', body: address });

/** Whatever the answer, the order is read again: after a success it shows the new address, after a 409 its present state. */
export function useChangeDeliveryAddress(orderCode: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) => changeDeliveryAddress(http, orderCode, address),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
