import { ownAlbumSchema, participantsSchema, sharedAlbumSchema, type SharedAlbum } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumKeys } from './query-keys';

const albumPath = (albumId: string) => `/albums/${encodeURIComponent(albumId)}`;
const sharedAlbumPath = (albumId: string) => `/shared-albums/${encodeURIComponent(albumId)}`;

export const getAlbum = (http: HttpClient, albumId: string, signal?: AbortSignal) =>
  http('photoManagement', albumPath(albumId), { schema: ownAlbumSchema, signal });

export const albumQueryOptions = (http: HttpClient, albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail('albums', albumId), queryFn: ({ signal }) => getAlbum(http, albumId, signal), retry: false });

export function useAlbum(albumId: string) {
  const { http } = useServices();
  return useQuery(albumQueryOptions(http, albumId));
}

/** A shared album and its participants, fetched together and merged (the participants call is the fresher list). */
export async function getSharedAlbum(http: HttpClient, albumId: string, signal?: AbortSignal): Promise<SharedAlbum> {
  const [album, people] = await Promise.all([
    http('photoManagement', sharedAlbumPath(albumId), { schema: sharedAlbumSchema, signal }),
    http('photoManagement', `${sharedAlbumPath(albumId)}/participants`, { schema: participantsSchema, signal }),
  ]);
  return { ...album, owner: people.owner, participants: people.participants };
}

export const sharedAlbumQueryOptions = (http: HttpClient, albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail('shared-albums', albumId), queryFn: ({ signal }) => getSharedAlbum(http, albumId, signal), retry: false });

export function useSharedAlbum(albumId: string) {
  const { http } = useServices();
  return useQuery(sharedAlbumQueryOptions(http, albumId));
}
