import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { useS3Server } from '../../test/s3-server.js';
import { pythonZipEntries, sha256, unzipNames, unzipTest } from '../../test/zip-check.js';
import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store.js';
import { fsBlobStore, PARTIAL_DIR } from '../blobs/fs-blob-store.js';
import { s3BlobStore } from '../blobs/s3-blob-store.js';
import { urlSigner } from '../blobs/url-signer.js';
import { writeZipToBlob, type ArchiveEntry } from './zip-to-blob.js';

const MB = 1024 * 1024;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-zip-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const blobs = fsBlobStore(root, 'http://127.0.0.1', urlSigner('test'));
const partialsLeft = () => (fs.existsSync(path.join(root, PARTIAL_DIR)) ? fs.readdirSync(path.join(root, PARTIAL_DIR)) : []);

let n = 0;
/** Stores the bytes as a photo's original and returns the entry naming it. */
async function photo(store: BlobStore, name: string, bytes: Buffer, o: { announce?: boolean } = {}): Promise<ArchiveEntry & { content: Buffer }> {
  const key = `photos/c-1/p-${++n}/original.jpg`;
  await store.putBuffer(key, bytes, 'image/jpeg');
  return { name, key, content: bytes, ...(o.announce === false ? {} : { bytes: bytes.length }) };
}

describe('writeZipToBlob', () => {
  it('makes a zip that unzip -t and Python accept, holding every photo byte for byte under a safe, distinct name, stored not recompressed', async () => {
    const entries = [
      await photo(blobs, 'beach.jpg', await makeTestJpeg({ width: 1600, height: 1200 })),
      await photo(blobs, 'Strand & zee ✓.jpg', randomBytes(3 * MB + 5)),
      await photo(blobs, 'Café crème.HEIC', randomBytes(1000)),
      await photo(blobs, '🌊 wave.png', randomBytes(MB)),
      await photo(blobs, 'IMG_0001.jpg', randomBytes(10)),
      await photo(blobs, 'img_0001.JPG', randomBytes(11)),
      await photo(blobs, 'IMG_0001.jpg', randomBytes(12)),
      await photo(blobs, '../../etc/passwd', randomBytes(13)),
      await photo(blobs, '', randomBytes(14)),
      await photo(blobs, 'empty.jpg', Buffer.alloc(0)),
    ];
    const expected = [
      'beach.jpg',
      'Strand & zee ✓.jpg',
      'Café crème.HEIC',
      '🌊 wave.png',
      'IMG_0001.jpg',
      'img_0001 (2).JPG',
      'IMG_0001 (3).jpg',
      '_._etc_passwd',
      'photo',
      'empty.jpg',
    ];
    const result = await writeZipToBlob(blobs, 'archives/c-1/d-1.zip', entries);
    const file = blobs.pathOf('archives/c-1/d-1.zip');
    expect(result).toEqual({ bytes: fs.statSync(file).size, written: entries.length, skipped: 0 });

    expect(await unzipTest(file)).toMatch(/No errors detected/);
    expect(await unzipNames(file)).toEqual(expected);
    const read = await pythonZipEntries(file);
    expect(read).toEqual(entries.map((e, i) => ({ name: expected[i], size: e.content.length, compressType: 0, dateTime: expect.any(Array), sha256: sha256(e.content) })));
    // Stored: the archive is the photos plus headers, nothing squeezed.
    expect(result.bytes).toBeGreaterThan(entries.reduce((sum, e) => sum + e.content.length, 0));
    expect(partialsLeft()).toEqual([]);
  });

  it('with ZIP64 forced, and with sizes not known in advance, unzip -t and Python still read it whole', async () => {
    const entries = [await photo(blobs, 'één.jpg', randomBytes(2 * MB + 1)), await photo(blobs, 'twee.jpg', randomBytes(77), { announce: false }), await photo(blobs, 'leeg.jpg', Buffer.alloc(0))];
    for (const [key, forceZip64] of [['archives/c-1/forced.zip', true], ['archives/c-1/unknown-sizes.zip', false]] as const) {
      await writeZipToBlob(blobs, key, forceZip64 ? entries : entries.map(({ bytes: _, ...e }) => e), { forceZip64 });
      const file = blobs.pathOf(key);
      expect(await unzipTest(file)).toMatch(/No errors detected/);
      expect(await pythonZipEntries(file)).toEqual(entries.map((e) => ({ name: e.name, size: e.content.length, compressType: 0, dateTime: expect.any(Array), sha256: sha256(e.content) })));
      // The ZIP64 end record (PK\x06\x06) exactly when forced.
      expect(fs.readFileSync(file).includes(Buffer.from([0x50, 0x4b, 6, 6]))).toBe(forceZip64);
    }
  });

  it('leaves out a photo whose file is gone (deleted meanwhile), says which, and the zip is whole', async () => {
    const first = await photo(blobs, 'first.jpg', randomBytes(5000));
    const gone = await photo(blobs, 'gone.jpg', randomBytes(5000));
    const last = await photo(blobs, 'last.jpg', randomBytes(5000));
    const missing: ArchiveEntry[] = [];
    async function* listing() {
      yield first;
      // Deleted while the archive is being made, after it was listed.
      await blobs.deletePrefix(path.posix.dirname(gone.key));
      yield gone;
      yield last;
    }
    const result = await writeZipToBlob(blobs, 'archives/c-1/holes.zip', listing(), { onMissing: (e) => void missing.push(e) });
    expect(result).toMatchObject({ written: 2, skipped: 1 });
    expect(missing).toEqual([gone]);
    const file = blobs.pathOf('archives/c-1/holes.zip');
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    expect((await pythonZipEntries(file)).map((e) => [e.name, e.sha256])).toEqual([
      ['first.jpg', sha256(first.content)],
      ['last.jpg', sha256(last.content)],
    ]);
  });

  it('an abort mid-archive rejects, and leaves no archive and no temporary file', async () => {
    const entries = [await photo(blobs, 'a.jpg', randomBytes(4 * MB)), await photo(blobs, 'b.jpg', randomBytes(4 * MB))];
    const controller = new AbortController();
    async function* listing() {
      yield entries[0]!;
      // The first photo is being written when the abort comes.
      await new Promise((r) => setTimeout(r, 20));
      expect(partialsLeft()).toHaveLength(1);
      controller.abort();
      yield entries[1]!;
    }
    await expect(writeZipToBlob(blobs, 'archives/c-1/aborted.zip', listing(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(blobs.read('archives/c-1/aborted.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(partialsLeft()).toEqual([]);
    // Already aborted: nothing is started.
    await expect(writeZipToBlob(blobs, 'archives/c-1/aborted.zip', entries, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(partialsLeft()).toEqual([]);
  });

  it('a photo that fails to read (not missing: a broken disk or connection) fails the archive, leaving nothing', async () => {
    const good = await photo(blobs, 'good.jpg', randomBytes(MB));
    const broken: BlobStore = {
      ...blobs,
      async read(key) {
        if (key !== 'broken') return blobs.read(key);
        return new Readable({ read() { this.destroy(new Error('EIO: i/o error, read')); } });
      },
    };
    await expect(writeZipToBlob(broken, 'archives/c-1/broken.zip', [good, { name: 'broken.jpg', key: 'broken' }])).rejects.toThrow('EIO');
    await expect(blobs.read('archives/c-1/broken.zip')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(partialsLeft()).toEqual([]);
  });

  describe('into an S3-compatible bucket', () => {
    const s3 = useS3Server();
    it('streams the zip up in parts; it reads back whole and byte-identical', async () => {
      const store = s3BlobStore(s3().config);
      const entries = [await photo(store, 'groot.jpg', randomBytes(20 * MB)), await photo(store, 'klein.jpg', randomBytes(3)), await photo(store, 'weg.jpg', randomBytes(3))];
      await store.delete(entries[2]!.key);
      const result = await writeZipToBlob(store, 'archives/c-9/d-1.zip', entries);
      expect(result).toMatchObject({ written: 2, skipped: 1 });
      const file = path.join(root, 'from-s3.zip');
      const bytes = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        void store.read('archives/c-9/d-1.zip').then((s) => s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject), reject);
      });
      expect(bytes.length).toBe(result.bytes);
      fs.writeFileSync(file, bytes);
      expect(await unzipTest(file)).toMatch(/No errors detected/);
      expect((await pythonZipEntries(file)).map((e) => e.sha256)).toEqual([sha256(entries[0]!.content), sha256(entries[1]!.content)]);
    });
  });
});
