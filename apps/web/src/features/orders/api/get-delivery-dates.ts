import { deliveryDatesSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** GET {orders}/OrderDeliveryDates/{id}; a 404 means no dates are known yet: null (spec §7.3). */
export const getDeliveryDates = (http: HttpClient, orderCode: string, signal?: AbortSignal) =>
  http('orders', `/OrderDeliveryDates/${encodeURIComponent(orderCode)}`, { schema: deliveryDatesSchema, signal }).catch((error: unknown) => {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  });

export const deliveryDatesQueryOptions = (http: HttpClient, orderCode: string) =>
  queryOptions({ queryKey: orderKeys.deliveryDates(orderCode), queryFn: ({ signal }) => getDeliveryDates(http, orderCode, signal) });

export function useDeliveryDates(orderCode: string) {
  const { http } = useServices();
  return useQuery(deliveryDatesQueryOptions(http, orderCode));
}
