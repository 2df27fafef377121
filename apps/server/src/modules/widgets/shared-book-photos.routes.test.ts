import fs from 'node:fs';
import path from 'node:path';
import { apiErrorSchema, encodeShareEmail, SHARED_BOOK_WEB_PATH, sharedBookSchema, THUMBNAIL_SIZES, type ThumbnailSize } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { blobDirOf, PUBLIC_URL, type TestShoebox } from '../../test/test-server.js';
import { callAs, insertBook, linkIn, mailsTo, WIDGETS_API, type TestBook } from '../../test/widgets.js';

const expectError = (response: LightMyRequestResponse, status: number, error: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error });
};
let recipients = 0;
const freshRecipient = () => `photos-${process.pid}-${++recipients}-${Date.now()}@example.org`;

/** The bytes of each of the book's photos at one of the library's sizes (by default the page size), stored where the library keeps them. */
function storeRenditions(server: TestShoebox, owner: TestCustomer, book: TestBook, size: ThumbnailSize = 800): Buffer[] {
  return book.photoIds.map((photoId, i) => {
    const bytes = Buffer.from(`jpeg bytes of photo ${i} ${photoId} at ${size}`);
    const file = path.join(blobDirOf(server), renditionKey(owner.id, photoId, size));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    return bytes;
  });
}

/** Gives the photo renditions as a real upload makes them: 300, 800 and 1300 wide for a large photo, only 300 for a small one. */
async function setRenditions(server: TestShoebox, photoId: string, large: boolean): Promise<void> {
  const renditions = large ? THUMBNAIL_SIZES.map((size) => ({ size, width: size, height: Math.round((size * 2) / 3) })) : [{ size: 300, width: 240, height: 160 }];
  await server.db.updateTable('photos').set({ renditions: JSON.stringify(renditions) }).where('id', '=', photoId).execute();
}

async function shareBook(server: TestShoebox, owner: TestCustomer, book: TestBook): Promise<string> {
  const to = freshRecipient();
  const query = new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Emma', personalMessage: '', toEmailAddress: encodeShareEmail(to) });
  const shared = await callAs(server, owner, { method: 'PUT', url: `${WIDGETS_API}/widget/${book.id}/share?${query}` });
  expect(shared.statusCode, shared.body).toBe(200);
  return decodeURIComponent(linkIn(mailsTo(server, to)[0]!).pathname.slice(`${SHARED_BOOK_WEB_PATH}/`.length));
}

const photoUrl = (token: string, page: number, photo: number) => `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}/photos/${page}/${photo}`;
const coverUrl = (token: string) => `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}/cover`;
const openBook = async (server: TestShoebox, token: string) => {
  const opened = await get(server, `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}`);
  expect(opened.statusCode, opened.body).toBe(200);
  return sharedBookSchema.parse(opened.json());
};
const get = (server: TestShoebox, url: string) => server.app.inject({ url });

describe.each(databases)('the photos of a shared photo book on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('are served by the link’s own addresses, and nothing in the answer or its headers names the owner', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 2 });
    const bytes = storeRenditions(server(), me, book);
    const token = await shareBook(server(), me, book);

    const opened = await get(server(), `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const shared = sharedBookSchema.parse(opened.json());
    const urls = shared.pages.map((p) => p.photos.map((ph) => ph.url));
    expect(urls).toEqual([
      [`${PUBLIC_URL}${photoUrl(token, 0, 0)}`, `${PUBLIC_URL}${photoUrl(token, 0, 1)}`],
      [`${PUBLIC_URL}${photoUrl(token, 1, 0)}`, `${PUBLIC_URL}${photoUrl(token, 1, 1)}`],
    ]);
    for (const secret of [me.id, me.email, book.id, ...book.photoIds]) expect(opened.body).not.toContain(secret);

    const photo = await get(server(), photoUrl(token, 1, 1));
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.rawPayload.equals(bytes[3]!)).toBe(true);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    // A capability address: only the recipient's own browser may keep it, and not for long.
    expect(photo.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    for (const secret of [me.id, me.email, book.id, ...book.photoIds]) expect(JSON.stringify(photo.headers)).not.toContain(secret);
  });

  it('answer 404 for a position past the book, a photo deleted since, an unknown, expired or deleted book’s link; 400 for a position that is no number', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    storeRenditions(server(), me, book);
    const token = await shareBook(server(), me, book);
    expect((await get(server(), photoUrl(token, 0, 1))).statusCode).toBe(200);

    expectError(await get(server(), photoUrl(token, 0, 2)), 404, 'not_found');
    expectError(await get(server(), photoUrl(token, 1, 0)), 404, 'not_found');
    expectError(await get(server(), photoUrl('A'.repeat(43), 0, 0)), 404, 'not_found');
    expectError(await get(server(), `${WIDGETS_API}/shared-books/${token}/photos/-1/0`), 400, 'bad_request');
    expectError(await get(server(), `${WIDGETS_API}/shared-books/${token}/photos/0/x`), 400, 'bad_request');

    await callAs(server(), me, { method: 'DELETE', url: `${PHOTOS_API}/photos/${book.photoIds[1]}` });
    expectError(await get(server(), photoUrl(token, 0, 1)), 404, 'not_found');
    // The photo left of it keeps its address.
    expect((await get(server(), photoUrl(token, 0, 0))).statusCode).toBe(200);

    await server().db.updateTable('widget_shares').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('widget_id', '=', book.id).execute();
    expectError(await get(server(), photoUrl(token, 0, 0)), 404, 'not_found');

    const other = await insertBook(server(), me, { pages: 1 });
    storeRenditions(server(), me, other);
    const otherToken = await shareBook(server(), me, other);
    expect((await get(server(), photoUrl(otherToken, 0, 0))).statusCode).toBe(200);
    expect((await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${other.id}` })).statusCode).toBe(204);
    expectError(await get(server(), photoUrl(otherToken, 0, 0)), 404, 'not_found');
  });

  it('offer every size the library made, at the link’s own addresses, so the browser loads the one it shows', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    await setRenditions(server(), book.photoIds[0]!, true);
    await setRenditions(server(), book.photoIds[1]!, false);
    const [small, page, large] = THUMBNAIL_SIZES.map((size) => storeRenditions(server(), me, book, size));
    const token = await shareBook(server(), me, book);

    const [wide, narrow] = (await openBook(server(), token)).pages[0]!.photos;
    const at = (size?: number) => `${PUBLIC_URL}${photoUrl(token, 0, 0)}${size ? `?size=${size}` : ''}`;
    expect(wide).toEqual({
      url: at(),
      width: 800,
      height: 533,
      sources: [
        { url: at(300), width: 300 },
        { url: at(), width: 800 },
        { url: at(1300), width: 1300 },
      ],
    });
    // A small photo has one size: listed once, and every size asks for it.
    expect(narrow).toEqual({ url: `${PUBLIC_URL}${photoUrl(token, 0, 1)}`, width: 240, height: 160, sources: [{ url: `${PUBLIC_URL}${photoUrl(token, 0, 1)}?size=300`, width: 240 }] });

    for (const [size, bytes] of [[300, small], [800, page], [1300, large]] as const) {
      const photo = await get(server(), `${photoUrl(token, 0, 0)}?size=${size}`);
      expect(photo.statusCode, photo.body).toBe(200);
      expect(photo.rawPayload.equals(bytes![0]!)).toBe(true);
    }
    expect((await get(server(), `${photoUrl(token, 0, 1)}?size=1300`)).rawPayload.equals(small![1]!)).toBe(true);
    expectError(await get(server(), `${photoUrl(token, 0, 0)}?size=500`), 400, 'bad_request');
  });

  it('serve the book’s cover photo through the link while it works; a cover deleted since is none, and a revoked link shows nothing', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    await setRenditions(server(), book.photoIds[0]!, true);
    const [small, page] = [storeRenditions(server(), me, book, 300), storeRenditions(server(), me, book)];
    const token = await shareBook(server(), me, book);

    const shared = await openBook(server(), token);
    expect(shared.cover).toMatchObject({ url: `${PUBLIC_URL}${coverUrl(token)}`, width: 800, height: 533 });
    expect(shared.cover!.sources.map((s) => s.url)).toEqual([`${PUBLIC_URL}${coverUrl(token)}?size=300`, `${PUBLIC_URL}${coverUrl(token)}`, `${PUBLIC_URL}${coverUrl(token)}?size=1300`]);
    const cover = await get(server(), coverUrl(token));
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.rawPayload.equals(page[0]!)).toBe(true);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(cover.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await get(server(), `${coverUrl(token)}?size=300`)).rawPayload.equals(small[0]!)).toBe(true);

    const [shareRow] = await server().db.selectFrom('widget_shares').select('id').where('widget_id', '=', book.id).execute();
    expect((await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}/shares/${shareRow!.id}` })).statusCode).toBe(204);
    expectError(await get(server(), coverUrl(token)), 404, 'not_found');
    expectError(await get(server(), `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}`), 404, 'not_found');

    const again = await shareBook(server(), me, book);
    await callAs(server(), me, { method: 'DELETE', url: `${PHOTOS_API}/photos/${book.photoIds[0]}` });
    expect((await openBook(server(), again)).cover).toBeNull();
    expectError(await get(server(), coverUrl(again)), 404, 'not_found');
  });

  it('serve only photos of the shared book, never another of the owner’s books through the same link', async () => {
    const me = await newCustomer(server());
    const shared = await insertBook(server(), me, { pages: 1 });
    const unshared = await insertBook(server(), me, { pages: 3 });
    storeRenditions(server(), me, shared);
    storeRenditions(server(), me, unshared);
    const token = await shareBook(server(), me, shared);
    expectError(await get(server(), photoUrl(token, 2, 0)), 404, 'not_found');
  });
});
