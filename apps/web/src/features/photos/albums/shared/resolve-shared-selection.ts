import { PHOTOS_PAGE_SIZE, type Photo, type SharedPhotoRef, type SortOptions } from '@shoebox/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../../lib/http/http-client';
import { getAlbumPhotos, type AlbumPhotosData } from '../../api/get-album-photos';
import { pagedPhotos } from '../../api/photo-pages';
import { albumKeys } from '../../api/query-keys';
import type { SelectionState } from '../../stores/selection';
import { resolveAlbumSelection } from '../album/resolve-album-selection';

/** Every photo of a shared album, following its cursor, without touching the cache. */
async function fetchSharedAlbumPhotos(http: HttpClient, albumId: string, sort: SortOptions, signal?: AbortSignal): Promise<Photo[]> {
  const photos: Photo[] = [];
  let cursor: string | undefined;
  do {
    const page = await getAlbumPhotos(http, { kind: 'shared-albums', albumId, sort, cursor, limit: PHOTOS_PAGE_SIZE }, signal);
    photos.push(...page.images);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return photos;
}

/**
 * The selected photos of a shared album with whose each one is (spec §7: a shared-album download names
 * {photoId, ownerId}): the owners come from the photos on screen, and the album is read again only for a
 * selected photo that is not loaded.
 */
export async function resolveSharedSelection(
  http: HttpClient,
  queryClient: QueryClient,
  album: { albumId: string; sort: SortOptions },
  selection: SelectionState,
  signal?: AbortSignal,
): Promise<SharedPhotoRef[]> {
  const ids = await resolveAlbumSelection(http, queryClient, { kind: 'shared-albums', ...album }, selection, signal);
  const ownerOf = (photos: Photo[]) => new Map(photos.flatMap((photo) => (photo.ownerId ? [[photo.imageId, photo.ownerId] as const] : [])));
  let owners = ownerOf(pagedPhotos(queryClient.getQueryData<AlbumPhotosData>(albumKeys.photos('shared-albums', album.albumId, album.sort))));
  if (ids.some((id) => !owners.has(id))) owners = ownerOf(await fetchSharedAlbumPhotos(http, album.albumId, album.sort, signal));
  return ids.map((photoId) => {
    const ownerId = owners.get(photoId);
    if (!ownerId) throw new Error(`The shared album's photo ${photoId} came without its owner`);
    return { photoId, ownerId };
  });
}
