import {
  apiErrorSchema,
  blockedOrderSchema,
  GALLERY_CATEGORY_IDS,
  galleryCategoriesSchema,
  galleryEntrySchema,
  WIDGET_ERRORS,
  widgetSchema,
} from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import type { TestShoebox } from '../../test/test-server.js';
import { galleryRepository } from './gallery.repository.js';
import { callAs, insertBook, newBusinessCustomer, widgetTables, WIDGETS_API } from '../../test/widgets.js';

const CHANNEL = 'www.printhaven.co.uk';
const expectError = (response: LightMyRequestResponse, status: number, error: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error, correlationId: response.headers['x-correlationid'] });
};
const publish = (server: TestShoebox, who: TestCustomer, body: object) =>
  callAs(server, who, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { categoryId: 'travel', title: 'Porto', channel: CHANNEL, ...body } });
const entryUrl = (id: string, channel = CHANNEL) => `${WIDGETS_API}/galleryentries/${encodeURIComponent(id)}?channel=${encodeURIComponent(channel)}`;

describe.each(databases)('the photo-book gallery on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('lists the fixed categories, to anyone signed in', async () => {
    const me = await newCustomer(server());
    const response = await callAs(server(), me, { url: `${WIDGETS_API}/categories` });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = galleryCategoriesSchema.parse(response.json());
    expect(items.map((c) => c.id)).toEqual([...GALLERY_CATEGORY_IDS]);
    expect(items.every((c) => c.name.length > 0)).toBe(true);
  });

  it('publishes a book once, reads, changes and deletes its entry; the book shows its entry meanwhile', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const created = await publish(server(), me, { widgetId: book.id, title: '  Porto 2025 ' });
    expect(created.statusCode, created.body).toBe(201);
    const entry = galleryEntrySchema.parse(created.json());
    expect(entry).toMatchObject({ widgetId: book.id, title: 'Porto 2025', categoryId: 'travel', channel: CHANNEL });
    expect(widgetSchema.parse((await callAs(server(), me, { url: `${WIDGETS_API}/widget/${book.id}` })).json()).galleryEntryId).toBe(entry.id);

    expectError(await publish(server(), me, { widgetId: book.id }), 409, WIDGET_ERRORS.alreadyPublished);

    const read = await callAs(server(), me, { url: entryUrl(entry.id) });
    expect(galleryEntrySchema.parse(read.json())).toEqual(entry);
    const changed = await callAs(server(), me, { method: 'PUT', url: entryUrl(entry.id), payload: { categoryId: 'family', title: 'Family in Porto' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(galleryEntrySchema.parse(changed.json())).toMatchObject({ id: entry.id, categoryId: 'family', title: 'Family in Porto' });

    const [a, b] = await Promise.all([callAs(server(), me, { method: 'DELETE', url: entryUrl(entry.id) }), callAs(server(), me, { method: 'DELETE', url: entryUrl(entry.id) })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 404]);
    expectError(await callAs(server(), me, { url: entryUrl(entry.id) }), 404, 'not_found');
    expect(widgetSchema.parse((await callAs(server(), me, { url: `${WIDGETS_API}/widget/${book.id}` })).json()).galleryEntryId).toBeNull();
  });

  it('knows a storefront by its host or its code alike (the Swedish one differs)', async () => {
    const me = await newCustomer(server());
    const created = await publish(server(), me, { widgetId: (await insertBook(server(), me)).id, channel: 'www.printhaven.se' });
    expect(created.statusCode, created.body).toBe(201);
    const entry = galleryEntrySchema.parse(created.json());
    expect(entry.channel).toBe('www.printhaven-nordic.se');
    expect((await callAs(server(), me, { url: entryUrl(entry.id, 'www.printhaven-nordic.se') })).statusCode).toBe(200);
    expect((await callAs(server(), me, { url: entryUrl(entry.id, 'www.printhaven.se') })).statusCode).toBe(200);
    expectError(await callAs(server(), me, { url: entryUrl(entry.id) }), 404, 'not_found');
  });

  it('two publications of one book at once make one entry', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const responses = await Promise.all([publish(server(), me, { widgetId: book.id }), publish(server(), me, { widgetId: book.id }), publish(server(), me, { widgetId: book.id })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await server().db.selectFrom('gallery_entries').select('id').where('widget_id', '=', book.id).execute()).toHaveLength(1);
  });

  it('publishing and deleting the same book at once leave no entry behind', async () => {
    const me = await newCustomer(server());
    const books = await Promise.all(Array.from({ length: 12 }, () => insertBook(server(), me, { pages: 1 })));
    const outcomes = await Promise.all(
      books.map(async (book) => {
        const [published, deleted] = await Promise.all([publish(server(), me, { widgetId: book.id }), callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}` })]);
        return [published.statusCode, deleted.statusCode];
      }),
    );
    for (const [published, deleted] of outcomes) {
      expect([201, 404]).toContain(published);
      expect(deleted).toBe(204);
    }
    expect(await server().db.selectFrom('gallery_entries').select('id').where('widget_id', 'in', books.map((b) => b.id)).execute()).toEqual([]);
  });

  it('deleting a book deletes its gallery entry', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const entry = galleryEntrySchema.parse((await publish(server(), me, { widgetId: book.id })).json());
    expect((await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}` })).statusCode).toBe(204);
    expect(await server().db.selectFrom('gallery_entries').select('id').where('id', '=', entry.id).execute()).toEqual([]);
  });

  it('refuses to publish a blocked order’s book (409 order_blocked); the blocked-order lookup is public', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { productCode: `BLOCK-${me.id.slice(0, 8)}` });
    await galleryRepository(server().db).block(book.productCode, 'test', new Date().toISOString());
    const before = await widgetTables(server());
    expectError(await publish(server(), me, { widgetId: book.id }), 409, WIDGET_ERRORS.orderBlocked);
    expect(await widgetTables(server())).toEqual(before);

    const blocked = await server().app.inject({ url: `${WIDGETS_API}/blockedorders/${book.productCode}` });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blockedOrderSchema.parse(blocked.json())).toEqual({ orderCode: book.productCode, blocked: true });
    const free = await server().app.inject({ url: `${WIDGETS_API}/blockedorders/ORD-FREE-1` });
    expect(blockedOrderSchema.parse(free.json())).toEqual({ orderCode: 'ORD-FREE-1', blocked: false });
  });

  it.each([
    ['an unknown channel', { channel: 'www.evil.example' }],
    ['no channel', { channel: undefined }],
    ['an unknown category', { categoryId: 'weapons' }],
    ['an empty title', { title: '   ' }],
    ['a title with a text-direction override', { title: 'Trip\u202Egpj.exe' }],
    ['no book', { widgetId: undefined }],
  ])('refuses a publication with %s with 400, changing nothing', async (_label, o) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const before = await widgetTables(server());
    expectError(await publish(server(), me, { widgetId: book.id, ...o }), 400, 'bad_request');
    expect(await widgetTables(server())).toEqual(before);
  });

  it('requires a known channel on reading, changing and deleting an entry', async () => {
    const me = await newCustomer(server());
    const entry = galleryEntrySchema.parse((await publish(server(), me, { widgetId: (await insertBook(server(), me)).id })).json());
    const before = await widgetTables(server());
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { categoryId: 'family', title: 'x' } : undefined;
      expectError(await callAs(server(), me, { method, url: `${WIDGETS_API}/galleryentries/${entry.id}`, payload }), 400, 'bad_request');
      expectError(await callAs(server(), me, { method, url: entryUrl(entry.id, 'www.evil.example'), payload }), 400, 'bad_request');
    }
    expect(await widgetTables(server())).toEqual(before);
  });

  it('another customer’s book or entry is a 404 on every gallery call, and stays as it was', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const theirBook = await insertBook(server(), other);
    const theirUnpublished = await insertBook(server(), other);
    const theirs = galleryEntrySchema.parse((await publish(server(), other, { widgetId: theirBook.id })).json());
    const before = await widgetTables(server());
    expectError(await publish(server(), me, { widgetId: theirUnpublished.id }), 404, 'not_found');
    expectError(await callAs(server(), me, { url: entryUrl(theirs.id) }), 404, 'not_found');
    expectError(await callAs(server(), me, { method: 'PUT', url: entryUrl(theirs.id), payload: { categoryId: 'family', title: 'Mine' } }), 404, 'not_found');
    expectError(await callAs(server(), me, { method: 'DELETE', url: entryUrl(theirs.id) }), 404, 'not_found');
    expect(await widgetTables(server())).toEqual(before);
  });

  it('refuses a business customer every gallery call with 403', async () => {
    const business = await newBusinessCustomer(server());
    const book = await insertBook(server(), business);
    const before = await widgetTables(server());
    expectError(await callAs(server(), business, { url: `${WIDGETS_API}/categories` }), 403, 'forbidden');
    expectError(await publish(server(), business, { widgetId: book.id }), 403, 'forbidden');
    expectError(await callAs(server(), business, { url: entryUrl('any-entry') }), 403, 'forbidden');
    expectError(await callAs(server(), business, { method: 'PUT', url: entryUrl('any-entry'), payload: { categoryId: 'family', title: 'x' } }), 403, 'forbidden');
    expectError(await callAs(server(), business, { method: 'DELETE', url: entryUrl('any-entry') }), 403, 'forbidden');
    expect(await widgetTables(server())).toEqual(before);
  });
});
