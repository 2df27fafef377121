/**
 * The image pool's child process for uploads: ingests one photo at a time (isolated-ingest.ts sends
 * them). A refused photo is an answer, not an error: its reason, params and message travel back as they are.
 */
import { serveImageJobs } from '../../../platform/images/image-worker.js';
import { IngestRejection, ingestPhoto, type IngestedPhoto, type IngestOptions, type IngestRejectionReason } from './ingest-photo.js';

export interface IngestJob {
  filePath: string;
  options: IngestOptions;
}

export type IngestAnswer =
  | { photo: IngestedPhoto }
  | { rejection: { reason: IngestRejectionReason; message: string; params?: IngestRejection['params']; cause?: string } };

serveImageJobs<IngestJob, IngestAnswer>(async ({ filePath, options }) => {
  try {
    return { photo: await ingestPhoto(filePath, options) };
  } catch (error) {
    if (!(error instanceof IngestRejection)) throw error;
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return { rejection: { reason: error.reason, message: error.message, ...(error.params ? { params: error.params } : {}), ...(cause === undefined ? {} : { cause }) } };
  }
});
