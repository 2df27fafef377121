import type { Photo, SortOptions } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTimelineMonth } from '../api/get-timeline-month';
import { pagedPhotos } from '../api/photo-pages';
import { photoKeys } from '../api/query-keys';
import { findCachedPhoto, type LocatedPhoto } from '../api/timeline-cache';
import type { GridSection } from '../grid/grid-layout';
import { useSectionCacheUpdates } from '../grid/use-section-cache-updates';
import type { PreviewPosition } from './photo-preview';

/** The preview's position on the timeline, with where its photo sits among the loaded months. */
export interface PreviewNavigation extends PreviewPosition {
  located: LocatedPhoto | undefined;
}

/**
 * The previewed photo among the loaded months of the current sort, and its neighbours in that order: within
 * its month, then across to the month before or after. A neighbour not loaded yet is loaded on the way (the
 * rest of the month, or the next month's first page), so previous and next walk the whole library.
 */
export function usePreviewNavigation(sort: SortOptions, sections: readonly GridSection[], photoId: string, go: (photo: Photo) => unknown): PreviewNavigation {
  const queryClient = useQueryClient();
  useSectionCacheUpdates(photoKeys.timelineMonths());
  const [pending, setPending] = useState<'previous' | 'next'>();

  const located = findCachedPhoto(queryClient, sort, photoId);
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

  const previous = located && !atStart ? photos[located.index - 1] : previousComplete ? previousPhotos[previousPhotos.length - 1] : undefined;
  const next = located && !atEnd ? photos[located.index + 1] : !here.hasNextPage ? pagedPhotos(nextMonth.data)[0] : undefined;
  const hasPrevious = !!located && (!atStart || !!before);
  const hasNext = !!located && (!atEnd || here.hasNextPage || !!after);

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
    located,
    photo: located?.photo,
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
