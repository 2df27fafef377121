import type { S3Credentials } from './sigv4-presign.js';

export interface S3BlobConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; omitted: AWS S3 itself. */
  endpoint?: string;
  /** Bucket in the path (…/bucket/key) rather than in the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Static keys (no session token). */
  credentials: S3Credentials;
}

/**
 * Where the browser fetches a bucket's keys. Virtual-hosted (bucket.host) unless path-style is asked
 * for or the bucket's name has a dot, which no wildcard TLS certificate covers (the SDK does the same).
 */
export function s3BucketUrl(o: Pick<S3BlobConfig, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(o.endpoint ?? `https://s3.${o.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/$/, '');
  if (o.forcePathStyle || o.bucket.includes('.')) return `${endpoint.origin}${basePath}/${o.bucket}`;
  return `${endpoint.protocol}//${o.bucket}.${endpoint.host}${basePath}`;
}

/**
 * Keys under this prefix are resumable uploads still arriving (the uploads module's store, decision 099):
 * they expire by their own rule, so the sweep of stopped blob writes leaves them alone.
 */
export const RESUMABLE_UPLOADS_PREFIX = 'uploads/';

/** How every S3 client of the server talks to the bucket's service. */
export function s3ClientSettings(o: S3BlobConfig) {
  return {
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials: o.credentials,
    // Checksums only where S3 requires them: many S3-compatible services store the SDK's optional
    // checksummed (aws-chunked) uploads with their framing, not as the photo's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}
