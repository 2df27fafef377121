import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../dev/s3-stand-in.js';

export const TEST_BUCKET = 'shoebox-test';

export type TestS3 = Pick<S3StandIn, 'config' | 'env'>;

/** An S3-compatible server (the patched s3rver, on a folder of its own) for the enclosing describe block. */
export function useS3Server(): () => TestS3 {
  let server: S3StandIn | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-s3-'));
    server = await startS3StandIn({ directory: dir, bucket: TEST_BUCKET });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('The S3 server is not running');
    return server;
  };
}
