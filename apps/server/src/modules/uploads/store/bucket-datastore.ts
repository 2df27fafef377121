import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3 } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, type KvStore } from '@tus/utils';
import { RESUMABLE_UPLOADS_PREFIX, s3ClientSettings, type S3BlobConfig } from '../../../platform/blobs/s3-bucket.js';
import { underClusterLease } from '../../../platform/db/cluster-lease.js';
import type { Db } from '../../../platform/db/database.js';
import { clusterUploadLocker } from './cluster-upload-locker.js';
import { UPLOAD_EXPIRY_MS, type UploadDatastore } from './upload-datastore.js';

/** Every instance on one bucket records this machine id on its uploads: any of them judges any upload. */
export const BUCKET_MACHINE_ID = 'bucket';
/** A download for an ingest older than this was left by a process that stopped mid-ingest. */
const LEFT_DOWNLOAD_MS = 60 * 60 * 1000;
const DOWNLOAD_SUFFIX = '.download';

/** The S3 calls the tus store makes with a key, and the one with a list of them. */
const KEYED_CALLS = new Set(['putObject', 'getObject', 'headObject', 'deleteObject', 'createMultipartUpload', 'uploadPart', 'completeMultipartUpload', 'abortMultipartUpload', 'listParts']);

/** The client with every key the tus store names moved under `prefix`, so its objects sit apart from the photos. */
function underPrefix(client: S3, prefix: string): S3 {
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string' || !KEYED_CALLS.has(name)) return value;
      return (input: { Key: string }, ...rest: unknown[]) => (value as (...args: unknown[]) => unknown).call(target, { ...input, Key: prefix + input.Key }, ...rest);
    },
  });
}

const isMissing = (error: unknown) => ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes((error as { name?: string }).name ?? '');

/**
 * Every instance reads an upload's state from the bucket, never from what it saw before: an upload moves on
 * through other instances between two requests here.
 */
const noCache: KvStore<MetadataValue> = { get: async () => undefined, set: async () => undefined, delete: async () => undefined };

/**
 * The tus project's S3 store with an upload's objects under RESUMABLE_UPLOADS_PREFIX: `<id>.info` (its
 * declared length and metadata), its parts in a multipart upload of `<id>`, and `<id>.part`, the bytes of a
 * request cut short before a whole part arrived. Expiry is upload recovery's to judge, from the last byte.
 */
class BucketUploadStore extends S3Store {
  constructor(config: S3BlobConfig) {
    super({
      s3ClientConfig: { bucket: config.bucket, ...s3ClientSettings(config) },
      cache: noCache,
      useTags: false,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
    this.client = underPrefix(this.client, RESUMABLE_UPLOADS_PREFIX);
  }

  override async deleteExpired(): Promise<number> {
    return 0;
  }

  /** Everything of the upload, whether it is still arriving or complete (the tus store keeps a complete one's object). */
  override async remove(id: string): Promise<void> {
    const metadata = await this.getMetadata(id).catch((error: unknown) => {
      if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    });
    await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: metadata['upload-id'] }).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
    // One at a time: some S3-compatible services race deleting keys of one folder in a batch.
    for (const Key of [id, this.partKey(id, true), this.infoKey(id)]) await this.client.deleteObject({ Bucket: this.bucket, Key });
  }

  /**
   * Completes the upload's object when every part arrived but its writer stopped before completing it;
   * true when the object is there now, false while bytes are missing or when the upload is gone.
   */
  async completeReceived(id: string): Promise<boolean> {
    const metadata = await this.getMetadata(id).catch((error: unknown) => {
      // Removed already: nothing to complete.
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!metadata) return false;
    let parts;
    try {
      parts = await this.retrieveParts(id);
    } catch (error) {
      // Completed (or given up) already: the object says which.
      if (isMissing(error)) return this.client.headObject({ Bucket: this.bucket, Key: id }).then(() => true, () => false);
      throw error;
    }
    const received = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
    if (metadata.file.size === undefined || received !== metadata.file.size) return false;
    await this.finishMultipartUpload(metadata, parts);
    return true;
  }

  /** When any of the upload's bytes (or its record) last reached the bucket. */
  async lastWrittenAt(id: string): Promise<number | undefined> {
    const info = await this.client.headObject({ Bucket: this.bucket, Key: this.infoKey(id) }).catch(() => undefined);
    if (!info) return undefined;
    const cut = await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(id, true) }).catch(() => undefined);
    const parts = await this.retrieveParts(id).catch(() => []);
    return Math.max(info.LastModified?.getTime() ?? 0, cut?.LastModified?.getTime() ?? 0, ...parts.map((p) => p.LastModified?.getTime() ?? 0));
  }
}

/** Received upload bytes in the bucket, for many instances behind a plain balancer; `workDir` holds downloads for the ingest. */
export function bucketUploadDatastore(config: S3BlobConfig, o: { db: Db; workDir: string }): UploadDatastore {
  const store = new BucketUploadStore(config);
  const downloads = path.join(o.workDir, 'downloads');
  fs.mkdirSync(downloads, { recursive: true });
  // Downloads a stopped process left behind; a younger one may be another process's ingest under way.
  for (const name of fs.readdirSync(downloads)) {
    const file = path.join(downloads, name);
    if (name.endsWith(DOWNLOAD_SUFFIX) && Date.now() - fs.statSync(file).mtimeMs > LEFT_DOWNLOAD_MS) fs.rmSync(file, { force: true });
  }
  const isComplete = async (uploadId: string) => {
    const info = await store.getUpload(uploadId).catch(() => undefined);
    return info !== undefined && info.size !== undefined && info.offset === info.size;
  };
  return {
    store,
    machineId: BUCKET_MACHINE_ID,
    locker: (local) => clusterUploadLocker(o.db, local),
    alone: (uploadId, work) => underClusterLease(o.db, `ingest:${uploadId}`, work),
    async localFile(uploadId) {
      // Whether every byte arrived is read from the parts once, by the completion itself.
      if (!(await store.completeReceived(uploadId))) return undefined;
      const file = path.join(downloads, `${uploadId}.${randomUUID()}${DOWNLOAD_SUFFIX}`);
      const release = () => fs.promises.rm(file, { force: true });
      try {
        await pipeline(await store.read(uploadId), fs.createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await release();
        // Finished and removed by another instance meanwhile.
        if (isMissing(error)) return undefined;
        throw error;
      }
      return { path: file, release };
    },
    isComplete,
    lastWrittenAt: (uploadId) => store.lastWrittenAt(uploadId),
    async remove(uploadId) {
      await store.remove(uploadId).catch((error: unknown) => {
        if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      });
    },
    async deleteExpired() {},
  };
}
