import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestRejection, ingestPhoto, type IngestedPhoto } from './ingest-photo.js';
import { makeTestJpeg, makeTestPng } from '../../../seed/photo-like-images.js';

const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url));

let dir: string;
let fileCount = 0;

/** Writes bytes to a fresh file (never reusing a path) and returns its path. */
async function fixture(name: string, bytes: Uint8Array | string): Promise<string> {
  fileCount += 1;
  const file = path.join(dir, `${fileCount}-${name}`);
  await writeFile(file, bytes);
  return file;
}

async function rejectionOf(promise: Promise<unknown>): Promise<IngestRejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IngestRejection);
  return error as IngestRejection;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function sizesOf(photo: IngestedPhoto) {
  return photo.renditions.map(({ size, width, height }) => ({ size, width, height }));
}

/** A PNG made by hand: a real signature and IHDR declaring the given size, then almost no image data. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shoebox-ingest-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ingestPhoto accepts real photos', () => {
  it('ingests a JPEG: type, checksum of the original bytes, size, date taken with its offset and three renditions', async () => {
    const bytes = await makeTestJpeg({ width: 2000, height: 1500, dateTaken: { local: '2023-07-14T09:30:15', offset: '+02:00' } });
    const photo = await ingestPhoto(await fixture('holiday.jpg', bytes));

    expect(photo.mime).toBe('image/jpeg');
    expect(photo.checksum).toBe(sha256(bytes));
    expect(photo.bytes).toBe(bytes.length);
    expect([photo.width, photo.height]).toEqual([2000, 1500]);
    expect(photo.dateTaken).toEqual({ local: '2023-07-14T09:30:15', offset: '+02:00' });
    expect(sizesOf(photo)).toEqual([
      { size: 300, width: 300, height: 225 },
      { size: 800, width: 800, height: 600 },
      { size: 1300, width: 1300, height: 975 },
    ]);
  });

  it('makes renditions a browser can show: baseline JPEGs of the stated size', async () => {
    const photo = await ingestPhoto(await fixture('photo.jpg', await makeTestJpeg({ width: 1600, height: 1200 })));
    for (const rendition of photo.renditions) {
      const metadata = await sharp(rendition.jpeg).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.height]);
      expect(metadata.space).toBe('srgb');
    }
  });

  it('turns a photo upright by its EXIF orientation: an orientation-6 photo stored landscape is portrait', async () => {
    const bytes = await makeTestJpeg({ width: 2000, height: 1500, orientation: 6 });
    const photo = await ingestPhoto(await fixture('phone-upright.jpg', bytes));

    expect([photo.width, photo.height]).toEqual([1500, 2000]);
    expect(sizesOf(photo)).toEqual([
      { size: 300, width: 225, height: 300 },
      { size: 800, width: 600, height: 800 },
      { size: 1300, width: 975, height: 1300 },
    ]);
    // The test picture's sky is at the top of the stored image; turned 90° clockwise it is on the right.
    const { data, info } = await sharp(photo.renditions[0]!.jpeg).raw().toBuffer({ resolveWithObject: true });
    const blueAt = (x: number) => data[(Math.floor(info.height / 2) * info.width + x) * info.channels + 2]!;
    expect(blueAt(info.width - 5)).toBeGreaterThan(blueAt(4) + 60);
  });

  it('never enlarges a small photo: it keeps its own size where it is smaller than the rendition', async () => {
    const photo = await ingestPhoto(await fixture('small.jpg', await makeTestJpeg({ width: 500, height: 400 })));
    expect(sizesOf(photo)).toEqual([
      { size: 300, width: 300, height: 240 },
      { size: 800, width: 500, height: 400 },
      { size: 1300, width: 500, height: 400 },
    ]);
  });

  it('ingests a PNG with transparency, flattening it onto white in the JPEG renditions', async () => {
    const bytes = await makeTestPng({ width: 640, height: 480, alpha: true });
    const photo = await ingestPhoto(await fixture('scan.png', bytes));

    expect(photo.mime).toBe('image/png');
    expect(photo.checksum).toBe(sha256(bytes));
    expect([photo.width, photo.height]).toEqual([640, 480]);
    expect(photo.dateTaken).toBeNull();
    const { data } = await sharp(photo.renditions[2]!.jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((channel) => channel > 240)).toBe(true); // the transparent corner
  });

  it('reads the date taken of a PNG from its EXIF too', async () => {
    const bytes = await makeTestPng({ width: 320, height: 240, dateTaken: { local: '2019-12-31T23:59:59', offset: null } });
    const photo = await ingestPhoto(await fixture('dated.png', bytes));
    expect(photo.dateTaken).toEqual({ local: '2019-12-31T23:59:59', offset: null });
  });

  it('ingests a real HEIC: type, checksum of the untouched HEIC bytes, size, date taken and renditions', async () => {
    const bytes = await readFile(HEIC_FIXTURE);
    const photo = await ingestPhoto(HEIC_FIXTURE);

    expect(photo.mime).toBe('image/heic');
    expect(photo.checksum).toBe(sha256(bytes));
    expect(photo.bytes).toBe(bytes.length);
    expect([photo.width, photo.height]).toEqual([960, 640]);
    expect(photo.dateTaken).toEqual({ local: '2021-08-14T18:42:07', offset: '-04:00' });
    expect(sizesOf(photo)).toEqual([
      { size: 300, width: 300, height: 200 },
      { size: 800, width: 800, height: 533 },
      { size: 1300, width: 960, height: 640 },
    ]);
    expect((await sharp(photo.renditions[2]!.jpeg).metadata()).format).toBe('jpeg');
    // The picture survives the HEIC decode: sky blue at the top, green ground at the bottom.
    const { data, info } = await sharp(photo.renditions[0]!.jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [skyRed, , skyBlue] = pixel(10, 5);
    const [groundRed, groundGreen, groundBlue] = pixel(10, info.height - 5);
    expect(skyBlue!).toBeGreaterThan(skyRed! + 80);
    expect(groundGreen!).toBeGreaterThan(groundBlue! + 40);
    expect(groundGreen!).toBeGreaterThan(groundRed!);
  });

  it('judges by the bytes, not the name: a JPEG called .png is a JPEG', async () => {
    const photo = await ingestPhoto(await fixture('misnamed.png', await makeTestJpeg({ width: 400, height: 300 })));
    expect(photo.mime).toBe('image/jpeg');
  });

  it('gives no date taken to a photo without EXIF, or whose camera clock was never set (1970-01-01)', async () => {
    const undated = await ingestPhoto(await fixture('undated.jpg', await makeTestJpeg({ width: 400, height: 300 })));
    expect(undated.dateTaken).toBeNull();

    const unsetClock = await makeTestJpeg({ width: 400, height: 300, dateTaken: { local: '1970-01-01T00:00:12', offset: '+00:00' } });
    expect((await ingestPhoto(await fixture('unset-clock.jpg', unsetClock))).dateTaken).toBeNull();

    const invalid = await sharp(await makeTestJpeg({ width: 400, height: 300 }))
      .withExif({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } })
      .jpeg()
      .toBuffer();
    expect((await ingestPhoto(await fixture('zero-date.jpg', invalid))).dateTaken).toBeNull();
  });

  it('falls back to the digitized date (CreateDate) with its own offset when there is no DateTimeOriginal', async () => {
    const bytes = await sharp(await makeTestJpeg({ width: 400, height: 300 }))
      .withExif({ IFD2: { DateTimeDigitized: '2018:03:04 05:06:07', OffsetTimeDigitized: '-03:30' } })
      .jpeg()
      .toBuffer();
    expect((await ingestPhoto(await fixture('digitized.jpg', bytes))).dateTaken).toEqual({ local: '2018-03-04T05:06:07', offset: '-03:30' });
  });
});

describe('ingestPhoto refuses what is not an acceptable photo, in words a customer understands', () => {
  it('refuses a text file renamed .jpg', async () => {
    const rejection = await rejectionOf(ingestPhoto(await fixture('notes.jpg', 'Shopping list: milk, eggs, film\n'.repeat(20))));
    expect(rejection.reason).toBe('unsupported_type');
    expect(rejection.message).toMatch(/not a JPEG, PNG or HEIC photo/);
  });

  it('refuses other real image types (WebP, GIF) and HEIF files that are not HEVC (AVIF inside a mif1 HEIF)', async () => {
    const source = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } });
    for (const [name, bytes] of [
      ['image.webp', await source.clone().webp().toBuffer()],
      ['image.gif', await source.clone().gif().toBuffer()],
    ] as const) {
      expect((await rejectionOf(ingestPhoto(await fixture(name, bytes)))).reason).toBe('unsupported_type');
    }

    const avif = await source.clone().heif({ compression: 'av1' }).toBuffer();
    expect(avif.toString('latin1', 4, 8)).toBe('ftyp');
    avif.write('mif1', 8, 'latin1'); // generic HEIF brand: only the coding of the image tells it apart
    const rejection = await rejectionOf(ingestPhoto(await fixture('av1.heic', avif)));
    expect(rejection.reason).toBe('unsupported_type');
  });

  it('refuses an empty file', async () => {
    const rejection = await rejectionOf(ingestPhoto(await fixture('empty.jpg', '')));
    expect(rejection.reason).toBe('empty');
    expect(rejection.message).toBe('This file is empty.');
  });

  it('refuses a file over the byte limit before reading it, naming the limit', async () => {
    const bytes = await makeTestJpeg({ width: 800, height: 600 });
    const rejection = await rejectionOf(ingestPhoto(await fixture('big.jpg', bytes), { maxBytes: 10 * 1024 }));
    expect(rejection.reason).toBe('too_large');
    expect(rejection.message).toBe(`This file is too big (${Math.ceil(bytes.length / 1024)} KB). Photos can be up to 10 KB.`);
  });

  it('names the default 50 MB limit', async () => {
    const file = await fixture('huge.jpg', await makeTestJpeg({ width: 64, height: 64 }));
    await truncate(file, 50 * 1024 * 1024 + 100 * 1024); // sparse: a large size without writing it
    const rejection = await rejectionOf(ingestPhoto(file));
    expect(rejection.reason).toBe('too_large');
    expect(rejection.message).toBe('This file is too big (50.1 MB). Photos can be up to 50 MB.');
  });

  it('refuses a decompression bomb by its header alone: a PNG declaring 50000 × 50000 pixels with no real pixel data', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const rejection = await rejectionOf(ingestPhoto(await fixture('bomb.png', bomb)));
    // Decoding would have failed as corrupt (there is no image data): the header decided.
    expect(rejection.reason).toBe('too_many_pixels');
    expect(rejection.message).toBe('This photo has too many pixels (50000 × 50000). Photos can have up to 100 megapixels.');
  });

  it('refuses a photo too long and narrow for its header alone, either way up, and accepts one just within the ratio', async () => {
    // 20:1 is the widest accepted; 2001 × 100 is just over it.
    const over = await rejectionOf(ingestPhoto(await fixture('strip.png', await makeTestPng({ width: 2001, height: 100 }))));
    expect(over.reason).toBe('extreme_aspect_ratio');
    expect(over.message).toBe('This photo is too long and narrow (2001 × 100). Photos can be up to 20 times as long as they are wide.');
    const tall = await rejectionOf(ingestPhoto(await fixture('tall.jpg', await makeTestJpeg({ width: 100, height: 2001 }))));
    expect(tall.reason).toBe('extreme_aspect_ratio');
    expect(tall.message).toMatch(/\(100 × 2001\)/);

    const panorama = await ingestPhoto(await fixture('panorama.png', await makeTestPng({ width: 2000, height: 100 })));
    expect([panorama.width, panorama.height]).toEqual([2000, 100]);
    expect(sizesOf(panorama)).toEqual([
      { size: 300, width: 300, height: 15 },
      { size: 800, width: 800, height: 40 },
      { size: 1300, width: 1300, height: 65 },
    ]);
  });

  it('refuses a photo with a side over the limit from its header, naming the limit', async () => {
    const rejection = await rejectionOf(ingestPhoto(await fixture('long.jpg', await makeTestJpeg({ width: 1200, height: 900 })), { maxSide: 1000 }));
    expect(rejection.reason).toBe('side_too_long');
    expect(rejection.message).toBe('This photo is too long on one side (1200 × 900). Photos can be up to 1000 pixels on a side.');
    // A PNG declaring a side of a million pixels, without the pixels: the header decided.
    const declared = await rejectionOf(ingestPhoto(await fixture('declared.png', pngDeclaring(1_000_000, 20))));
    expect(declared.reason).toBe('side_too_long');
    expect(declared.message).toBe('This photo is too long on one side (1000000 × 20). Photos can be up to 50000 pixels on a side.');
  });

  it('refuses a HEIC of an absurd shape from its container header', async () => {
    const rejection = await rejectionOf(ingestPhoto(HEIC_FIXTURE, { maxAspectRatio: 1.4 }));
    expect(rejection.reason).toBe('extreme_aspect_ratio');
    expect(rejection.message).toBe('This photo is too long and narrow (960 × 640). Photos can be up to 1.4 times as long as they are wide.');
  });

  it('refuses a real photo over a lower pixel limit', async () => {
    const file = await fixture('wide.jpg', await makeTestJpeg({ width: 1600, height: 1200 }));
    const rejection = await rejectionOf(ingestPhoto(file, { maxPixels: 1_000_000 }));
    expect(rejection.reason).toBe('too_many_pixels');
    expect(rejection.message).toMatch(/1600 × 1200\)\. Photos can have up to 1 megapixels/);
  });

  it('refuses a JPEG cut in half', async () => {
    const bytes = await makeTestJpeg({ width: 1600, height: 1200 });
    const rejection = await rejectionOf(ingestPhoto(await fixture('cut.jpg', bytes.subarray(0, bytes.length >> 1))));
    expect(rejection.reason).toBe('corrupt');
    expect(rejection.message).toMatch(/damaged or incomplete/);
    expect(rejection.cause).toBeInstanceOf(Error); // the decoder's own words, for the logs
  });

  it('refuses a PNG cut in half and a JPEG whose frame header is damaged', async () => {
    const png = await makeTestPng({ width: 600, height: 400 });
    expect((await rejectionOf(ingestPhoto(await fixture('cut.png', png.subarray(0, png.length >> 1))))).reason).toBe('corrupt');

    const jpeg = Buffer.from(await makeTestJpeg({ width: 600, height: 400 }));
    const frameHeader = jpeg.indexOf(Buffer.from([0xff, 0xc0])); // SOF0: precision, height, width, components
    jpeg.writeUInt16BE(0, frameHeader + 7); // a width of zero
    expect((await rejectionOf(ingestPhoto(await fixture('bad-header.jpg', jpeg)))).reason).toBe('corrupt');
  });

  it('refuses a HEIC cut in half', async () => {
    const bytes = await readFile(HEIC_FIXTURE);
    const rejection = await rejectionOf(ingestPhoto(await fixture('cut.heic', bytes.subarray(0, bytes.length >> 1))));
    expect(rejection.reason).toBe('corrupt');
  });

  it('refuses a HEIC whose image data is damaged, keeping the decoder\'s words as the cause', async () => {
    const bytes = Buffer.from(await readFile(HEIC_FIXTURE));
    const imageData = bytes.indexOf(Buffer.from('mdat', 'latin1')) + 4;
    bytes.fill(0, imageData, imageData + 2000);
    const rejection = await rejectionOf(ingestPhoto(await fixture('damaged.heic', bytes)));
    expect(rejection.reason).toBe('corrupt');
    expect((rejection.cause as Error).message).toMatch(/HEIC decoding failed/);
    // The decoder recovers: the next HEIC is decoded as usual.
    expect((await ingestPhoto(HEIC_FIXTURE)).width).toBe(960);
  });

  it('refuses a HEIC over the pixel limit from its container header', async () => {
    const rejection = await rejectionOf(ingestPhoto(HEIC_FIXTURE, { maxPixels: 500_000 }));
    expect(rejection.reason).toBe('too_many_pixels');
    expect(rejection.message).toMatch(/960 × 640/);
  });

  it('passes through a missing file as an ordinary error, not a rejection of the photo', async () => {
    await expect(ingestPhoto(path.join(dir, 'does-not-exist.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
