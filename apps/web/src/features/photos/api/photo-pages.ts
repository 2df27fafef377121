import type { Photo, PhotoPage } from '@shoebox/contracts';
import type { InfiniteData } from '@tanstack/react-query';

const flattened = new WeakMap<InfiniteData<PhotoPage, unknown>, Photo[]>();

/** A listing's loaded photos in order (a month's, an album's); computed once per cache entry, so every row can ask for it. */
export function pagedPhotos(data: InfiniteData<PhotoPage, unknown> | undefined): Photo[] {
  if (!data) return [];
  let photos = flattened.get(data);
  if (!photos) {
    photos = data.pages.flatMap((page) => page.images);
    flattened.set(data, photos);
  }
  return photos;
}

/** Every photo id of a paged listing, following its cursor from the first page to the last. */
export async function collectPhotoIds(fetchPage: (cursor: string | undefined) => Promise<PhotoPage>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    for (const photo of page.images) ids.push(photo.imageId);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return ids;
}

/** The ids of a listing held in the cache, when all its pages are there (the last one has no cursor). */
export function cachedIdsIfComplete(data: InfiniteData<PhotoPage, unknown> | undefined): string[] | undefined {
  const complete = data && data.pages.length > 0 && !data.pages[data.pages.length - 1]?.cursor;
  return complete ? pagedPhotos(data).map((photo) => photo.imageId) : undefined;
}
