import { ALBUMS_PAGE_SIZE, albumListSchema, sharedAlbumListSchema, SHARED_ALBUMS_PAGE_SIZE } from '@shoebox/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumKeys } from './query-keys';

/** The albums list's first page has one album fewer than the others: the 'New album' tile takes its place. */
export const FIRST_ALBUMS_PAGE_SIZE = ALBUMS_PAGE_SIZE - 1;

export const getAlbums = (http: HttpClient, page: { cursor?: string; limit: number }, signal?: AbortSignal) =>
  http('photoManagement', '/albums', { schema: albumListSchema, query: { cursor: page.cursor, limit: page.limit, displaySharedData: true }, signal });

export const albumsQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: albumKeys.list('albums'),
    queryFn: ({ pageParam, signal }) => getAlbums(http, { cursor: pageParam, limit: pageParam ? ALBUMS_PAGE_SIZE : FIRST_ALBUMS_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });

export function useAlbums() {
  const { http } = useServices();
  return useInfiniteQuery(albumsQueryOptions(http));
}

export const getSharedAlbums = (http: HttpClient, page: { cursor?: string; limit: number }, signal?: AbortSignal) =>
  http('photoManagement', '/shared-albums', { schema: sharedAlbumListSchema, query: { cursor: page.cursor, limit: page.limit }, signal });

export const sharedAlbumsQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: albumKeys.list('shared-albums'),
    queryFn: ({ pageParam, signal }) => getSharedAlbums(http, { cursor: pageParam, limit: SHARED_ALBUMS_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });

/** The albums shared with the customer; asked for only when the list shows them. */
export function useSharedAlbums(enabled: boolean) {
  const { http } = useServices();
  return useInfiniteQuery({ ...sharedAlbumsQueryOptions(http), enabled });
}
