import {
  accountPhotoInfoSchema,
  apiErrorSchema,
  photoPageSchema,
  timelineCountsSchema,
  type PhotoPage,
  type SortKey,
  type SortOrder,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer, PHOTOS_API, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { bearer, signIn } from '../../test/sign-in.js';
import type { PhotosTable } from '../../platform/db/schema.js';

const TIMELINE = `${PHOTOS_API}/users/timeline`;
const USERS = `${PHOTOS_API}/users`;
const PHOTOS = `${PHOTOS_API}/photos`;
const month = (year: number | string, m: number | string) => `${PHOTOS_API}/photos/timeline/${year}/${m}`;

/** The order the API promises: by the sort value, ties by id, in the asked direction. */
function expectedOrder(rows: PhotosTable[], sortKey: SortKey, sortOrder: SortOrder): string[] {
  const value = (r: PhotosTable) => (sortKey === 'created' ? r.uploaded_at : r.date_taken);
  const compare = (a: PhotosTable, b: PhotosTable) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sorted = [...rows].sort(compare);
  return (sortOrder === 'asc' ? sorted : sorted.reverse()).map((r) => r.id);
}

describe.each(databases)('photo timeline and listing on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function get<T>(url: string, who: TestCustomer, schema: { parse(v: unknown): T }): Promise<T> {
    const response = await server().app.inject({ url, headers: who.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return schema.parse(response.json());
  }
  const counts = (who: TestCustomer, sortKey?: SortKey) => get(sortKey ? `${TIMELINE}?sortKey=${sortKey}` : TIMELINE, who, timelineCountsSchema);
  const info = (who: TestCustomer) => get(USERS, who, accountPhotoInfoSchema);

  /** Follows the cursor from the first page to the end; answers every page. */
  async function allPages(url: string, who: TestCustomer, query: Record<string, string>): Promise<PhotoPage[]> {
    const pages: PhotoPage[] = [];
    let cursor: string | null = null;
    do {
      const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const page: PhotoPage = await get(`${url}?${params}`, who, photoPageSchema);
      pages.push(page);
      cursor = page.cursor;
      if (pages.length > 50) throw new Error('The cursor never ends');
    } while (cursor);
    return pages;
  }

  describe('GET /users/timeline', () => {
    it('counts photos per year and month for both sort keys, unknown dates under 1970/1', async () => {
      const me = await newCustomer(server());
      expect(await counts(me)).toEqual({});
      await insertPhotoRows(server(), me.id, [
        { dateTaken: '2023-03-05T10:00:00', offset: '+01:00', uploadedAt: '2024-02-10T12:00:00.000Z' },
        { dateTaken: '2023-03-31T23:59:59', uploadedAt: '2024-02-29T23:59:59.999Z' },
        { dateTaken: '2023-11-02T08:00:00', uploadedAt: '2024-03-01T00:00:00.000Z' },
        { dateTaken: '2024-01-01T00:00:00', uploadedAt: '2024-03-15T09:00:00.000Z' },
        { uploadedAt: '2024-03-15T09:00:01.000Z' },
        { uploadedAt: '2025-12-31T23:00:00.000Z' },
      ]);
      const byDate = { '2023': { '3': 2, '11': 1 }, '2024': { '1': 1 }, '1970': { '1': 2 } };
      expect(await counts(me)).toEqual(byDate); // dateTaken is the default
      expect(await counts(me, 'dateTaken')).toEqual(byDate);
      expect(await counts(me, 'created')).toEqual({ '2024': { '2': 2, '3': 3 }, '2025': { '12': 1 } });
      expect(await info(me)).toEqual({ albumsCount: 0, photosCount: 6, readAlbumsCount: 0 });
    });

    it('changes with every insert and delete, down to empty after delete-all', async () => {
      const me = await newCustomer(server());
      const [a, b] = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2022-06-01T12:00:00', uploadedAt: '2024-05-01T10:00:00.000Z' },
        { dateTaken: '2022-06-02T12:00:00', uploadedAt: '2024-05-02T10:00:00.000Z' },
      ]);
      expect(await counts(me)).toEqual({ '2022': { '6': 2 } });

      // A real upload without a date lands under 1970/1 and in this month's 'created' count.
      const [stored] = await storePhotos(server(), me.id, [{}]);
      const now = new Date();
      const thisMonth = { [String(now.getUTCFullYear())]: { [String(now.getUTCMonth() + 1)]: 1 } };
      expect(await counts(me)).toEqual({ '2022': { '6': 2 }, '1970': { '1': 1 } });
      expect(await counts(me, 'created')).toMatchObject(thisMonth);
      expect((await info(me)).photosCount).toBe(3);

      const del = (url: string, payload?: object) => server().app.inject({ method: 'DELETE', url, headers: me.headers, ...(payload ? { payload } : {}) });
      expect((await del(`${PHOTOS}/${a!.id}`)).statusCode).toBe(204);
      expect(await counts(me)).toEqual({ '2022': { '6': 1 }, '1970': { '1': 1 } });
      expect((await del(PHOTOS, { photoIds: [b!.id] })).statusCode).toBe(200);
      expect(await counts(me)).toEqual({ '1970': { '1': 1 } }); // an emptied month is gone, not 0
      expect(await counts(me, 'created')).toEqual(thisMonth);

      await insertPhotoRows(server(), me.id, [{ dateTaken: '2019-09-09T09:09:09' }]);
      expect((await del(`${PHOTOS}/all`)).statusCode).toBe(204);
      expect(await counts(me)).toEqual({});
      expect(await counts(me, 'created')).toEqual({});
      expect(await info(me)).toEqual({ albumsCount: 0, photosCount: 0, readAlbumsCount: 0 });
      expect(stored!.duplicate).toBe(false);
    });

    it('400 with issues for an unknown sort key', async () => {
      const me = await newCustomer(server());
      const response = await server().app.inject({ url: `${TIMELINE}?sortKey=name`, headers: me.headers });
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual(['sortKey']);
    });
  });

  describe('GET /photos/timeline/:year/:month', () => {
    /** Seven photos in May 2022 (three taken at the same second), neighbours in April and June. */
    async function mayLibrary() {
      const me = await newCustomer(server());
      const may = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2022-05-01T10:00:00', uploadedAt: '2024-07-03T10:00:00.000Z' },
        { dateTaken: '2022-05-03T09:00:00', uploadedAt: '2024-07-01T10:00:00.000Z' },
        { dateTaken: '2022-05-03T09:00:00', uploadedAt: '2024-07-01T10:00:00.000Z' },
        { dateTaken: '2022-05-03T09:00:00', uploadedAt: '2024-07-01T10:00:00.000Z' },
        { dateTaken: '2022-05-17T12:00:00', uploadedAt: '2024-07-31T23:59:59.000Z' },
        { dateTaken: '2022-05-31T23:59:59', offset: '-05:00', uploadedAt: '2024-07-20T10:00:00.000Z' },
        { dateTaken: '2022-05-20T00:00:00', uploadedAt: '2024-07-02T10:00:00.000Z' },
      ]);
      const others = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2022-04-30T23:59:59', uploadedAt: '2024-08-01T00:00:00.000Z' },
        { dateTaken: '2022-06-01T00:00:00', uploadedAt: '2024-06-30T23:59:59.000Z' },
        { dateTaken: '2022-06-15T00:00:00', uploadedAt: '2024-08-05T00:00:00.000Z' },
      ]);
      return { me, may, others };
    }

    it('pages a month by cursor in both orders and sort keys, without duplicates or gaps', async () => {
      const { me, may, others } = await mayLibrary();
      const uploadedInJuly = [...may, ...others].filter((r) => r.upload_month === '2024-07');
      for (const sortKey of ['dateTaken', 'created'] as const) {
        const [url, rows] = sortKey === 'dateTaken' ? [month(2022, 5), may] : [month(2024, 7), uploadedInJuly];
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const limit of [3, 7, 24]) {
            const pages = await allPages(url, me, { limit: String(limit), sortKey, sortOrder });
            const ids = pages.flatMap((p) => p.images.map((i) => i.imageId));
            expect(ids, `${sortKey} ${sortOrder} limit ${limit}`).toEqual(expectedOrder(rows, sortKey, sortOrder));
            expect(new Set(ids).size).toBe(ids.length);
            for (const page of pages) expect(page.images.length).toBeLessThanOrEqual(limit);
            // Only full pages carry a cursor; the last page has none.
            expect(pages.at(-1)!.cursor).toBeNull();
            for (const page of pages.slice(0, -1)) expect(page.images).toHaveLength(limit);
          }
        }
      }
    });

    it('defaults to date taken, newest first, 24 a page; the page holds only that month', async () => {
      const { me, may } = await mayLibrary();
      const page = await get(month(2022, 5), me, photoPageSchema);
      expect(page.cursor).toBeNull();
      expect(page.images.map((i) => i.imageId)).toEqual(expectedOrder(may, 'dateTaken', 'desc'));
      expect(page.images[0]).toMatchObject({ dateTaken: '2022-05-31T23:59:59-05:00', localFileName: 'IMG_6.jpg' });
      // Leading zeros are fine.
      expect((await get(`${PHOTOS_API}/photos/timeline/2022/05`, me, photoPageSchema)).images).toHaveLength(7);
    });

    it('answers an empty page for a month without photos, and for another customer', async () => {
      const { me } = await mayLibrary();
      expect(await get(month(2022, 7), me, photoPageSchema)).toEqual({ cursor: null, images: [] });
      expect(await get(month(1970, 1), me, photoPageSchema)).toEqual({ cursor: null, images: [] });
      const stranger = await newCustomer(server());
      expect(await get(month(2022, 5), stranger, photoPageSchema)).toEqual({ cursor: null, images: [] });
    });

    it('serves the unknown-date photos under 1970/1, without a dateTaken', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [{}, {}, { dateTaken: '1970-01-02T00:00:00' }]);
      const page = await get(`${month(1970, 1)}?sortOrder=asc`, me, photoPageSchema);
      expect(page.images.map((i) => i.imageId)).toEqual([...expectedOrder(rows.slice(0, 2), 'dateTaken', 'asc'), rows[2]!.id]);
      expect(page.images.slice(0, 2).every((i) => i.dateTaken === undefined)).toBe(true);
      expect(page.images[2]!.dateTaken).toBe('1970-01-02T00:00:00');
    });

    it('400 with the issues for a bad year, month, limit, sort or cursor', async () => {
      const me = await newCustomer(server());
      const cases: [string, string][] = [
        [month('abc', 5), 'year'],
        [month(1969, 12), 'year'],
        [month(10000, 1), 'year'],
        [month(2022, 0), 'month'],
        [month(2022, 13), 'month'],
        [month(2022, '1.5'), 'month'],
        [`${month(2022, 5)}?limit=0`, 'limit'],
        [`${month(2022, 5)}?limit=501`, 'limit'],
        [`${month(2022, 5)}?limit=2.5`, 'limit'],
        [`${month(2022, 5)}?limit=ten`, 'limit'],
        [`${month(2022, 5)}?sortKey=name`, 'sortKey'],
        [`${month(2022, 5)}?sortOrder=up`, 'sortOrder'],
        [`${month(2022, 5)}?cursor=${'a'.repeat(513)}`, 'cursor'],
      ];
      for (const [url, field] of cases) {
        const response = await server().app.inject({ url, headers: me.headers });
        expect(response.statusCode, url).toBe(400);
        const error = apiErrorSchema.parse(response.json());
        expect(error, url).toMatchObject({ status: 400, error: 'bad_request' });
        expect(error.issues?.map((i) => i.path), url).toContain(field);
      }
      expect((await server().app.inject({ url: `${month(2022, 5)}?limit=500`, headers: me.headers })).statusCode).toBe(200);
    });

    it('400 for a cursor that is not one of ours', async () => {
      const me = await newCustomer(server());
      const forged = Buffer.from(JSON.stringify([1, 2])).toString('base64url');
      for (const cursor of ['garbage', forged, Buffer.from('{"a":1}').toString('base64url')]) {
        const response = await server().app.inject({ url: `${month(2022, 5)}?cursor=${cursor}`, headers: me.headers });
        expect(response.statusCode, cursor).toBe(400);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 400, error: 'bad_request', message: 'Invalid cursor' });
      }
    });
    it('names the cursor in the issues of a bad cursor', async () => {
      const me = await newCustomer(server());
      const response = await server().app.inject({ url: `${month(2022, 5)}?cursor=garbage`, headers: me.headers });
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual(['cursor']);
    });
  });

  describe('GET /photos', () => {
    it('pages the whole library across months, both orders and sort keys', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [
        { dateTaken: '2021-12-31T23:59:59', uploadedAt: '2024-01-05T00:00:00.000Z' },
        { dateTaken: '2022-01-01T00:00:00', uploadedAt: '2023-12-31T23:59:59.000Z' },
        { dateTaken: '2022-01-01T00:00:00', uploadedAt: '2024-01-05T00:00:00.000Z' },
        { dateTaken: '2022-03-10T10:00:00', uploadedAt: '2024-02-01T00:00:00.000Z' },
        { uploadedAt: '2024-02-01T00:00:00.000Z' },
        { dateTaken: '2024-08-08T08:08:08', uploadedAt: '2024-08-09T00:00:00.000Z' },
        { uploadedAt: '2022-02-02T02:02:02.000Z' },
      ]);
      for (const sortKey of ['dateTaken', 'created'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const pages = await allPages(PHOTOS, me, { limit: '2', sortKey, sortOrder });
          const ids = pages.flatMap((p) => p.images.map((i) => i.imageId));
          expect(ids, `${sortKey} ${sortOrder}`).toEqual(expectedOrder(rows, sortKey, sortOrder));
          expect(pages.at(-1)!.cursor).toBeNull();
        }
      }
      // Default: date taken, newest first, up to 500; the unknown dates come last.
      const all = await get(PHOTOS, me, photoPageSchema);
      expect(all.cursor).toBeNull();
      expect(all.images.map((i) => i.imageId)).toEqual(expectedOrder(rows, 'dateTaken', 'desc'));
      expect(all.images.slice(-2).map((i) => i.dateTaken)).toEqual([undefined, undefined]);
    });

    it('shows only the caller’s photos, and 400s a bad query', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      const [mine] = await insertPhotoRows(server(), me.id, [{ dateTaken: '2020-01-01T00:00:00' }]);
      await insertPhotoRows(server(), stranger.id, [{ dateTaken: '2020-01-01T00:00:00' }]);
      expect((await get(PHOTOS, me, photoPageSchema)).images.map((i) => i.imageId)).toEqual([mine!.id]);
      for (const [query, field] of [['limit=501', 'limit'], ['limit=0', 'limit'], ['sortKey=size', 'sortKey'], ['sortOrder=random', 'sortOrder']]) {
        const response = await server().app.inject({ url: `${PHOTOS}?${query}`, headers: me.headers });
        expect(response.statusCode, query).toBe(400);
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual([field]);
      }
      expect((await server().app.inject({ url: `${PHOTOS}?cursor=nope`, headers: me.headers })).statusCode).toBe(400);
    });
  });

  describe('GET /users', () => {
    it('answers a demo customer signed in for real, with no photos yet', async () => {
      const { access_token } = await signIn(server().app, 'emma@example.com');
      const response = await server().app.inject({ url: USERS, headers: bearer(access_token) });
      expect(response.statusCode).toBe(200);
      expect(accountPhotoInfoSchema.parse(response.json())).toEqual({ albumsCount: 0, photosCount: 0, readAlbumsCount: 0 });
    });

    it('counts the caller’s photos only', async () => {
      const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
      await insertPhotoRows(server(), me.id, [{}, { dateTaken: '2020-01-01T00:00:00' }, { dateTaken: '2021-01-01T00:00:00' }]);
      await insertPhotoRows(server(), stranger.id, [{}]);
      expect(await info(me)).toEqual({ albumsCount: 0, photosCount: 3, readAlbumsCount: 0 });
      expect(await info(stranger)).toEqual({ albumsCount: 0, photosCount: 1, readAlbumsCount: 0 });
    });
  });

  describe('without a valid token', () => {
    const calls: { method: 'GET' | 'DELETE' | 'POST' | 'PATCH' | 'HEAD'; url: string; payload?: object; headers?: Record<string, string> }[] = [
      { method: 'GET', url: USERS },
      { method: 'GET', url: TIMELINE },
      { method: 'GET', url: month(2022, 5) },
      { method: 'GET', url: PHOTOS },
      { method: 'DELETE', url: PHOTOS, payload: { photoIds: ['x'] } },
      { method: 'DELETE', url: `${PHOTOS}/all` },
      { method: 'DELETE', url: `${PHOTOS}/x` },
      { method: 'GET', url: DELETION_INFO_URL },
      { method: 'POST', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } },
      { method: 'PATCH', url: '/api/uploads/abc', headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } },
      { method: 'HEAD', url: '/api/uploads/abc', headers: { 'tus-resumable': '1.0.0' } },
    ];

    it('answers every photo-library call 401, and deletes nothing', async () => {
      const me = await newCustomer(server());
      await insertPhotoRows(server(), me.id, [{}]);
      for (const auth of [{}, bearer('garbage')]) {
        for (const call of calls) {
          const response = await server().app.inject({ method: call.method, url: call.url, headers: { ...call.headers, ...auth }, ...(call.payload ? { payload: call.payload } : {}) });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
          if (call.method !== 'HEAD') expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 401, error: 'unauthorized' });
        }
      }
      expect((await info(me)).photosCount).toBe(1);
    });
  });
});
