import { photoPageSchema, timelineCountsSchema, UPLOAD_PHOTO_ID_HEADER, type Photo, type TimelineCounts } from '@shoebox/contracts';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { locationOfUpload, newCustomer, PHOTOS_API, type TestCustomer, tusClient, useLibraryServer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';

let seed = 1;
/** A JPEG carrying exactly the EXIF given, or none at all (libvips names the EXIF sub-IFD IFD2). */
async function jpeg(exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  const plain = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
  return exif ? sharp(plain).withExif(exif).jpeg().toBuffer() : plain;
}

const UNKNOWN_DATE_MONTH: TimelineCounts = { '1970': { '1': 1 } };

describe.each(databases)('the date a photo is filed under when its camera wrote no DateTimeOriginal, on $name', (kind) => {
  const server = useLibraryServer(kind);

  /** Uploads the bytes with the tus metadata a browser sends; answers the photo as the library lists it and the timeline's months. */
  async function upload(bytes: Buffer, metadata: Record<string, string> = {}): Promise<{ photo: Photo; months: TimelineCounts }> {
    const me: TestCustomer = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const created = await tus.create(bytes.length, { filename: 'IMG_0001.jpg', filetype: 'image/jpeg', ...metadata });
    expect(created.statusCode, created.body).toBe(201);
    const last = await tus.patch(locationOfUpload(created), 0, bytes);
    expect(last.statusCode, last.body).toBe(204);
    const photos = photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json()).images;
    expect(photos.map((p) => p.imageId)).toEqual([last.headers[UPLOAD_PHOTO_ID_HEADER]]);
    const months = timelineCountsSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/users/timeline`, headers: me.headers })).json());
    return { photo: photos[0]!, months };
  }

  it('files a JPEG whose camera wrote only DateTime under that month, with its offset', async () => {
    const { photo, months } = await upload(await jpeg({ IFD0: { DateTime: '2022:03:04 05:06:07' }, IFD2: { OffsetTime: '+01:00' } }));
    expect(photo.dateTaken).toBe('2022-03-04T05:06:07+01:00');
    expect(months).toEqual({ '2022': { '3': 1 } });
  });

  it('files an Android HEIF whose EXIF item (a JPEG APP1 segment) holds only DateTime under that month', async () => {
    const { photo, months } = await upload(await readFile(new URL('./ingest/fixtures/android-datetime-only.heic', import.meta.url)));
    expect(photo.dateTaken).toBe('2023-02-18T08:12:30');
    expect(months).toEqual({ '2023': { '2': 1 } });
  });

  it('files a photo with only the GPS time stamp under its UTC date', async () => {
    const { photo, months } = await upload(await jpeg({ IFD3: { GPSDateStamp: '2019:12:31', GPSTimeStamp: '23/1 30/1 0/1' } }));
    expect(photo.dateTaken).toBe('2019-12-31T23:30:00+00:00');
    expect(months).toEqual({ '2019': { '12': 1 } });
  });

  it('files a photo without any EXIF date by the file’s last-modified time, in the browser’s offset when it sent one', async () => {
    const lastModified = String(Date.UTC(2021, 4, 31, 23, 30, 0)); // 31 May 2021, 23:30 UTC
    const inUtc = await upload(await jpeg(), { lastModified });
    expect(inUtc.photo.dateTaken).toBe('2021-05-31T23:30:00+00:00');
    expect(inUtc.months).toEqual({ '2021': { '5': 1 } });

    const inBerlin = await upload(await jpeg(), { lastModified, lastModifiedOffset: '120' });
    expect(inBerlin.photo.dateTaken).toBe('2021-06-01T01:30:00+02:00');
    expect(inBerlin.months).toEqual({ '2021': { '6': 1 } });
  });

  it('prefers any EXIF date to the last-modified time', async () => {
    const { photo } = await upload(await jpeg({ IFD0: { DateTime: '2022:03:04 05:06:07' } }), { lastModified: String(Date.UTC(2021, 4, 31)) });
    expect(photo.dateTaken).toBe('2022-03-04T05:06:07');
  });

  it('files a photo under Unknown Date when its last-modified time is garbage, in the future or before 2 January 1970', async () => {
    for (const lastModified of ['yesterday', '1622503800000.5', '-1622503800000', String(Date.now() + 24 * 3600_000), '3600000']) {
      const { photo, months } = await upload(await jpeg(), { lastModified });
      expect(photo.dateTaken, lastModified).toBeUndefined();
      expect(months, lastModified).toEqual(UNKNOWN_DATE_MONTH);
    }
  });
});
