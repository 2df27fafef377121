import { photoInTimelineSchema } from '@shoebox/contracts';
import { useQueries } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { printsEditorKeys } from './query-keys';

/** GET {photoManagement}/photos/{id}: one of the customer's photos, with its signed thumbnail links. */
export const getSelectedPhoto = (http: HttpClient, photoId: string, signal?: AbortSignal) =>
  http('photoManagement', `/photos/${encodeURIComponent(photoId)}`, { schema: photoInTimelineSchema, signal }).then((answer) => answer.photo);

/** The selection's photos, each asked for on its own; a thumbnail that fails leaves its line in place without a picture. */
export function useSelectedPhotos(photoIds: readonly string[]) {
  const { http } = useServices();
  return useQueries({
    queries: photoIds.map((photoId) => ({
      queryKey: printsEditorKeys.photo(photoId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSelectedPhoto(http, photoId, signal),
      staleTime: Infinity,
      retry: 1,
    })),
  });
}
