import { PHOTOS_PAGE_SIZE, photoPageSchema, TIMELINE_PAGE_SIZE, type SortOptions } from '@shoebox/contracts';
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { collectPhotoIds, growingPages, SECTION_GC_TIME, type SectionData, type SectionPageParam } from './photo-pages';
import { photoKeys } from './query-keys';

/** One page of a month's photos; a non-OK answer raises 'Request failure' and the month becomes rejected. */
export const getTimelineMonth = (
  http: HttpClient,
  o: { sort: SortOptions; year: number; month: number; cursor?: string; limit?: number },
  signal?: AbortSignal,
) =>
  http('photoManagement', `/photos/timeline/${o.year}/${o.month}`, {
    schema: photoPageSchema,
    query: { cursor: o.cursor, limit: o.limit ?? TIMELINE_PAGE_SIZE, sortKey: o.sort.sortKey, sortOrder: o.sort.sortOrder },
    signal,
  });

export type MonthData = SectionData;

/** The most photos one timeline request may ask for. */
export const MAX_MONTH_PAGE = PHOTOS_PAGE_SIZE;

/**
 * The first page has the spec's TIMELINE_PAGE_SIZE photos; each later page asks for as many as are loaded
 * already (24, 24, 48, 96 … up to 500), so a jump deep into a big month takes a few requests, not hundreds.
 */
export function nextMonthPageLimit(loaded: number): number {
  return Math.min(MAX_MONTH_PAGE, Math.max(TIMELINE_PAGE_SIZE, loaded));
}

/** A month's photos as pages; the query's signal aborts the request when the month is scrolled past. */
export const timelineMonthQueryOptions = (http: HttpClient, sort: SortOptions, year: number, month: number) =>
  infiniteQueryOptions({
    // Widened to any key, so a grid can hold the timeline's and an album's section queries alike.
    queryKey: photoKeys.timelineMonth(sort, year, month) as QueryKey,
    queryFn: ({ pageParam, signal }) => getTimelineMonth(http, { sort, year, month, cursor: pageParam.cursor, limit: pageParam.limit }, signal),
    initialPageParam: { limit: TIMELINE_PAGE_SIZE } as SectionPageParam,
    getNextPageParam: growingPages(nextMonthPageLimit),
    staleTime: 5 * 60_000,
    gcTime: SECTION_GC_TIME,
  });

/**
 * A month's photos. Only the month loaders (months near the viewport) fetch; every other user of a month
 * (its heading, its rows, the preview) only reads the cache, so rows far away never cause requests.
 */
export function useTimelineMonth(sort: SortOptions, year: number, month: number, fetching = false) {
  const { http } = useServices();
  return useInfiniteQuery({ ...timelineMonthQueryOptions(http, sort, year, month), enabled: fetching });
}

/** Every photo id of a month, page by page at the largest page size, without touching the cache. */
export const fetchMonthPhotoIds = (http: HttpClient, sort: SortOptions, year: number, month: number, signal?: AbortSignal): Promise<string[]> =>
  collectPhotoIds((cursor) => getTimelineMonth(http, { sort, year, month, cursor, limit: MAX_MONTH_PAGE }, signal));
