import { ORDERS_PAGE_LIMIT, superOrderListSchema, type SuperOrderList } from '@shoebox/contracts';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * GET {orders}/v2/superorders/me: one page of the customer's orders, newest first, with the total. Its own
 * file, apart from the list's hook, so the Overview's latest order reads it without the list's code.
 */
export const getOrdersPage = (http: HttpClient, offset: number, signal?: AbortSignal) =>
  http('orders', '/v2/superorders/me', {
    query: { Offset: offset, Limit: ORDERS_PAGE_LIMIT, OrderState: 'notExpired' },
    schema: superOrderListSchema,
    signal,
  });

/** Where the next page starts, or undefined once every order counted by `total` is read (spec §7.3). */
export function nextOffset(pages: SuperOrderList[]): number | undefined {
  const read = pages.reduce((sum, page) => sum + page.items.length, 0);
  const last = pages.at(-1);
  return last && read < last.total && last.items.length > 0 ? read : undefined;
}
