import type { SortOptions } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { monthPhotos } from '../api/get-timeline-month';
import { photoKeys } from '../api/query-keys';
import { useMonth } from './use-month';

/**
 * Loads one month while it is near the viewport: its first page at once, then further pages for as long as
 * the window reaches photos that are not loaded yet. When the month leaves the window its request is aborted.
 */
export function MonthLoader({ sort, year, month, wanted }: { sort: SortOptions; year: number; month: number; wanted: number }) {
  const queryClient = useQueryClient();
  const query = useMonth(sort, year, month, true);
  const loaded = monthPhotos(query.data).length;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && loaded < wanted) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, loaded, wanted, fetchNextPage]);

  useEffect(
    () => () => {
      void queryClient.cancelQueries({ queryKey: photoKeys.timelineMonth(sort, year, month), exact: true });
    },
    [queryClient, sort, year, month],
  );

  return null;
}
