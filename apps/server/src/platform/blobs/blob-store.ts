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
