import type { AlbumKind } from './query-keys';

/** An album's address on the photo-management service: /albums/{id} or /shared-albums/{id}. */
export const albumPath = (kind: AlbumKind, albumId: string) => `/${kind}/${encodeURIComponent(albumId)}`;
export const albumPhotosPath = (kind: AlbumKind, albumId: string) => `${albumPath(kind, albumId)}/photos`;
