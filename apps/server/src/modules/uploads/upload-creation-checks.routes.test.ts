import fs from 'node:fs';
import path from 'node:path';
import { apiErrorSchema, UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertAlbum } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { encodeMetadata, locationOfUpload, newCustomer, tusClient, tusFilesOf, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { UPLOAD_EXPIRY_MS } from './store/upload-datastore.js';
import { MAX_UNFINISHED_UPLOAD_BYTES, MAX_UNFINISHED_UPLOADS } from './upload-limits.js';
import { RECOVERY_INTERVAL_MS } from './upload-giving-up.js';

const HOUR_MS = 60 * 60 * 1000;
let seed = 4500;

describe.each(databases)('checks made when an upload is created, on $name', (kind) => {
  const server = useLibraryServer(kind);
  const uploadsOf = (customerId: string) => server().db.selectFrom('uploads').selectAll().where('customer_id', '=', customerId).execute();
  const tusFolder = () => (fs.existsSync(server().config.uploadsDir) ? fs.readdirSync(server().config.uploadsDir).sort() : []);
  /** Files of these uploads last written `ago` ms before now, as if nothing had been sent since. */
  const idleFor = async (customerId: string, ago: number) => {
    const then = new Date(Date.now() - ago);
    for (const { id } of await uploadsOf(customerId)) fs.utimesSync(path.join(server().config.uploadsDir, id), then, then);
  };
  /** The refusal's Retry-After, which the body's params repeat. */
  const retryAfterOf = (response: LightMyRequestResponse): number => {
    const header = Number(response.headers['retry-after']);
    expect(Number.isInteger(header) && header > 0, `Retry-After: ${response.headers['retry-after']}`).toBe(true);
    expect(apiErrorSchema.parse(response.json()).params?.retryAfterSeconds).toBe(header);
    return header;
  };
  const seconds = (ms: number) => ms / 1000;

  describe('a refusal for too many unfinished uploads says when a place is certain to be free', () => {
    it('too many: when the longest-idle of them is given up', async () => {
      const me = await newCustomer(server());
      const tus = tusClient(server(), me.headers);
      for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) expect((await tus.create(1000, { filename: `f${i}.jpg` })).statusCode).toBe(201);

      const fresh = await tus.create(1000, { filename: 'more.jpg' });
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json()).toMatchObject({ error: 'too_many_unfinished_uploads', params: { maxUploads: MAX_UNFINISHED_UPLOADS } });
      // Nothing was sent to them yet: the first is given up a whole expiry from now, at the recovery pass after that.
      expect(retryAfterOf(fresh)).toBeGreaterThan(seconds(UPLOAD_EXPIRY_MS));
      expect(retryAfterOf(fresh)).toBeLessThanOrEqual(seconds(UPLOAD_EXPIRY_MS + RECOVERY_INTERVAL_MS) + 1);

      await idleFor(me.id, 23 * HOUR_MS);
      const idle = await tus.create(1000, { filename: 'more.jpg' });
      expect(idle.statusCode).toBe(429);
      expect(retryAfterOf(idle)).toBeGreaterThan(seconds(HOUR_MS) - 5);
      expect(retryAfterOf(idle)).toBeLessThanOrEqual(seconds(HOUR_MS + RECOVERY_INTERVAL_MS) + 1);
    });

    it('too many bytes: when enough of them are given up for the new one to fit', async () => {
      const me = await newCustomer(server());
      const tus = tusClient(server(), me.headers);
      const fit = Math.floor(MAX_UNFINISHED_UPLOAD_BYTES / UPLOAD_MAX_BYTES);
      for (let i = 0; i < fit; i++) expect((await tus.create(UPLOAD_MAX_BYTES, { filename: `big${i}.jpg` })).statusCode).toBe(201);
      await idleFor(me.id, 20 * HOUR_MS);
      const refused = await tus.create(UPLOAD_MAX_BYTES, { filename: 'one-more.jpg' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'unfinished_uploads_too_large', params: { maxBytes: MAX_UNFINISHED_UPLOAD_BYTES } });
      expect(retryAfterOf(refused)).toBeGreaterThan(seconds(4 * HOUR_MS) - 5);
      expect(retryAfterOf(refused)).toBeLessThanOrEqual(seconds(4 * HOUR_MS + RECOVERY_INTERVAL_MS) + 1);
    });
  });

  describe('the album an upload is for is checked before any byte is taken', () => {
    /** Creation with its first bytes in the same request (tus creation-with-upload), as tus-js-client sends with uploadDataDuringCreation. */
    const createWithBytes = async (who: TestCustomer, albumId: string) => {
      const bytes = await makeTestJpeg({ width: 32, height: 32, seed: seed++ });
      return server().app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...who.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes.length),
          'upload-metadata': encodeMetadata({ filename: 'trip.jpg', filetype: 'image/jpeg', albumId }),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    };

    const expectRefused = async (who: TestCustomer, albumId: string, status: number, error: string) => {
      const before = tusFolder();
      for (const response of [await tusClient(server(), who.headers).create(1000, { filename: 'trip.jpg', albumId }), await createWithBytes(who, albumId)]) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error });
        expect(response.headers.location).toBeUndefined();
        expect(response.headers['upload-offset']).toBeUndefined();
      }
      // Nothing stored: no upload record, no place taken, no bytes on disk.
      expect(await uploadsOf(who.id)).toEqual([]);
      expect(tusFolder()).toEqual(before);
      const totals = await server().db.selectFrom('unfinished_upload_totals').selectAll().where('customer_id', '=', who.id).executeTakeFirst();
      expect(Number(totals?.uploads ?? 0)).toBe(0);
    };

    it('an album that does not exist: 404', async () => {
      const me = await newCustomer(server());
      await expectRefused(me, 'a7c1e0f2-0000-4000-8000-000000000000', 404, 'album_not_found');
      await expectRefused(me, 'not-an-album', 404, 'album_not_found');
    });

    it("another customer's album: 404, as if it did not exist", async () => {
      const [me, other] = [await newCustomer(server()), await newCustomer(server())];
      await expectRefused(me, await insertAlbum(server(), { ownerId: other.id }), 404, 'album_not_found');
    });

    it('a shared album, for a participant and for its owner: 403 shared_album (shared albums take no photos)', async () => {
      const [owner, participant] = [await newCustomer(server()), await newCustomer(server())];
      const albumId = await insertAlbum(server(), { ownerId: owner.id, participants: [participant.id] });
      await expectRefused(participant, albumId, 403, 'shared_album');
      await expectRefused(owner, albumId, 403, 'shared_album');
    });

    it('an album id the contract refuses: 400 naming the field', async () => {
      const me = await newCustomer(server());
      await expectRefused(me, 'x'.repeat(65), 400, 'bad_request');
      const refused = await tusClient(server(), me.headers).create(1000, { filename: 'trip.jpg', albumId: 'x'.repeat(65) });
      expect(apiErrorSchema.parse(refused.json()).issues).toEqual([expect.objectContaining({ path: 'albumId' })]);
    });

    it("the customer's own album is accepted, and the photo lands in it", async () => {
      const me = await newCustomer(server());
      const albumId = await insertAlbum(server(), { ownerId: me.id });
      const tus = tusClient(server(), me.headers);
      const bytes = await makeTestJpeg({ width: 32, height: 32, seed: seed++ });
      const created = await tus.create(bytes.length, { filename: 'trip.jpg', filetype: 'image/jpeg', albumId });
      expect(created.statusCode, created.body).toBe(201);
      expect((await tus.patch(locationOfUpload(created), 0, bytes)).statusCode).toBe(204);
      const [upload] = await uploadsOf(me.id);
      expect(upload).toMatchObject({ album_id: albumId, status: 'done' });
      const inAlbum = await server().db.selectFrom('album_photos').select('photo_id').where('album_id', '=', albumId).execute();
      expect(inAlbum.map((r) => r.photo_id)).toEqual([upload!.photo_id]);
      expect(tusFilesOf(server(), upload!.id)).toEqual([]);
    });
  });
});
