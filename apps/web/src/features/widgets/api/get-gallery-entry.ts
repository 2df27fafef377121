import { galleryEntrySchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/galleryentries/{id}?channel: the book's gallery entry (its category and title). */
export const getGalleryEntry = (http: HttpClient, id: string, channel: string, signal?: AbortSignal) =>
  http('widgets', `/v1/galleryentries/${encodeURIComponent(id)}`, { query: { channel }, schema: galleryEntrySchema, signal });

export const galleryEntryQueryOptions = (http: HttpClient, id: string, channel: string) =>
  queryOptions({ queryKey: widgetKeys.galleryEntry(id), queryFn: ({ signal }) => getGalleryEntry(http, id, channel, signal) });

/** The entry of a published book; nothing is asked for a book that is not in the gallery. */
export function useGalleryEntry(id: string | null) {
  const { http, channel } = useServices();
  return useQuery({ ...galleryEntryQueryOptions(http, id ?? '', channel.code), enabled: id !== null });
}
