import { createHash } from 'node:crypto';
import {
  apiErrorSchema,
  encodeShareEmail,
  SHARED_BOOK_WEB_PATH,
  sharedBookSchema,
  WIDGET_SHARE_LINK_VALID_DAYS,
  WIDGET_SHARES_PER_WINDOW,
  widgetShareListSchema,
  widgetShareResultSchema,
} from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { PUBLIC_URL, type TestShoebox } from '../../test/test-server.js';
import { breakMail, callAs, insertBook, linkIn, mailsTo, newBusinessCustomer, widgetTables, WIDGETS_API } from '../../test/widgets.js';

const VENDOR_GB = 'printhaven-gb';
const expectError = (response: LightMyRequestResponse, status: number, error: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error, correlationId: response.headers['x-correlationid'] });
};
let recipients = 0;
const freshRecipient = () => `friend-${process.pid}-${++recipients}-${Date.now()}@example.org`;

interface ShareInput {
  vendorId?: string;
  fromName?: string;
  personalMessage?: string;
  toEmailAddress?: string;
}
function share(server: TestShoebox, who: TestCustomer, widgetId: string, o: ShareInput & { to?: string } = {}) {
  const query = new URLSearchParams({
    vendorId: o.vendorId ?? VENDOR_GB,
    fromName: o.fromName ?? 'Emma',
    personalMessage: o.personalMessage ?? 'Look at our summer!',
    toEmailAddress: o.toEmailAddress ?? encodeShareEmail(o.to ?? freshRecipient()),
  });
  return callAs(server, who, { method: 'PUT', url: `${WIDGETS_API}/widget/${widgetId}/share?${query}` });
}
const openShared = (server: TestShoebox, token: string) => server.app.inject({ url: `${WIDGETS_API}/shared-books/${encodeURIComponent(token)}` });
const tokenOf = (mail: { text: string }) => decodeURIComponent(linkIn(mail).pathname.slice(`${SHARED_BOOK_WEB_PATH}/`.length));

describe.each(databases)('sharing photo books on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('mails the recipient a link with the sender’s name and message, which opens the book without an account', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { title: 'Porto 2025', pages: 2 });
    const to = freshRecipient();
    const response = await share(server(), me, book.id, { to, fromName: 'Emma Janssen', personalMessage: 'Our trip, for you' });
    expect(response.statusCode, response.body).toBe(200);
    const result = widgetShareResultSchema.parse(response.json());
    const days = (Date.parse(result.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(WIDGET_SHARE_LINK_VALID_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(WIDGET_SHARE_LINK_VALID_DAYS);

    const [mail, ...more] = mailsTo(server(), to);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('Emma Janssen');
    expect(mail!.text).toContain('Our trip, for you');
    expect(mail!.text).toContain('Porto 2025');
    const link = linkIn(mail!);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname.startsWith(`${SHARED_BOOK_WEB_PATH}/`)).toBe(true);
    const token = tokenOf(mail!);
    // 128 bits or more of randomness; only its hash is stored.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await server().db.selectFrom('widget_shares').selectAll().where('widget_id', '=', book.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));

    const opened = await openShared(server(), token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toContain('no-store');
    const shared = sharedBookSchema.parse(opened.json());
    expect(shared).toMatchObject({ title: 'Porto 2025', senderName: 'Emma Janssen', personalMessage: 'Our trip, for you', expiresAt: result.expiresAt });
    expect(shared.pages.map((p) => p.photos.length)).toEqual([2, 2]);
    // Nothing names the owner: no ids, no address, not even in the photos' addresses.
    for (const secret of [me.id, me.email, book.id, to]) expect(opened.body).not.toContain(secret);
    expect(Object.keys(opened.json() as object).sort()).toEqual(['cover', 'expiresAt', 'pages', 'personalMessage', 'senderName', 'title']);
  });

  it('writes the mail in the language of the customer’s storefront', async () => {
    const me = await newCustomer(server());
    await server().db.updateTable('customers').set({ channel: 'www.printhaven.nl' }).where('id', '=', me.id).execute();
    const book = await insertBook(server(), me);
    const to = freshRecipient();
    const response = await share(server(), me, book.id, { to, vendorId: 'printhaven-nl', fromName: 'Sanne' });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = mailsTo(server(), to);
    expect(mail!.subject).toBe('Sanne deelt een fotoboek met je');
    expect(mail!.text).toContain(`${PUBLIC_URL}${SHARED_BOOK_WEB_PATH}/`);
  });

  it.each([
    ['not base64 at all', '***'],
    ['base64 with a character outside the alphabet', `${encodeShareEmail('a@example.org').slice(0, -2)}!!`],
    ['base64 of something that is not an address', encodeShareEmail('not an address')],
    ['base64 of an address with a line break', encodeShareEmail('a@example.org\nBcc: b@example.org')],
    ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x40, 0x61]).toString('base64')],
    ['base64 without its padding', encodeShareEmail('ab@example.org').replace(/=+$/, '')],
  ])('refuses a recipient that is %s with 400, mails nobody and stores nothing', async (_label, toEmailAddress) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const before = await widgetTables(server());
    expectError(await share(server(), me, book.id, { toEmailAddress }), 400, 'bad_request');
    expect(await widgetTables(server())).toEqual(before);
  });

  it.each([
    ['another storefront’s vendor', { vendorId: 'printhaven-nl' }],
    ['an unknown vendor', { vendorId: 'nobody-xx' }],
    ['an empty sender name', { fromName: '  ' }],
    ['a sender name with a control character', { fromName: 'Emma\u0007' }],
    ['a message with a control character', { personalMessage: 'Hi\u001B[2J' }],
    ['a too long message', { personalMessage: 'x'.repeat(1001) }],
  ])('refuses %s with 400 and mails nobody', async (_label, o) => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const to = freshRecipient();
    const before = await widgetTables(server());
    expectError(await share(server(), me, book.id, { to, ...o }), 400, 'bad_request');
    expect(mailsTo(server(), to)).toEqual([]);
    expect(await widgetTables(server())).toEqual(before);
  });

  it('shares nobody else’s book (404) and a business customer none (403), mailing nobody', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const business = await newBusinessCustomer(server());
    const theirs = await insertBook(server(), other);
    const businessBook = await insertBook(server(), business);
    const to = freshRecipient();
    const before = await widgetTables(server());
    expectError(await share(server(), me, theirs.id, { to }), 404, 'not_found');
    expectError(await share(server(), business, businessBook.id, { to }), 403, 'forbidden');
    expect(mailsTo(server(), to)).toEqual([]);
    expect(await widgetTables(server())).toEqual(before);
  });

  it(`sends at most ${WIDGET_SHARES_PER_WINDOW} shares in a window however many arrive at once; the rest are 429 with Retry-After and no mail`, async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    // Each to another friend: one address gets fewer mails still, whoever sends them (recipient-limit.test.ts).
    const friends = Array.from({ length: WIDGET_SHARES_PER_WINDOW + 10 }, () => freshRecipient());
    const responses = await Promise.all(friends.map((to) => share(server(), me, book.id, { to })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(WIDGET_SHARES_PER_WINDOW);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    expectError(refused[0]!, 429, 'too_many_requests');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(friends.flatMap((to) => mailsTo(server(), to))).toHaveLength(WIDGET_SHARES_PER_WINDOW);
    // Another customer is not held back by it.
    const other = await newCustomer(server());
    expect((await share(server(), other, (await insertBook(server(), other)).id)).statusCode).toBe(200);
  });

  it('answers 503 when the mail server is down, leaves no link that opens the book, and a retry works', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const to = freshRecipient();
    const repair = breakMail(server());
    let failed: LightMyRequestResponse;
    try {
      failed = await share(server(), me, book.id, { to });
    } finally {
      repair();
    }
    expectError(failed, 503, 'mail_unavailable');
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    expect(await server().db.selectFrom('widget_shares').select('id').where('widget_id', '=', book.id).execute()).toEqual([]);
    expect(mailsTo(server(), to)).toEqual([]);

    const retried = await share(server(), me, book.id, { to });
    expect(retried.statusCode, retried.body).toBe(200);
    const [mail] = mailsTo(server(), to);
    expect((await openShared(server(), tokenOf(mail!))).statusCode).toBe(200);
  });

  it('revokes one link: it opens nothing from then on, the book and its other links stay; a second revoke, another customer and a business answer as if there were none', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const book = await insertBook(server(), me, { title: 'Porto 2025', pages: 1 });
    const [first, second] = [freshRecipient(), freshRecipient()];
    for (const to of [first, second]) expect((await share(server(), me, book.id, { to })).statusCode).toBe(200);
    const list = await callAs(server(), me, { method: 'GET', url: `${WIDGETS_API}/widget/${book.id}/shares` });
    expect(list.statusCode, list.body).toBe(200);
    const items = widgetShareListSchema.parse(list.json()).items;
    expect(items.map((i) => i.recipient)).toEqual([second, first]);
    const firstShare = items.find((i) => i.recipient === first)!;

    // Nobody else can see or revoke them.
    expectError(await callAs(server(), other, { method: 'GET', url: `${WIDGETS_API}/widget/${book.id}/shares` }), 404, 'not_found');
    expectError(await callAs(server(), other, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}/shares/${firstShare.id}` }), 404, 'not_found');
    expect((await openShared(server(), tokenOf(mailsTo(server(), first)[0]!))).statusCode).toBe(200);

    const revoked = await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}/shares/${firstShare.id}` });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await openShared(server(), tokenOf(mailsTo(server(), first)[0]!))).statusCode).toBe(404);
    expect((await openShared(server(), tokenOf(mailsTo(server(), second)[0]!))).statusCode).toBe(200);
    expect(widgetShareListSchema.parse((await callAs(server(), me, { method: 'GET', url: `${WIDGETS_API}/widget/${book.id}/shares` })).json()).items.map((i) => i.recipient)).toEqual([second]);
    expectError(await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}/shares/${firstShare.id}` }), 404, 'not_found');

    const business = await newBusinessCustomer(server());
    expect((await callAs(server(), business, { method: 'GET', url: `${WIDGETS_API}/widget/${book.id}/shares` })).statusCode).toBe(403);
  });

  it('a link past its days, an unknown token or one of a deleted book answers 404', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me);
    const other = await insertBook(server(), me);
    const [toA, toB] = [freshRecipient(), freshRecipient()];
    expect((await share(server(), me, book.id, { to: toA })).statusCode).toBe(200);
    expect((await share(server(), me, other.id, { to: toB })).statusCode).toBe(200);
    const expiring = tokenOf(mailsTo(server(), toA)[0]!);
    const ofDeleted = tokenOf(mailsTo(server(), toB)[0]!);
    expect((await openShared(server(), expiring)).statusCode).toBe(200);

    await server().db.updateTable('widget_shares').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('widget_id', '=', book.id).execute();
    expectError(await openShared(server(), expiring), 404, 'not_found');

    expect((await callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${other.id}` })).statusCode).toBe(204);
    expectError(await openShared(server(), ofDeleted), 404, 'not_found');
    expect(await server().db.selectFrom('widget_shares').select('id').where('widget_id', '=', other.id).execute()).toEqual([]);

    expectError(await openShared(server(), 'A'.repeat(43)), 404, 'not_found');
    expectError(await openShared(server(), 'short'), 400, 'bad_request');
  });

  it('a share and a delete of the same book at once leave no link behind', async () => {
    const me = await newCustomer(server());
    const books = await Promise.all(Array.from({ length: 12 }, () => insertBook(server(), me, { pages: 1 })));
    const outcomes = await Promise.all(
      books.map(async (book) => {
        const [shared, deleted] = await Promise.all([share(server(), me, book.id), callAs(server(), me, { method: 'DELETE', url: `${WIDGETS_API}/widget/${book.id}` })]);
        return [shared.statusCode, deleted.statusCode];
      }),
    );
    for (const [shared, deleted] of outcomes) {
      expect([200, 404]).toContain(shared);
      expect(deleted).toBe(204);
    }
    const left = await server().db.selectFrom('widget_shares').select('widget_id').where('widget_id', 'in', books.map((b) => b.id)).execute();
    expect(left).toEqual([]);
  });

  it('a shared book loses a photo its owner deletes later', async () => {
    const me = await newCustomer(server());
    const book = await insertBook(server(), me, { pages: 1 });
    const to = freshRecipient();
    expect((await share(server(), me, book.id, { to })).statusCode).toBe(200);
    await callAs(server(), me, { method: 'DELETE', url: `${PHOTOS_API}/photos/${book.photoIds[1]}` });
    const shared = sharedBookSchema.parse((await openShared(server(), tokenOf(mailsTo(server(), to)[0]!))).json());
    expect(shared.pages[0]!.photos).toHaveLength(1);
  });
});
