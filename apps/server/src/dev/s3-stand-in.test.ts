import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateMultipartUploadCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientSettings } from '../platform/blobs/s3-bucket.js';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';

describe('the S3 stand-in lists multipart uploads as S3 does', () => {
  let dir: string;
  let standIn: S3StandIn;
  let client: S3Client;
  const errors: string[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-s3-stand-in-'));
    standIn = await startS3StandIn({ directory: dir, bucket: 'listing', logError: (line) => void errors.push(line) });
    client = new S3Client(s3ClientSettings(standIn.config));
  });
  afterAll(async () => {
    client.destroy();
    await standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async (Key: string) => (await client.send(new CreateMultipartUploadCommand({ Bucket: 'listing', Key }))).UploadId!;
  const list = async (Prefix?: string) => ((await client.send(new ListMultipartUploadsCommand({ Bucket: 'listing', Prefix }))).Uploads ?? []).map((u) => u.Key).sort();

  it('only those under the prefix asked for, and not one that ended while the list was read', async () => {
    await start('archives/1.zip');
    await start('archives/1.zip.part');
    await start('uploads/abc');
    const ended = await start('archives/2.zip');
    expect(await list('archives/')).toEqual(['archives/1.zip', 'archives/1.zip.part', 'archives/2.zip']);
    expect(await list()).toEqual(['archives/1.zip', 'archives/1.zip.part', 'archives/2.zip', 'uploads/abc']);

    // Its folder is still there but its files are gone, as when another request completes it meanwhile.
    const folder = fs.readdirSync(path.join(dir, 'listing', '._S3rver_uploads')).find((id) => id === ended)!;
    fs.rmSync(path.join(dir, 'listing', '._S3rver_uploads', folder, 'key'));
    expect(await list('archives/')).toEqual(['archives/1.zip', 'archives/1.zip.part']);
    expect(errors).toEqual([]);
  });
});
