import type { SortOptions } from '@shoebox/contracts';
import { hashKey, partialMatchKey, useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useServices } from '../../../lib/services';
import { timelineMonthQueryOptions } from '../api/get-timeline-month';
import { photoKeys } from '../api/query-keys';

/**
 * A month's photos. Only the month loaders (months near the viewport) fetch; every other user of a month
 * (its heading, its rows, the preview) only reads the cache, so rows far away never cause requests.
 */
export function useMonth(sort: SortOptions, year: number, month: number, fetching = false) {
  const { http } = useServices();
  return useInfiniteQuery({ ...timelineMonthQueryOptions(http, sort, year, month), enabled: fetching });
}

/** Re-renders on every change in the cache of a query under `prefix` (a page arrives, a photo is deleted); by default the timeline's months. */
export function useMonthCacheUpdates(prefix: QueryKey = photoKeys.timelineMonths()): void {
  const queryClient = useQueryClient();
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && partialMatchKey(event.query.queryKey, prefix)) bump();
      }),
    [queryClient, hashKey(prefix)],
  );
}
