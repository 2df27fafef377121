import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, createDeflate } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.js';
import { IngestRejection, ingestPhoto } from './ingest-photo.js';
import { createIsolatedIngest, IngestBusy, ingestPhotoIsolated, type IsolatedIngest } from './isolated-ingest.js';
import { makeTestJpeg } from '../../../seed/photo-like-images.js';
import { waitForCondition } from '../../../test/wait.js';

const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url));

let dir: string;
/** The shape the security probe sent: exactly 100 megapixels, 10,000,000 × 10, about 290 KB. */
let strip: string;
const ingests: IsolatedIngest[] = [];

/** A valid PNG of the given size, every pixel black: tiny when compressed, whatever its size. */
async function blankPng(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  // One row at a time (filter byte + pixels), so the whole image is never in memory.
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (part: Buffer) => compressed.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const row = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejectionOf(promise: Promise<unknown>): Promise<IngestRejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IngestRejection);
  return error as IngestRejection;
}

function testIngest(options: Parameters<typeof createIsolatedIngest>[0] = {}): IsolatedIngest {
  const ingest = createIsolatedIngest(options);
  ingests.push(ingest);
  return ingest;
}

/** Shape limits lifted, so the probe's image is decoded: the slowest work a photo has caused. */
const DECODE_ANYTHING = { maxSide: Number.MAX_SAFE_INTEGER, maxAspectRatio: Number.MAX_SAFE_INTEGER };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shoebox-isolated-ingest-'));
  strip = path.join(dir, 'strip.png');
  await writeFile(strip, await blankPng(10_000_000, 10));
});

afterEach(() => {
  for (const ingest of ingests.splice(0)) ingest.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ingesting an uploaded photo away from the server', () => {
  it("refuses the probe's 10,000,000 × 10 PNG from its header, naming its shape", async () => {
    expect((await readFile(strip)).length).toBeLessThan(400 * 1024);
    const rejection = await rejectionOf(ingestPhotoIsolated(strip, { customerId: 'customer-a' }));
    expect(rejection.reason).toBe('side_too_long');
    expect(rejection.message).toBe('This photo is too long on one side (10000000 × 10). Photos can be up to 50000 pixels on a side.');
  });

  it('gives the same photo as ingesting it in this process, JPEG or HEIC', async () => {
    const file = path.join(dir, 'holiday.jpg');
    await writeFile(file, await makeTestJpeg({ width: 1600, height: 1200, dateTaken: { local: '2023-07-14T09:30:15', offset: '+02:00' } }));
    const isolated = await ingestPhotoIsolated(file, { customerId: 'customer-a' });
    expect(isolated).toEqual(await ingestPhoto(file));
    expect(Buffer.isBuffer(isolated.renditions[0]?.jpeg)).toBe(true);
    // A HEIC is decoded by the HEIC decoder's worker thread, inside the child.
    expect(await ingestPhotoIsolated(HEIC_FIXTURE, { customerId: 'customer-a' })).toEqual(await ingestPhoto(HEIC_FIXTURE));
  });

  it('decodes in another process, so sign-in (scrypt) and file reads finish while the decoders are busy', async () => {
    const ingest = testIngest({ size: 2, perCustomer: 2 });
    const stored = await hashPassword('correct horse battery staple');
    const decoding = [1, 2].map(() => ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }).catch((error: unknown) => error));
    await waitForCondition(() => expect(ingest.status().running).toBe(2));
    const { pids } = ingest.status();

    // As many as the process's libuv threadpool has threads: all would wait if the decoders held them.
    const signIns = Array.from({ length: 4 }, () => verifyPassword('correct horse battery staple', stored));
    const reads = Array.from({ length: 4 }, () => readFile(strip));
    expect(await Promise.all(signIns)).toEqual([true, true, true, true]);
    await Promise.all(reads);

    expect(ingest.status()).toMatchObject({ running: 2, pids });
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(process.pid);
    ingest.close();
    await Promise.all(decoding);
  });

  it("runs one customer's photos at most per-customer at once, and another customer's beside them", async () => {
    const ingest = testIngest({ size: 2, perCustomer: 1 });
    const decoding = [
      ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }),
      ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }),
    ].map((ingesting) => ingesting.catch((error: unknown) => error));
    await waitForCondition(() => expect(ingest.status().pids).toHaveLength(1));
    expect(ingest.status()).toMatchObject({ running: 1, queued: 1 });

    const other = ingest.ingest(strip, { customerId: 'customer-b', ...DECODE_ANYTHING }).catch((error: unknown) => error);
    expect(ingest.status()).toMatchObject({ running: 2, queued: 1 });
    ingest.close();
    await Promise.all([...decoding, other]);
  });

  it('stops a photo that takes longer than the time limit, with a message, and goes on with the next', async () => {
    // The probe's PNG decodes for 11 s or more; the small JPEG after it needs well under a second.
    const ingest = testIngest({ size: 1, timeLimitMs: 4_000 });
    const slow = rejectionOf(ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }));
    const next = path.join(dir, 'next.jpg');
    await writeFile(next, await makeTestJpeg({ width: 400, height: 300 }));
    const nextOne = ingest.ingest(next, { customerId: 'customer-b' });

    const rejection = await slow;
    expect(rejection.reason).toBe('too_slow');
    expect(rejection.message).toBe('This photo takes too long to process, so it cannot be added to your library.');
    expect((await nextOne).width).toBe(400);
  });

  it('refuses a photo whose decoder dies, with a message, and goes on with the next', async () => {
    const ingest = testIngest({ size: 1 });
    const dying = rejectionOf(ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }));
    await waitForCondition(() => expect(ingest.status().running).toBe(1));
    await waitForCondition(() => expect(ingest.status().pids).toHaveLength(1));
    process.kill(ingest.status().pids[0]!, 'SIGKILL');

    const rejection = await dying;
    expect(rejection.reason).toBe('unprocessable');
    expect(rejection.message).toBe('This photo could not be processed, so it cannot be added to your library.');
    const next = path.join(dir, 'after-crash.jpg');
    await writeFile(next, await makeTestJpeg({ width: 400, height: 300 }));
    expect((await ingest.ingest(next, { customerId: 'customer-a' })).width).toBe(400);
  });

  it('turns a photo away as busy while too many of the customer’s wait, and takes other customers’ photos', async () => {
    const ingest = testIngest({ size: 1, perCustomer: 1, maxQueuedPerCustomer: 1 });
    const decoding = ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }).catch((error: unknown) => error);
    const waiting = ingest.ingest(strip, { customerId: 'customer-a', ...DECODE_ANYTHING }).catch((error: unknown) => error);

    // Not a refusal: nothing is wrong with the photo, and its upload waits to be tried again.
    await expect(ingest.ingest(strip, { customerId: 'customer-a' })).rejects.toBeInstanceOf(IngestBusy);
    const others = ingest.ingest(strip, { customerId: 'customer-b' }).catch((error: unknown) => error);
    expect(ingest.status()).toMatchObject({ running: 1, queued: 2 });
    ingest.close();
    await Promise.all([decoding, waiting, others]);
  });
});
