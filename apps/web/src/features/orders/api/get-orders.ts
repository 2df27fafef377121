import type { SuperOrderList } from '@shoebox/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { getOrdersPage, nextOffset } from './get-orders-page';
import { orderKeys } from './query-keys';

/** First pages the router started; each answers one read only, so a later read is always fresh. */
const claimed = new WeakSet<Promise<SuperOrderList>>();
const claim = (page: Promise<SuperOrderList> | undefined) => {
  if (!page || claimed.has(page)) return undefined;
  claimed.add(page);
  return page;
};

/** Every order of the customer, page by page (GET {orders}/v2/superorders/me); `firstPage` is one already on its way. */
export const ordersQueryOptions = (http: HttpClient, firstPage?: Promise<SuperOrderList>) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam, signal }) => (pageParam === 0 && claim(firstPage)) || getOrdersPage(http, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
  });

/**
 * Every order of the customer. The first page renders as soon as it arrives (the newest orders, those in
 * progress among them); the list then pages on by itself until the total is read.
 */
export function useOrders(firstPage?: Promise<SuperOrderList>) {
  const { http } = useServices();
  const query = useInfiniteQuery(ordersQueryOptions(http, firstPage));
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  const pagesRead = query.data?.pages.length ?? 0;
  // Runs again as each page lands (a page's fetch can start and end between two renders, so the count is the signal).
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage, pagesRead]);
  return { ...query, orders: query.data?.pages.flatMap((page) => page.items) };
}
