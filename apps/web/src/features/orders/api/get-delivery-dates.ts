import { deliveryDatesSchema, STATUSES_WITHOUT_DELIVERY_DATES } from '@shoebox/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderQueryOptions } from './get-order';
import { orderKeys } from './query-keys';

/** GET {orders}/OrderDeliveryDates/{id}; a 404 means no dates are known yet: null (spec §7.3). */
export const getDeliveryDates = (http: HttpClient, orderCode: string, signal?: AbortSignal) =>
  http('orders', `/OrderDeliveryDates/${encodeURIComponent(orderCode)}`, { schema: deliveryDatesSchema, signal }).catch((error: unknown) => {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  });

/**
 * The order's expected dates, null when it has none. The call is made only when the order says there can be
 * some: the browser logs every 404 as an error, and an order sent or cancelled would answer one each time. The
 * order is the one its screen shows, from the cache; when a pushed status change reads the orders again, it is
 * the order being read beside these dates (its query is older, so it is refreshed first and this one waits
 * for it), so an order cancelled while open is not asked about again either.
 */
export const deliveryDatesQueryOptions = (http: HttpClient, queryClient: QueryClient, orderCode: string) =>
  queryOptions({
    queryKey: orderKeys.deliveryDates(orderCode),
    queryFn: async ({ signal }) => {
      const order = await queryClient.fetchQuery({ ...orderQueryOptions(http, orderCode), staleTime: Infinity });
      return STATUSES_WITHOUT_DELIVERY_DATES.includes(order.status) ? null : getDeliveryDates(http, orderCode, signal);
    },
  });

export function useDeliveryDates(orderCode: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useQuery(deliveryDatesQueryOptions(http, queryClient, orderCode));
}
