import { hashKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pagedPhotos } from '../api/photo-pages';
import type { SectionQueryOptions } from './section-source';

/**
 * Loads one section (a month, or an album) while it is near the viewport: its first page at once, then
 * further pages for as long as the window reaches photos that are not loaded yet. When the section leaves
 * the window its request is aborted.
 */
export function SectionLoader({ query: options, wanted }: { query: SectionQueryOptions; wanted: number }) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(options);
  const loaded = pagedPhotos(query.data).length;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && loaded < wanted) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, loaded, wanted, fetchNextPage]);

  const { queryKey } = options;
  useEffect(
    () => () => {
      void queryClient.cancelQueries({ queryKey, exact: true });
    },
    // The key's content, not its identity: a new options object for the same section is the same loader.
    [queryClient, hashKey(queryKey)],
  );

  return null;
}
