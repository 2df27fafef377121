import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useS3Server } from '../../test/s3-server.js';
import { s3BlobStore } from './s3-blob-store.js';

const HOUR = 60 * 60 * 1000;

describe('the S3 blob store (against an S3-compatible server)', () => {
  const s3 = useS3Server();
  const store = (now?: () => number) => s3BlobStore(s3().config, now);
  const get = (url: string) => fetch(url);

  it('stores a file and bytes whole, and their signed URLs serve them with their type', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-s3-file-'));
    try {
      const file = path.join(dir, 'original.jpg');
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      fs.writeFileSync(file, jpeg);
      await store().putFile('photos/c-1/p-1/original.jpg', file, 'image/jpeg');
      await store().putBuffer('photos/c-1/p-1/300.jpg', Buffer.from('three hundred'), 'image/jpeg');

      const original = await get(store().signedUrl('photos/c-1/p-1/original.jpg'));
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
      const rendition = await get(store().signedUrl('photos/c-1/p-1/300.jpg'));
      expect(await rendition.text()).toBe('three hundred');
      // A key's bytes never change: browsers may keep them as long as a URL lives.
      expect(rendition.headers.get('cache-control')).toBe('private, max-age=21600');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a ping while its bucket is there (the readiness check), and fails it for a bucket that is not', async () => {
    await expect(store().ping()).resolves.toBeUndefined();
    await expect(s3BlobStore({ ...s3().config, bucket: 'no-such-bucket-here' }).ping()).rejects.toThrow();
  });

  it('a download name makes the browser save the blob under it', async () => {
    await store().putBuffer('photos/c-1/p-2/original.heic', Buffer.from('heic'), 'image/heic');
    const response = await get(store().signedUrl('photos/c-1/p-2/original.heic', { downloadName: 'Strand & zee ✓.HEIC' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Strand & zee ✓.HEIC')}`);
  });

  it('one key gives one URL within an hour (so browsers cache it), a new one the next hour, and each lives at least 6 hours', () => {
    const start = Date.parse('2026-11-22T09:00:00Z');
    const at = (ms: number) => store(() => ms).signedUrl('photos/c-1/p-1/300.jpg');
    expect(at(start + 5 * 60_000)).toBe(at(start + 55 * 60_000));
    expect(at(start + 65 * 60_000)).not.toBe(at(start + 55 * 60_000));
    const url = new URL(at(start + 59 * 60_000));
    const signedAt = Date.parse(url.searchParams.get('X-Amz-Date')!.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'));
    expect(signedAt + Number(url.searchParams.get('X-Amz-Expires')) * 1000 - (start + 59 * 60_000)).toBeGreaterThanOrEqual(6 * HOUR);
  });

  // Fewer than one listing page (1,000): the test server fails to make continuation tokens on this Node.
  it('deletes every blob under a prefix and nothing beside it; again is fine', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `photos/c-2/p-1/${i}.jpg`);
    await Promise.all(keys.map((key) => store().putBuffer(key, Buffer.from(key), 'image/jpeg')));
    await store().putBuffer('photos/c-2/p-10/300.jpg', Buffer.from('neighbour'), 'image/jpeg');

    await store().deletePrefix('photos/c-2/p-1');
    for (const key of keys) expect((await get(store().signedUrl(key))).status).toBe(404);
    expect(await (await get(store().signedUrl('photos/c-2/p-10/300.jpg'))).text()).toBe('neighbour');
    await expect(store().deletePrefix('photos/c-2/p-1')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave their place', async () => {
    await expect(store().putBuffer('photos/../secrets', Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe blob key');
    expect(() => store().signedUrl('/etc/passwd')).toThrow('Unsafe blob key');
  });
});
