import { directReorderSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST {orders}/reorder/direct?OrderCode={id}: the channel's shop address where the customer continues the reorder. */
export const directReorder = (http: HttpClient, orderCode: string) =>
  http('orders', '/reorder/direct', { method: 'POST', query: { OrderCode: orderCode }, schema: directReorderSchema }).then((answer) => answer.ShopUrl);

export function useDirectReorder(orderCode: string) {
  const { http } = useServices();
  return useMutation({ mutationFn: () => directReorder(http, orderCode) });
}
