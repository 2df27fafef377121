import { photoPageSchema, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, sweepDeletedBlobs, tusClient } from '../../test/photo-library.js';
import { TEST_BUCKET, useS3Server } from '../../test/s3-server.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';

// Where the bytes live does not depend on the database: SQLite is enough here.
const [sqlite] = databases;

describe('the photo library with its bytes in an S3-compatible bucket', () => {
  const s3 = useS3Server();
  let server: TestShoebox;
  beforeAll(async () => {
    server = await startTestShoebox(sqlite!, { env: s3().env });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it("an upload's original and thumbnails go to the bucket, the listing's signed URLs serve them from it, and the page may load them", async () => {
    const me = await newCustomer(server);
    const jpeg = await makeTestJpeg({ width: 1600, height: 1200 });
    const { last } = await tusClient(server, me.headers).upload(jpeg, 'beach.jpg');
    expect(last.statusCode).toBe(204);

    const page = photoPageSchema.parse((await server.app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json());
    const [photo] = page.images;
    expect(photo?.imageId).toBe(last.headers[UPLOAD_PHOTO_ID_HEADER]);
    const bucket = `${s3().config.endpoint}/${TEST_BUCKET}/`;
    for (const url of [photo!.url, ...photo!.thumbnails.map((t) => t.url)]) {
      expect(url.startsWith(bucket)).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    }
    const original = await fetch(photo!.untouchedUrl);
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(original.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''beach.jpg");

    // No local blob route in this mode, and the page's policy names the bucket.
    expect((await server.app.inject({ url: `/blobs/${new URL(photo!.url).pathname.split(`/${TEST_BUCKET}/`)[1]}` })).statusCode).toBe(404);
    const csp = String((await server.app.inject({ url: '/health' })).headers['content-security-policy']);
    const origin = new URL(s3().config.endpoint!).origin;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${origin}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin}`));
  });

  it("a deleted photo's objects leave the bucket when the sweeper runs", async () => {
    const me = await newCustomer(server);
    const { last } = await tusClient(server, me.headers).upload(await makeTestJpeg({ seed: 7 }), 'gone.jpg');
    const page = photoPageSchema.parse((await server.app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json());
    const urls = [page.images[0]!.untouchedUrl, ...page.images[0]!.thumbnails.map((t) => t.url)];
    for (const url of urls) expect((await fetch(url)).status).toBe(200);

    const id = String(last.headers[UPLOAD_PHOTO_ID_HEADER]);
    expect((await server.app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${id}`, headers: me.headers })).statusCode).toBeLessThan(300);
    expect(await sweepDeletedBlobs(server)).toBeGreaterThan(0);
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
  });
});
