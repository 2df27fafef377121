import { DELETE_BATCH_SIZE, failedListSchema } from '@shoebox/contracts';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/errors';

/** A batch that fails outright (network, 5xx) is sent again up to this many times. */
export const DELETE_RETRY_LIMIT = 3;

export const deletePhotoBatch = (http: HttpClient, photoIds: string[]) =>
  http('photoManagement', '/photos', { method: 'DELETE', body: { photoIds }, schema: failedListSchema });

export const deletePhoto = (http: HttpClient, photoId: string) =>
  http('photoManagement', `/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });

export const deleteAllPhotos = (http: HttpClient) => http('photoManagement', '/photos/all', { method: 'DELETE' });

const isRetryable = (error: unknown) => !(error instanceof HttpError) || error.status >= 500;

/**
 * Deletes in batches of DELETE_BATCH_SIZE, retrying a failed batch up to DELETE_RETRY_LIMIT times.
 * Answers the ids that were not deleted: those the server listed as failed and those of batches that
 * kept failing ('Exceeded maximum amount of retries!' is reported for them).
 */
export async function deletePhotosInBatches(http: HttpClient, photoIds: string[], onRetriesExceeded?: (error: Error) => void): Promise<string[]> {
  const failed: string[] = [];
  for (let i = 0; i < photoIds.length; i += DELETE_BATCH_SIZE) {
    const batch = photoIds.slice(i, i + DELETE_BATCH_SIZE);
    for (let attempt = 1; ; attempt++) {
      try {
        failed.push(...(await deletePhotoBatch(http, batch)).failed);
        break;
      } catch (error) {
        if (!isRetryable(error) || attempt >= DELETE_RETRY_LIMIT) {
          onRetriesExceeded?.(new Error('Exceeded maximum amount of retries!', { cause: error }));
          failed.push(...batch);
          break;
        }
      }
    }
  }
  return failed;
}
