import { apiErrorSchema, photoPageSchema, THUMBNAIL_SIZES, type Photo } from '@shoebox/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, relative, storeFile, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { makeTestPng } from '../../seed/photo-like-images.js';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

describe.each(databases)('the Photo shape and its signed URLs on $name', (kind) => {
  const server = useLibraryServer(kind);
  let me: TestCustomer;
  let stored: Awaited<ReturnType<typeof storePhotos>>;
  let photos: Map<string, Photo>;

  beforeAll(async () => {
    if (!kind.available) return;
    me = await newCustomer(server());
    stored = await storePhotos(server(), me.id, [
      // Big enough for three distinct renditions; the largest keeps the 1300 box.
      { name: 'Été à Paris.jpg', width: 1310, height: 982, dateTaken: { local: '2021-07-14T09:30:00', offset: '+02:00' } },
      { name: 'scan.jpg' },
      { name: 'leap.jpg', dateTaken: { local: '2020-02-29T23:59:59' } },
    ]);
    const page = photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json());
    photos = new Map(page.images.map((p) => [p.imageId, p]));
  });

  const photo = (i: number) => {
    const p = photos.get(stored[i]!.photoId);
    if (!p) throw new Error(`Photo ${i} is not listed`);
    return p;
  };
  const fetchBlob = (url: string) => server().app.inject({ url: relative(url) });

  it('describes a photo: name, upload, size, date taken with its offset, three thumbnails', () => {
    const p = photo(0);
    expect(p).toMatchObject({
      imageId: stored[0]!.photoId,
      localFileName: 'Été à Paris.jpg',
      dateTaken: '2021-07-14T09:30:00+02:00',
      visibleWidth: 1310,
      visibleHeight: 982,
      uploadId: 'test-0',
    });
    expect(Date.now() - Date.parse(p.uploadEnd!)).toBeLessThan(60_000);
    expect(p.thumbnails.map((t) => t.id)).toEqual(THUMBNAIL_SIZES.map((size) => `${p.imageId}-${size}`));
    expect(p.thumbnails.map((t) => t.width)).toEqual([300, 800, 1300]);
    for (const t of p.thumbnails) expect(Math.abs(t.height - (t.width * 982) / 1310)).toBeLessThanOrEqual(1);
    // `url` is the largest browser-viewable rendition.
    expect(new URL(p.url).pathname).toBe(new URL(p.thumbnails[2]!.url).pathname);
  });

  it('leaves dateTaken out for a photo without one, and keeps a date without offset as it is', () => {
    expect(photo(1).dateTaken).toBeUndefined();
    expect(photo(1)).toMatchObject({ localFileName: 'scan.jpg', visibleWidth: 64, visibleHeight: 48 });
    // A small photo is never enlarged: every size is its own.
    expect(photo(1).thumbnails.map((t) => [t.width, t.height])).toEqual([[64, 48], [64, 48], [64, 48]]);
    expect(photo(2).dateTaken).toBe('2020-02-29T23:59:59');
  });

  it('serves every thumbnail as a JPEG of the size it claims, to anyone holding the URL, without a token', async () => {
    for (const p of [photo(0), photo(1)]) {
      for (const t of [...p.thumbnails, { url: p.url, width: p.thumbnails[2]!.width, height: p.thumbnails[2]!.height }]) {
        const response = await fetchBlob(t.url);
        expect(response.statusCode, t.url).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
        expect(response.headers['content-disposition']).toBeUndefined();
        const bytes = response.rawPayload;
        expect(bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
        expect(Number(response.headers['content-length'])).toBe(bytes.length);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', t.width, t.height]);
      }
    }
  });

  it('serves the untouched original bytes as an attachment under the photo’s own name', async () => {
    const response = await fetchBlob(photo(0).untouchedUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(stored[0]!.bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Été à Paris.jpg')}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a PNG as a PNG in the original and makes JPEG thumbnails of it', async () => {
    const png = await makeTestPng({ width: 40, height: 30, seed: 7 });
    const { photoId } = await storeFile(server(), me.id, 'picture.png', png);
    const page = photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json());
    const p = page.images.find((i) => i.imageId === photoId)!;
    const original = await fetchBlob(p.untouchedUrl);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await fetchBlob(p.thumbnails[0]!.url);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('403 for a tampered link: signature, expiry, another key or another download name', async () => {
    const thumb = new URL(photo(0).thumbnails[0]!.url);
    const original = new URL(photo(0).untouchedUrl);
    const otherPhoto = new URL(photo(1).thumbnails[0]!.url);
    const variants: URL[] = [];
    const edit = (base: URL, change: (u: URL) => void) => {
      const u = new URL(base);
      change(u);
      variants.push(u);
    };
    const s = thumb.searchParams.get('s')!;
    edit(thumb, (u) => u.searchParams.set('s', (s[0] === 'A' ? 'B' : 'A') + s.slice(1)));
    edit(thumb, (u) => u.searchParams.set('s', ''));
    edit(thumb, (u) => u.searchParams.delete('s'));
    edit(thumb, (u) => u.searchParams.set('e', String(Number(u.searchParams.get('e')) + 3600)));
    edit(thumb, (u) => u.searchParams.set('e', 'soon'));
    edit(thumb, (u) => (u.pathname = new URL(photo(0).thumbnails[2]!.url).pathname)); // another size, same signature
    edit(thumb, (u) => (u.pathname = otherPhoto.pathname)); // another photo, this photo's signature
    edit(original, (u) => u.searchParams.set('d', 'other.jpg'));
    edit(original, (u) => u.searchParams.delete('d'));
    edit(thumb, (u) => (u.search = ''));
    for (const url of variants) {
      const response = await fetchBlob(url.toString());
      expect(response.statusCode, url.toString()).toBe(403);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 403, error: 'forbidden' });
    }
    // The untampered links still work (control).
    expect((await fetchBlob(thumb.toString())).statusCode).toBe(200);
    expect((await fetchBlob(original.toString())).statusCode).toBe(200);
  });

  it('403 for an expired link correctly signed by the server’s key', async () => {
    const { value: secret } = await server().db.selectFrom('secrets').select('value').where('name', '=', 'blobs.url-key').executeTakeFirstOrThrow();
    const key = new URL(photo(0).thumbnails[0]!.url).pathname.replace(/^\/blobs\//, '');
    const signedAt = (ms: number) => `/blobs/${key}?${urlSigner(secret, () => ms).sign(key).toString()}`;
    const expired = await server().app.inject({ url: signedAt(Date.now() - 8 * 3600 * 1000) });
    expect(expired.statusCode).toBe(403);
    expect(apiErrorSchema.parse(expired.json())).toMatchObject({ status: 403, error: 'forbidden' });
    // The same signing now works: it is the expiry that is refused, not the key.
    expect((await server().app.inject({ url: signedAt(Date.now()) })).statusCode).toBe(200);
  });

  it('404 for a signed link to a file that is not there, and for unsafe keys', async () => {
    const { value: secret } = await server().db.selectFrom('secrets').select('value').where('name', '=', 'blobs.url-key').executeTakeFirstOrThrow();
    const missing = `photos/${me.id}/nope/300.jpg`;
    const response = await server().app.inject({ url: `/blobs/${missing}?${urlSigner(secret).sign(missing).toString()}` });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).status).toBe(404);
    expect((await server().app.inject({ url: '/blobs/.hidden' })).statusCode).toBe(404);
    // Normalised away or refused, a traversal never reaches a file.
    const traversal = await server().app.inject({ url: '/blobs/photos/%2e%2e/%2e%2e/shoebox.db' });
    expect([403, 404]).toContain(traversal.statusCode);
  });
});
