import { DELETE_BATCH_SIZE } from '@shoebox/contracts';
import { describe, expect, test, vi } from 'vitest';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/errors';
import { DELETE_RETRY_LIMIT, deletePhotosInBatches } from './delete-photos';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `photo-${i}`);

describe('deleting photos in batches', () => {
  test("a batch that keeps failing is sent DELETE_RETRY_LIMIT times, then reported as 'Exceeded maximum amount of retries!' and its photos answered as not deleted", async () => {
    const failing = new HttpError('down', 503, '/photos', 'c-1');
    // The first batch keeps failing; the second is deleted, one of its photos listed as failed by the server.
    const http = vi.fn(async (_service: string, _path: string, options?: { body?: unknown }) => {
      const { photoIds } = options?.body as { photoIds: string[] };
      if (photoIds[0] === 'photo-0') throw failing;
      return { failed: [photoIds[1]] };
    }) as unknown as HttpClient;
    const reported: Error[] = [];

    const notDeleted = await deletePhotosInBatches(http, ids(DELETE_BATCH_SIZE + 2), (error) => void reported.push(error));

    expect(http).toHaveBeenCalledTimes(DELETE_RETRY_LIMIT + 1);
    expect(notDeleted).toEqual([...ids(DELETE_BATCH_SIZE), `photo-${DELETE_BATCH_SIZE + 1}`]);
    expect(reported.map((e) => e.message)).toEqual(['Exceeded maximum amount of retries!']);
    expect(reported[0]!.cause).toBe(failing);
  });

  test('a refusal (4xx) is not sent again', async () => {
    const http = vi.fn(async () => {
      throw new HttpError('no', 400, '/photos', 'c-2');
    }) as unknown as HttpClient;
    expect(await deletePhotosInBatches(http, ids(2))).toEqual(ids(2));
    expect(http).toHaveBeenCalledTimes(1);
  });
});
