import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand, ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { useS3Server } from '../../test/s3-server.js';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import { fsBlobStore, PARTIAL_DIR } from './fs-blob-store.js';
import { S3_PART_BYTES, s3BlobStore } from './s3-blob-store.js';
import { urlSigner } from './url-signer.js';

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

interface Harness {
  /** A store whose clock runs `aheadMs` in the future (for the sweeper). */
  store(aheadMs?: number): BlobStore;
  /** Partial writes the backend still holds (temp files, unfinished multipart uploads). */
  partials(): Promise<number>;
  /** Resolves once a partial write has reached the backend (a temp file, or an upload with a part). */
  partialStarted(): Promise<void>;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const readAll = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const until = async (check: () => Promise<boolean>, what: string) => {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** 1 MiB chunks of random bytes, `total` in all, then `end` (an error, or nothing). */
function body(total: number, o: { failWith?: Error; destroyAt?: number } = {}): { stream: Readable; sent: () => Buffer } {
  const sent: Buffer[] = [];
  let given = 0;
  const stream = new Readable({
    highWaterMark: MB,
    read() {
      if (o.destroyAt !== undefined && given >= o.destroyAt) return void this.destroy(o.failWith);
      if (given >= total) return void this.push(null);
      const chunk = randomBytes(Math.min(MB, total - given));
      given += chunk.length;
      sent.push(chunk);
      this.push(chunk);
    },
  });
  return { stream, sent: () => Buffer.concat(sent) };
}

function streamBehaviour(label: string, harness: () => Harness) {
  describe(`${label}: streams in and out`, () => {
    it('reads a blob back as a stream; a key with nothing under it rejects with BlobNotFoundError', async () => {
      const { store } = harness();
      await store().putBuffer('archives/c-1/one.zip', Buffer.from('zip bytes'), 'application/zip');
      expect((await readAll(await store().read('archives/c-1/one.zip'))).toString()).toBe('zip bytes');
      const missing = store().read('archives/c-1/none.zip');
      await expect(missing).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(missing).rejects.toMatchObject({ key: 'archives/c-1/none.zip' });
      await expect(store().read('archives/../secrets')).rejects.toThrow('Unsafe blob key');
    });

    it('stores a stream of several parts whole, and the key holds nothing until the whole stream is in', async () => {
      const { store, partials } = harness();
      const size = 2 * S3_PART_BYTES + 3 * MB + 17;
      const gate = new PassThrough({ highWaterMark: MB });
      const { stream, sent } = body(size);
      let passed = 0;
      stream.on('data', (c: Buffer) => (passed += c.length));
      stream.pipe(gate);
      const writing = store().writeStream('archives/c-1/big.zip', gate, 'application/zip');
      await until(async () => passed > S3_PART_BYTES + MB, 'the first part to pass');
      await expect(store().read('archives/c-1/big.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(writing).resolves.toEqual({ bytes: size });
      expect(sha(await readAll(await store().read('archives/c-1/big.zip')))).toBe(sha(sent()));
      expect(await partials()).toBe(0);
    });

    it('stores a small stream and an empty one', async () => {
      const { store } = harness();
      expect(await store().writeStream('archives/c-1/small.zip', Readable.from([Buffer.from('PK'), Buffer.from('small')]), 'application/zip')).toEqual({ bytes: 7 });
      expect((await readAll(await store().read('archives/c-1/small.zip'))).toString()).toBe('PKsmall');
      expect(await store().writeStream('archives/c-1/empty.zip', Readable.from([]), 'application/zip')).toEqual({ bytes: 0 });
      expect((await readAll(await store().read('archives/c-1/empty.zip'))).length).toBe(0);
    });

    it('a stream that fails midway leaves nothing under the key, keeps what was there before, and leaves no partial write', async () => {
      const { store, partials } = harness();
      const failure = new Error('the photo could not be read');
      const midway = body(3 * S3_PART_BYTES, { failWith: failure, destroyAt: S3_PART_BYTES + 2 * MB });
      await expect(store().writeStream('archives/c-2/failed.zip', midway.stream, 'application/zip')).rejects.toBe(failure);
      await expect(store().read('archives/c-2/failed.zip')).rejects.toBeInstanceOf(BlobNotFoundError);

      await store().putBuffer('archives/c-2/earlier.zip', Buffer.from('earlier archive'), 'application/zip');
      const again = body(3 * S3_PART_BYTES, { failWith: failure, destroyAt: S3_PART_BYTES + 2 * MB });
      await expect(store().writeStream('archives/c-2/earlier.zip', again.stream, 'application/zip')).rejects.toBe(failure);
      expect((await readAll(await store().read('archives/c-2/earlier.zip'))).toString()).toBe('earlier archive');
      expect(await partials()).toBe(0);
    });

    it('a stream destroyed without an error (an abort) leaves nothing either', async () => {
      const { store, partials } = harness();
      const aborted = body(3 * MB, { destroyAt: 2 * MB });
      await expect(store().writeStream('archives/c-3/aborted.zip', aborted.stream, 'application/zip')).rejects.toThrow();
      await expect(store().read('archives/c-3/aborted.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await partials()).toBe(0);
    });

    it('deletes one blob, and deleting it again is fine', async () => {
      const { store } = harness();
      await store().putBuffer('archives/c-4/a.zip', Buffer.from('a'), 'application/zip');
      await store().putBuffer('archives/c-4/b.zip', Buffer.from('b'), 'application/zip');
      await store().delete('archives/c-4/a.zip');
      await expect(store().read('archives/c-4/a.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store().delete('archives/c-4/a.zip')).resolves.toBeUndefined();
      expect((await readAll(await store().read('archives/c-4/b.zip'))).toString()).toBe('b');
    });

    it('a write of a key first clears what a stopped write of that same key left; a stopped write of another key is left to the sweeper', async () => {
      const { store, partials } = harness();
      // Two writers that stop sending, as a process killed mid-archive does; the job's re-run writes the same key.
      const stopped = (key: string) => {
        const gate = new PassThrough();
        const writing = store().writeStream(key, gate, 'application/zip');
        writing.catch(() => {});
        gate.write(randomBytes(S3_PART_BYTES + MB));
        return { gate, writing };
      };
      const killed = stopped('archives/c-6/rerun.zip');
      const other = stopped('archives/c-6/other.zip');
      await until(async () => (await partials()) === 2, 'both partial writes');

      expect(await store().writeStream('archives/c-6/rerun.zip', Readable.from([Buffer.from('the re-run')]), 'application/zip')).toEqual({ bytes: 10 });
      expect((await readAll(await store().read('archives/c-6/rerun.zip'))).toString()).toBe('the re-run');
      expect(await partials()).toBe(1);

      for (const { gate, writing } of [killed, other]) {
        gate.destroy(new Error('stopped'));
        await expect(writing).rejects.toThrow();
      }
      expect(await partials()).toBe(0);
      expect((await readAll(await store().read('archives/c-6/rerun.zip'))).toString()).toBe('the re-run');
    });

    it('the sweeper removes a write left behind by a stopped process once it is stale, never a live one; that write then fails', async () => {
      const { store, partials, partialStarted } = harness();
      // A writer that stops sending, as a process killed mid-archive does.
      const gate = new PassThrough();
      const writing = store().writeStream('archives/c-5/killed.zip', gate, 'application/zip');
      writing.catch(() => {});
      gate.write(randomBytes(S3_PART_BYTES + MB));
      await partialStarted();

      expect(await store().sweepPartials(HOUR)).toBe(0);
      expect(await partials()).toBe(1);
      expect(await store(2 * HOUR).sweepPartials(HOUR)).toBe(1);
      expect(await partials()).toBe(0);

      gate.end(randomBytes(10));
      await expect(writing).rejects.toThrow();
      await expect(store().read('archives/c-5/killed.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store(2 * HOUR).sweepPartials(HOUR)).toBe(0);
    });
  });
}

let fsRoot: string | undefined;
afterAll(() => {
  if (fsRoot) fs.rmSync(fsRoot, { recursive: true, force: true });
});
streamBehaviour('the local-folder blob store', () => {
  fsRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-blob-streams-'));
  const root = fsRoot;
  const partialsDir = path.join(root, PARTIAL_DIR);
  const count = () => (fs.existsSync(partialsDir) ? fs.readdirSync(partialsDir).length : 0);
  return {
    store: (ahead = 0) => fsBlobStore(root, 'http://127.0.0.1', urlSigner('test'), () => Date.now() + ahead),
    partials: async () => count(),
    partialStarted: () => until(async () => count() > 0 && fs.statSync(path.join(partialsDir, fs.readdirSync(partialsDir)[0]!)).size > 0, 'the temp file'),
  };
});

describe('the S3 blob store', () => {
  const s3 = useS3Server();
  const admin = () => new S3Client({ ...s3().config, forcePathStyle: true });
  const uploads = async () => (await admin().send(new ListMultipartUploadsCommand({ Bucket: s3().config.bucket }))).Uploads ?? [];
  streamBehaviour('the S3 blob store', () => ({
    store: (ahead = 0) => s3BlobStore(s3().config, () => Date.now() + ahead),
    partials: async () => (await uploads()).length,
    partialStarted: () =>
      until(async () => {
        const [upload] = await uploads();
        if (!upload) return false;
        const { Parts } = await admin().send(new ListPartsCommand({ Bucket: s3().config.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        return (Parts ?? []).length > 0;
      }, 'the first part'),
  }));

  it('the test server aborts an unfinished upload (so the sweeper above is tested against S3 calls, not a stand-in)', async () => {
    await expect(admin().send(new AbortMultipartUploadCommand({ Bucket: s3().config.bucket, Key: 'x', UploadId: 'none' }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });
});
