import { anonymousUploadsSchema, orderUploadsSchema, type OrderUpload } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/**
 * The files an order was made from (spec §7.3): GET {orders}/uploads/{orderCode}?accountId. An order the
 * account's call does not know (404, e.g. one placed before the customer signed in) is asked for through
 * POST {orders}/getanonymousuploads with its code; absent there too, it has no files to show.
 */
export async function getOrderUploads(http: HttpClient, accountId: string, orderCode: string, signal?: AbortSignal): Promise<OrderUpload[]> {
  try {
    const uploads = await http('orders', `/uploads/${encodeURIComponent(orderCode)}`, { query: { accountId }, schema: orderUploadsSchema, signal, handled: [404] });
    return uploads.files;
  } catch (error) {
    if (!isHttpStatus(error, 404)) throw error;
  }
  const { items } = await http('orders', '/getanonymousuploads', { method: 'POST', body: { ids: [orderCode] }, schema: anonymousUploadsSchema, signal });
  return items.find((item) => item.orderCode === orderCode)?.files ?? [];
}

export const orderUploadsQueryOptions = (http: HttpClient, accountId: string, orderCode: string) =>
  queryOptions({ queryKey: orderKeys.uploads(accountId, orderCode), queryFn: ({ signal }) => getOrderUploads(http, accountId, orderCode, signal) });

export function useOrderUploads(accountId: string, orderCode: string) {
  const { http } = useServices();
  return useQuery(orderUploadsQueryOptions(http, accountId, orderCode));
}
