import type { SortOptions } from '@shoebox/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
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

/** Re-renders on every change of a timeline month in the cache (a page arrives, a photo is deleted). */
export function useMonthCacheUpdates(): void {
  const queryClient = useQueryClient();
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryKey[1] === photoKeys.timelineMonths()[1]) bump();
      }),
    [queryClient],
  );
}
