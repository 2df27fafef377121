import type { Photo, PhotoPage } from '@shoebox/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** Where a section's (a month's or an album's) next page starts and how many photos it asks for. */
export interface SectionPageParam {
  cursor?: string;
  limit: number;
}

/** A section's cached photos: the pages loaded so far. */
export type SectionData = InfiniteData<PhotoPage, SectionPageParam>;

/** A section's photos stay cached this long after the last screen using them goes (the memory stays flat). */
export const SECTION_GC_TIME = 2 * 60_000;

/** Pages that grow: after the last page none, otherwise `nextLimit` of the photos loaded so far. */
export const growingPages =
  (nextLimit: (loaded: number) => number) =>
  (last: PhotoPage, pages: PhotoPage[]): SectionPageParam | undefined =>
    last.cursor ? { cursor: last.cursor, limit: nextLimit(pages.reduce((n, page) => n + page.images.length, 0)) } : undefined;

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

/** A listing's cached pages without the given photos (an optimistic delete or removal). */
export function withoutPhotos<Data extends InfiniteData<PhotoPage, unknown>>(data: Data, ids: ReadonlySet<string>): Data {
  return { ...data, pages: data.pages.map((page) => ({ ...page, images: page.images.filter((photo) => !ids.has(photo.imageId)) })) };
}
