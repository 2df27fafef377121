import {
  apiErrorSchema,
  WIDGETS_BY_ORDER_MAX_CODES,
  WIDGETS_PAGE_SIZE,
  widgetDetailsSchema,
  widgetListSchema,
  widgetSchema,
  widgetsByOrderSchema,
} from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, useLibraryServer } from '../../test/photo-library.js';
import { callAs, insertBook, newBusinessCustomer, widgetTables, WIDGETS_API } from '../../test/widgets.js';

const expectError = (response: LightMyRequestResponse, status: number, error: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error, correlationId: response.headers['x-correlationid'] });
};

describe.each(databases)('photo books on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('lists the customer’s books newest first in pages, with the total, a signed cover and the page count', async () => {
    const me = await newCustomer(server());
    const books = [];
    for (let i = 0; i < WIDGETS_PAGE_SIZE + 2; i++) books.push(await insertBook(server(), me, { title: `Book ${i}`, pages: 1, createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() }));
    const first = await callAs(server(), me, { url: `${WIDGETS_API}/widgets/me` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = widgetListSchema.parse(first.json());
    expect(page.total).toBe(WIDGETS_PAGE_SIZE + 2);
    expect(page.items).toHaveLength(WIDGETS_PAGE_SIZE);
    expect(page.items[0]).toMatchObject({ widgetId: books.at(-1)!.id, title: `Book ${WIDGETS_PAGE_SIZE + 1}`, productType: 'photobook', pageCount: 1, galleryEntryId: null });
    // A signed address of the cover's thumbnail, as the photo library gives it.
    expect(page.items[0]!.coverUrl).toMatch(/^http:\/\/localhost:3000\/.*\/300\.jpg\?e=\d+&s=[\w-]+$/);
    const rest = widgetListSchema.parse((await callAs(server(), me, { url: `${WIDGETS_API}/widgets/me?offset=${WIDGETS_PAGE_SIZE}&limit=${WIDGETS_PAGE_SIZE}` })).json());
    expect(rest.items.map((w) => w.widgetId)).toEqual([books[1]!.id, books[0]!.id]);
  });

  it('lists nobody else’s books, and none at all for a customer without any', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    await insertBook(server(), other);
    expect(widgetListSchema.parse((await callAs(server(), me, { url: `${WIDGETS_API}/widgets/me` })).json())).toEqual({ items: [], total: 0 });
  });

  it.each(['offset=-1', 'limit=0', 'limit=51', 'offset=abc', 'limit=1.5'])('refuses the page %s with 400', async (query) => {
    const me = await newCustomer(server());
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widgets/me?${query}` }), 400, 'bad_request');
  });

  it('finds the customer’s own books by order code, never another customer’s of the same code', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const a = await insertBook(server(), me, { productCode: 'ORD-A' });
    const b = await insertBook(server(), me, { productCode: 'ORD-B' });
    await insertBook(server(), me, { productCode: 'ORD-C' });
    await insertBook(server(), other, { productCode: 'ORD-A' });
    const response = await callAs(server(), me, { url: `${WIDGETS_API}/widget/all?orderCodes=ORD-A,ORD-B,ORD-NONE` });
    expect(response.statusCode, response.body).toBe(200);
    const found = widgetsByOrderSchema.parse(response.json());
    expect(found.items.map((w) => w.widgetId).sort()).toEqual([a.id, b.id].sort());
    expect(found.items.map((w) => w.productCode).sort()).toEqual(['ORD-A', 'ORD-B']);
  });

  it('refuses more order codes than the limit, and an empty list', async () => {
    const me = await newCustomer(server());
    const many = Array.from({ length: WIDGETS_BY_ORDER_MAX_CODES + 1 }, (_, i) => `O${i}`).join(',');
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widget/all?orderCodes=${many}` }), 400, 'bad_request');
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widget/all?orderCodes=,,` }), 400, 'bad_request');
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widget/all` }), 400, 'bad_request');
  });

  it('opens one book with its pages of signed photo addresses; a photo deleted since just leaves its page', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 2 });
    const opened = await callAs(server(), me, { url: `${WIDGETS_API}/widget/${book.id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const details = widgetDetailsSchema.parse(opened.json());
    expect(details.pages).toHaveLength(2);
    expect(details.pages[0]).toMatchObject({ caption: 'Day one' });
    expect(details.pages.map((p) => p.photos.length)).toEqual([2, 2]);
    expect(details.pages[0]!.photos[0]).toMatchObject({ width: 64, height: 48 });
    expect(details.coverUrl).not.toBeNull();

    // The cover photo goes: the book stays, without that photo and without a cover.
    expect((await callAs(server(), me, { method: 'DELETE', url: `${PHOTOS_API}/photos/${book.photoIds[0]}` })).statusCode).toBe(204);
    const after = widgetDetailsSchema.parse((await callAs(server(), me, { url: `${WIDGETS_API}/widget/${book.id}` })).json());
    expect(after.coverUrl).toBeNull();
    expect(after.pages.map((p) => p.photos.length)).toEqual([1, 2]);
    expect(after.pageCount).toBe(2);
  });

  it('renames a book, trimmed; an empty or too long title is a 400 and changes nothing', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const renamed = await callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/widget/${book.id}`, payload: { title: '  Porto 2025 ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(widgetSchema.parse(renamed.json())).toMatchObject({ widgetId: book.id, title: 'Porto 2025' });
    const before = await widgetTables(server());
    expectError(await callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/widget/${book.id}`, payload: { title: '   ' } }), 400, 'bad_request');
    expectError(await callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/widget/${book.id}`, payload: { title: 'x'.repeat(121) } }), 400, 'bad_request');
    expectError(await callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/widget/${book.id}`, payload: {} }), 400, 'bad_request');
    expect(await widgetTables(server())).toEqual(before);
  });

  it('answers 404 for another customer’s book on every call, and changes nothing of it', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const theirs = await insertBook(server(), other);
    const before = await widgetTables(server());
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widget/${theirs.id}` }), 404, 'not_found');
    expectError(await callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/widget/${theirs.id}`, payload: { title: 'Mine now' } }), 404, 'not_found');
    expectError(await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${theirs.id}` }), 404, 'not_found');
    expect(await widgetTables(server())).toEqual(before);
    expect((await callAs(server(), other, { url: `${WIDGETS_API}/widget/${theirs.id}` })).statusCode).toBe(200);
  });

  it('deletes a book with its pages; a double click deletes once and the second answers 404', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const kept = await insertBook(server(), me);
    const [a, b] = await Promise.all([
      callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}` }),
      callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 404]);
    expectError(await callAs(server(), me, { url: `${WIDGETS_API}/widget/${book.id}` }), 404, 'not_found');
    expect(await server().db.selectFrom('widget_pages').select('widget_id').where('widget_id', '=', book.id).execute()).toEqual([]);
    expect((await callAs(server(), me, { url: `${WIDGETS_API}/widget/${kept.id}` })).statusCode).toBe(200);
  });

  it('refuses a business customer every call with 403, even on their own book, and changes nothing', async () => {
    const business = await newBusinessCustomer(server());
    const book = await insertBook(server(), business);
    const before = await widgetTables(server());
    const calls = [
      { url: `${WIDGETS_API}/widgets/me` },
      { url: `${WIDGETS_API}/widget/all?orderCodes=${book.productCode}` },
      { url: `${WIDGETS_API}/widget/${book.id}` },
      { method: 'POST' as const, url: `${WIDGETS_API}/widget/${book.id}`, payload: { title: 'New' } },
      { method: 'DELETE' as const, url: `${WIDGETS_API}/widget/${book.id}` },
    ];
    for (const call of calls) expectError(await callAs(server(), business, call), 403, 'forbidden');
    expect(await widgetTables(server())).toEqual(before);
  });

  it('asks a caller without a token to sign in', async () => {
    const response = await server().app.inject({ url: `${WIDGETS_API}/widgets/me` });
    expect(response.statusCode).toBe(401);
  });
});
