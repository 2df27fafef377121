import { reorderStatusSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** GET {orders}/reorder/status/{id}: whether the order can be ordered again. */
export const getReorderStatus = (http: HttpClient, orderCode: string, signal?: AbortSignal) =>
  http('orders', `/reorder/status/${encodeURIComponent(orderCode)}`, { schema: reorderStatusSchema, signal });

export const reorderStatusQueryOptions = (http: HttpClient, orderCode: string) =>
  queryOptions({ queryKey: orderKeys.reorderStatus(orderCode), queryFn: ({ signal }) => getReorderStatus(http, orderCode, signal) });

export function useReorderStatus(orderCode: string) {
  const { http } = useServices();
  return useQuery(reorderStatusQueryOptions(http, orderCode));
}
