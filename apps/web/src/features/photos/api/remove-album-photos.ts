import type { OwnAlbum } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumPhotosPath } from './album-paths';
import { albumPhotoBatches } from './album-photo-batches';
import type { AlbumPhotosData } from './get-album-photos';
import { withoutPhotos } from './photo-pages';
import { albumKeys } from './query-keys';

/** Takes photos out of an album, a batch per request; they stay in the library. */
export async function removePhotosFromAlbum(http: HttpClient, albumId: string, photoIds: readonly string[]): Promise<void> {
  for (const batch of albumPhotoBatches(photoIds)) {
    await http('photoManagement', albumPhotosPath('albums', albumId), { method: 'DELETE', body: { photoIds: batch } });
  }
}

/**
 * Takes photos out of an album, optimistically: they leave the album's grid at once and come back if the
 * server refuses. The album, its photos and the lists refresh afterwards either way.
 */
export function useRemovePhotosFromAlbum(albumId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const photosKey = albumKeys.photosOf('albums', albumId);
  const detailKey = albumKeys.detail('albums', albumId);
  return useMutation({
    mutationFn: (photoIds: readonly string[]) => removePhotosFromAlbum(http, albumId, photoIds),
    onMutate: async (photoIds) => {
      await Promise.all([queryClient.cancelQueries({ queryKey: photosKey }), queryClient.cancelQueries({ queryKey: detailKey })]);
      const before = { photos: queryClient.getQueriesData<AlbumPhotosData>({ queryKey: photosKey }), album: queryClient.getQueryData<OwnAlbum>(detailKey) };
      const gone = new Set(photoIds);
      // The count lays out the grid: it goes down with the photos, so no empty places are left behind.
      if (before.album) queryClient.setQueryData<OwnAlbum>(detailKey, { ...before.album, photosCount: Math.max(0, before.album.photosCount - gone.size) });
      queryClient.setQueriesData<AlbumPhotosData>({ queryKey: photosKey }, (data) => data && withoutPhotos(data, gone));
      return before;
    },
    onError: (_error, _ids, before) => {
      for (const [key, data] of before?.photos ?? []) queryClient.setQueryData(key, data);
      if (before?.album) queryClient.setQueryData(detailKey, before.album);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey }),
        queryClient.invalidateQueries({ queryKey: photosKey }),
        queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
      ]),
  });
}
