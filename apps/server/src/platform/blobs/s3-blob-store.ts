import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { BlobNotFoundError, checkedBlobKey, type BlobStore } from './blob-store.js';
import { RESUMABLE_UPLOADS_PREFIX, s3BucketUrl, s3ClientSettings, type S3BlobConfig } from './s3-bucket.js';
import { presignGet } from './sigv4-presign.js';
import { hourlySigningWindow, SIGNED_URL_TTL_SECONDS } from './url-signer.js';

/** A key's bytes never change (a photo's files are named by its id), so browsers may keep them as long as a URL lives. */
const CACHE_CONTROL = `private, max-age=${SIGNED_URL_TTL_SECONDS}`;
/**
 * A streamed write goes up in parts of this size, at most one uploading while the next fills: memory
 * stays near two parts whatever the blob's size. S3 allows 10,000 parts: blobs up to about 156 GiB.
 */
export const S3_PART_BYTES = 16 * 1024 * 1024;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Photo and archive bytes in an S3-compatible bucket, for many machines. A put is atomic (an object
 * is there whole or not at all); URLs are presigned locally, without a call per photo.
 */
export function s3BlobStore(o: S3BlobConfig, now: () => number = () => Date.now()): BlobStore {
  const client = new S3Client(s3ClientSettings(o));
  const base = s3BucketUrl(o);
  const put = async (key: string, bytes: Buffer, contentType: string) => {
    await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: checkedBlobKey(key), Body: bytes, ContentType: contentType, CacheControl: CACHE_CONTROL }));
  };

  /** When an unfinished multipart upload last received a part (parts are listed in order, a page at a time). */
  const lastActivity = async (Key: string, UploadId: string, initiated: Date | undefined) => {
    let latest = initiated?.getTime() ?? 0;
    let marker: string | undefined;
    do {
      const page = await client.send(new ListPartsCommand({ Bucket: o.bucket, Key, UploadId, PartNumberMarker: marker }));
      for (const part of page.Parts ?? []) latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker !== undefined);
    return latest;
  };

  /** The bucket's unfinished multipart uploads (under `prefix` when given), a listing page at a time. */
  async function* unfinishedUploadPages(prefix?: string) {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: o.bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      yield page.Uploads ?? [];
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker !== undefined);
  }

  /**
   * Aborts the unfinished multipart uploads of this exact key, left by a process stopped mid-write
   * (kill -9), so the re-run of its job leaves none behind. Only a stopped write can own them: a key has
   * one writer at a time, because archives and export chunks are written by their job, which a lease
   * keeps to one runner.
   */
  const abortStoppedWrites = async (key: string) => {
    for await (const page of unfinishedUploadPages(key)) {
      // The prefix also matches longer keys ('1.zip' and '1.zip.x'); only this one is ours to abort.
      const stopped = page.filter((u) => u.Key === key && u.UploadId);
      await Promise.all(stopped.map(({ UploadId }) => client.send(new AbortMultipartUploadCommand({ Bucket: o.bucket, Key: key, UploadId })).catch((err: unknown) => {
        // Gone meanwhile (the sweeper): nothing left to abort.
        if ((err as { name?: string }).name !== 'NoSuchUpload') throw err;
      })));
    }
  };

  /** A multipart upload made only once a first whole part is there; aborted on any failure, so the key never sees it. */
  const writeStream = async (key: string, body: Readable, contentType: string) => {
    checkedBlobKey(key);
    await abortStoppedWrites(key);
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string }[] = [];
    let uploading: Promise<void> | undefined;
    const upload = async (bytes: Buffer) => {
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: o.bucket, Key: key, ContentType: contentType, CacheControl: CACHE_CONTROL }))).UploadId;
      const PartNumber = parts.length + 1;
      parts.push({ PartNumber, ETag: '' });
      const { ETag } = await client.send(new UploadPartCommand({ Bucket: o.bucket, Key: key, UploadId: uploadId, PartNumber, Body: bytes }));
      if (!ETag) throw new Error(`The bucket gave no ETag for part ${PartNumber} of ${key}`);
      parts[PartNumber - 1]!.ETag = ETag;
    };
    /** Starts the next part once the one before it is up: one part in flight while the next fills. */
    const send = async (bytes: Buffer) => {
      await uploading;
      uploading = upload(bytes);
      // Awaited before the next part or at the end; caught here so a failure meanwhile is not unhandled.
      uploading.catch(() => {});
    };
    let chunks: Buffer[] = [];
    let filled = 0;
    let bytes = 0;
    try {
      for await (const chunk of body) {
        const buffer = chunk as Buffer;
        chunks.push(buffer);
        filled += buffer.length;
        bytes += buffer.length;
        if (filled < S3_PART_BYTES) continue;
        const part = Buffer.concat(chunks, filled);
        chunks = [];
        filled = 0;
        await send(part);
      }
      const rest = Buffer.concat(chunks, filled);
      await uploading;
      if (uploadId === undefined) {
        // Smaller than one part: a single put, atomic as well.
        await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: key, Body: rest, ContentType: contentType, CacheControl: CACHE_CONTROL }));
        return { bytes };
      }
      if (filled > 0) await send(rest);
      await uploading;
      await client.send(new CompleteMultipartUploadCommand({ Bucket: o.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return { bytes };
    } catch (err) {
      body.destroy();
      await uploading?.catch(() => {});
      if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket: o.bucket, Key: key, UploadId: uploadId })).catch(() => {});
      throw err;
    }
  };

  return {
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: o.bucket }));
    },
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
    async read(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: checkedBlobKey(key) }));
        if (!Body) throw new BlobNotFoundError(key);
        return Body as Readable;
      } catch (err) {
        throw isNotFound(err) ? new BlobNotFoundError(key) : err;
      }
    },
    writeStream,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: checkedBlobKey(key) }));
    },
    async sweepPartials(olderThanMs) {
      // Every unfinished multipart upload in the bucket is one of this store's streamed writes, but for the
      // resumable uploads still arriving, which wait for their customer as long as their own expiry says.
      let removed = 0;
      for await (const page of unfinishedUploadPages()) {
        for (const { Key, UploadId, Initiated } of page) {
          if (!Key || !UploadId || Key.startsWith(RESUMABLE_UPLOADS_PREFIX)) continue;
          // Started within the window: fresh whatever its parts say, so they need not be listed.
          if (Initiated && now() - Initiated.getTime() < olderThanMs) continue;
          // A live write adds a part every few seconds; one whose newest part is this old has no writer left.
          if (now() - (await lastActivity(Key, UploadId, Initiated)) < olderThanMs) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: o.bucket, Key, UploadId }));
          removed++;
        }
      }
      return removed;
    },
    signedUrl(key, options) {
      const query: Record<string, string> = {};
      if (options?.downloadName) query['response-content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`;
      return presignGet({ objectUrl: `${base}/${checkedBlobKey(key)}`, region: o.region, credentials: o.credentials, ...hourlySigningWindow(now()), query });
    },
  };
}
