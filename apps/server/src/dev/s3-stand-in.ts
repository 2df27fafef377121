/// <reference path="./s3rver.d.ts" />
import S3rver from 's3rver';
import type { S3BlobConfig } from '../platform/blobs/s3-bucket.js';
import { patchS3rver } from './s3rver-patches.js';

/** s3rver's built-in key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
/** Browsers on another origin may read the photos (the account area fetches originals to save them). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

export interface S3StandIn {
  config: S3BlobConfig;
  /** The settings an operator would give the server for this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for the tests and the local cluster (decision 100): s3rver over a folder, patched
 * where it falls short of S3, with one bucket the account area may read from.
 */
export async function startS3StandIn(o: { directory: string; bucket: string; port?: number; logError?: (line: string) => void }): Promise<S3StandIn> {
  const server = new S3rver({ address: '127.0.0.1', port: o.port ?? 0, silent: true, directory: o.directory, configureBuckets: [{ name: o.bucket, configs: [CORS] }] });
  patchS3rver(server);
  // What s3rver answers 500 to ("an internal error") says nothing of its cause: the cause goes to the log.
  server.on('error', (err, ctx) => {
    if ((err.status ?? 500) >= 500) o.logError?.(`${new Date().toISOString()} ${ctx.method} ${ctx.url}: ${err.stack ?? err.message}`);
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { bucket: o.bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS },
    env: { S3_BUCKET: o.bucket, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    close: () => server.close(),
  };
}
