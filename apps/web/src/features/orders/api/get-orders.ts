import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { getOrdersPage, nextOffset } from './get-orders-page';
import { orderKeys } from './query-keys';

/** Every order of the customer, page by page (GET {orders}/v2/superorders/me). */
export const ordersQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam, signal }) => getOrdersPage(http, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
  });

/**
 * Every order of the customer. The first page renders as soon as it arrives (the newest orders, those in
 * progress among them); the list then pages on by itself until the total is read.
 */
export function useOrders() {
  const { http } = useServices();
  const query = useInfiniteQuery(ordersQueryOptions(http));
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  const pagesRead = query.data?.pages.length ?? 0;
  // Runs again as each page lands (a page's fetch can start and end between two renders, so the count is the signal).
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage, pagesRead]);
  return { ...query, orders: query.data?.pages.flatMap((page) => page.items) };
}
