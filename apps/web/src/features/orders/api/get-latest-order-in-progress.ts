import { IN_PROGRESS_ORDER_MAX_AGE_DAYS, isOrderInProgress, type SuperOrder } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { getOrdersPage, nextOffset } from './get-orders-page';
import { orderKeys } from './query-keys';

const DAY_MS = 86_400_000;

/**
 * The customer's newest order that is still in progress, or null. Orders come newest first and only those
 * created within the in-progress window can be in progress, so reading stops at the first page that reaches
 * past that window: almost always after one page.
 */
export async function getLatestOrderInProgress(http: HttpClient, signal?: AbortSignal, now = Date.now()): Promise<SuperOrder | null> {
  const oldestPossible = now - IN_PROGRESS_ORDER_MAX_AGE_DAYS * DAY_MS;
  const pages = [];
  for (let offset: number | undefined = 0; offset !== undefined; offset = nextOffset(pages)) {
    const page = await getOrdersPage(http, offset, signal);
    pages.push(page);
    const found = page.items.find((order) => isOrderInProgress(order, now));
    if (found) return found;
    if (page.items.some((order) => Date.parse(order.createdAt) < oldestPossible)) return null;
  }
  return null;
}

export const latestOrderInProgressQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: orderKeys.latestInProgress(), queryFn: ({ signal }) => getLatestOrderInProgress(http, signal) });

export function useLatestOrderInProgress() {
  const { http } = useServices();
  return useQuery(latestOrderInProgressQueryOptions(http));
}
