import { randomUUID } from 'node:crypto';
import { apiErrorSchema, DELETE_BATCH_SIZE, failedListSchema, photoPageSchema, timelineCountsSchema, type Photo } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { blobFilesOf, insertPhotoRows, newCustomer, PHOTOS_API, relative, storePhotos, sweepDeletedBlobs, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

const PHOTOS = `${PHOTOS_API}/photos`;
/** What one stored photo leaves in the blob folder. */
const PHOTO_FILES = ['1300.jpg', '300.jpg', '800.jpg', 'original.jpg'];

describe.each(databases)('deleting photos on $name', (kind) => {
  const server = useLibraryServer(kind);

  const list = async (who: TestCustomer): Promise<Photo[]> => {
    const response = await server().app.inject({ url: PHOTOS, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return photoPageSchema.parse(response.json()).images;
  };
  const ids = async (who: TestCustomer) => (await list(who)).map((p) => p.imageId).sort();
  const counts = async (who: TestCustomer) =>
    timelineCountsSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/users/timeline`, headers: who.headers })).json());
  const deleteMany = (who: TestCustomer, payload: unknown) =>
    server().app.inject({ method: 'DELETE', url: PHOTOS, headers: who.headers, payload: payload as object });
  const deleteOne = (who: TestCustomer, id: string) => server().app.inject({ method: 'DELETE', url: `${PHOTOS}/${id}`, headers: who.headers });
  const deleteAll = (who: TestCustomer) => server().app.inject({ method: 'DELETE', url: `${PHOTOS}/all`, headers: who.headers });

  describe('DELETE /photos', () => {
    it('deletes the caller’s own ids; another customer’s and unknown ids come back failed, duplicates once', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      const [m1, m2, m3] = await storePhotos(server(), me.id, [{}, {}, { dateTaken: { local: '2022-06-01T12:00:00' } }]);
      const [s1] = await storePhotos(server(), stranger.id, [{}]);
      const strangersUrl = (await list(stranger))[0]!.thumbnails[0]!.url;
      const deletedUrl = (await list(me)).find((p) => p.imageId === m1!.photoId)!.untouchedUrl;

      const response = await deleteMany(me, { photoIds: [m1!.photoId, m2!.photoId, s1!.photoId, 'no-such-photo', m1!.photoId] });
      expect(response.statusCode).toBe(200);
      expect(failedListSchema.parse(response.json())).toEqual({ failed: [s1!.photoId, 'no-such-photo'] });

      expect(await ids(me)).toEqual([m3!.photoId]);
      expect(await counts(me)).toEqual({ '2022': { '6': 1 } });
      expect(await ids(stranger)).toEqual([s1!.photoId]);

      // Deleting the same ids again: they are gone, so they fail now.
      const again = await deleteMany(me, { photoIds: [m1!.photoId] });
      expect(failedListSchema.parse(again.json())).toEqual({ failed: [m1!.photoId] });

      await sweepDeletedBlobs(server());
      expect(blobFilesOf(server(), me.id, m1!.photoId)).toEqual([]);
      expect(blobFilesOf(server(), me.id, m2!.photoId)).toEqual([]);
      expect(blobFilesOf(server(), me.id, m3!.photoId)).toEqual(PHOTO_FILES);
      expect(blobFilesOf(server(), stranger.id, s1!.photoId)).toEqual(PHOTO_FILES);
      expect(await server().db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
      // The deleted photo's links stop working; the other customer's still work.
      expect((await server().app.inject({ url: relative(deletedUrl) })).statusCode).toBe(404);
      expect((await server().app.inject({ url: relative(strangersUrl) })).statusCode).toBe(200);
    });

    it('400 with issues for an empty list, more than 500 ids, a missing body or bad ids, and deletes nothing', async () => {
      const me = await newCustomer(server());
      const [row] = await insertPhotoRows(server(), me.id, [{}]);
      const tooMany = Array.from({ length: DELETE_BATCH_SIZE + 1 }, (_, i) => (i === 0 ? row!.id : randomUUID()));
      for (const payload of [{ photoIds: [] }, { photoIds: tooMany }, {}, { photoIds: row!.id }, { photoIds: [row!.id, 42] }, { photoIds: [row!.id, ''] }, { photoIds: ['x'.repeat(65)] }]) {
        const response = await deleteMany(me, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        const error = apiErrorSchema.parse(response.json());
        expect(error).toMatchObject({ status: 400, error: 'bad_request' });
        expect(error.issues?.[0]?.path).toMatch(/^photoIds/);
      }
      const noBody = await server().app.inject({ method: 'DELETE', url: PHOTOS, headers: me.headers });
      expect(noBody.statusCode).toBe(400);
      expect(apiErrorSchema.parse(noBody.json()).status).toBe(400);
      expect(await ids(me)).toEqual([row!.id]);
    });

    it('takes exactly 500 ids at once', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [{}, { dateTaken: '2020-01-01T00:00:00' }]);
      const unknown = Array.from({ length: DELETE_BATCH_SIZE - 2 }, () => randomUUID());
      const response = await deleteMany(me, { photoIds: [...rows.map((r) => r.id), ...unknown] });
      expect(response.statusCode).toBe(200);
      expect(failedListSchema.parse(response.json()).failed).toEqual(unknown);
      expect(await ids(me)).toEqual([]);
    });
  });

  describe('DELETE /photos/:id', () => {
    it('204 for the caller’s photo, then 404; 404 for another customer’s photo, which stays', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      const [mine] = await storePhotos(server(), me.id, [{}]);
      const [theirs] = await insertPhotoRows(server(), stranger.id, [{ dateTaken: '2021-01-01T00:00:00' }]);

      const first = await deleteOne(me, mine!.photoId);
      expect(first.statusCode).toBe(204);
      expect(first.body).toBe('');
      for (const id of [mine!.photoId, theirs!.id, 'no-such-photo']) {
        const response = await deleteOne(me, id);
        expect(response.statusCode, id).toBe(404);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
      }
      expect(await ids(me)).toEqual([]);
      expect(await ids(stranger)).toEqual([theirs!.id]);
      expect(await counts(stranger)).toEqual({ '2021': { '1': 1 } });
      await sweepDeletedBlobs(server());
      expect(blobFilesOf(server(), me.id)).toEqual([]);
    });

    it('400 for an id over 64 characters', async () => {
      const me = await newCustomer(server());
      const response = await deleteOne(me, 'x'.repeat(65));
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual(['id']);
    });
  });

  describe('DELETE /photos/all', () => {
    it('deletes every photo of the caller and nobody else’s; their files go with the sweeper', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      await storePhotos(server(), me.id, [{}, { dateTaken: { local: '2023-03-03T03:03:03' } }]);
      await insertPhotoRows(server(), me.id, [{ dateTaken: '2019-01-01T00:00:00' }]);
      const [theirs] = await storePhotos(server(), stranger.id, [{}]);
      expect(blobFilesOf(server(), me.id)).toHaveLength(2 * PHOTO_FILES.length);

      const response = await deleteAll(me);
      expect(response.statusCode).toBe(204);
      expect(await list(me)).toEqual([]);
      expect(await counts(me)).toEqual({});
      expect(await ids(stranger)).toEqual([theirs!.photoId]);
      expect(await counts(stranger)).toEqual({ '1970': { '1': 1 } });

      await sweepDeletedBlobs(server());
      expect(blobFilesOf(server(), me.id)).toEqual([]);
      expect(blobFilesOf(server(), stranger.id, theirs!.photoId)).toEqual(PHOTO_FILES);

      // An empty library: still 204, and a fresh upload after it counts from zero.
      expect((await deleteAll(me)).statusCode).toBe(204);
      await storePhotos(server(), me.id, [{ dateTaken: { local: '2023-03-04T00:00:00' } }]);
      expect(await counts(me)).toEqual({ '2023': { '3': 1 } });
    });
  });

  describe('two deletes of one photo at the same moment', () => {
    if (kind.name === 'sqlite') {
      // SQLite runs one write transaction at a time, so the deletes cannot interleave.
      it('count the photo once', async () => {
        const me = await newCustomer(server());
        const [victim] = await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T00:00:00' }, { dateTaken: '2022-06-02T00:00:00' }]);
        const statuses = (await Promise.all([deleteOne(me, victim!.id), deleteOne(me, victim!.id)])).map((r) => r.statusCode).sort();
        expect(statuses).toEqual([204, 404]);
        expect(await counts(me)).toEqual({ '2022': { '6': 1 } });
      });
    } else {
      it('count the photo once', async () => {
        const me = await newCustomer(server());
        const [victim] = await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T00:00:00' }, { dateTaken: '2022-06-02T00:00:00' }]);
        // Hold the row from a connection of our own, so both deletes read it and then queue on its
        // lock: the interleaving is certain.
        const [holder, watcher] = [new pg.Client({ connectionString: server().database.url }), new pg.Client({ connectionString: server().database.url })];
        await holder.connect();
        await watcher.connect(); // pg_stat_activity is a snapshot inside a transaction: watch from outside it
        let requests: Promise<LightMyRequestResponse[]>;
        try {
          await holder.query('begin');
          await holder.query('select id from photos where id = $1 for update', [victim!.id]);
          requests = Promise.all([deleteOne(me, victim!.id), deleteOne(me, victim!.id)]);
          for (let waited = 0; ; waited += 20) {
            const { rows } = await watcher.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            );
            if (Number(rows[0]!.n) >= 2) break;
            if (waited > 5000) throw new Error('The deletes never queued on the row lock');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await holder.query('commit');
        } finally {
          await Promise.all([holder.end(), watcher.end()]);
        }
        const statuses = (await requests).map((r) => r.statusCode).sort();
        expect(await counts(me)).toEqual({ '2022': { '6': 1 } });
        expect(statuses).toEqual([204, 404]);
      });
    }
  });
});
