/**
 * Ingesting an uploaded photo in the image pool, never in the server process: the decoding runs in a
 * child process of its own, at a lower priority, so no photo can hold up sign-in, file I/O or other
 * requests (decision 030). At most INGESTS_PER_MACHINE photos are made at once, at most
 * INGESTS_PER_CUSTOMER of one customer's, and only so many wait; a photo whose work crashes or runs
 * over INGEST_TIME_LIMIT_MS is refused with a message, and the next one goes on.
 */
import os from 'node:os';
import { builtModule } from '../../../platform/runtime/built-module.js';
import { createImagePool, ImageJobCrashed, ImageJobTimedOut, ImagePoolBusy, type ImagePoolStatus } from '../../../platform/images/image-pool.js';
import type { IngestedPhoto, IngestOptions } from './ingest-photo.js';
import { IngestRejection, tooSlow, unprocessable } from './ingest-rejection.js';
import type { IngestAnswer, IngestJob } from './ingest-worker.js';

/** Photos made at once on this machine, one child process each; more would only share the same cores. */
export const INGESTS_PER_MACHINE = Math.min(4, os.availableParallelism());
/** One customer's photos made at once: at most half the machine, so another customer always finds room. */
export const INGESTS_PER_CUSTOMER = Math.max(1, Math.floor(INGESTS_PER_MACHINE / 2));
/** Photos waiting, in all and per customer; beyond that a photo must wait outside the pool (IngestBusy; a browser sends 3 at a time). */
export const INGESTS_QUEUED = 100;
export const INGESTS_QUEUED_PER_CUSTOMER = 10;
/** Far above the slowest real photo (a 100-megapixel PNG or a 48-megapixel HEIC on a busy machine). */
export const INGEST_TIME_LIMIT_MS = 120_000;
/** An idle child process is ended after this long, giving its memory back... */
const IDLE_MS = 30_000;
/** ...except one, so that a photo after a quiet spell does not wait for a process to start (0.6 s). */
const WARM_CHILDREN = 1;

/** The pool has no room for the photo now: nothing is wrong with it, and it can be tried again later. */
export class IngestBusy extends Error {
  override readonly name = 'IngestBusy';
}

export interface IsolatedIngestOptions {
  size?: number;
  perCustomer?: number;
  maxQueued?: number;
  maxQueuedPerCustomer?: number;
  timeLimitMs?: number;
}

export interface IsolatedIngest {
  ingest(filePath: string, options: IngestOptions & { customerId: string }): Promise<IngestedPhoto>;
  status(): ImagePoolStatus;
  close(): void;
}

export function createIsolatedIngest(o: IsolatedIngestOptions = {}): IsolatedIngest {
  const pool = createImagePool<IngestJob, IngestAnswer>({
    entry: builtModule('modules/uploads/ingest/ingest-worker'),
    size: o.size ?? INGESTS_PER_MACHINE,
    perOwner: o.perCustomer ?? INGESTS_PER_CUSTOMER,
    maxQueued: o.maxQueued ?? INGESTS_QUEUED,
    maxQueuedPerOwner: o.maxQueuedPerCustomer ?? INGESTS_QUEUED_PER_CUSTOMER,
    timeLimitMs: o.timeLimitMs ?? INGEST_TIME_LIMIT_MS,
    idleMs: IDLE_MS,
    warm: WARM_CHILDREN,
  });
  return {
    async ingest(filePath, { customerId, ...options }) {
      let answer: IngestAnswer;
      try {
        answer = await pool.run(customerId, { filePath, options });
      } catch (error) {
        throw asRejection(error);
      }
      if ('photo' in answer) return withBuffers(answer.photo);
      const { reason, message, params, cause } = answer.rejection;
      throw new IngestRejection(reason, message, params, cause === undefined ? undefined : { cause: new Error(cause) });
    },
    status: () => pool.status(),
    close: () => pool.close(),
  };
}

let shared: IsolatedIngest | undefined;

/** Ingests an uploaded photo in this machine's image pool; throws IngestRejection as ingestPhoto does, and IngestBusy when the pool is full. */
export function ingestPhotoIsolated(filePath: string, options: IngestOptions & { customerId: string }): Promise<IngestedPhoto> {
  shared ??= createIsolatedIngest();
  return shared.ingest(filePath, options);
}

/** This machine's image pool now; empty until the first photo is ingested. */
export const isolatedIngestStatus = (): ImagePoolStatus => shared?.status() ?? { running: 0, queued: 0, pids: [] };

/** The pool's own failures, as a customer would be told; the job's other errors (a missing file) pass as they are. */
function asRejection(error: unknown): unknown {
  if (error instanceof ImagePoolBusy) return new IngestBusy('The image pool is full', { cause: error });
  if (error instanceof ImageJobTimedOut) return tooSlow(error);
  if (error instanceof ImageJobCrashed) return unprocessable(error);
  return error;
}

/** Structured cloning hands Buffers over as plain Uint8Arrays. */
function withBuffers(photo: IngestedPhoto): IngestedPhoto {
  return { ...photo, renditions: photo.renditions.map((r) => ({ ...r, jpeg: Buffer.from(r.jpeg.buffer, r.jpeg.byteOffset, r.jpeg.byteLength) })) };
}
