import { randomUUID } from 'node:crypto';
import {
  ALBUM_GRID_SECTION_SIZE,
  ALBUM_PHOTOS_BATCH_SIZE,
  PHOTOS_PAGE_SIZE,
  apiErrorSchema,
  createdAlbumSchema,
  failedListSchema,
  ownAlbumSchema,
  photoPageSchema,
  type PhotoPage,
  type SortKey,
  type SortOrder,
} from '@shoebox/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { PhotosTable } from '../../platform/db/schema.js';
import { ALBUMS, albumSnapshot, call, getOk, insertAlbum, libraryIds, nextMillisecond, PHOTOS } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

describe.each(databases)('album photos on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function newAlbum(who: TestCustomer, name = 'Album') {
    const response = await call(server(), who, 'POST', ALBUMS, { name });
    expect(response.statusCode).toBe(201);
    return createdAlbumSchema.parse(response.json()).albumId;
  }
  const photosOf = (albumId: string) => `${ALBUMS}/${albumId}/photos`;
  const add = (who: TestCustomer, albumId: string, payload: unknown) => call(server(), who, 'POST', photosOf(albumId), payload);
  async function addOk(who: TestCustomer, albumId: string, photoIds: string[]) {
    const response = await add(who, albumId, { photoIds });
    expect(response.statusCode, response.body).toBe(200);
    return failedListSchema.parse(response.json());
  }
  const remove = (who: TestCustomer, albumId: string, payload: unknown) => call(server(), who, 'DELETE', photosOf(albumId), payload);
  const album = (who: TestCustomer, albumId: string) => getOk(server(), who, `${ALBUMS}/${albumId}`, ownAlbumSchema);
  const page = (who: TestCustomer, albumId: string, query = '') => getOk(server(), who, `${photosOf(albumId)}${query}`, photoPageSchema);
  /** The album's photo ids in the default order (one page of up to 500). */
  const idsIn = async (who: TestCustomer, albumId: string) => {
    const p = await page(who, albumId, `?limit=${PHOTOS_PAGE_SIZE}`);
    expect(p.cursor).toBeNull();
    return p.images.map((i) => i.imageId);
  };
  const sorted = (ids: string[]) => [...ids].sort();

  /** Follows the cursor from the first page to the end; answers every page. */
  async function allPages(who: TestCustomer, albumId: string, query: Record<string, string>): Promise<PhotoPage[]> {
    const pages: PhotoPage[] = [];
    let cursor: string | null = null;
    do {
      const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const p = await page(who, albumId, `?${params}`);
      pages.push(p);
      cursor = p.cursor;
      if (pages.length > 50) throw new Error('The cursor never ends');
    } while (cursor);
    return pages;
  }

  describe('POST /albums/:id/photos', () => {
    it('adds the caller’s photos once however often they are sent; the count, cover and updated time follow', async () => {
      const me = await newCustomer(server());
      const [p1, p2, p3] = await insertPhotoRows(server(), me.id, [{}, { dateTaken: '2020-02-02T02:02:02' }, {}]);
      const albumId = await newAlbum(me);
      const created = await album(me, albumId);
      await nextMillisecond();

      expect(await addOk(me, albumId, [p1!.id, p2!.id, p1!.id])).toEqual({ failed: [] });
      const afterFirst = await album(me, albumId);
      expect(afterFirst.photosCount).toBe(2);
      expect(afterFirst.updated > created.updated).toBe(true);
      expect(sorted(await idsIn(me, albumId))).toEqual(sorted([p1!.id, p2!.id]));

      // Sending them again, with one new photo: the old ones stay once, the new one joins.
      await nextMillisecond();
      expect(await addOk(me, albumId, [p2!.id, p3!.id, p1!.id])).toEqual({ failed: [] });
      const afterSecond = await album(me, albumId);
      expect(afterSecond.photosCount).toBe(3);
      expect(sorted(await idsIn(me, albumId))).toEqual(sorted([p1!.id, p2!.id, p3!.id]));
      const snapshot = await albumSnapshot(server(), albumId);
      expect(snapshot.photos).toHaveLength(3);
      expect(new Set(snapshot.photos.map((p) => p.photo_owner_id))).toEqual(new Set([me.id]));
      // Re-adding keeps a photo's first added time, so it does not jump to the front.
      const addedAt = new Map(snapshot.photos.map((p) => [p.photo_id, p.added_at]));
      expect(addedAt.get(p1!.id)).toBe(addedAt.get(p2!.id));
      expect(addedAt.get(p3!.id)! > addedAt.get(p1!.id)!).toBe(true);
      // The cover is the most recently added photo.
      expect(afterSecond.coverPhoto?.imageId).toBe(p3!.id);

      // Everything already there: still nothing failed, nothing doubled.
      expect(await addOk(me, albumId, [p1!.id, p2!.id, p3!.id])).toEqual({ failed: [] });
      expect((await album(me, albumId)).photosCount).toBe(3);
      expect((await albumSnapshot(server(), albumId)).photos).toEqual(snapshot.photos);
    });

    it('answers another customer’s and unknown photo ids as failed (each once) and adds only the caller’s', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      const [mine] = await insertPhotoRows(server(), me.id, [{}]);
      const [theirs] = await insertPhotoRows(server(), stranger.id, [{}]);
      const albumId = await newAlbum(me);

      expect(await addOk(me, albumId, [theirs!.id, mine!.id, 'no-such-photo', theirs!.id])).toEqual({ failed: [theirs!.id, 'no-such-photo'] });
      expect(await idsIn(me, albumId)).toEqual([mine!.id]);
      expect((await albumSnapshot(server(), albumId)).photos.map((p) => p.photo_id)).toEqual([mine!.id]);

      // Only foreign ids: every one fails, the album and its updated time stay as they were.
      const before = await albumSnapshot(server(), albumId);
      await nextMillisecond();
      expect(await addOk(me, albumId, [theirs!.id])).toEqual({ failed: [theirs!.id] });
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      // The stranger's photo is still only in the stranger's library.
      expect(await libraryIds(server(), stranger)).toEqual([theirs!.id]);
      expect(await libraryIds(server(), me)).toEqual([mine!.id]);
    });

    it(`takes exactly ${ALBUM_PHOTOS_BATCH_SIZE} ids at once`, async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [{}, {}, {}]);
      const albumId = await newAlbum(me);
      const unknown = Array.from({ length: ALBUM_PHOTOS_BATCH_SIZE - rows.length }, () => randomUUID());
      expect(await addOk(me, albumId, [...rows.map((r) => r.id), ...unknown])).toEqual({ failed: unknown });
      expect(sorted(await idsIn(me, albumId))).toEqual(sorted(rows.map((r) => r.id)));
    });

    it(`400 naming photoIds for an empty list, more than ${ALBUM_PHOTOS_BATCH_SIZE} ids, a missing body or bad ids; nothing is added`, async () => {
      const me = await newCustomer(server());
      const [row, other] = await insertPhotoRows(server(), me.id, [{}, {}]);
      const albumId = await newAlbum(me);
      await addOk(me, albumId, [other!.id]);
      const before = await albumSnapshot(server(), albumId);
      const tooMany = [row!.id, ...Array.from({ length: ALBUM_PHOTOS_BATCH_SIZE }, () => randomUUID())];
      for (const payload of [{ photoIds: [] }, { photoIds: tooMany }, {}, { photoIds: row!.id }, { photoIds: [row!.id, 42] }, { photoIds: [row!.id, ''] }, { photoIds: ['x'.repeat(65)] }]) {
        const response = await add(me, albumId, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        const error = apiErrorSchema.parse(response.json());
        expect(error).toMatchObject({ status: 400, error: 'bad_request' });
        expect(error.issues?.[0]?.path).toMatch(/^photoIds/);
      }
      expect((await add(me, albumId, undefined)).statusCode).toBe(400);
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect(await idsIn(me, albumId)).toEqual([other!.id]);
    });

    it('404 for another customer’s album or an unknown album; the album and the caller’s photos stay apart', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const [mine] = await insertPhotoRows(server(), me.id, [{}]);
      const [theirs] = await insertPhotoRows(server(), owner.id, [{}]);
      const albumId = await newAlbum(owner, 'Owner’s');
      await addOk(owner, albumId, [theirs!.id]);
      const before = await albumSnapshot(server(), albumId);
      for (const id of [albumId, 'no-such-album']) {
        for (const photoIds of [[mine!.id], [theirs!.id]]) {
          const response = await add(me, id, { photoIds });
          expect(response.statusCode).toBe(404);
          expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
        }
      }
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect(await idsIn(owner, albumId)).toEqual([theirs!.id]);
    });
  });

  describe('GET /albums/:id/photos', () => {
    /**
     * Six photos added in three batches, in an order unlike both their upload and their taken order:
     * 'created' in an album means when a photo was added to it.
     */
    async function sortingAlbum() {
      const me = await newCustomer(server());
      const [a, b, c, d, e, f] = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2020-03-01T10:00:00', uploadedAt: '2024-01-01T00:00:00.000Z' },
        { dateTaken: '2021-07-07T07:07:07', uploadedAt: '2024-01-02T00:00:00.000Z' },
        { dateTaken: '2021-07-07T07:07:07', uploadedAt: '2024-01-03T00:00:00.000Z' },
        { uploadedAt: '2024-01-04T00:00:00.000Z' },
        { dateTaken: '2019-01-01T00:00:00', uploadedAt: '2024-01-06T00:00:00.000Z' },
        { dateTaken: '2022-12-31T23:59:59', uploadedAt: '2024-01-05T00:00:00.000Z' },
      ]);
      const albumId = await newAlbum(me);
      const batches = [[e], [a, f], [b, c, d]] as PhotosTable[][];
      for (const batch of batches) {
        await addOk(me, albumId, batch.map((r) => r.id));
        await nextMillisecond();
      }
      const rows = [a, b, c, d, e, f] as PhotosTable[];
      /**
       * The order the API promises: by date added, the additions in the asked direction and each one's photos in
       * the order they were chosen; by date taken, ties by id, in the asked direction.
       */
      const expected = (sortKey: SortKey, sortOrder: SortOrder) => {
        if (sortKey === 'created') return (sortOrder === 'asc' ? batches : [...batches].reverse()).flat().map((r) => r.id);
        const ordered = [...rows].sort((x, y) => (x.date_taken !== y.date_taken ? (x.date_taken < y.date_taken ? -1 : 1) : x.id < y.id ? -1 : 1));
        return (sortOrder === 'asc' ? ordered : ordered.reverse()).map((r) => r.id);
      };
      return { me, albumId, a: a!, b: b!, c: c!, d: d!, e: e!, f: f!, expected };
    }

    it('sorts by when a photo was added (default, newest first; photos added together as chosen) or by date taken, either way, ties by id', async () => {
      const { me, albumId, a, b, c, d, e, f, expected } = await sortingAlbum();
      const [bc1, bc2] = sorted([b.id, c.id]);

      expect(expected('created', 'asc')).toEqual([e.id, a.id, f.id, b.id, c.id, d.id]);
      expect(expected('created', 'desc')).toEqual([b.id, c.id, d.id, a.id, f.id, e.id]);
      expect(expected('dateTaken', 'asc')).toEqual([d.id, e.id, a.id, bc1, bc2, f.id]);

      const defaults = await page(me, albumId);
      expect(defaults.images.map((i) => i.imageId)).toEqual(expected('created', 'desc'));
      expect(defaults.cursor).toBeNull();
      for (const sortKey of ['created', 'dateTaken'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const p = await page(me, albumId, `?sortKey=${sortKey}&sortOrder=${sortOrder}`);
          expect(p.images.map((i) => i.imageId), `${sortKey} ${sortOrder}`).toEqual(expected(sortKey, sortOrder));
        }
      }
      // Own-album photos are plain photos: no ownerId, unknown dates have no dateTaken.
      const byId = new Map(defaults.images.map((i) => [i.imageId, i]));
      expect(defaults.images.every((i) => !('ownerId' in i))).toBe(true);
      expect(byId.get(d.id)?.dateTaken).toBeUndefined();
      expect(byId.get(f.id)).toMatchObject({ dateTaken: '2022-12-31T23:59:59', uploadEnd: '2024-01-05T00:00:00.000Z', localFileName: 'IMG_6.jpg' });
    });

    it('pages with limit and cursor through every photo once, in every sort', async () => {
      const { me, albumId, expected } = await sortingAlbum();
      for (const sortKey of ['created', 'dateTaken'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const [limit, sizes] of [
            [1, [1, 1, 1, 1, 1, 1, 0]],
            [4, [4, 2]],
            [3, [3, 3, 0]],
          ] as const) {
            const pages = await allPages(me, albumId, { sortKey, sortOrder, limit: String(limit) });
            const label = `${sortKey} ${sortOrder} limit ${limit}`;
            expect(pages.map((p) => p.images.length), label).toEqual(sizes);
            expect(pages.flatMap((p) => p.images.map((i) => i.imageId)), label).toEqual(expected(sortKey, sortOrder));
            expect(pages.at(-1)?.cursor).toBeNull();
          }
        }
      }
    });

    it('keeps the photos added in one go in the order they were chosen under Date added, newest or oldest first and across pages', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2021-01-01T00:00:00' },
        { dateTaken: '2019-01-01T00:00:00' },
        { dateTaken: '2023-01-01T00:00:00' },
        { dateTaken: '2020-01-01T00:00:00' },
        { dateTaken: '2022-01-01T00:00:00' },
        {},
      ]);
      // Chosen in an order that is neither their ids' nor their dates', either way round.
      const byId = rows.map((r) => r.id).sort();
      const first = [byId[3]!, byId[5]!, byId[0]!];
      const second = [byId[2]!, byId[4]!, byId[1]!];
      const albumId = await newAlbum(me);
      await addOk(me, albumId, first);
      await nextMillisecond();
      await addOk(me, albumId, second);

      const newestFirst = [...second, ...first];
      const oldestFirst = [...first, ...second];
      expect(await idsIn(me, albumId)).toEqual(newestFirst);
      for (const [sortOrder, expected] of [['desc', newestFirst], ['asc', oldestFirst]] as const) {
        for (const limit of [1, 2, 4]) {
          const pages = await allPages(me, albumId, { sortKey: 'created', sortOrder, limit: String(limit) });
          expect(pages.flatMap((p) => p.images.map((i) => i.imageId)), `${sortOrder} limit ${limit}`).toEqual(expected);
        }
      }
      // The cover is the album's first photo: the first chosen of the latest addition.
      expect((await album(me, albumId)).coverPhoto?.imageId).toBe(second[0]);
    });

    it('keeps the chosen order when one addition lands in the same millisecond as the one before', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [{}, {}, {}, {}]);
      const byId = rows.map((r) => r.id).sort();
      const albumId = await newAlbum(me);
      const addedAt = '2025-05-05T05:05:05.000Z';
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(addedAt) });
      try {
        await addOk(me, albumId, [byId[2]!, byId[0]!]);
        await addOk(me, albumId, [byId[3]!, byId[1]!]);
      } finally {
        vi.useRealTimers();
      }
      expect((await albumSnapshot(server(), albumId)).photos.every((p) => p.added_at === addedAt)).toBe(true);
      const asc = await allPages(me, albumId, { sortKey: 'created', sortOrder: 'asc', limit: '3' });
      expect(asc.flatMap((p) => p.images.map((i) => i.imageId))).toEqual([byId[2], byId[0], byId[3], byId[1]]);
    });

    it(`answers ${ALBUM_GRID_SECTION_SIZE} photos by default and up to ${PHOTOS_PAGE_SIZE} when asked`, async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, Array.from({ length: ALBUM_GRID_SECTION_SIZE + 1 }, () => ({})));
      const albumId = await newAlbum(me);
      await addOk(me, albumId, rows.map((r) => r.id));
      const first = await page(me, albumId);
      expect(first.images).toHaveLength(ALBUM_GRID_SECTION_SIZE);
      expect(first.cursor).toEqual(expect.any(String));
      const rest = await page(me, albumId, `?cursor=${encodeURIComponent(first.cursor!)}`);
      expect(rest.images).toHaveLength(1);
      expect(rest.cursor).toBeNull();
      expect(sorted([...first.images, ...rest.images].map((i) => i.imageId))).toEqual(sorted(rows.map((r) => r.id)));
      expect((await page(me, albumId, `?limit=${PHOTOS_PAGE_SIZE}`)).images).toHaveLength(ALBUM_GRID_SECTION_SIZE + 1);
    });

    it('400 naming the field for a bad limit, sort key, sort order or cursor', async () => {
      const me = await newCustomer(server());
      const albumId = await newAlbum(me);
      for (const [query, field] of [
        ['limit=0', 'limit'],
        [`limit=${PHOTOS_PAGE_SIZE + 1}`, 'limit'],
        ['limit=2.5', 'limit'],
        ['sortKey=name', 'sortKey'],
        ['sortOrder=up', 'sortOrder'],
        ['cursor=nope', 'cursor'],
      ] as const) {
        const response = await call(server(), me, 'GET', `${photosOf(albumId)}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), query).toEqual([field]);
      }
    });

    it('404 for another customer’s album or an unknown album', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const [theirs] = await insertPhotoRows(server(), owner.id, [{}]);
      const albumId = await insertAlbum(server(), { ownerId: owner.id, photos: [{ photoId: theirs!.id, ownerId: owner.id }] });
      for (const id of [albumId, 'no-such-album']) {
        const response = await call(server(), me, 'GET', photosOf(id));
        expect(response.statusCode).toBe(404);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
        expect(response.body).not.toContain(theirs!.id);
      }
    });
  });

  describe('DELETE /albums/:id/photos', () => {
    it('takes the photos out of the album only: they stay in the library and in other albums', async () => {
      const me = await newCustomer(server());
      const [p1, p2, p3] = await insertPhotoRows(server(), me.id, [{}, {}, {}]);
      const albumId = await newAlbum(me);
      const other = await newAlbum(me, 'Other');
      await addOk(me, albumId, [p1!.id, p2!.id]);
      await nextMillisecond();
      await addOk(me, albumId, [p3!.id]);
      await addOk(me, other, [p3!.id]);
      expect((await album(me, albumId)).coverPhoto?.imageId).toBe(p3!.id);
      const before = await album(me, albumId);
      await nextMillisecond();

      // p3 (the cover) and an id the album never held.
      const response = await remove(me, albumId, { photoIds: [p3!.id, 'not-in-album', p3!.id] });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const after = await album(me, albumId);
      expect(after.photosCount).toBe(2);
      expect([p1!.id, p2!.id]).toContain(after.coverPhoto?.imageId);
      expect(after.updated > before.updated).toBe(true);
      expect(sorted(await idsIn(me, albumId))).toEqual(sorted([p1!.id, p2!.id]));
      expect(await idsIn(me, other)).toEqual([p3!.id]);
      expect(await libraryIds(server(), me)).toEqual(sorted([p1!.id, p2!.id, p3!.id]));

      // Emptied: the album stays, with no cover.
      expect((await remove(me, albumId, { photoIds: [p1!.id, p2!.id] })).statusCode).toBe(204);
      expect(await album(me, albumId)).toMatchObject({ photosCount: 0, coverPhoto: null, albumName: 'Album' });
      expect(await libraryIds(server(), me)).toEqual(sorted([p1!.id, p2!.id, p3!.id]));
      // Removing what is already gone is fine.
      expect((await remove(me, albumId, { photoIds: [p1!.id] })).statusCode).toBe(204);
    });

    it(`400 naming photoIds for an empty list, more than ${ALBUM_PHOTOS_BATCH_SIZE} ids, a missing body or bad ids; nothing is removed`, async () => {
      const me = await newCustomer(server());
      const [row] = await insertPhotoRows(server(), me.id, [{}]);
      const albumId = await newAlbum(me);
      await addOk(me, albumId, [row!.id]);
      const before = await albumSnapshot(server(), albumId);
      const tooMany = [row!.id, ...Array.from({ length: ALBUM_PHOTOS_BATCH_SIZE }, () => randomUUID())];
      for (const payload of [{ photoIds: [] }, { photoIds: tooMany }, {}, { photoIds: row!.id }, { photoIds: [row!.id, ''] }]) {
        const response = await remove(me, albumId, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(apiErrorSchema.parse(response.json()).issues?.[0]?.path).toMatch(/^photoIds/);
      }
      expect((await remove(me, albumId, undefined)).statusCode).toBe(400);
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect(await idsIn(me, albumId)).toEqual([row!.id]);
    });

    it('404 for another customer’s album or an unknown album; nothing is removed', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const [theirs] = await insertPhotoRows(server(), owner.id, [{}]);
      const albumId = await newAlbum(owner);
      await addOk(owner, albumId, [theirs!.id]);
      const before = await albumSnapshot(server(), albumId);
      for (const id of [albumId, 'no-such-album']) {
        const response = await remove(me, id, { photoIds: [theirs!.id] });
        expect(response.statusCode).toBe(404);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
      }
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect(await idsIn(owner, albumId)).toEqual([theirs!.id]);
    });
  });

  describe('deleting photos from the library', () => {
    it('takes them out of every album: the count, cover and list follow; the albums stay', async () => {
      const me = await newCustomer(server());
      const [s1, s2] = await storePhotos(server(), me.id, [{}, {}]);
      const [r1, r2] = await insertPhotoRows(server(), me.id, [{}, {}]);
      const [first, second] = [await newAlbum(me, 'First'), await newAlbum(me, 'Second')];
      await addOk(me, first, [s1!.photoId, r1!.id, r2!.id]);
      await nextMillisecond();
      await addOk(me, first, [s2!.photoId]);
      await addOk(me, second, [s2!.photoId, r1!.id]);
      expect(await album(me, first)).toMatchObject({ photosCount: 4, coverPhoto: expect.objectContaining({ imageId: s2!.photoId }) });

      // One photo (the cover) by id.
      expect((await call(server(), me, 'DELETE', `${PHOTOS}/${s2!.photoId}`)).statusCode).toBe(204);
      const afterOne = await album(me, first);
      expect(afterOne.photosCount).toBe(3);
      expect([s1!.photoId, r1!.id, r2!.id]).toContain(afterOne.coverPhoto?.imageId);
      expect(sorted(await idsIn(me, first))).toEqual(sorted([s1!.photoId, r1!.id, r2!.id]));
      expect(await album(me, second)).toMatchObject({ photosCount: 1, coverPhoto: expect.objectContaining({ imageId: r1!.id }) });

      // A batch.
      const batch = await call(server(), me, 'DELETE', PHOTOS, { photoIds: [r1!.id, r2!.id] });
      expect(failedListSchema.parse(batch.json())).toEqual({ failed: [] });
      expect(await idsIn(me, first)).toEqual([s1!.photoId]);
      expect(await album(me, second)).toMatchObject({ photosCount: 0, coverPhoto: null });

      // Everything.
      expect((await call(server(), me, 'DELETE', `${PHOTOS}/all`)).statusCode).toBe(204);
      expect(await album(me, first)).toMatchObject({ albumName: 'First', photosCount: 0, coverPhoto: null });
      expect(await idsIn(me, first)).toEqual([]);
      expect((await albumSnapshot(server(), first)).photos).toEqual([]);
    });
  });
});
