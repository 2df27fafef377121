import { timelineCountsSchema, type SortKey } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { photoKeys } from './query-keys';

/** Photos per year and month: the timeline's whole layout is built from these before any photo loads. */
export const getTimelineCounts = (http: HttpClient, sortKey: SortKey, signal?: AbortSignal) =>
  http('photoManagement', '/users/timeline', { schema: timelineCountsSchema, query: { sortKey }, signal });

export const timelineCountsQueryOptions = (http: HttpClient, sortKey: SortKey) =>
  queryOptions({ queryKey: photoKeys.timelineCounts(sortKey), queryFn: ({ signal }) => getTimelineCounts(http, sortKey, signal) });

export function useTimelineCounts(sortKey: SortKey) {
  const { http } = useServices();
  return useQuery(timelineCountsQueryOptions(http, sortKey));
}
