import {
  ALBUM_NAME_MAX_LENGTH,
  ALBUMS_PAGE_SIZE,
  accountPhotoInfoSchema,
  albumListSchema,
  apiErrorSchema,
  createdAlbumSchema,
  failedListSchema,
  ownAlbumSchema,
  timelineCountsSchema,
  type OwnAlbum,
} from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALBUMS, albumSnapshot, call, getOk, insertAlbum, libraryIds, nextMillisecond, ownedAlbumIds, SHARED_ALBUMS, USERS } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, PHOTOS_API, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { bearer } from '../../test/sign-in.js';
import { MAX_ALBUMS_PER_CUSTOMER } from './album.service.js';

/** Names the album-name rule refuses: empty, starting with whitespace, <, > or ;, too long, not a string. */
const BAD_NAMES: unknown[] = ['', ' ', '   x', '\tTrip', '\nTrip', 'a<b', 'a>b', '<script>', 'Summer; 2024', 'x'.repeat(ALBUM_NAME_MAX_LENGTH + 1), 42, null, ['Trip']];

describe.each(databases)('albums on $name', (kind) => {
  const server = useLibraryServer(kind);

  const create = (who: TestCustomer, payload?: unknown) => call(server(), who, 'POST', ALBUMS, payload);
  async function createOk(who: TestCustomer, name: string) {
    const response = await create(who, { name });
    expect(response.statusCode, response.body).toBe(201);
    return createdAlbumSchema.parse(response.json());
  }
  /** A body sent as JSON text exactly as given. */
  const sendJson = (who: TestCustomer, method: 'POST' | 'PATCH', url: string, text: string) =>
    server().app.inject({ method, url, headers: { ...who.headers, 'content-type': 'application/json' }, payload: text });
  const list = (who: TestCustomer, query = '') => getOk(server(), who, `${ALBUMS}${query}`, albumListSchema);
  const album = (who: TestCustomer, id: string) => getOk(server(), who, `${ALBUMS}/${id}`, ownAlbumSchema);
  const info = (who: TestCustomer) => getOk(server(), who, USERS, accountPhotoInfoSchema);
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, error: string) => {
    expect(response.statusCode).toBe(status);
    return expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error });
  };

  /** Follows the cursor from the first page to the end; answers every page. */
  async function allPages(who: TestCustomer, limit: number) {
    const pages = [];
    let cursor: string | null = null;
    do {
      const params: URLSearchParams = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      const page = await list(who, `?${params}`);
      pages.push(page);
      cursor = page.cursor;
      if (pages.length > 50) throw new Error('The cursor never ends');
    } while (cursor);
    return pages;
  }

  /** Newest first, ties by id (descending too), as the API promises. */
  const newestFirst = (albums: { albumId: string; created: string }[]) =>
    [...albums].sort((a, b) => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : a.albumId < b.albumId ? 1 : -1)).map((a) => a.albumId);

  describe('POST /albums', () => {
    it(`keeps each customer to ${MAX_ALBUMS_PER_CUSTOMER} albums, however many are asked for at once: beyond it 409 too_many_albums, and nothing is made`, async () => {
      const me = await newCustomer(server());
      const at = new Date().toISOString();
      const rows = Array.from({ length: MAX_ALBUMS_PER_CUSTOMER - 2 }, () => ({ id: randomUUID(), owner_id: me.id, name: 'Kept', is_shared: 0, created_at: at, updated_at: at }));
      for (let i = 0; i < rows.length; i += 500) await server().db.insertInto('albums').values(rows.slice(i, i + 500)).execute();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(me, { name: `Race ${i}` })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) expectError(refused, 409, 'too_many_albums');
      const owned = await server().db.selectFrom('albums').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', me.id).executeTakeFirstOrThrow();
      expect(Number(owned.n)).toBe(MAX_ALBUMS_PER_CUSTOMER);
      // Another customer is not held back.
      await createOk(await newCustomer(server()), 'Mine');
    });

    it('201 with the new album’s id and name; the album is the caller’s, empty, unshared', async () => {
      const me = await newCustomer(server());
      const before = Date.now();
      const response = await create(me, { name: 'Summer in Lisbon' });
      expect(response.statusCode).toBe(201);
      const created = createdAlbumSchema.parse(response.json());
      expect(created.albumName).toBe('Summer in Lisbon');
      expect(Object.keys(response.json() as object).sort()).toEqual(['albumId', 'albumName']);

      const read = await album(me, created.albumId);
      expect(read).toEqual({
        albumId: created.albumId,
        albumName: 'Summer in Lisbon',
        coverPhoto: null,
        photosCount: 0,
        created: read.created,
        updated: read.created,
        userId: me.id,
        isShared: false,
      });
      expect(Date.parse(read.created)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(read.created)).toBeLessThanOrEqual(Date.now() + 1);
      expect(await ownedAlbumIds(server(), me.id)).toEqual([created.albumId]);
    });

    it('takes names at the edges of the rule: one character, exactly the longest, inner and trailing spaces, any script', async () => {
      const me = await newCustomer(server());
      const names = ['x', 'y'.repeat(ALBUM_NAME_MAX_LENGTH), 'Family weekend ', 'Été à Zürich – 東京 🎉', 'Tom & Jerry’s "best" (2024)'];
      const ids: string[] = [];
      for (const name of names) {
        const created = await createOk(me, name);
        expect(created.albumName).toBe(name);
        expect((await album(me, created.albumId)).albumName).toBe(name);
        ids.push(created.albumId);
      }
      // The same name twice makes two albums.
      ids.push((await createOk(me, 'x')).albumId);
      expect(await ownedAlbumIds(server(), me.id)).toEqual([...ids].sort());
      expect((await info(me)).albumsCount).toBe(6);
    });

    it('400 naming the field for every bad name, a missing body or a body that is not an object; nothing is created', async () => {
      const me = await newCustomer(server());
      for (const name of BAD_NAMES) {
        const response = await create(me, { name });
        expectError(response, 400, 'bad_request');
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), JSON.stringify(name)).toEqual(['name']);
      }
      for (const payload of [undefined, {}, { albumName: 'Trip' }, []]) {
        const response = await create(me, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(apiErrorSchema.parse(response.json()).status).toBe(400);
      }
      for (const text of ['"Trip"', '{"name":', '']) expect((await sendJson(me, 'POST', ALBUMS, text)).statusCode, text).toBe(400);
      expect(await ownedAlbumIds(server(), me.id)).toEqual([]);
      expect(await list(me)).toEqual({ albums: [], cursor: null });
      expect((await info(me)).albumsCount).toBe(0);
    });
  });

  describe('GET /albums', () => {
    it('lists the caller’s own albums only, newest first, with cover, count, dates and isShared', async () => {
      const [me, friend, stranger] = [await newCustomer(server()), await newCustomer(server()), await newCustomer(server())];
      const [p1, p2, p3] = await insertPhotoRows(server(), me.id, [{}, { dateTaken: '2022-01-01T00:00:00' }, { dateTaken: '2023-01-01T00:00:00' }]);
      const [f1] = await insertPhotoRows(server(), friend.id, [{}]);
      const oldest = await insertAlbum(server(), { ownerId: me.id, name: 'Oldest', createdAt: '2023-01-01T10:00:00.000Z' });
      const withPhotos = await insertAlbum(server(), {
        ownerId: me.id,
        name: 'With photos',
        createdAt: '2024-01-01T10:00:00.000Z',
        photos: [
          { photoId: p2!.id, ownerId: me.id, addedAt: '2024-01-02T10:00:00.000Z' },
          { photoId: p1!.id, ownerId: me.id, addedAt: '2024-01-01T10:00:00.000Z' },
        ],
      });
      const shared = await insertAlbum(server(), {
        ownerId: me.id,
        name: 'Shared by me',
        createdAt: '2024-06-01T10:00:00.000Z',
        participants: [friend.id],
        photos: [
          { photoId: p3!.id, ownerId: me.id, addedAt: '2024-06-01T11:00:00.000Z' },
          { photoId: f1!.id, ownerId: friend.id, addedAt: '2024-06-01T12:00:00.000Z' },
        ],
      });
      const newest = await createOk(me, 'Created through the API');
      // Neither the friend’s own album nor one they share with me is in my list; the stranger’s neither.
      await insertAlbum(server(), { ownerId: friend.id, name: 'Friend’s', createdAt: '2024-03-01T00:00:00.000Z' });
      await insertAlbum(server(), { ownerId: friend.id, name: 'Friend shares with me', participants: [me.id] });
      await insertAlbum(server(), { ownerId: stranger.id });

      const { albums, cursor } = await list(me);
      expect(cursor).toBeNull();
      expect(albums.map((a) => a.albumId)).toEqual([newest.albumId, shared, withPhotos, oldest]);
      const [first, second, third, fourth] = albums as [OwnAlbum, OwnAlbum, OwnAlbum, OwnAlbum];
      expect(first).toMatchObject({ albumName: 'Created through the API', coverPhoto: null, photosCount: 0, userId: me.id, isShared: false });
      expect(second).toMatchObject({
        albumName: 'Shared by me',
        photosCount: 2,
        isShared: true,
        userId: me.id,
        created: '2024-06-01T10:00:00.000Z',
        updated: '2024-06-01T10:00:00.000Z',
      });
      // The cover is the most recently added photo, whoever uploaded it.
      expect(second.coverPhoto?.imageId).toBe(f1!.id);
      expect(third).toMatchObject({ albumName: 'With photos', photosCount: 2, isShared: false, created: '2024-01-01T10:00:00.000Z' });
      expect(third.coverPhoto?.imageId).toBe(p2!.id);
      expect(third.coverPhoto?.dateTaken).toBe('2022-01-01T00:00:00');
      expect(third.coverPhoto?.thumbnails.map((t) => t.id)).toEqual([`${p2!.id}-300`, `${p2!.id}-800`, `${p2!.id}-1300`]);
      expect(fourth).toMatchObject({ albumName: 'Oldest', photosCount: 0, coverPhoto: null, isShared: false });
      // Each album in the list reads the same on its own.
      for (const a of albums) expect(await album(me, a.albumId)).toEqual(a);

      // displaySharedData is accepted either way and changes nothing for own albums.
      expect(await list(me, '?displaySharedData=true')).toEqual({ albums, cursor: null });
      expect(await list(me, '?displaySharedData=false')).toEqual({ albums, cursor: null });
    });

    it('pages with limit and cursor through every album once, newest first', async () => {
      const me = await newCustomer(server());
      const created = [];
      // Two albums at the very same moment: the id decides between them.
      const sameMoment = '2024-05-05T05:05:05.000Z';
      for (const createdAt of ['2024-01-01T00:00:00.000Z', sameMoment, sameMoment, '2024-09-09T00:00:00.000Z']) {
        const albumId = await insertAlbum(server(), { ownerId: me.id, createdAt });
        created.push({ albumId, created: createdAt });
      }
      for (let i = 0; i < 3; i++) {
        const { albumId } = await createOk(me, `Album ${i}`);
        created.push({ albumId, created: (await album(me, albumId)).created });
        await nextMillisecond();
      }
      const expected = newestFirst(created);

      const pages = await allPages(me, 3);
      expect(pages.map((p) => p.albums.length)).toEqual([3, 3, 1]);
      expect(pages.flatMap((p) => p.albums.map((a) => a.albumId))).toEqual(expected);
      expect(pages.at(-1)?.cursor).toBeNull();

      // A limit that divides the count exactly ends with an empty page.
      const even = await allPages(me, 7);
      expect(even.map((p) => p.albums.length)).toEqual([7, 0]);
      expect(even[0]!.albums.map((a) => a.albumId)).toEqual(expected);

      const single = await allPages(me, 1);
      expect(single.flatMap((p) => p.albums.map((a) => a.albumId))).toEqual(expected);
    });

    it(`answers ${ALBUMS_PAGE_SIZE} albums by default, then the rest`, async () => {
      const me = await newCustomer(server());
      const ids = [];
      for (let i = 0; i < ALBUMS_PAGE_SIZE + 1; i++) ids.push(await insertAlbum(server(), { ownerId: me.id, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }));
      const first = await list(me);
      expect(first.albums).toHaveLength(ALBUMS_PAGE_SIZE);
      expect(first.albums.map((a) => a.albumId)).toEqual([...ids].reverse().slice(0, ALBUMS_PAGE_SIZE));
      expect(first.cursor).toEqual(expect.any(String));
      const second = await list(me, `?cursor=${encodeURIComponent(first.cursor!)}`);
      expect(second).toEqual({ albums: [expect.objectContaining({ albumId: ids[0] })], cursor: null });
    });

    it('400 naming the field for a limit out of bounds or not a whole number, a bad cursor or displaySharedData', async () => {
      const me = await newCustomer(server());
      await createOk(me, 'Kept');
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=-1', 'limit'],
        [`limit=${ALBUMS_PAGE_SIZE + 1}`, 'limit'],
        ['limit=1.5', 'limit'],
        ['limit=ten', 'limit'],
        ['cursor=nope', 'cursor'],
        [`cursor=${'x'.repeat(513)}`, 'cursor'],
        ['displaySharedData=yes', 'displaySharedData'],
      ] as const) {
        const response = await call(server(), me, 'GET', `${ALBUMS}?${query}`);
        expectError(response, 400, 'bad_request');
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), query).toEqual([field]);
      }
      expect((await list(me, `?limit=${ALBUMS_PAGE_SIZE}`)).albums.map((a) => a.albumName)).toEqual(['Kept']);
      expect((await list(me, '?limit=1')).albums.map((a) => a.albumName)).toEqual(['Kept']);
    });
  });

  describe('GET /albums/:id', () => {
    it('404 for another customer’s album, an album shared with the caller, and an unknown id; 400 for an id over 64 characters', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const theirs = (await createOk(owner, 'Not yours')).albumId;
      const sharedWithMe = await insertAlbum(server(), { ownerId: owner.id, participants: [me.id] });
      for (const id of [theirs, sharedWithMe, 'no-such-album']) {
        const response = await call(server(), me, 'GET', `${ALBUMS}/${id}`);
        expectError(response, 404, 'not_found');
        expect(response.body).not.toContain('Not yours');
      }
      const long = await call(server(), me, 'GET', `${ALBUMS}/${'x'.repeat(65)}`);
      expectError(long, 400, 'bad_request');
      expect(apiErrorSchema.parse(long.json()).issues?.map((i) => i.path)).toEqual(['id']);
      expect((await album(owner, theirs)).albumName).toBe('Not yours');
    });
  });

  describe('PATCH /albums/:id', () => {
    it('renames the caller’s album and moves its updated time on', async () => {
      const me = await newCustomer(server());
      const { albumId } = await createOk(me, 'Untitled album');
      const before = await album(me, albumId);
      await nextMillisecond();
      const response = await call(server(), me, 'PATCH', `${ALBUMS}/${albumId}`, { name: 'Lisbon 2024' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const after = await album(me, albumId);
      expect(after).toEqual({ ...before, albumName: 'Lisbon 2024', updated: after.updated });
      expect(after.updated > before.updated).toBe(true);
      expect((await list(me)).albums.map((a) => a.albumName)).toEqual(['Lisbon 2024']);
    });

    it('400 for every bad name or a missing body, and the name stays', async () => {
      const me = await newCustomer(server());
      const { albumId } = await createOk(me, 'Keep me');
      const before = await albumSnapshot(server(), albumId);
      for (const name of BAD_NAMES) {
        const response = await call(server(), me, 'PATCH', `${ALBUMS}/${albumId}`, { name });
        expectError(response, 400, 'bad_request');
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), JSON.stringify(name)).toEqual(['name']);
      }
      for (const payload of [undefined, {}, []]) expect((await call(server(), me, 'PATCH', `${ALBUMS}/${albumId}`, payload)).statusCode).toBe(400);
      for (const text of ['"Renamed"', '{"name":']) expect((await sendJson(me, 'PATCH', `${ALBUMS}/${albumId}`, text)).statusCode, text).toBe(400);
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect((await album(me, albumId)).albumName).toBe('Keep me');
    });

    it('404 for another customer’s album or an unknown id, and nothing is renamed', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const { albumId } = await createOk(owner, 'Owner’s name');
      const before = await albumSnapshot(server(), albumId);
      for (const id of [albumId, 'no-such-album']) expectError(await call(server(), me, 'PATCH', `${ALBUMS}/${id}`, { name: 'Hijacked' }), 404, 'not_found');
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect((await album(owner, albumId)).albumName).toBe('Owner’s name');
      expect(await ownedAlbumIds(server(), me.id)).toEqual([]);
    });
  });

  describe('DELETE /albums/:id', () => {
    it('deletes the album, not its photos: the library, timeline and photo count stay; then 404', async () => {
      const me = await newCustomer(server());
      const rows = await insertPhotoRows(server(), me.id, [{ dateTaken: '2021-04-04T04:04:04' }, { dateTaken: '2021-05-05T05:05:05' }, {}]);
      const { albumId } = await createOk(me, 'To delete');
      const kept = (await createOk(me, 'To keep')).albumId;
      const add = await call(server(), me, 'POST', `${ALBUMS}/${albumId}/photos`, { photoIds: rows.map((r) => r.id) });
      expect(failedListSchema.parse(add.json())).toEqual({ failed: [] });
      await call(server(), me, 'POST', `${ALBUMS}/${kept}/photos`, { photoIds: [rows[0]!.id] });
      const timeline = await getOk(server(), me, `${PHOTOS_API}/users/timeline`, timelineCountsSchema);
      expect(timeline).toEqual({ '2021': { '4': 1, '5': 1 }, '1970': { '1': 1 } });
      expect(await info(me)).toEqual({ albumsCount: 2, photosCount: 3, readAlbumsCount: 0 });

      const response = await call(server(), me, 'DELETE', `${ALBUMS}/${albumId}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expectError(await call(server(), me, 'GET', `${ALBUMS}/${albumId}`), 404, 'not_found');
      expectError(await call(server(), me, 'GET', `${ALBUMS}/${albumId}/photos`), 404, 'not_found');
      expectError(await call(server(), me, 'DELETE', `${ALBUMS}/${albumId}`), 404, 'not_found');
      expect((await list(me)).albums.map((a) => a.albumId)).toEqual([kept]);
      expect(await libraryIds(server(), me)).toEqual(rows.map((r) => r.id).sort());
      expect(await getOk(server(), me, `${PHOTOS_API}/users/timeline`, timelineCountsSchema)).toEqual(timeline);
      expect(await info(me)).toEqual({ albumsCount: 1, photosCount: 3, readAlbumsCount: 0 });
      // The album's entries went with it; the other album still holds its photo.
      expect(await albumSnapshot(server(), albumId)).toEqual({ album: undefined, photos: [], participants: [] });
      expect((await album(me, kept)).photosCount).toBe(1);
    });

    it('404 for another customer’s album or an unknown id; the album and its photos stay', async () => {
      const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
      const [photo] = await insertPhotoRows(server(), owner.id, [{}]);
      const albumId = await insertAlbum(server(), { ownerId: owner.id, name: 'Safe', photos: [{ photoId: photo!.id, ownerId: owner.id }] });
      const before = await albumSnapshot(server(), albumId);
      for (const id of [albumId, 'no-such-album']) expectError(await call(server(), me, 'DELETE', `${ALBUMS}/${id}`), 404, 'not_found');
      expect(await albumSnapshot(server(), albumId)).toEqual(before);
      expect(await album(owner, albumId)).toMatchObject({ albumName: 'Safe', photosCount: 1 });
      expect(await libraryIds(server(), owner)).toEqual([photo!.id]);
    });
  });

  describe('GET /users', () => {
    it('counts the caller’s own albums (shared ones included) and the albums shared with them', async () => {
      const [me, friend, other] = [await newCustomer(server()), await newCustomer(server()), await newCustomer(server())];
      expect(await info(me)).toEqual({ albumsCount: 0, photosCount: 0, readAlbumsCount: 0 });
      await insertPhotoRows(server(), me.id, [{}, {}]);
      const first = (await createOk(me, 'One')).albumId;
      await createOk(me, 'Two');
      await insertAlbum(server(), { ownerId: me.id, participants: [friend.id] });
      await insertAlbum(server(), { ownerId: friend.id, participants: [me.id, other.id] });
      await insertAlbum(server(), { ownerId: other.id, participants: [me.id] });
      await insertAlbum(server(), { ownerId: other.id, participants: [friend.id] });

      expect(await info(me)).toEqual({ albumsCount: 3, photosCount: 2, readAlbumsCount: 2 });
      expect(await info(friend)).toEqual({ albumsCount: 1, photosCount: 0, readAlbumsCount: 2 });
      expect(await info(other)).toEqual({ albumsCount: 2, photosCount: 0, readAlbumsCount: 1 });

      expect((await call(server(), me, 'DELETE', `${ALBUMS}/${first}`)).statusCode).toBe(204);
      expect(await info(me)).toEqual({ albumsCount: 2, photosCount: 2, readAlbumsCount: 2 });
    });
  });

  describe('without a valid token', () => {
    it('answers every album and shared-album call 401, and changes nothing', async () => {
      const [me, friend] = [await newCustomer(server()), await newCustomer(server())];
      const [photo, other] = await insertPhotoRows(server(), me.id, [{}, {}]);
      const own = (await createOk(me, 'Private')).albumId;
      await call(server(), me, 'POST', `${ALBUMS}/${own}/photos`, { photoIds: [photo!.id] });
      const shared = await insertAlbum(server(), { ownerId: friend.id, participants: [me.id], photos: [{ photoId: photo!.id, ownerId: me.id }] });
      const before = [await albumSnapshot(server(), own), await albumSnapshot(server(), shared)];

      const calls: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
        { method: 'POST', url: ALBUMS, payload: { name: 'Sneaky' } },
        { method: 'GET', url: ALBUMS },
        { method: 'GET', url: `${ALBUMS}/${own}` },
        { method: 'PATCH', url: `${ALBUMS}/${own}`, payload: { name: 'Sneaky' } },
        { method: 'DELETE', url: `${ALBUMS}/${own}` },
        { method: 'GET', url: `${ALBUMS}/${own}/photos` },
        { method: 'POST', url: `${ALBUMS}/${own}/photos`, payload: { photoIds: [other!.id] } },
        { method: 'DELETE', url: `${ALBUMS}/${own}/photos`, payload: { photoIds: [photo!.id] } },
        { method: 'GET', url: SHARED_ALBUMS },
        { method: 'GET', url: `${SHARED_ALBUMS}/summary` },
        { method: 'GET', url: `${SHARED_ALBUMS}/${shared}` },
        { method: 'GET', url: `${SHARED_ALBUMS}/${shared}/participants` },
        { method: 'GET', url: `${SHARED_ALBUMS}/${shared}/photos` },
        { method: 'DELETE', url: `${SHARED_ALBUMS}/${shared}` },
      ];
      for (const auth of [{}, bearer('garbage')]) {
        for (const c of calls) {
          const response = await server().app.inject({ method: c.method, url: c.url, headers: auth, ...(c.payload ? { payload: c.payload } : {}) });
          expect(response.statusCode, `${c.method} ${c.url}`).toBe(401);
          expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 401, error: 'unauthorized' });
        }
      }
      expect([await albumSnapshot(server(), own), await albumSnapshot(server(), shared)]).toEqual(before);
      expect(await ownedAlbumIds(server(), me.id)).toEqual([own]);
      expect(await libraryIds(server(), me)).toEqual([photo!.id, other!.id].sort());
    });
  });
});
