/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3BlobConfig } from '../platform/blobs/s3-bucket.js';
import { addMultipartUploadCalls } from './s3rver-multipart-uploads.js';

export const TEST_BUCKET = 'shoebox-test';
/** s3rver's built-in key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
/** Browsers on another origin may read the photos (the account area fetches originals to save them). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

export interface TestS3 {
  config: S3BlobConfig;
  /** The settings an operator would give the server for this bucket. */
  env: Record<string, string>;
}

/** An S3-compatible server (s3rver, on a folder of its own) for the enclosing describe block. */
export function useS3Server(): () => TestS3 {
  let server: S3rver | undefined;
  let dir: string | undefined;
  let current: TestS3 | undefined;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: TEST_BUCKET, configs: [CORS] }] });
    // s3rver deletes a batch's objects in parallel and each then prunes their folders: two prunes
    // of one folder race, and the loser fails the whole batch although its object is gone.
    const store = server.store;
    const deleteObject = store.deleteObject.bind(store);
    store.deleteObject = (bucket, key) => deleteObject(bucket, key).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    addMultipartUploadCalls(server);
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    current = {
      config: { bucket: TEST_BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS },
      env: { S3_BUCKET: TEST_BUCKET, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    };
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error('The S3 server is not running');
    return current;
  };
}
