import type { Photo, SortOptions } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../../lib/services';
import { photoInTimelineQueryOptions, usePhotoInTimeline } from '../api/get-photo-in-timeline';
import { useTimelineMonth } from '../api/get-timeline-month';
import { pagedPhotos } from '../api/photo-pages';
import { photoKeys } from '../api/query-keys';
import { findCachedPhoto } from '../api/timeline-cache';
import type { GridSection } from '../grid/grid-layout';
import { useSectionCacheUpdates } from '../grid/use-section-cache-updates';
import { monthKey, type SectionKey } from '../lib/section-key';
import type { PreviewPosition } from './photo-preview';

/** The preview's position on the timeline, with the month its photo is shown under. */
export interface PreviewNavigation extends PreviewPosition {
  section: SectionKey | undefined;
  /** Not among the loaded months, and the server does not have it either (not the customer's, or gone). */
  missing: boolean;
}

/**
 * The previewed photo on the timeline of the current sort, and its neighbours in that order. A photo among
 * the loaded months is placed there: within its month, then across to the month before or after, a neighbour
 * not loaded yet loading on the way (the rest of the month, or the next month's first page). A photo opened by
 * its address whose month is not loaded (a reload, a bookmark, a new tab) is asked of the server with its
 * neighbours, and so are they as it moves, so its month never has to load.
 */
export function usePreviewNavigation(sort: SortOptions, sections: readonly GridSection[], photoId: string, go: (photo: Photo) => unknown): PreviewNavigation {
  const queryClient = useQueryClient();
  const { http } = useServices();
  useSectionCacheUpdates(photoKeys.timelineMonths());
  const [pending, setPending] = useState<'previous' | 'next'>();

  const located = findCachedPhoto(queryClient, sort, photoId);
  const remote = usePhotoInTimeline(sort, photoId, !located);
  const placed = located ? undefined : remote.data;

  const index = located ? sections.findIndex((s) => s.key === located.key) : -1;
  const before = index > 0 ? sections[index - 1] : undefined;
  const after = index >= 0 && index < sections.length - 1 ? sections[index + 1] : undefined;

  const here = useTimelineMonth(sort, located?.year ?? 0, located?.month ?? 0, !!located);
  const photos = pagedPhotos(here.data);
  const atStart = !!located && located.index === 0;
  const atEnd = !!located && located.index === photos.length - 1;

  // The month before is needed only at this month's first photo, the month after only past its last one.
  const previousMonth = useTimelineMonth(sort, before?.year ?? 0, before?.month ?? 0, !!before && atStart);
  const nextMonth = useTimelineMonth(sort, after?.year ?? 0, after?.month ?? 0, !!after && atEnd && !here.hasNextPage);
  const previousPhotos = pagedPhotos(previousMonth.data);
  const previousComplete = !!previousMonth.data && !previousMonth.hasNextPage;

  const previous = placed ? (placed.previous ?? undefined) : located && !atStart ? photos[located.index - 1] : previousComplete ? previousPhotos[previousPhotos.length - 1] : undefined;
  const next = placed ? (placed.next ?? undefined) : located && !atEnd ? photos[located.index + 1] : !here.hasNextPage ? pagedPhotos(nextMonth.data)[0] : undefined;
  const hasPrevious = placed ? !!previous : !!located && (!atStart || !!before);
  const hasNext = placed ? !!next : !!located && (!atEnd || here.hasNextPage || !!after);

  // Placed by the server: its neighbours' places are asked ahead, so moving shows them at once.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      if (placed && neighbour && !findCachedPhoto(queryClient, sort, neighbour.imageId)) void queryClient.prefetchQuery(photoInTimelineQueryOptions(http, sort, neighbour.imageId));
    }
  }, [placed, previous, next, queryClient, http, sort]);

  // Past the last loaded photo of a month that has more: fetch its next page ahead of time.
  const { hasNextPage: hereHasMore, isFetching: hereFetching, isError: hereFailed, fetchNextPage: fetchMoreHere } = here;
  useEffect(() => {
    if (atEnd && hereHasMore && !hereFetching && !hereFailed) void fetchMoreHere();
  }, [atEnd, hereHasMore, hereFetching, hereFailed, fetchMoreHere]);

  // Going back into a month loaded only partly: its remaining pages, to reach its last photo.
  const { hasNextPage: previousHasMore, isFetching: previousFetching, isError: previousFailed, fetchNextPage: fetchMorePrevious } = previousMonth;
  useEffect(() => {
    if (pending === 'previous' && atStart && previousHasMore && !previousFetching && !previousFailed) void fetchMorePrevious();
  }, [pending, atStart, previousHasMore, previousFetching, previousFailed, fetchMorePrevious]);

  // A move that waited for its neighbour: go once it is there, give up when its load failed.
  useEffect(() => {
    if (!pending) return;
    const target = pending === 'previous' ? previous : next;
    if (target) {
      setPending(undefined);
      void go(target);
    } else if ((pending === 'previous' ? previousFailed : hereFailed || nextMonth.isError) || !(pending === 'previous' ? hasPrevious : hasNext)) {
      setPending(undefined);
    }
  }, [pending, previous, next, hasPrevious, hasNext, previousFailed, hereFailed, nextMonth.isError, go]);

  return {
    section: located ? located.key : placed ? monthKey(placed.year, placed.month) : undefined,
    missing: !located && remote.isError,
    photo: located?.photo ?? placed?.photo,
    previous,
    next,
    hasPrevious,
    hasNext,
    goPrevious: () => {
      if (previous) void go(previous);
      else if (hasPrevious) setPending('previous');
    },
    goNext: () => {
      if (next) void go(next);
      else if (hasNext) setPending('next');
    },
  };
}
