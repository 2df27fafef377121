import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPath } from './album-paths';
import { albumKeys } from './query-keys';

export const renameAlbum = (http: HttpClient, albumId: string, name: string) =>
  http('photoManagement', albumPath('albums', albumId), { method: 'PATCH', body: { name } });

/** Renames an album; the album and the lists showing its name refresh. */
export function useRenameAlbum(albumId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameAlbum(http, albumId, name),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: albumKeys.detail('albums', albumId) }),
        queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
      ]),
  });
}
