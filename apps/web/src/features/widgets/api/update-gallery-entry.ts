import { galleryEntrySchema, type UpdateGalleryEntry } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** PUT {widgets}/v1/galleryentries/{id}?channel: another category or title for a published book. */
export const updateGalleryEntry = (http: HttpClient, id: string, channel: string, body: UpdateGalleryEntry) =>
  http('widgets', `/v1/galleryentries/${encodeURIComponent(id)}`, { method: 'PUT', query: { channel }, body, schema: galleryEntrySchema });

export function useUpdateGalleryEntry(id: string) {
  const { http, channel } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGalleryEntry) => updateGalleryEntry(http, id, channel.code, body),
    onSuccess: (entry) => queryClient.setQueryData(widgetKeys.galleryEntry(entry.id), entry),
  });
}
