import { superOrderSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** GET {orders}/v1/superorders/{code}: one order of the customer; another customer's answers 404 (spec §5 'Order not found'). */
export const getOrder = (http: HttpClient, orderCode: string, signal?: AbortSignal) =>
  http('orders', `/v1/superorders/${encodeURIComponent(orderCode)}`, { schema: superOrderSchema, signal });

export const orderQueryOptions = (http: HttpClient, orderCode: string) =>
  queryOptions({ queryKey: orderKeys.detail(orderCode), queryFn: ({ signal }) => getOrder(http, orderCode, signal) });

export function useOrder(orderCode: string) {
  const { http } = useServices();
  return useQuery(orderQueryOptions(http, orderCode));
}
