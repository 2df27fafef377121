import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPath } from './album-paths';
import { albumKeys, photoKeys, type AlbumKind } from './query-keys';

/** Deletes an own album, or (for a shared one) deletes it for everyone as its owner or leaves it as a participant. */
export const deleteAlbum = (http: HttpClient, kind: AlbumKind, albumId: string) =>
  http('photoManagement', albumPath(kind, albumId), { method: 'DELETE' });

/**
 * Spec §4: on success the album lists and user data refresh. The photos stay in the library. The album's own
 * queries are not touched here: its screen is still showing it, see forgetAlbum.
 */
export function useDeleteAlbum(kind: AlbumKind, albumId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAlbum(http, kind, albumId),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: albumKeys.lists() }), queryClient.invalidateQueries({ queryKey: photoKeys.accountInfo() })]),
  });
}

const albumKinds: AlbumKind[] = ['albums', 'shared-albums'];

/**
 * Drops a deleted album's cached queries under both routes (an own album that is shared was read under both).
 * Called once its screen is gone: a query removed under a mounted screen is built again at its next render and
 * asks for the deleted album, which answers 404.
 */
export function forgetAlbum(queryClient: QueryClient, albumId: string): void {
  for (const kind of albumKinds) {
    queryClient.removeQueries({ queryKey: albumKeys.detail(kind, albumId) });
    queryClient.removeQueries({ queryKey: albumKeys.photosOf(kind, albumId) });
  }
}
