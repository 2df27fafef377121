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
