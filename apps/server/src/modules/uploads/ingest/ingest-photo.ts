/**
 * The pure ingest step of an uploaded photo: from a file on disk to what the library stores.
 *
 * Checks, in order and each before any pixel is decoded: not empty, not over the byte limit, a real
 * JPEG, PNG or HEIC by its bytes, a sane shape and not over the pixel limit by its header. Then it decodes the photo
 * once, makes the 300/800/1300 JPEG renditions, reads the date taken from EXIF and hashes the
 * original bytes. It never writes anything; the original file is left as it is.
 *
 * It runs in the server process only for tools (seeding, benches); uploads are ingested through
 * isolated-ingest.ts, in the image pool's child processes.
 */
import { open, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@shoebox/contracts';
import sharp, { type Metadata } from 'sharp';
import { detectPhotoType, SNIFF_BYTES, type PhotoMime } from './detect-photo-type.js';
import { sha256OfBytes, sha256OfFile } from './file-checksum.js';
import { decodeHeicToJpeg } from './heic-decoder.js';
import { checkHeader, type HeaderLimits } from './header-limits.js';
import { readHeifContainer } from './heif-container.js';
import { corrupt, emptyFile, IngestRejection, tooLarge, tooManyPixels, unsupportedType } from './ingest-rejection.js';
import { makeRenditions, type Rendition } from './make-renditions.js';
import { readDateTaken, type DateTaken } from './read-date-taken.js';

export { IngestRejection, type IngestRejectionReason } from './ingest-rejection.js';
export type { DateTaken } from './read-date-taken.js';
export type { Rendition } from './make-renditions.js';

// libvips works on as many threads as there are cores (set once, for the whole process).
sharp.concurrency(os.availableParallelism());
// Every upload is a different file: a decode cache would only hold memory.
sharp.cache(false);

export interface IngestedPhoto {
  mime: PhotoMime;
  /** SHA-256 (hex) of the original bytes. */
  checksum: string;
  /** Size of the original file in bytes. */
  bytes: number;
  /** Size as displayed, i.e. after EXIF orientation (or HEIF rotation). */
  width: number;
  height: number;
  dateTaken: DateTaken | null;
  /** Browser-viewable JPEGs, smallest first; longest edge = size, or the photo's own size when smaller. */
  renditions: Rendition[];
}

export interface IngestOptions extends HeaderLimits {
  /** Largest accepted file, in bytes; default UPLOAD_MAX_BYTES. */
  maxBytes?: number;
}

/** HEIC is decoded to a JPEG of this quality first, then made into renditions like any JPEG. */
const HEIC_INTERMEDIATE_QUALITY = 0.92;

/**
 * Ingests the photo at `filePath`. Throws IngestRejection when the file is not an acceptable photo;
 * any other error (the file cannot be read, out of memory) is the server's problem and passes through.
 */
export async function ingestPhoto(filePath: string, options: IngestOptions = {}): Promise<IngestedPhoto> {
  const { maxBytes = UPLOAD_MAX_BYTES, ...header } = options;
  const limits = { ...header, maxPixels: header.maxPixels ?? UPLOAD_MAX_PIXELS };

  const { size: bytes } = await stat(filePath);
  if (bytes === 0) throw emptyFile();
  if (bytes > maxBytes) throw tooLarge(bytes, maxBytes);

  const mime = await detectPhotoType(await readHead(filePath, SNIFF_BYTES));
  if (mime === null) throw unsupportedType();
  return mime === 'image/heic' ? ingestHeic(filePath, bytes, limits) : ingestJpegOrPng(filePath, mime, bytes, limits);
}

type Limits = HeaderLimits & { maxPixels: number };

async function ingestJpegOrPng(filePath: string, mime: 'image/jpeg' | 'image/png', bytes: number, limits: Limits): Promise<IngestedPhoto> {
  const { maxPixels } = limits;
  // Header only: no pixels are decoded here, so an oversized image costs nothing to refuse.
  let metadata: Metadata;
  try {
    metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw corrupt(error);
  }
  if (metadata.format !== (mime === 'image/jpeg' ? 'jpeg' : 'png')) throw corrupt();
  const { width, height } = metadata.autoOrient;
  checkHeader(width, height, limits);

  const checksum = sha256OfFile(filePath);
  const dateTaken = readDateTaken(filePath);
  // Settled promises only, so a failed decode leaves no unhandled rejection behind.
  const [renditions] = await Promise.allSettled([makeRenditions(filePath, maxPixels), checksum, dateTaken]);
  if (renditions.status === 'rejected') throw decodeFailure(renditions.reason, width, height, maxPixels);
  return { mime, checksum: await checksum, bytes, width, height, dateTaken: await dateTaken, renditions: renditions.value };
}

async function ingestHeic(filePath: string, bytes: number, limits: Limits): Promise<IngestedPhoto> {
  const { maxPixels } = limits;
  // The decoder needs the whole file in memory anyway (at most maxBytes), so it is read once and hashed from there.
  const file = await readFile(filePath);
  let container: ReturnType<typeof readHeifContainer>;
  try {
    container = readHeifContainer(file);
  } catch (error) {
    throw corrupt(error);
  }
  // A HEIF file holding an AVIF, JPEG or uncompressed image is not HEIC.
  if (!container.isHevc) throw unsupportedType();
  const turned = container.rotation === 90 || container.rotation === 270;
  const [shownWidth, shownHeight] = turned ? [container.height, container.width] : [container.width, container.height];
  checkHeader(shownWidth, shownHeight, limits);
  // A grid's tiles, a thumbnail or an auxiliary image are decoded too.
  if (container.largestItemPixels > maxPixels) throw tooManyPixels(shownWidth, shownHeight, maxPixels);
  if (!container.itemsWithinFile) throw corrupt();

  let decoded: Buffer;
  try {
    decoded = await decodeHeicToJpeg(file, HEIC_INTERMEDIATE_QUALITY);
  } catch (error) {
    throw corrupt(error);
  }

  const dateTaken = container.exif ? readDateTaken(container.exif) : Promise.resolve(null);
  let renditions: Rendition[];
  let metadata: Metadata;
  try {
    [renditions, metadata] = await Promise.all([makeRenditions(decoded, maxPixels), sharp(decoded).metadata()]);
  } catch (error) {
    throw decodeFailure(error, shownWidth, shownHeight, maxPixels);
  }
  return {
    mime: 'image/heic',
    checksum: sha256OfBytes(file),
    bytes,
    width: metadata.width,
    height: metadata.height,
    dateTaken: await dateTaken,
    renditions,
  };
}

async function readHead(filePath: string, length: number): Promise<Uint8Array> {
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(length), position: 0 });
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function decodeFailure(error: unknown, width: number, height: number, maxPixels: number): IngestRejection {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels(width, height, maxPixels);
  return corrupt(error);
}
