import { blockedOrderSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/blockedorders/{orderCode}: whether the book's order is kept out of the gallery (spec §7.8: no token). */
export const getBlockedOrder = (http: HttpClient, orderCode: string, signal?: AbortSignal) =>
  http('widgets', `/v1/blockedorders/${encodeURIComponent(orderCode)}`, { schema: blockedOrderSchema, signal, anonymous: true });

export const blockedOrderQueryOptions = (http: HttpClient, orderCode: string) =>
  queryOptions({ queryKey: widgetKeys.blockedOrder(orderCode), queryFn: ({ signal }) => getBlockedOrder(http, orderCode, signal) });

export function useBlockedOrder(orderCode: string) {
  const { http } = useServices();
  return useQuery(blockedOrderQueryOptions(http, orderCode));
}
