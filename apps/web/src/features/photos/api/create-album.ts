import { createdAlbumSchema } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { albumKeys, photoKeys } from './query-keys';

export const createAlbum = (http: HttpClient, name: string) =>
  http('photoManagement', '/albums', { method: 'POST', body: { name }, schema: createdAlbumSchema });

/** Creates an album; the album lists and the Albums tab count refresh. */
export function useCreateAlbum() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAlbum(http, name),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: albumKeys.lists() }), queryClient.invalidateQueries({ queryKey: photoKeys.accountInfo() })]),
  });
}
