import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** DELETE {widgets}/v1/galleryentries/{id}?channel: takes the book out of the gallery. */
export const deleteGalleryEntry = (http: HttpClient, id: string, channel: string) =>
  http('widgets', `/v1/galleryentries/${encodeURIComponent(id)}`, { method: 'DELETE', query: { channel } });

/** Spec §4 "Widget gallery": a successful delete removes the entry (from the cache, and from the book once the list is read again). */
export function useDeleteGalleryEntry() {
  const { http, channel } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGalleryEntry(http, id, channel.code),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: widgetKeys.galleryEntry(id) });
      await queryClient.invalidateQueries({ queryKey: widgetKeys.lists() });
    },
  });
}
