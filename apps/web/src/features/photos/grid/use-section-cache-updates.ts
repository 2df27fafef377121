import { hashKey, partialMatchKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';

/** Re-renders on every change in the cache of a query under `prefix` (a page arrives, a photo is deleted). */
export function useSectionCacheUpdates(prefix: QueryKey): void {
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
