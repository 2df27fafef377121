import { galleryEntrySchema, type CreateGalleryEntry } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** POST {widgets}/v1/galleryentries: publishes a book in a category (409 when its order is blocked or it is published already). */
export const createGalleryEntry = (http: HttpClient, body: CreateGalleryEntry) =>
  http('widgets', '/v1/galleryentries', { method: 'POST', body, schema: galleryEntrySchema });

/** The new entry is kept as read, and the list is read again so the book names its entry. */
export function useCreateGalleryEntry() {
  const { http, channel } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateGalleryEntry, 'channel'>) => createGalleryEntry(http, { ...input, channel: channel.code }),
    onSuccess: async (entry) => {
      queryClient.setQueryData(widgetKeys.galleryEntry(entry.id), entry);
      await queryClient.invalidateQueries({ queryKey: widgetKeys.lists() });
    },
  });
}
