import type { Photo } from '@shoebox/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pagedPhotos } from '../../api/photo-pages';
import type { SectionQueryOptions } from '../../grid/section-source';
import type { PreviewPosition } from '../../preview/photo-preview';

/**
 * The previewed photo among an album's photos, and its neighbours in the album's order. Pages load on the
 * way: until the photo is found (a link straight to a photo deep in the album), and past the last loaded one.
 * `settled`: the photo is not in the album (everything loaded, or loading failed).
 */
export function useAlbumPreviewPosition(options: SectionQueryOptions, photoId: string, go: (photo: Photo) => unknown): PreviewPosition & { settled: boolean } {
  const query = useInfiniteQuery(options);
  const [pending, setPending] = useState<'next'>();
  const photos = pagedPhotos(query.data);
  const index = photos.findIndex((photo) => photo.imageId === photoId);
  const photo = index >= 0 ? photos[index] : undefined;
  const previous = index > 0 ? photos[index - 1] : undefined;
  const next = index >= 0 ? photos[index + 1] : undefined;
  const atEnd = index >= 0 && index === photos.length - 1;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;

  useEffect(() => {
    if ((index < 0 || atEnd) && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [index, atEnd, hasNextPage, isFetching, isError, fetchNextPage]);

  useEffect(() => {
    if (pending !== 'next') return;
    if (next) {
      setPending(undefined);
      void go(next);
    } else if (isError || !hasNextPage) setPending(undefined);
  }, [pending, next, isError, hasNextPage, go]);

  return {
    photo,
    previous,
    next,
    hasPrevious: !!previous,
    hasNext: !!next || (atEnd && !!hasNextPage),
    goPrevious: () => {
      if (previous) void go(previous);
    },
    goNext: () => {
      if (next) void go(next);
      else if (atEnd && hasNextPage) setPending('next');
    },
    settled: !photo && !isFetching && (query.isError || (query.isSuccess && !hasNextPage)),
  };
}
