import fs from 'node:fs';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './blob-store.js';
import { isSafeBlobKey } from './fs-blob-store.js';
import { presignGet, type S3Credentials } from './sigv4-presign.js';
import { hourlySigningWindow } from './url-signer.js';

export interface S3BlobConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; omitted: AWS S3 itself. */
  endpoint?: string;
  /** Bucket in the path (…/bucket/key) rather than in the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  credentials: S3Credentials;
}

/** Where the browser fetches a key: the bucket's own address, path-style or virtual-hosted. */
export function s3BucketUrl(o: Pick<S3BlobConfig, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(o.endpoint ?? `https://s3.${o.region}.amazonaws.com`);
  if (o.forcePathStyle) return `${endpoint.origin}/${o.bucket}`;
  return `${endpoint.protocol}//${o.bucket}.${endpoint.host}`;
}

/**
 * Photo and archive bytes in an S3-compatible bucket, for many machines. A put is atomic (an object
 * is there whole or not at all); URLs are presigned locally, without a call per photo.
 */
export function s3BlobStore(o: S3BlobConfig, now: () => number = () => Date.now()): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials: o.credentials,
    // Checksums only where S3 requires them: many S3-compatible services store the SDK's optional
    // checksummed (aws-chunked) uploads with their framing, not as the photo's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = s3BucketUrl(o);
  const checked = (key: string) => {
    if (!isSafeBlobKey(key)) throw new Error(`Unsafe blob key ${key}`);
    return key;
  };

  return {
    client,
    async putFile(key, filePath, contentType) {
      const { size } = await fs.promises.stat(filePath);
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: checked(key), Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }));
    },
    async putBuffer(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
    },
    async deletePrefix(prefix) {
      // Listed and deleted a page (at most 1,000 keys) at a time, until nothing under the prefix is left.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: `${checked(prefix)}/` }));
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
        if (keys.length === 0) return;
        const result = await client.send(new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: keys, Quiet: true } }));
        // A refused key would be listed again and again: stop and say so instead.
        if (result.Errors?.length) throw new Error(`The bucket refused to delete ${result.Errors[0]?.Key}: ${result.Errors[0]?.Code}`);
      }
    },
    signedUrl(key, options) {
      const query: Record<string, string> = {};
      if (options?.downloadName) query['response-content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`;
      return presignGet({ objectUrl: `${base}/${checked(key)}`, region: o.region, credentials: o.credentials, ...hourlySigningWindow(now()), query });
    },
  };
}
