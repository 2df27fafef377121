import { addAbortSignal } from 'node:stream';
import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store.js';
import { uniqueEntryNames } from './unique-entry-names.js';
import { zipStream, type ZipEntry, type ZipOptions } from './zip-writer.js';

/** A blob to put in an archive, under the name it was uploaded with. */
export interface ArchiveEntry {
  /** The uploaded name; made safe and distinct within the archive here. */
  name: string;
  /** The blob holding its bytes. */
  key: string;
  /** Its size when known: a photo under 4 GiB then gets a plain (non-ZIP64) local header. */
  bytes?: number;
  /** The entry's date in the archive (e.g. the date taken); the time of writing when omitted. */
  date?: Date;
}

export interface ArchiveResult {
  /** The archive's size. */
  bytes: number;
  /** Entries in the archive. */
  written: number;
  /** Entries left out because their blob was gone (a photo deleted meanwhile). */
  skipped: number;
}

/**
 * Streams a zip of the entries' blobs into the blob store under `key`, entry by entry, never holding
 * more than a few chunks. An entry whose blob is gone is left out and reported to `onMissing`, so the
 * archive is always whole and readable. Atomic: an abort or any error rejects and leaves nothing
 * under the key.
 */
export async function writeZipToBlob(
  blobs: BlobStore,
  key: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  o: { signal?: AbortSignal; onMissing?: (entry: ArchiveEntry) => void | Promise<void> } & ZipOptions = {},
): Promise<ArchiveResult> {
  o.signal?.throwIfAborted();
  const nameOf = uniqueEntryNames();
  let written = 0;
  let skipped = 0;
  async function* present(): AsyncGenerator<ZipEntry> {
    for await (const entry of entries) {
      let source;
      try {
        source = await blobs.read(entry.key);
      } catch (err) {
        if (!(err instanceof BlobNotFoundError)) throw err;
        skipped++;
        await o.onMissing?.(entry);
        continue;
      }
      written++;
      yield { name: nameOf(entry.name), source, date: entry.date, bytes: entry.bytes };
    }
  }
  const zip = zipStream(present(), o);
  if (o.signal) addAbortSignal(o.signal, zip);
  const { bytes } = await blobs.writeStream(key, zip, 'application/zip');
  return { bytes, written, skipped };
}
