import fs from 'node:fs/promises';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkedBlobKey, type BlobStore } from './blob-store.js';
import { s3BucketUrl, type S3BlobConfig } from './s3-bucket.js';
import { presignGet } from './sigv4-presign.js';
import { hourlySigningWindow, SIGNED_URL_TTL_SECONDS } from './url-signer.js';

/** A key's bytes never change (a photo's files are named by its id), so browsers may keep them as long as a URL lives. */
const CACHE_CONTROL = `private, max-age=${SIGNED_URL_TTL_SECONDS}`;

/**
 * Photo and archive bytes in an S3-compatible bucket, for many machines. A put is atomic (an object
 * is there whole or not at all); URLs are presigned locally, without a call per photo.
 */
export function s3BlobStore(o: S3BlobConfig, now: () => number = () => Date.now()): BlobStore {
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
  const put = async (key: string, bytes: Buffer, contentType: string) => {
    await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: checkedBlobKey(key), Body: bytes, ContentType: contentType, CacheControl: CACHE_CONTROL }));
  };

  return {
    // Read whole (uploads are capped at UPLOAD_MAX_BYTES): a buffer can be sent again when a put is retried.
    putFile: async (key, filePath, contentType) => put(key, await fs.readFile(filePath), contentType),
    putBuffer: put,
    async deletePrefix(prefix) {
      // One photo's few files: single deletes, which every S3-compatible service takes (the batch call
      // needs a checksum some of them do not accept). Listed again until nothing under the prefix is left.
      const deleted = new Set<string>();
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: `${checkedBlobKey(prefix)}/` }));
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [c.Key] : []));
        if (keys.length === 0) return;
        const again = keys.find((key) => deleted.has(key));
        if (again) throw new Error(`The bucket still lists ${again} after deleting it`);
        await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }))));
        for (const key of keys) deleted.add(key);
      }
    },
    signedUrl(key, options) {
      const query: Record<string, string> = {};
      if (options?.downloadName) query['response-content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`;
      return presignGet({ objectUrl: `${base}/${checkedBlobKey(key)}`, region: o.region, credentials: o.credentials, ...hourlySigningWindow(now()), query });
    },
  };
}
