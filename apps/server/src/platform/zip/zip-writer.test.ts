import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonZipEntries, sha256, unzipEntry, unzipList, unzipTest } from '../../test/zip-check.js';
import { dosDateTime, zipStream, type ZipEntry } from './zip-writer.js';

const MB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-zip-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ZEROS = Buffer.alloc(MB);
/** `total` zero bytes as 1 MiB chunks, all the one buffer (the sink below writes it as a hole). */
const zeros = (total: number) =>
  Readable.from(
    (function* () {
      for (let left = total; left > 0; left -= MB) yield left >= MB ? ZEROS : ZEROS.subarray(0, left);
    })(),
    { objectMode: false, highWaterMark: MB },
  );

/**
 * Writes the archive to a file, turning the zero buffer's chunks into holes: an archive over 4 GiB
 * then takes a few megabytes of disk, yet reads back as the real bytes.
 */
async function toSparseFile(zip: Readable, file: string): Promise<number> {
  const fd = fs.openSync(file, 'w');
  let position = 0;
  try {
    await pipeline(
      zip,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (chunk !== ZEROS) fs.writeSync(fd, chunk, 0, chunk.length, position);
          position += chunk.length;
          done();
        },
      }),
    );
    fs.ftruncateSync(fd, position);
    return position;
  } finally {
    fs.closeSync(fd);
  }
}

describe('zipStream', () => {
  it('stores the date as DOS time, clamped to the years the format has', async () => {
    expect(dosDateTime(new Date(1970, 0, 1))).toEqual(dosDateTime(new Date(1980, 0, 1, 0, 0, 0)));
    const file = path.join(dir, 'dates.zip');
    await toSparseFile(
      zipStream([
        { name: 'summer.jpg', source: Readable.from([Buffer.from('x')]), date: new Date(2024, 6, 14, 15, 30, 43), bytes: 1 },
        { name: 'old scan.jpg', source: Readable.from([Buffer.from('y')]), date: new Date(1965, 3, 1), bytes: 1 },
      ]),
      file,
    );
    expect((await pythonZipEntries(file)).map((e) => e.dateTime)).toEqual([
      [2024, 7, 14, 15, 30, 42],
      [1980, 1, 1, 0, 0, 0],
    ]);
  });

  it('past 65,535 entries the count goes in the ZIP64 end record, and unzip -t and Python read every entry', async () => {
    const count = 65_536 + 10;
    const entries = function* (): Generator<ZipEntry> {
      for (let i = 0; i < count; i++) yield { name: `photo-${i}.jpg`, source: Readable.from([Buffer.from(String(i))]), bytes: String(i).length };
    };
    const file = path.join(dir, 'many.zip');
    await toSparseFile(zipStream(entries()), file);
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const read = await pythonZipEntries(file, { read: 'list' });
    expect(read).toHaveLength(count);
    expect(read[count - 1]).toMatchObject({ name: `photo-${count - 1}.jpg`, size: String(count - 1).length });
  }, 120_000);

  it('an entry over 4 GiB and the entries after it (their offsets past 4 GiB) get ZIP64 fields, read by unzip and Python', async () => {
    const big = 4 * 1024 * MB + MB + 3;
    const after = randomBytes(1000);
    const file = path.join(dir, 'huge.zip');
    const size = await toSparseFile(
      zipStream([
        { name: 'first.jpg', source: Readable.from([Buffer.from('first')]), bytes: 5 },
        { name: 'video.mov', source: zeros(big), bytes: big },
        { name: 'after.jpg', source: Readable.from([after]), bytes: after.length },
      ]),
      file,
    );
    expect(size).toBeGreaterThan(big);
    // Info-ZIP checks 4 GiB at about 60 MB/s here: it lists the archive (its ZIP64 records) and tests the
    // entry after the big one (its offset); Python reads every entry to its end, checking each CRC.
    expect((await unzipList(file)).map((e) => [e.name, e.size])).toEqual([
      ['first.jpg', 5],
      ['video.mov', big],
      ['after.jpg', 1000],
    ]);
    const read = await pythonZipEntries(file, { read: 'check' });
    expect(read.map((e) => [e.name, e.size])).toEqual([
      ['first.jpg', 5],
      ['video.mov', big],
      ['after.jpg', 1000],
    ]);
    expect(sha256(await unzipEntry(file, 'after.jpg'))).toBe(sha256(after));
  }, 120_000);

  it('reads a photo only as fast as the archive is taken: a slow reader never makes it buffer more than a few chunks', async () => {
    let pulled = 0;
    let taken = 0;
    let mostAhead = 0;
    const counted = (total: number) =>
      Readable.from(
        (function* () {
          for (let i = 0; i < total / MB; i++) {
            pulled += MB;
            yield randomBytes(MB);
          }
        })(),
        // As a file's read stream: bytes, not objects.
        { objectMode: false, highWaterMark: MB },
      );
    const zip = zipStream([
      { name: 'a.jpg', source: counted(16 * MB), bytes: 16 * MB },
      { name: 'b.jpg', source: counted(16 * MB), bytes: 16 * MB },
    ]);
    await pipeline(
      zip,
      new Writable({
        highWaterMark: MB,
        write(chunk: Buffer, _encoding, done) {
          taken += chunk.length;
          mostAhead = Math.max(mostAhead, pulled - taken);
          setTimeout(done, 2);
        },
      }),
    );
    expect(taken).toBeGreaterThan(32 * MB);
    expect(mostAhead).toBeLessThanOrEqual(4 * MB);
  });

  it('destroying the archive mid-entry releases the photo being read', async () => {
    const source = new Readable({ highWaterMark: MB, read() { this.push(randomBytes(MB)); } });
    const zip = zipStream([{ name: 'endless.jpg', source, bytes: 10 * MB }]);
    let seen = 0;
    for await (const chunk of zip) {
      seen += (chunk as Buffer).length;
      if (seen > 3 * MB) break;
    }
    await new Promise((r) => setImmediate(r));
    expect(source.destroyed).toBe(true);
  });

  it('refuses an entry without a name rather than write one no tool can extract', async () => {
    const zip = zipStream([{ name: '', source: Readable.from([Buffer.from('x')]), bytes: 1 }]);
    await expect(pipeline(zip, new Writable({ write: (_c, _e, done) => done() }))).rejects.toThrow('must be 1 to 65535 bytes');
  });
});
