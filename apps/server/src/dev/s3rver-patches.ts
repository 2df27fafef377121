/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInternals {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const s3Error = (ctx: KoaContext, status: number, code: string) => {
  ctx.status = status;
  ctx.body = { Error: { Code: code, Message: code } };
};

/**
 * The patches s3rver 3.7.1 (pinned) needs to stand in for S3 (decision 100), each a behaviour S3 has and the
 * server relies on.
 */
export function patchS3rver(server: S3rver): void {
  addMultipartUploadCalls(server);
  deleteBatchesWithoutRace(server);
}

/**
 * s3rver deletes a batch's objects in parallel and each then prunes their folders: two prunes of one folder
 * race, and the loser fails the whole batch although its object is gone.
 */
function deleteBatchesWithoutRace(server: S3rver): void {
  const store = server.store;
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = (bucket, key) =>
    deleteObject(bucket, key).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
}

/**
 * s3rver stores multipart uploads but answers NotImplemented to listing them, their parts, or aborting one:
 * the resumable uploads read their offset from the parts, streamed writes clear what a stopped one left, and
 * the sweeper finds and aborts stale ones. These three calls answer as S3 does.
 */
function addMultipartUploadCalls(server: S3rver): void {
  const internals = server as unknown as S3rverInternals;
  const uploadsDir = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads');
  const calls: Middleware = async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (!bucket) return next();
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const ids = await fs.readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const listed = await Promise.all(
        ids.map(async (UploadId) => {
          const file = path.join(uploadsDir(bucket), UploadId, 'key');
          try {
            const [Key, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
            return { Key, UploadId, Initiated: stat.mtime.toISOString() };
          } catch (err) {
            // Completed or aborted since the folder was read: S3 lists only uploads in progress.
            if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
            throw err;
          }
        }),
      );
      const Upload = listed.filter((u) => u !== undefined && u.Key.startsWith(prefix));
      ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, Prefix: prefix, IsTruncated: false, Upload } };
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (!key || !uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const dir = path.join(uploadsDir(bucket), uploadId);
    const exists = await fs.stat(dir).then(() => true, () => false);
    if (!exists) return s3Error(ctx, 404, 'NoSuchUpload');
    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await fs.readdir(dir)).filter((f) => /^\d+$/.test(f)).map(Number).sort((a, b) => a - b);
    const Part = await Promise.all(
      numbers.map(async (PartNumber) => {
        const stat = await fs.stat(path.join(dir, String(PartNumber)));
        const md5 = await fs.readFile(path.join(dir, `${PartNumber}.md5`), 'utf8').catch(() => '');
        return { PartNumber, LastModified: stat.mtime.toISOString(), ETag: `"${md5}"`, Size: stat.size };
      }),
    );
    ctx.body = { ListPartsResult: { Bucket: bucket, Key: key, UploadId: uploadId, IsTruncated: false, Part } };
  };
  // Just before the router, after the middleware that turns an object body into S3's XML.
  internals.middleware.splice(internals.middleware.length - 1, 0, calls);
}
