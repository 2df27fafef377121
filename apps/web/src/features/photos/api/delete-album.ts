import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPath } from './album-paths';
import { albumKeys, photoKeys, type AlbumKind } from './query-keys';

/** Deletes an own album, or (for a shared one) deletes it for everyone as its owner or leaves it as a participant. */
export const deleteAlbum = (http: HttpClient, kind: AlbumKind, albumId: string) =>
  http('photoManagement', albumPath(kind, albumId), { method: 'DELETE' });

/** Spec §4: on success the album and user data refresh. The photos stay in the library. */
export function useDeleteAlbum(kind: AlbumKind, albumId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAlbum(http, kind, albumId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: albumKeys.detail(kind, albumId) });
      queryClient.removeQueries({ queryKey: albumKeys.photosOf(kind, albumId) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: albumKeys.lists() }), queryClient.invalidateQueries({ queryKey: photoKeys.accountInfo() })]);
    },
  });
}
