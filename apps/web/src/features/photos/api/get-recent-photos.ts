import { photoPageSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { photoKeys } from './query-keys';

/** GET {photoManagement}/photos: the first page of the whole library, newest uploads first. */
export const getRecentPhotos = (http: HttpClient, limit: number, signal?: AbortSignal) =>
  http('photoManagement', '/photos', { schema: photoPageSchema, query: { limit, sortKey: 'created', sortOrder: 'desc' }, signal }).then((page) => page.images);

export const recentPhotosQueryOptions = (http: HttpClient, limit: number) =>
  queryOptions({ queryKey: photoKeys.recent(limit), queryFn: ({ signal }) => getRecentPhotos(http, limit, signal), staleTime: 60_000 });

/** Waits while `limit` is not known yet (an A/B test's answer): one request, for the right number. */
export function useRecentPhotos(limit: number | undefined) {
  const { http } = useServices();
  return useQuery({ ...recentPhotosQueryOptions(http, limit ?? 0), enabled: limit !== undefined });
}
