/**
 * The photo-book calls as an attacker tries them from outside: foreign ids and business tokens on every
 * route, the share call's base64 and texts bent towards the mail's headers, floods, races, links after
 * their book or its owner is gone, and the public lookups fed odd input.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiErrorSchema, encodeShareEmail, SHARED_BOOK_WEB_PATH, WIDGET_SHARES_PER_WINDOW } from '@shoebox/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import { databases } from '../../test/databases.js';
import { newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { blobDirOf, type TestShoebox } from '../../test/test-server.js';
import { callAs, insertBook, linkIn, mailsTo, newBusinessCustomer, outboxMails, widgetTables, WIDGETS_API, type TestBook } from '../../test/widgets.js';
import { galleryRepository } from './gallery.repository.js';
import { sweepShares } from './share-sweeper.js';
import { widgetRepository } from './widget.repository.js';

const CHANNEL = 'www.printhaven.co.uk';
const expectError = (response: LightMyRequestResponse, status: number, error: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error, correlationId: response.headers['x-correlationid'] });
};
let recipients = 0;
const freshRecipient = () => `probe-${process.pid}-${++recipients}-${Date.now()}@example.org`;

const shareQuery = (o: Record<string, string> = {}) =>
  new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Emma', personalMessage: 'For you', toEmailAddress: encodeShareEmail(freshRecipient()), ...o }).toString();
const share = (server: TestShoebox, who: TestCustomer, widgetId: string, query: string) =>
  callAs(server, who, { method: 'PUT', url: `${WIDGETS_API}/widget/${widgetId}/share?${query}` });

async function shareTo(server: TestShoebox, who: TestCustomer, book: TestBook): Promise<string> {
  const to = freshRecipient();
  const response = await share(server, who, book.id, shareQuery({ toEmailAddress: encodeShareEmail(to) }));
  expect(response.statusCode, response.body).toBe(200);
  return decodeURIComponent(linkIn(mailsTo(server, to)[0]!).pathname.slice(`${SHARED_BOOK_WEB_PATH}/`.length));
}
const openBook = (server: TestShoebox, token: string) => server.app.inject({ url: `${WIDGETS_API}/shared-books/${token}` });
const openPhoto = (server: TestShoebox, token: string) => server.app.inject({ url: `${WIDGETS_API}/shared-books/${token}/photos/0/0` });

function storeRenditions(server: TestShoebox, owner: TestCustomer, book: TestBook): void {
  for (const photoId of book.photoIds) {
    const file = path.join(blobDirOf(server), renditionKey(owner.id, photoId, 800));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `bytes of ${photoId}`);
  }
}

describe.each(databases)('photo books probed from outside on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('answers 404 on every signed-in route for another customer’s book or gallery entry, and changes nothing', async () => {
    const [me, owner] = [await newCustomer(server()), await newCustomer(server())];
    const theirs = await insertBook(server(), owner);
    const published = await callAs(server(), owner, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { widgetId: theirs.id, categoryId: 'travel', title: 'Porto', channel: CHANNEL } });
    expect(published.statusCode, published.body).toBe(201);
    const entryId = (published.json() as { id: string }).id;
    const before = await widgetTables(server());
    const mailsBefore = outboxMails(server()).length;
    const calls: InjectOptions[] = [
      { url: `${WIDGETS_API}/widget/${theirs.id}` },
      { method: 'POST', url: `${WIDGETS_API}/widget/${theirs.id}`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `${WIDGETS_API}/widget/${theirs.id}` },
      { method: 'PUT', url: `${WIDGETS_API}/widget/${theirs.id}/share?${shareQuery()}` },
      { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { widgetId: theirs.id, categoryId: 'travel', title: 'Porto', channel: CHANNEL } },
      { url: `${WIDGETS_API}/galleryentries/${entryId}?channel=${CHANNEL}` },
      { method: 'PUT', url: `${WIDGETS_API}/galleryentries/${entryId}?channel=${CHANNEL}`, payload: { categoryId: 'family', title: 'Mine now' } },
      { method: 'DELETE', url: `${WIDGETS_API}/galleryentries/${entryId}?channel=${CHANNEL}` },
    ];
    for (const call of calls) expectError(await callAs(server(), me, call), 404, 'not_found');
    const byOrder = await callAs(server(), me, { url: `${WIDGETS_API}/widget/all?orderCodes=${theirs.productCode}` });
    expect(byOrder.json()).toEqual({ items: [] });
    expect(await widgetTables(server())).toEqual(before);
    expect(outboxMails(server()).length).toBe(mailsBefore);
  });

  it('refuses a business token on every signed-in route with 403, whatever the ids, and changes nothing', async () => {
    const business = await newBusinessCustomer(server());
    const own = await insertBook(server(), business);
    const consumer = await newCustomer(server());
    const foreign = await insertBook(server(), consumer);
    const before = await widgetTables(server());
    for (const id of [own.id, foreign.id, '00000000-0000-0000-0000-000000000000']) {
      const calls: InjectOptions[] = [
        { url: `${WIDGETS_API}/widgets/me` },
        { url: `${WIDGETS_API}/widget/all?orderCodes=${own.productCode}` },
        { url: `${WIDGETS_API}/categories` },
        { url: `${WIDGETS_API}/widget/${id}` },
        { method: 'POST', url: `${WIDGETS_API}/widget/${id}`, payload: { title: 'Renamed' } },
        { method: 'DELETE', url: `${WIDGETS_API}/widget/${id}` },
        { method: 'PUT', url: `${WIDGETS_API}/widget/${id}/share?${shareQuery()}` },
        { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { widgetId: id, categoryId: 'travel', title: 'Porto', channel: CHANNEL } },
        { url: `${WIDGETS_API}/galleryentries/${id}?channel=${CHANNEL}` },
        { method: 'PUT', url: `${WIDGETS_API}/galleryentries/${id}?channel=${CHANNEL}`, payload: { categoryId: 'family', title: 'Porto' } },
        { method: 'DELETE', url: `${WIDGETS_API}/galleryentries/${id}?channel=${CHANNEL}` },
      ];
      for (const call of calls) expectError(await callAs(server(), business, call), 403, 'forbidden');
    }
    expect(await widgetTables(server())).toEqual(before);
  });

  it.each([
    ['an extra padding character', `${encodeShareEmail('ab@example.org')}=`],
    ['padding where none belongs', `${encodeShareEmail('abc@example.org')}==`],
    ['padding in the middle', `${encodeShareEmail('ab@example.org')}${encodeShareEmail('ab@example.org')}`],
    // No address the schema takes has a base64 with + or /: the base64url spelling is refused either way.
    ['the base64url alphabet', encodeShareEmail('ab~@example.org').replace(/\+/g, '-').replace(/\//g, '_')],
    ['a leading space', ` ${encodeShareEmail('ab@example.org')}`],
    ['a space inside', `${encodeShareEmail('ab@example.org').slice(0, 4)} ${encodeShareEmail('ab@example.org').slice(4)}`],
    ['a line break inside', `${encodeShareEmail('ab@example.org').slice(0, 4)}\n${encodeShareEmail('ab@example.org').slice(4)}`],
    ['an address with a NUL', encodeShareEmail('ab@example.org\u0000')],
    ['an address with CRLF and a header after it', encodeShareEmail('ab@example.org\r\nBcc: victim@example.net')],
    ['an address with CRLF inside', encodeShareEmail('ab\r\n@example.org')],
    ['an address with a display name', encodeShareEmail('Eve <eve@example.org>')],
    ['two addresses separated by a comma', encodeShareEmail('a@example.org,b@example.org')],
    ['two addresses separated by a semicolon', encodeShareEmail('a@example.org;b@example.org')],
    ['a group of addresses', encodeShareEmail('friends: a@example.org, b@example.org;')],
    ['an address with a line separator', encodeShareEmail('ab@example.org\u2028Bcc: victim@example.net')],
    ['an address with a bidi override', encodeShareEmail('ab\u202E@example.org')],
  ])('refuses a recipient that is %s with 400, mails nobody and stores nothing', async (_label, toEmailAddress) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const before = await widgetTables(server());
    const mails = outboxMails(server()).length;
    expectError(await share(server(), me, book.id, shareQuery({ toEmailAddress })), 400, 'bad_request');
    expect(await widgetTables(server())).toEqual(before);
    expect(outboxMails(server()).length).toBe(mails);
  });

  it.each([
    ['a sender name with CRLF and a header', { fromName: 'Emma\r\nBcc: victim@example.net' }],
    ['a sender name with a bare LF', { fromName: 'Emma\nBcc: victim@example.net' }],
    ['a sender name with NEL', { fromName: 'Emma\u0085Bcc: victim@example.net' }],
    ['a sender name with a line separator', { fromName: 'Emma\u2028Bcc: victim@example.net' }],
    ['a sender name with a paragraph separator', { fromName: 'Emma\u2029Bcc: victim@example.net' }],
    ['a message with a line separator', { personalMessage: 'Hi\u2028Bcc: victim@example.net' }],
    ['a sender name with a bidi override', { fromName: 'Emma\u202Emoc.knab' }],
    ['a sender name with a bidi isolate', { fromName: 'Emma\u2067x' }],
    ['a message with CRLF', { personalMessage: 'Hi\r\nBcc: victim@example.net' }],
    ['a message with a bidi override', { personalMessage: 'Open \u202Emoc.knab-live\u202C now' }],
    ['a message with a bidi isolate', { personalMessage: 'Open \u2067x' }],
    ['a message with a NUL', { personalMessage: 'Hi\u0000' }],
    ['a message one character too long', { personalMessage: 'x'.repeat(1001) }],
    ['two vendor ids', { vendorId: 'printhaven-gb&vendorId=printhaven-nl' }],
  ])('refuses %s with 400, mails nobody and stores nothing', async (_label, o) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const before = await widgetTables(server());
    const mails = outboxMails(server()).length;
    const query = o.vendorId ? shareQuery().replace('vendorId=printhaven-gb', o.vendorId) : shareQuery(o);
    expectError(await share(server(), me, book.id, query), 400, 'bad_request');
    expect(await widgetTables(server())).toEqual(before);
    expect(outboxMails(server()).length).toBe(mails);
  });

  it('refuses a huge message with the one error shape (414, the address is too long), mails nobody and stores nothing', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const before = await widgetTables(server());
    const mails = outboxMails(server()).length;
    expectError(await share(server(), me, book.id, shareQuery({ personalMessage: 'x'.repeat(100_000) })), 414, 'uri_too_long');
    expect(await widgetTables(server())).toEqual(before);
    expect(outboxMails(server()).length).toBe(mails);
  });

  it('refuses a second recipient given as a repeated parameter with 400', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const mails = outboxMails(server()).length;
    const query = `${shareQuery()}&toEmailAddress=${encodeURIComponent(encodeShareEmail(freshRecipient()))}`;
    expectError(await share(server(), me, book.id, query), 400, 'bad_request');
    expect(outboxMails(server()).length).toBe(mails);
  });

  it(`sends at most ${WIDGET_SHARES_PER_WINDOW} mails in a window for a flood over several books and recipients`, async () => {
    const me = await newCustomer(server());
    const books = await Promise.all(Array.from({ length: 3 }, () => insertBook(server(), me, { pages: 1 })));
    const tos = Array.from({ length: WIDGET_SHARES_PER_WINDOW + 15 }, () => freshRecipient());
    const responses = await Promise.all(tos.map((to, i) => share(server(), me, books[i % 3]!.id, shareQuery({ toEmailAddress: encodeShareEmail(to) }))));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(WIDGET_SHARES_PER_WINDOW);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(15);
    const toSet = new Set(tos);
    expect(outboxMails(server()).filter((m) => toSet.has(m.to))).toHaveLength(WIDGET_SHARES_PER_WINDOW);
  });

  it('one book published ten times at once makes one entry; a blocked order’s book none', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const payload = { widgetId: book.id, categoryId: 'travel', title: 'Porto', channel: CHANNEL };
    const responses = await Promise.all(Array.from({ length: 10 }, () => callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await server().db.selectFrom('gallery_entries').select('id').where('widget_id', '=', book.id).execute()).toHaveLength(1);

    const blocked = await insertBook(server(), me);
    await galleryRepository(server().db).block(blocked.productCode, 'probe', new Date().toISOString());
    const refused = await Promise.all(Array.from({ length: 5 }, () => callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { ...payload, widgetId: blocked.id } })));
    for (const r of refused) expectError(r, 409, 'order_blocked');
    expect(await server().db.selectFrom('gallery_entries').select('id').where('widget_id', '=', blocked.id).execute()).toEqual([]);
  });

  it('a link stops opening the book and its photos as soon as its owner’s account is marked deleted, before the deletion has run', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    storeRenditions(server(), me, book);
    const token = await shareTo(server(), me, book);
    expect((await openBook(server(), token)).statusCode).toBe(200);
    expect((await openPhoto(server(), token)).statusCode).toBe(200);
    // What confirming the deletion does in its transaction; the job that erases everything comes later.
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', me.id).execute();
    expectError(await openBook(server(), token), 404, 'not_found');
    expectError(await openPhoto(server(), token), 404, 'not_found');
  });

  it('a link of a deleted book or an erased account opens nothing, and the erasure leaves no share behind', async () => {
    const me = await newCustomer(server());
    const [kept, deleted] = [await insertBook(server(), me, { pages: 1 }), await insertBook(server(), me, { pages: 1 })];
    storeRenditions(server(), me, kept);
    const [keptToken, deletedToken] = [await shareTo(server(), me, kept), await shareTo(server(), me, deleted)];
    expect((await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${deleted.id}` })).statusCode).toBe(204);
    expectError(await openBook(server(), deletedToken), 404, 'not_found');
    expectError(await openPhoto(server(), deletedToken), 404, 'not_found');
    expect((await openBook(server(), keptToken)).statusCode).toBe(200);

    await widgetRepository(server().db).deleteAllOf(me.id);
    expectError(await openBook(server(), keptToken), 404, 'not_found');
    expectError(await openPhoto(server(), keptToken), 404, 'not_found');
    expect(await server().db.selectFrom('widget_shares').select('id').where('customer_id', '=', me.id).execute()).toEqual([]);
  });

  it('a token of an account whose deletion is confirmed shares nothing (404) and mails nobody', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', me.id).execute();
    const to = freshRecipient();
    expectError(await share(server(), me, book.id, shareQuery({ toEmailAddress: encodeShareEmail(to) })), 404, 'not_found');
    expect(mailsTo(server(), to)).toEqual([]);
    expect(await server().db.selectFrom('widget_shares').select('id').where('customer_id', '=', me.id).execute()).toEqual([]);
  });

  it('erasing an account while its shares and publications are in flight leaves none of them behind', async () => {
    for (let round = 0; round < 4; round++) {
      const me = await newCustomer(server());
      const books = await Promise.all(Array.from({ length: 10 }, () => insertBook(server(), me, { pages: 1 })));
      const inFlight = books.flatMap((book) => [
        share(server(), me, book.id, shareQuery()),
        callAs(server(), me, { method: 'POST', url: `${WIDGETS_API}/galleryentries`, payload: { widgetId: book.id, categoryId: 'travel', title: 'Porto', channel: CHANNEL } }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      // What the account-deletion job runs, while the calls are under way.
      await widgetRepository(server().db).deleteAllOf(me.id);
      await Promise.all(inFlight);
      const left = await Promise.all(
        (['widget_shares', 'gallery_entries'] as const).map((t) => server().db.selectFrom(t).select('id').where('customer_id', '=', me.id).execute()),
      );
      expect(left, `round ${round}`).toEqual([[], []]);
    }
  });

  it('a shared book whose page names another customer’s photo shows and serves only the owner’s own', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const theirs = await insertBook(server(), other, { pages: 1 });
    storeRenditions(server(), other, theirs);
    const mine = await insertBook(server(), me, { pages: 1 });
    storeRenditions(server(), me, mine);
    const at = new Date().toISOString();
    const mixed = { id: randomUUID(), customer_id: me.id, product_code: 'ORD-MIXED', product_type: 'photobook' as const, title: 'Mixed', cover_photo_id: null, created_at: at, updated_at: at };
    await widgetRepository(server().db).insert(mixed, [{ caption: null, photoIds: [theirs.photoIds[0]!, mine.photoIds[0]!] }]);
    const token = await shareTo(server(), me, { id: mixed.id, photoIds: [], productCode: mixed.product_code });
    const opened = await openBook(server(), token);
    expect((opened.json() as { pages: { photos: { url: string }[] }[] }).pages[0]!.photos.map((p) => p.url.split('/photos/')[1])).toEqual(['0/1']);
    expectError(await openPhoto(server(), token), 404, 'not_found');
    expect((await server().app.inject({ url: `${WIDGETS_API}/shared-books/${token}/photos/0/1` })).statusCode).toBe(200);
    const head = await server().app.inject({ method: 'HEAD', url: `${WIDGETS_API}/shared-books/${token}/photos/0/1` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('forgets a share’s recipient, name and message once its link has expired, and a share whose mail never went', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    const [live, expired] = [freshRecipient(), freshRecipient()];
    for (const to of [live, expired]) expect((await share(server(), me, book.id, shareQuery({ toEmailAddress: encodeShareEmail(to) }))).statusCode).toBe(200);
    const rows = server().db.selectFrom('widget_shares').select(['id', 'recipient_email']).where('widget_id', '=', book.id);
    const now = Date.now();
    await server().db.updateTable('widget_shares').set({ expires_at: new Date(now - 1000).toISOString() }).where('recipient_email', '=', expired).execute();
    // Left by a process stopped between storing the share and sending its mail.
    const stale = new Date(now - 2 * 3_600_000).toISOString();
    await server().db
      .insertInto('widget_shares')
      .values({ id: randomUUID(), widget_id: book.id, customer_id: me.id, token_hash: randomUUID(), vendor_id: 'printhaven-gb', sender_name: 'Emma', personal_message: '', recipient_email: 'unsent@example.org', created_at: stale, expires_at: new Date(now + 86_400_000).toISOString(), sent_at: null })
      .execute();
    expect(await rows.execute()).toHaveLength(3);

    expect(await sweepShares(widgetRepository(server().db), new Date(now))).toBeGreaterThanOrEqual(2);
    expect((await rows.execute()).map((r) => r.recipient_email)).toEqual([live]);
  });

  it.each([
    ['a token with padding added', (t: string) => `${t}=`],
    ['a token in base64 rather than base64url', (t: string) => t.replace(/-/g, '+').replace(/_/g, '/')],
    ['a token in other case', (t: string) => (t.toUpperCase() === t ? t.toLowerCase() : t.toUpperCase())],
    ['a token cut short', (t: string) => t.slice(0, -1)],
  ])('a link with %s opens nothing', async (_label, bend) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    const token = await shareTo(server(), me, book);
    const bent = bend(token);
    if (bent === token) return;
    const response = await openBook(server(), encodeURIComponent(bent));
    expect([400, 404]).toContain(response.statusCode);
    expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
  });

  it.each([
    // The address is normalized before routing: no route is left to answer.
    ['encoded dots', '%2E%2E', 404],
    ['an encoded slash', 'ORD%2F1', 200],
    ['SQL', encodeURIComponent("' OR '1'='1"), 200],
    ['a LIKE wildcard', '%25', 200],
    ['non-Latin letters', encodeURIComponent('ЗАКАЗ-1'), 200],
    ['a NUL', 'ORD%00', 400],
    ['CRLF', 'ORD%0D%0ASet-Cookie:%20x=1', 400],
    ['a bidi override', encodeURIComponent('ORD\u202E1'), 200],
    ['65 characters', 'O'.repeat(65), 400],
    ['a broken percent escape', 'ORD%E0%A4%A', 400],
  ])('the public blocked-order lookup takes an order code with %s without harm', async (_label, code, status) => {
    const response = await server().app.inject({ url: `${WIDGETS_API}/blockedorders/${code}` });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) expect(response.json()).toMatchObject({ blocked: false });
    else expectError(response, status, status === 404 ? 'not_found' : 'bad_request');
    expect(JSON.stringify(response.headers)).not.toMatch(/set-cookie/i);
  });

  it('the blocked-order lookup matches the code exactly: a wildcard or another case never reports a blocked order', async () => {
    const code = `PROBE-${Date.now()}`;
    await galleryRepository(server().db).block(code, 'probe', new Date().toISOString());
    const ask = async (c: string) => (await server().app.inject({ url: `${WIDGETS_API}/blockedorders/${encodeURIComponent(c)}` })).json() as { blocked: boolean };
    expect((await ask(code)).blocked).toBe(true);
    for (const other of [code.toLowerCase(), `${code.slice(0, -1)}_`, `${code.slice(0, -1)}%`, ` ${code}`]) expect((await ask(other)).blocked).toBe(false);
  });

  it.each([
    ['an offset past the last book', 'offset=10000', 200],
    ['an offset past the limit', 'offset=10001', 400],
    ['a huge offset', `offset=${'9'.repeat(30)}`, 400],
    ['a negative limit', 'limit=-5', 400],
    ['a limit past the most', 'limit=1000', 400],
  ])('pages with %s: %s answers %s', async (_label, query, status) => {
    const me = await newCustomer(server());
    await insertBook(server(), me);
    const response = await callAs(server(), me, { url: `${WIDGETS_API}/widgets/me?${query}` });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) expect(response.json()).toEqual({ items: [], total: 1 });
    else expectError(response, status, 'bad_request');
  });
});
