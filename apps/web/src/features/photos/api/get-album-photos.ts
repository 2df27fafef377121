import { ALBUM_GRID_SECTION_SIZE, PHOTOS_PAGE_SIZE, photoPageSchema, type PhotoPage, type SortOptions } from '@shoebox/contracts';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { albumPhotosPath } from './album-paths';
import { collectPhotoIds, growingPages, SECTION_GC_TIME, type SectionPageParam } from './photo-pages';
import { albumKeys, type AlbumKind } from './query-keys';

/** The largest page: the most whole sections of 24 one request may ask for. */
const MAX_ALBUM_PAGE = Math.floor(PHOTOS_PAGE_SIZE / ALBUM_GRID_SECTION_SIZE) * ALBUM_GRID_SECTION_SIZE;

/**
 * The album grid loads in sections of 24: the first page is one section, each later page as many sections
 * as are loaded already (1, 1, 2, 4 … up to 20), so scrolling deep into a 10,000-photo album takes a few
 * requests, not hundreds.
 */
export function nextAlbumPageLimit(loaded: number): number {
  return Math.min(MAX_ALBUM_PAGE, Math.max(ALBUM_GRID_SECTION_SIZE, Math.ceil(loaded / ALBUM_GRID_SECTION_SIZE) * ALBUM_GRID_SECTION_SIZE));
}

export const getAlbumPhotos = (
  http: HttpClient,
  o: { kind: AlbumKind; albumId: string; sort: SortOptions; cursor?: string; limit: number },
  signal?: AbortSignal,
) =>
  http('photoManagement', albumPhotosPath(o.kind, o.albumId), {
    schema: photoPageSchema,
    query: { cursor: o.cursor, limit: o.limit, sortKey: o.sort.sortKey, sortOrder: o.sort.sortOrder },
    signal,
  });

export type AlbumPhotosData = InfiniteData<PhotoPage, SectionPageParam>;

export const albumPhotosQueryOptions = (http: HttpClient, kind: AlbumKind, albumId: string, sort: SortOptions) =>
  infiniteQueryOptions({
    queryKey: albumKeys.photos(kind, albumId, sort) as QueryKey,
    queryFn: ({ pageParam, signal }) => getAlbumPhotos(http, { kind, albumId, sort, cursor: pageParam.cursor, limit: pageParam.limit }, signal),
    initialPageParam: { limit: ALBUM_GRID_SECTION_SIZE } as SectionPageParam,
    getNextPageParam: growingPages(nextAlbumPageLimit),
    staleTime: 60_000,
    gcTime: SECTION_GC_TIME,
  });

/** Every photo id of an album in the given order, at the largest page size, without touching the cache. */
export const fetchAlbumPhotoIds = (http: HttpClient, kind: AlbumKind, albumId: string, sort: SortOptions, signal?: AbortSignal): Promise<string[]> =>
  collectPhotoIds((cursor) => getAlbumPhotos(http, { kind, albumId, sort, cursor, limit: PHOTOS_PAGE_SIZE }, signal));
