import { ownAlbumSchema, sharedAlbumSchema, type SharedAlbum } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPath } from './album-paths';
import { albumKeys } from './query-keys';


export const getAlbum = (http: HttpClient, albumId: string, signal?: AbortSignal) =>
  http('photoManagement', albumPath('albums', albumId), { schema: ownAlbumSchema, signal });

export const albumQueryOptions = (http: HttpClient, albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail('albums', albumId), queryFn: ({ signal }) => getAlbum(http, albumId, signal), retry: false });

export function useAlbum(albumId: string) {
  const { http } = useServices();
  return useQuery(albumQueryOptions(http, albumId));
}

/** A shared album, with its owner and participants. */
export const getSharedAlbum = (http: HttpClient, albumId: string, signal?: AbortSignal): Promise<SharedAlbum> =>
  http('photoManagement', albumPath('shared-albums', albumId), { schema: sharedAlbumSchema, signal });

export const sharedAlbumQueryOptions = (http: HttpClient, albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail('shared-albums', albumId), queryFn: ({ signal }) => getSharedAlbum(http, albumId, signal), retry: false });

export function useSharedAlbum(albumId: string) {
  const { http } = useServices();
  return useQuery(sharedAlbumQueryOptions(http, albumId));
}
