import { apiErrorSchema, blockedOrderSchema, widgetDetailsSchema, widgetListSchema, WIDGET_ERRORS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { insertPhotoRows, useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { WIDGETS_API } from '../test/widgets.js';
import { DEMO_BOOK_COUNTS, seedDemoWidgets } from './demo-widgets.js';

describe.each(databases)('the demo photo books on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function booksOf(email: string) {
    const { access_token } = await signIn(server().app, email);
    const headers = bearer(access_token);
    const response = await server().app.inject({ url: `${WIDGETS_API}/widgets/me?limit=50`, headers });
    return { response, headers };
  }
  const customerId = async (email: string) => (await server().db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('gives consumers with photos books of their own photos and orders, one published, one order blocked; business accounts none', async () => {
    const emma = await customerId('emma@example.com');
    const lars = await customerId('lars@example.com');
    const emmaPhotos = new Set((await insertPhotoRows(server(), emma, Array.from({ length: 30 }, () => ({})))).map((p) => p.id));
    await insertPhotoRows(server(), lars, Array.from({ length: 12 }, () => ({})));
    await insertPhotoRows(server(), await customerId('daan@example.com'), Array.from({ length: 12 }, () => ({})));
    await seedDemoWidgets(server().db);

    const { response, headers } = await booksOf('emma@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const list = widgetListSchema.parse(response.json());
    expect(list.total).toBe(DEMO_BOOK_COUNTS['emma@example.com']);
    expect(list.items.map((w) => w.productType)).toContain('photobook');
    expect(list.items.filter((w) => w.galleryEntryId !== null)).toHaveLength(1);
    expect(list.items.every((w) => w.coverUrl !== null && w.pageCount > 0)).toBe(true);
    const orderCodes = (await server().db.selectFrom('orders').select('order_code').where('customer_id', '=', emma).execute()).map((o) => o.order_code);
    expect(orderCodes).toEqual(expect.arrayContaining(list.items.map((w) => w.productCode)));

    const book = widgetDetailsSchema.parse((await server().app.inject({ url: `${WIDGETS_API}/widget/${list.items[0]!.widgetId}`, headers })).json());
    const storedPages = await server().db.selectFrom('widget_pages').select('photo_ids').where('widget_id', '=', book.widgetId).execute();
    expect(storedPages.flatMap((p) => JSON.parse(p.photo_ids) as string[]).every((id) => emmaPhotos.has(id))).toBe(true);
    expect(book.pages.every((p) => p.photos.length > 0)).toBe(true);

    const answers = await Promise.all(list.items.map((w) => w.productCode).map(async (code) => blockedOrderSchema.parse((await server().app.inject({ url: `${WIDGETS_API}/blockedorders/${code}` })).json())));
    expect(answers.filter((a) => a.blocked)).toHaveLength(1);
    const blockedBook = list.items.find((w) => w.productCode === answers.find((a) => a.blocked)!.orderCode)!;
    const refused = await server().app.inject({ method: 'POST', url: `${WIDGETS_API}/galleryentries`, headers, payload: { widgetId: blockedBook.widgetId, categoryId: 'family', title: 'Mine', channel: 'www.printhaven.co.uk' } });
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({ status: 409, error: WIDGET_ERRORS.orderBlocked });

    expect(widgetListSchema.parse((await booksOf('lars@example.com')).response.json()).total).toBe(2);
    for (const email of ['sofia@example.com', 'mila@example.com']) expect(widgetListSchema.parse((await booksOf(email)).response.json()).total).toBe(0);
    expect((await booksOf('daan@example.com')).response.statusCode).toBe(403);
    expect(await server().db.selectFrom('widgets').select('id').where('customer_id', '=', await customerId('daan@example.com')).execute()).toEqual([]);
  });

  it('seeds once, however often it runs; a book the customer deleted stays deleted', async () => {
    await seedDemoWidgets(server().db);
    await seedDemoWidgets(server().db);
    const { response, headers } = await booksOf('lars@example.com');
    const list = widgetListSchema.parse(response.json());
    expect(list.total).toBe(2);
    expect((await server().app.inject({ method: 'DELETE', url: `${WIDGETS_API}/widget/${list.items[0]!.widgetId}`, headers })).statusCode).toBe(204);
    await seedDemoWidgets(server().db);
    expect(widgetListSchema.parse((await booksOf('lars@example.com')).response.json()).total).toBe(1);
  });
});
