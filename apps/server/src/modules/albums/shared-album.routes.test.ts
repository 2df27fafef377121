import {
  SHARED_ALBUMS_PAGE_SIZE,
  accountPhotoInfoSchema,
  albumListSchema,
  apiErrorSchema,
  ownAlbumSchema,
  participantsSchema,
  photoPageSchema,
  sharedAlbumListSchema,
  sharedAlbumSchema,
  sharedAlbumsSummarySchema,
  type PhotoPage,
} from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ALBUMS, albumSnapshot, call, getOk, insertAlbum, libraryIds, PHOTOS, SHARED_ALBUMS, USERS, type Method } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, relative, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

describe.each(databases)('shared albums on $name', (kind) => {
  const server = useLibraryServer(kind);

  const sharedList = (who: TestCustomer, query = '') => getOk(server(), who, `${SHARED_ALBUMS}${query}`, sharedAlbumListSchema);
  const shared = (who: TestCustomer, id: string) => getOk(server(), who, `${SHARED_ALBUMS}/${id}`, sharedAlbumSchema);
  const participants = (who: TestCustomer, id: string) => getOk(server(), who, `${SHARED_ALBUMS}/${id}/participants`, participantsSchema);
  const sharedPhotos = (who: TestCustomer, id: string, query = '') => getOk(server(), who, `${SHARED_ALBUMS}/${id}/photos${query}`, photoPageSchema);
  const summary = (who: TestCustomer) => getOk(server(), who, `${SHARED_ALBUMS}/summary`, sharedAlbumsSummarySchema);
  const info = (who: TestCustomer) => getOk(server(), who, USERS, accountPhotoInfoSchema);
  const ownAlbum = (who: TestCustomer, id: string) => getOk(server(), who, `${ALBUMS}/${id}`, ownAlbumSchema);
  const leave = (who: TestCustomer, id: string) => call(server(), who, 'DELETE', `${SHARED_ALBUMS}/${id}`);
  const expectError = (response: LightMyRequestResponse, status: number, error: string, label?: string) => {
    expect(response.statusCode, label ?? response.body).toBe(status);
    expect(apiErrorSchema.parse(response.json()), label).toMatchObject({ status, error });
  };
  const person = (c: TestCustomer) => ({ id: c.id, email: c.email });

  /**
   * An owner's album shared with two participants, each of the three with photos in it, plus a
   * stranger. Newest added first: q1, p2, p1, o2, o1; the owner also has a photo outside the album.
   */
  async function sharedScene() {
    const [owner, p, q, stranger] = [await newCustomer(server()), await newCustomer(server()), await newCustomer(server()), await newCustomer(server())];
    const [o1, o2, outside] = await insertPhotoRows(server(), owner.id, [{ dateTaken: '2020-01-01T00:00:00' }, { dateTaken: '2023-06-01T00:00:00' }, {}]);
    const [p1, p2] = await insertPhotoRows(server(), p.id, [{ dateTaken: '2021-01-01T00:00:00' }, {}]);
    const [q1] = await insertPhotoRows(server(), q.id, [{ dateTaken: '2022-01-01T00:00:00' }]);
    const albumId = await insertAlbum(server(), {
      ownerId: owner.id,
      name: 'Family weekend',
      createdAt: '2024-05-01T10:00:00.000Z',
      participants: [p.id, q.id],
      photos: [
        { photoId: q1!.id, ownerId: q.id, addedAt: '2024-05-03T10:00:00.000Z' },
        { photoId: p2!.id, ownerId: p.id, addedAt: '2024-05-02T12:00:00.000Z' },
        { photoId: p1!.id, ownerId: p.id, addedAt: '2024-05-02T11:00:00.000Z' },
        { photoId: o2!.id, ownerId: owner.id, addedAt: '2024-05-01T12:00:00.000Z' },
        { photoId: o1!.id, ownerId: owner.id, addedAt: '2024-05-01T11:00:00.000Z' },
      ],
    });
    const libraries = { owner: [o1!.id, o2!.id, outside!.id].sort(), p: [p1!.id, p2!.id].sort(), q: [q1!.id] };
    return { owner, p, q, stranger, albumId, o1: o1!, o2: o2!, outside: outside!, p1: p1!, p2: p2!, q1: q1!, libraries };
  }
  type Scene = Awaited<ReturnType<typeof sharedScene>>;

  /** Every customer's library is exactly what it was. */
  async function expectLibrariesKept(s: Scene) {
    expect(await libraryIds(server(), s.owner)).toEqual(s.libraries.owner);
    expect(await libraryIds(server(), s.p)).toEqual(s.libraries.p);
    expect(await libraryIds(server(), s.q)).toEqual(s.libraries.q);
  }

  describe('GET /shared-albums', () => {
    it('lists the albums shared with the caller, with owner, participants, count and cover; not the owner’s own, not a stranger’s', async () => {
      const s = await sharedScene();
      const { albums, cursor } = await sharedList(s.p);
      expect(cursor).toBeNull();
      expect(albums).toHaveLength(1);
      const [entry] = albums;
      expect(entry).toEqual({
        albumId: s.albumId,
        albumName: 'Family weekend',
        coverPhoto: expect.objectContaining({ imageId: s.q1.id }),
        photosCount: 5,
        created: '2024-05-01T10:00:00.000Z',
        updated: '2024-05-01T10:00:00.000Z',
        ownerId: s.owner.id,
        owner: person(s.owner),
        participants: [person(s.p), person(s.q)],
      });
      expect(await sharedList(s.q)).toEqual({ albums, cursor: null });
      // The owner finds it among their own albums, marked shared, not in this list; a stranger sees nothing.
      expect(await sharedList(s.owner)).toEqual({ albums: [], cursor: null });
      expect(await sharedList(s.stranger)).toEqual({ albums: [], cursor: null });
      const ownList = await getOk(server(), s.owner, ALBUMS, albumListSchema);
      expect(ownList.albums.map((a) => [a.albumId, a.isShared, a.photosCount])).toEqual([[s.albumId, true, 5]]);
      // And the participants' own album lists do not carry it.
      expect((await getOk(server(), s.p, ALBUMS, albumListSchema)).albums).toEqual([]);
    });

    it('pages newest first with limit and cursor; 400 for a limit out of bounds or a bad cursor', async () => {
      const [me, a, b] = [await newCustomer(server()), await newCustomer(server()), await newCustomer(server())];
      const ids = [];
      for (const [i, owner] of [a, b, a, b, a].entries()) {
        ids.push(await insertAlbum(server(), { ownerId: owner.id, participants: [me.id], createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString() }));
      }
      // One shared with others only does not show.
      await insertAlbum(server(), { ownerId: a.id, participants: [b.id], createdAt: '2025-01-01T00:00:00.000Z' });
      const newestFirst = [...ids].reverse();

      const pages = [];
      let cursor: string | null = null;
      do {
        const page = await sharedList(me, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        pages.push(page);
        cursor = page.cursor;
      } while (cursor && pages.length < 10);
      expect(pages.map((p) => p.albums.length)).toEqual([2, 2, 1]);
      expect(pages.flatMap((p) => p.albums.map((x) => x.albumId))).toEqual(newestFirst);
      expect(pages[0]!.albums.map((x) => x.ownerId)).toEqual([a.id, b.id]);
      expect((await sharedList(me, `?limit=${SHARED_ALBUMS_PAGE_SIZE}`)).albums.map((x) => x.albumId)).toEqual(newestFirst);

      for (const [query, field] of [
        ['limit=0', 'limit'],
        [`limit=${SHARED_ALBUMS_PAGE_SIZE + 1}`, 'limit'],
        ['limit=x', 'limit'],
        ['cursor=nope', 'cursor'],
      ] as const) {
        const response = await call(server(), me, 'GET', `${SHARED_ALBUMS}?${query}`);
        expectError(response, 400, 'bad_request', query);
        expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual([field]);
      }
    });
  });

  describe('GET /shared-albums/summary', () => {
    it('counts the albums shared with the caller and the ones the caller shares', async () => {
      const s = await sharedScene();
      await insertAlbum(server(), { ownerId: s.owner.id, participants: [s.p.id] });
      await insertAlbum(server(), { ownerId: s.owner.id, name: 'Not shared' });
      await insertAlbum(server(), { ownerId: s.p.id, participants: [s.stranger.id] });
      expect(await summary(s.owner)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 2 });
      expect(await summary(s.p)).toEqual({ readAlbumsCount: 2, grantedAlbumsCount: 1 });
      expect(await summary(s.q)).toEqual({ readAlbumsCount: 1, grantedAlbumsCount: 0 });
      expect(await summary(s.stranger)).toEqual({ readAlbumsCount: 1, grantedAlbumsCount: 0 });
      expect(await summary(await newCustomer(server()))).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 0 });
      expect(await info(s.p)).toEqual({ albumsCount: 1, photosCount: 2, readAlbumsCount: 2 });
      expect(await info(s.owner)).toEqual({ albumsCount: 3, photosCount: 3, readAlbumsCount: 0 });
    });
  });

  describe('GET /shared-albums/:id and /participants', () => {
    it('answer the owner and every participant alike', async () => {
      const s = await sharedScene();
      const [listed] = (await sharedList(s.p)).albums;
      for (const who of [s.owner, s.p, s.q]) {
        expect(await shared(who, s.albumId)).toEqual(listed);
        expect(await participants(who, s.albumId)).toEqual({ owner: person(s.owner), participants: [person(s.p), person(s.q)] });
      }
      // The owner also reads it as an own album; a participant does not.
      expect(await ownAlbum(s.owner, s.albumId)).toMatchObject({ albumId: s.albumId, isShared: true, photosCount: 5, userId: s.owner.id });
      for (const url of [`${ALBUMS}/${s.albumId}`, `${ALBUMS}/${s.albumId}/photos`]) expectError(await call(server(), s.p, 'GET', url), 404, 'not_found', url);
    });

    it('404 for a stranger, an unknown id, and an album that is not shared (even for its owner)', async () => {
      const s = await sharedScene();
      const unshared = await insertAlbum(server(), { ownerId: s.owner.id, name: 'Private' });
      for (const suffix of ['', '/participants', '/photos']) {
        for (const [who, id] of [
          [s.stranger, s.albumId],
          [s.p, 'no-such-album'],
          [s.owner, unshared],
          [s.p, unshared],
        ] as const) {
          const response = await call(server(), who, 'GET', `${SHARED_ALBUMS}/${id}${suffix}`);
          expectError(response, 404, 'not_found', `${suffix} ${id}`);
          expect(response.body).not.toContain(s.owner.email);
          expect(response.body).not.toContain('Family weekend');
        }
      }
    });
  });

  describe('GET /shared-albums/:id/photos', () => {
    it('answers every photo in the album with its uploader as ownerId, to the owner and the participants', async () => {
      const s = await sharedScene();
      const ownerOf = new Map([
        [s.o1.id, s.owner.id],
        [s.o2.id, s.owner.id],
        [s.p1.id, s.p.id],
        [s.p2.id, s.p.id],
        [s.q1.id, s.q.id],
      ]);
      for (const who of [s.owner, s.p, s.q]) {
        const page = await sharedPhotos(who, s.albumId);
        expect(page.cursor).toBeNull();
        expect(page.images.map((i) => [i.imageId, i.ownerId])).toEqual([s.q1.id, s.p2.id, s.p1.id, s.o2.id, s.o1.id].map((id) => [id, ownerOf.get(id)]));
      }
      expect((await sharedPhotos(s.p, s.albumId, '?sortOrder=asc')).images.map((i) => i.imageId)).toEqual([s.o1.id, s.o2.id, s.p1.id, s.p2.id, s.q1.id]);
      // By date taken: p2 has none (1 Jan 1970), then 2020, 2021, 2022, 2023.
      expect((await sharedPhotos(s.q, s.albumId, '?sortKey=dateTaken&sortOrder=asc')).images.map((i) => i.imageId)).toEqual([
        s.p2.id,
        s.o1.id,
        s.p1.id,
        s.q1.id,
        s.o2.id,
      ]);
      expect((await sharedPhotos(s.q, s.albumId, '?sortKey=dateTaken&sortOrder=desc')).images.map((i) => i.imageId)).toEqual([
        s.o2.id,
        s.q1.id,
        s.p1.id,
        s.o1.id,
        s.p2.id,
      ]);

      // Paged two at a time.
      const pages: PhotoPage[] = [];
      let cursor: string | null = null;
      do {
        const page: PhotoPage = await sharedPhotos(s.p, s.albumId, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        pages.push(page);
        cursor = page.cursor;
      } while (cursor && pages.length < 10);
      expect(pages.map((p) => p.images.length)).toEqual([2, 2, 1]);
      expect(pages.flatMap((p) => p.images.map((i) => i.imageId))).toEqual([s.q1.id, s.p2.id, s.p1.id, s.o2.id, s.o1.id]);

      const bad = await call(server(), s.p, 'GET', `${SHARED_ALBUMS}/${s.albumId}/photos?sortKey=name`);
      expectError(bad, 400, 'bad_request');
      expect(apiErrorSchema.parse(bad.json()).issues?.map((i) => i.path)).toEqual(['sortKey']);
    });

    it('gives a participant working links to the owner’s photo', async () => {
      const [owner, p] = [await newCustomer(server()), await newCustomer(server())];
      const [stored] = await storePhotos(server(), owner.id, [{}]);
      const albumId = await insertAlbum(server(), { ownerId: owner.id, participants: [p.id], photos: [{ photoId: stored!.photoId, ownerId: owner.id }] });
      const [photo] = (await sharedPhotos(p, albumId)).images;
      expect(photo).toMatchObject({ imageId: stored!.photoId, ownerId: owner.id });
      const original = await server().app.inject({ url: relative(photo!.untouchedUrl) });
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals(stored!.bytes)).toBe(true);
      expect((await server().app.inject({ url: relative(photo!.thumbnails[0]!.url) })).statusCode).toBe(200);
    });
  });

  describe('shared albums are read-only', () => {
    it('403 for the owner and every participant on adding, removing, renaming and deleting; 404 for a stranger; nothing changes', async () => {
      const s = await sharedScene();
      const before = await albumSnapshot(server(), s.albumId);
      const asSeen = await shared(s.p, s.albumId);
      const attempts = (who: TestCustomer, ownPhoto: string): [Method, string, unknown][] => [
        ['POST', `${ALBUMS}/${s.albumId}/photos`, { photoIds: [ownPhoto] }],
        ['DELETE', `${ALBUMS}/${s.albumId}/photos`, { photoIds: [s.o1.id, s.p1.id, s.q1.id] }],
        ['PATCH', `${ALBUMS}/${s.albumId}`, { name: `Renamed by ${who.email}` }],
        ['DELETE', `${ALBUMS}/${s.albumId}`, undefined],
      ];
      for (const [who, ownPhoto] of [
        [s.owner, s.outside.id],
        [s.p, s.p1.id],
        [s.q, s.q1.id],
      ] as const) {
        for (const [method, url, payload] of attempts(who, ownPhoto)) {
          const response = await call(server(), who, method, url, payload);
          expectError(response, 403, 'shared_album', `${who.email} ${method} ${url}`);
          expect(apiErrorSchema.parse(response.json()).message).toBe('Unavailable for shared albums');
        }
      }
      const [strangersPhoto] = await insertPhotoRows(server(), s.stranger.id, [{}]);
      for (const [method, url, payload] of attempts(s.stranger, strangersPhoto!.id)) {
        const response = await call(server(), s.stranger, method, url, payload);
        expectError(response, 404, 'not_found', `stranger ${method} ${url}`);
        expect(response.body).not.toContain('Family weekend');
      }
      expect(await albumSnapshot(server(), s.albumId)).toEqual(before);
      expect(await shared(s.p, s.albumId)).toEqual(asSeen);
      expect((await sharedPhotos(s.owner, s.albumId)).images).toHaveLength(5);
      await expectLibrariesKept(s);
    });
  });

  describe('DELETE /shared-albums/:id', () => {
    it('as the owner deletes it for everyone; every photo stays in its uploader’s library', async () => {
      const s = await sharedScene();
      expect(await info(s.owner)).toEqual({ albumsCount: 1, photosCount: 3, readAlbumsCount: 0 });
      expect(await info(s.p)).toEqual({ albumsCount: 0, photosCount: 2, readAlbumsCount: 1 });

      const response = await leave(s.owner, s.albumId);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect(await albumSnapshot(server(), s.albumId)).toEqual({ album: undefined, photos: [], participants: [] });
      for (const who of [s.owner, s.p, s.q]) {
        for (const suffix of ['', '/participants', '/photos']) expectError(await call(server(), who, 'GET', `${SHARED_ALBUMS}/${s.albumId}${suffix}`), 404, 'not_found');
        expect(await sharedList(who)).toEqual({ albums: [], cursor: null });
        expect(await summary(who)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 0 });
        expectError(await leave(who, s.albumId), 404, 'not_found');
      }
      expectError(await call(server(), s.owner, 'GET', `${ALBUMS}/${s.albumId}`), 404, 'not_found');
      expect(await info(s.owner)).toEqual({ albumsCount: 0, photosCount: 3, readAlbumsCount: 0 });
      expect(await info(s.p)).toEqual({ albumsCount: 0, photosCount: 2, readAlbumsCount: 0 });
      await expectLibrariesKept(s);
    });

    it('as a participant takes only their photos out and leaves; the album stays for the owner and the others', async () => {
      const s = await sharedScene();
      const response = await leave(s.p, s.albumId);
      expect(response.statusCode).toBe(204);

      // The participant no longer sees it.
      for (const suffix of ['', '/participants', '/photos']) expectError(await call(server(), s.p, 'GET', `${SHARED_ALBUMS}/${s.albumId}${suffix}`), 404, 'not_found');
      expect(await sharedList(s.p)).toEqual({ albums: [], cursor: null });
      expect(await summary(s.p)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 0 });
      expect(await info(s.p)).toEqual({ albumsCount: 0, photosCount: 2, readAlbumsCount: 0 });
      expectError(await leave(s.p, s.albumId), 404, 'not_found');

      // The owner and the other participant still do, without the leaver's photos.
      for (const who of [s.owner, s.q]) {
        expect(await shared(who, s.albumId)).toMatchObject({ albumName: 'Family weekend', photosCount: 3, participants: [person(s.q)], owner: person(s.owner) });
        expect(await participants(who, s.albumId)).toEqual({ owner: person(s.owner), participants: [person(s.q)] });
        expect((await sharedPhotos(who, s.albumId)).images.map((i) => i.imageId)).toEqual([s.q1.id, s.o2.id, s.o1.id]);
      }
      expect(await sharedList(s.q)).toMatchObject({ albums: [{ albumId: s.albumId, photosCount: 3 }] });
      expect(await ownAlbum(s.owner, s.albumId)).toMatchObject({ isShared: true, photosCount: 3 });
      expect(await summary(s.owner)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 1 });
      const snapshot = await albumSnapshot(server(), s.albumId);
      expect(snapshot.participants.map((p) => p.customer_id)).toEqual([s.q.id]);
      expect(snapshot.photos.map((p) => p.photo_owner_id).sort()).toEqual([s.owner.id, s.owner.id, s.q.id].sort());
      // Nobody's library lost anything, the leaver's included.
      await expectLibrariesKept(s);
    });

    it('the last participant leaving makes the album the owner’s own again, without the participant’s photos', async () => {
      const [owner, p] = [await newCustomer(server()), await newCustomer(server())];
      const [o1, o2] = await insertPhotoRows(server(), owner.id, [{}, {}]);
      const [p1] = await insertPhotoRows(server(), p.id, [{}]);
      const albumId = await insertAlbum(server(), {
        ownerId: owner.id,
        name: 'Two of us',
        participants: [p.id],
        photos: [
          { photoId: p1!.id, ownerId: p.id },
          { photoId: o1!.id, ownerId: owner.id },
        ],
      });
      expect(await summary(owner)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 1 });

      expect((await leave(p, albumId)).statusCode).toBe(204);
      expect(await ownAlbum(owner, albumId)).toMatchObject({ albumName: 'Two of us', isShared: false, photosCount: 1, coverPhoto: expect.objectContaining({ imageId: o1!.id }) });
      expect((await getOk(server(), owner, ALBUMS, albumListSchema)).albums.map((a) => [a.albumId, a.isShared])).toEqual([[albumId, false]]);
      expect(await summary(owner)).toEqual({ readAlbumsCount: 0, grantedAlbumsCount: 0 });
      for (const who of [owner, p]) expectError(await call(server(), who, 'GET', `${SHARED_ALBUMS}/${albumId}`), 404, 'not_found');
      expect(await libraryIds(server(), p)).toEqual([p1!.id]);

      // No longer read-only: the owner changes it like any own album.
      expect((await call(server(), owner, 'PATCH', `${ALBUMS}/${albumId}`, { name: 'Just me' })).statusCode).toBe(204);
      expect((await call(server(), owner, 'POST', `${ALBUMS}/${albumId}/photos`, { photoIds: [o2!.id, p1!.id] })).json()).toEqual({ failed: [p1!.id] });
      expect(await ownAlbum(owner, albumId)).toMatchObject({ albumName: 'Just me', photosCount: 2 });
      expect((await call(server(), owner, 'DELETE', `${ALBUMS}/${albumId}`)).statusCode).toBe(204);
      expect(await libraryIds(server(), owner)).toEqual([o1!.id, o2!.id].sort());
    });

    it('404 for a stranger or an unknown id, and nothing changes', async () => {
      const s = await sharedScene();
      const before = await albumSnapshot(server(), s.albumId);
      expectError(await leave(s.stranger, s.albumId), 404, 'not_found');
      expectError(await leave(s.p, 'no-such-album'), 404, 'not_found');
      expectError(await leave(s.owner, 'x'.repeat(65)), 400, 'bad_request');
      // An album that is not shared is not deleted through this call, even by its owner.
      const unshared = await insertAlbum(server(), { ownerId: s.owner.id });
      const unsharedBefore = await albumSnapshot(server(), unshared);
      expectError(await leave(s.owner, unshared), 404, 'not_found');
      expect(await albumSnapshot(server(), unshared)).toEqual(unsharedBefore);
      expect(await albumSnapshot(server(), s.albumId)).toEqual(before);
      expect((await sharedList(s.p)).albums.map((a) => a.albumId)).toEqual([s.albumId]);
    });
  });

  describe('deleting a photo from the library', () => {
    it('takes it out of the albums shared with others too', async () => {
      const s = await sharedScene();
      expect((await call(server(), s.p, 'DELETE', `${PHOTOS}/${s.p1.id}`)).statusCode).toBe(204);
      expect((await call(server(), s.q, 'DELETE', `${PHOTOS}/all`)).statusCode).toBe(204);
      for (const who of [s.owner, s.p, s.q]) {
        expect(await shared(who, s.albumId)).toMatchObject({ photosCount: 3, coverPhoto: expect.objectContaining({ imageId: s.p2.id }) });
        expect((await sharedPhotos(who, s.albumId)).images.map((i) => i.imageId)).toEqual([s.p2.id, s.o2.id, s.o1.id]);
      }
      // Q has no photos left but still takes part.
      expect((await participants(s.owner, s.albumId)).participants).toEqual([person(s.p), person(s.q)]);
    });
  });
});
