import type { Readable } from 'node:stream';

export interface BlobInfo {
  contentType: string;
  bytes: number;
}

/**
 * Where photo and archive bytes live: a local folder on one machine, an S3-compatible bucket on many.
 * Bytes are never served through a bearer-token route; callers hand out short-lived signed URLs.
 */
export interface BlobStore {
  /** Stores a file's bytes under the key; replaces any earlier blob with that key. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix/` (all of one photo's files). Idempotent. */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL that serves the blob until it expires; `downloadName` makes the browser save it under that name. */
  signedUrl(key: string, o?: { downloadName?: string }): string;
  /** The blob's bytes as a stream; rejects with BlobNotFoundError when there is none under the key. */
  read(key: string): Promise<Readable>;
  /**
   * Stores a stream of unknown length under the key, atomically: the key holds nothing new until the
   * whole stream is stored, and a stream that fails or is destroyed leaves nothing under it (the
   * partial bytes are removed, or left to sweepPartials when the process dies). Memory stays bounded.
   */
  writeStream(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** Removes one blob. Idempotent. */
  delete(key: string): Promise<void>;
  /** Removes partial writes that have made no progress for this long (left by a stopped process); resolves to how many. */
  sweepPartials(olderThanMs: number): Promise<number>;
  /** Resolves when the store can be reached now (the readiness check); rejects when it cannot. */
  ping(): Promise<void>;
}

/** A read of a key that holds no blob (e.g. a photo deleted meanwhile). */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Keys are paths of safe segments: no traversal outside a folder or bucket prefix is possible. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeBlobKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').includes('..');
}

/** The key itself, or an error for one that is not safe (a programming error: keys are made by this server). */
export function checkedBlobKey(key: string): string {
  if (!isSafeBlobKey(key)) throw new Error(`Unsafe blob key ${key}`);
  return key;
}
