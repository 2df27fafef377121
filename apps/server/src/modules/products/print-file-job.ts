import { pipeline, Transform, type Readable } from 'node:stream';
import { PRINT_SIZE_MM, printSizeOfArticle } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../../platform/blobs/blob-store.js';
import { renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { ProductPlacement } from '../orders/order.service.js';
import type { PhotoOriginal } from '../photos/photo.service.js';
import type { PrintPhoto } from './print-file-pdf.js';
import type { ProductFileRepository, ProductFileRow } from './product-file.repository.js';

export const PRINT_FILE_JOB = 'product.print-file';
export interface PrintFilePayload {
  fileId: string;
}

/** Print files made at once by one machine: each decodes and encodes full-size photos, one after another. */
export const PRINT_FILE_CONCURRENCY = 1;
export const PRINT_FILE_ATTEMPTS = 3;
/**
 * The most bytes a print file may have (decision 113). Its pages are bounded (500 photos at most, one page each
 * whatever the copies, at 300 dpi): a 20x30 page is ~2-3 MB, so 500 of them stay under this; past it the file fails.
 */
export const PRINT_FILE_MAX_BYTES = 2 * 1024 ** 3;
/** The rendition a print is made from when sharp cannot read the original (HEIC): the largest one made at upload. */
const FALLBACK_RENDITION = 1300;

/** The customer's own folder of print files, erased with the account. */
export const printFilesPrefix = (customerId: string) => `product-files/${customerId}`;
/** Where a product's print file lives. */
export const printFileKey = (customerId: string, fileId: string) => `${printFilesPrefix(customerId)}/${fileId}.pdf`;

export interface PrintFileDeps {
  repo: ProductFileRepository;
  /** From the orders service: what the file's product prints. */
  placementOf(productCode: string): Promise<ProductPlacement | undefined>;
  /** From the photos service: the customer's originals among ids, in the order asked for; deleted ones are left out. */
  originalsOf(customerId: string, photoIds: string[]): Promise<PhotoOriginal[]>;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  now?: () => number;
}

class TooLarge extends Error {}

/** Counts the bytes passing, and stops the stream past `max`. */
function bounded(max: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(counter.bytes > max ? new TooLarge(`A print file passed ${max} bytes`) : null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The job that makes a product's print file (decision 113): its photos read one at a time, each made a page, the
 * PDF streamed into the blob store under a key fixed by the file's id (atomically: a killed run leaves nothing
 * under it, and a second run replaces the same key), then the row made ready in one update only a pending row
 * takes. A retried or doubled job therefore leaves one file; bytes whose row was erased meanwhile are deleted.
 */
export function definePrintFileJob(jobs: Pick<JobQueue, 'define'>, deps: PrintFileDeps): void {
  const { repo, blobs, log } = deps;
  const now = deps.now ?? Date.now;
  const at = () => new Date(now()).toISOString();

  async function photoBytes(original: PhotoOriginal, customerId: string): Promise<Buffer> {
    const key = original.blobKey.endsWith('.heic') ? renditionKey(customerId, original.photoId, FALLBACK_RENDITION) : original.blobKey;
    return readAll(await blobs.read(key));
  }

  /** Each placed photo still in the library, read just before its page is made; undefined for one gone. */
  async function* photosOf(row: ProductFileRow, placement: ProductPlacement): AsyncGenerator<PrintPhoto | undefined> {
    for (const placed of placement.photos) {
      const [original] = await deps.originalsOf(row.customer_id, [placed.photoId]);
      if (!original) {
        yield undefined;
        continue;
      }
      try {
        yield { bytes: await photoBytes(original, row.customer_id), copies: placed.copies };
      } catch (err) {
        if (!(err instanceof BlobNotFoundError)) throw err;
        yield undefined;
      }
    }
  }

  jobs.define<PrintFilePayload>(
    PRINT_FILE_JOB,
    async ({ payload, signal }) => {
      const row = await repo.find(payload.fileId);
      // Finished by an earlier run, or erased: nothing to do.
      if (row?.state !== 'pending') return;
      const placement = await deps.placementOf(row.product_code);
      const size = placement && printSizeOfArticle(placement.articleName);
      if (!placement || placement.customerId !== row.customer_id || !size) {
        await repo.markFailed(row.id, 'file_failed', at());
        return;
      }
      let pages = 0;
      let leftOut = 0;
      const key = printFileKey(row.customer_id, row.id);
      const counter = bounded(PRINT_FILE_MAX_BYTES);
      // The PDF and image libraries load with the first print file, not with every start of the server (decision 118).
      const { printFilePdf } = await import('./print-file-pdf.js');
      const pdf = printFilePdf(photosOf(row, placement), { mm: PRINT_SIZE_MM[size] }, {
        title: row.product_code,
        subject: `${placement.photos.length} photos, ${size} cm`,
        signal,
        onPage: () => pages++,
        onLeftOut: () => leftOut++,
      });
      let written: { bytes: number };
      try {
        // One fails, both end: the PDF stops making pages when the write fails, and the write fails when the PDF does.
        written = await blobs.writeStream(key, pipeline(pdf, counter, () => {}), 'application/pdf');
      } catch (err) {
        if (!(err instanceof TooLarge)) throw err;
        log.warn({ fileId: row.id, productCode: row.product_code }, 'A print file was too large to keep');
        await repo.markFailed(row.id, 'too_large', at());
        return;
      }
      if (pages === 0) {
        await blobs.delete(key);
        await repo.markFailed(row.id, 'photos_missing', at());
        return;
      }
      const ready = await repo.markReady(row.id, { bytes: written.bytes, pages, leftOut, finishedAt: at() });
      // Erased while it was made (the account deleted): no row names these bytes any more.
      if (!ready && !(await repo.find(row.id))) await blobs.delete(key);
    },
    {
      concurrency: PRINT_FILE_CONCURRENCY,
      maxAttempts: PRINT_FILE_ATTEMPTS,
      async onGivenUp({ payload }, error) {
        log.error({ err: error, fileId: payload.fileId }, 'A print file could not be made');
        await repo.markFailed(payload.fileId, 'file_failed', at());
      },
    },
  );
}
