import { photoInTimelineSchema, type SortOptions } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { photoKeys } from './query-keys';

/** One photo and its place in the timeline under a sort (its month, the photos before and after it); 404 when it is not the customer's. */
export const getPhotoInTimeline = (http: HttpClient, sort: SortOptions, photoId: string, signal?: AbortSignal) =>
  http('photoManagement', `/photos/${encodeURIComponent(photoId)}`, {
    schema: photoInTimelineSchema,
    query: { sortKey: sort.sortKey, sortOrder: sort.sortOrder },
    signal,
  });

/** Fresh as long as a month's pages are: the preview steps back and forth through these. */
const PLACE_STALE_TIME = 5 * 60_000;

export const photoInTimelineQueryOptions = (http: HttpClient, sort: SortOptions, photoId: string) =>
  queryOptions({
    queryKey: photoKeys.photoInTimeline(sort, photoId),
    queryFn: ({ signal }) => getPhotoInTimeline(http, sort, photoId, signal),
    staleTime: PLACE_STALE_TIME,
  });

/** Asked only when `enabled`: the preview's photo is not among the loaded months. */
export function usePhotoInTimeline(sort: SortOptions, photoId: string, enabled: boolean) {
  const { http } = useServices();
  return useQuery({ ...photoInTimelineQueryOptions(http, sort, photoId), enabled });
}
