import { failedListSchema } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPhotosPath } from './album-paths';
import { albumPhotoBatches } from './album-photo-batches';
import { albumKeys } from './query-keys';

/**
 * Copies photos into an album, a batch per request. Photos the album holds already are not added twice;
 * answers the ids the server could not add (not the customer's, or deleted meanwhile).
 */
export async function addPhotosToAlbum(http: HttpClient, albumId: string, photoIds: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const batch of albumPhotoBatches(photoIds)) {
    const answer = await http('photoManagement', albumPhotosPath('albums', albumId), { method: 'POST', body: { photoIds: batch }, schema: failedListSchema });
    failed.push(...answer.failed);
  }
  return failed;
}

/** Copies photos into an album; the album (count, cover, photos) and the lists refresh. */
export function useAddPhotosToAlbum() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, photoIds }: { albumId: string; photoIds: readonly string[] }) => addPhotosToAlbum(http, albumId, photoIds),
    onSettled: (_failed, _error, { albumId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: albumKeys.detail('albums', albumId) }),
        queryClient.invalidateQueries({ queryKey: albumKeys.photosOf('albums', albumId) }),
        queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
      ]),
  });
}
