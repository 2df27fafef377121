import { apiErrorSchema, CHANNELS, historicalInvoiceListSchema, HISTORICAL_INVOICES_MAX_PAGE, INVOICE_LINK_VALID_SECONDS, invoicePdfLinkSchema, SERVICE_BASE_PATHS, type Channel } from '@shoebox/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSecret } from '../../platform/auth/secrets.js';
import { seedDemoInvoices } from '../../seed/demo-invoices.js';
import { databases } from '../../test/databases.js';
import { bearer, forgeAccessToken, identityClaimsOf } from '../../test/sign-in.js';
import { useTestShoebox } from '../../test/test-server.js';
import { OWNER_LINK_SECRET, ownerLinkSigner } from '../../platform/auth/owner-link.js';
import { INVOICE_PDFS_PER_CUSTOMER } from './invoice-pdf-queue.js';
import { pdfText } from './pdf-text.js';

const API = `${SERVICE_BASE_PATHS.invoices}/api/v1`;
const LIST = `${API}/HistoricalInvoice/me`;
const money = (channel: string, minor: number) => {
  const c = CHANNELS.find((ch) => ch.code === channel) as Channel;
  return new Intl.NumberFormat(c.locale, { style: 'currency', currency: c.currency }).format(minor / 100).replace(/[\u2009\u202f]/g, '\u00a0');
};

describe.each(databases)('business invoices on $name', (kind) => {
  const server = useTestShoebox(kind);
  const headers: Record<'nora' | 'bram' | 'emma', Record<string, string>> = { nora: {}, bram: {}, emma: {} };
  const ids = { nora: '', bram: '' };
  beforeAll(async () => {
    if (!kind.available) return;
    const { db } = server();
    await seedDemoInvoices(db);
    for (const who of ['nora', 'bram', 'emma'] as const) {
      const claims = await identityClaimsOf(db, `${who}@example.com`);
      headers[who] = bearer(await forgeAccessToken(db, claims));
      if (who !== 'emma') ids[who] = claims.sub;
    }
  });

  const get = (url: string, who?: keyof typeof headers) => server().app.inject({ method: 'GET', url, headers: who ? headers[who] : {} });
  const listOf = async (who: keyof typeof headers, page?: number) => {
    const res = await get(page === undefined ? LIST : `${LIST}?page=${page}`, who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return historicalInvoiceListSchema.parse(res.json());
  };
  /** Follows a PDF call's link as a browser does: without the bearer token. */
  const openLink = (url: string) => {
    const { pathname, search } = new URL(url);
    return server().app.inject({ method: 'GET', url: pathname + search });
  };
  const rowsOf = (customerId: string) => server().db.selectFrom('historical_invoices').selectAll().where('customer_id', '=', customerId).orderBy('issued_at', 'desc').execute();
  const groupOf = (customerId: string) => server().db.selectFrom('invoice_groups').selectAll().where('customer_id', '=', customerId).executeTakeFirstOrThrow();

  it('lists the customer’s invoices newest first in pages of 10 with the total; a page past the last is empty', async () => {
    const rows = await rowsOf(ids.nora);
    expect(rows).toHaveLength(14);
    const first = await listOf('nora');
    expect(first.total).toBe(14);
    expect(first.historicalInvoices.map((i) => i.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(await listOf('nora', 1)).toEqual(first);
    const second = await listOf('nora', 2);
    expect(second.historicalInvoices.map((i) => i.id)).toEqual(rows.slice(10).map((r) => r.id));
    expect(await listOf('nora', 3)).toEqual({ total: 14, historicalInvoices: [] });
    const grouped = first.historicalInvoices.filter((i) => i.invoiceGroupId);
    expect(grouped).toHaveLength(3);
    expect(new Set(grouped.map((i) => i.invoiceGroupId))).toEqual(new Set([(await groupOf(ids.nora)).id]));
    for (const i of first.historicalInvoices) expect(i.totalInclVat).toBe(i.totalExclVat + i.vat);
    // Bram's invoices are his alone.
    expect((await listOf('bram')).total).toBe(4);
  });

  it('refuses a page number out of range or not a whole number with a 400 in the one error shape', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', String(HISTORICAL_INVOICES_MAX_PAGE + 1)]) {
      const res = await get(`${LIST}?page=${page}`, 'nora');
      expect(res.statusCode, page).toBe(400);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ status: 400 });
    }
  });

  it('opens an order’s invoice as a PDF in its channel’s language and currency, through a link that lasts a minute', async () => {
    const nl = (await rowsOf(ids.nora)).find((r) => r.channel === 'www.printhaven.nl')!;
    const before = Date.now();
    const res = await get(`${API}/HistoricalInvoice/me/pdf/${nl.id}/${nl.channel}`, 'nora');
    expect(res.statusCode).toBe(200);
    const link = invoicePdfLinkSchema.parse(res.json());
    const lasts = Date.parse(link.expiresAt) - before;
    expect(lasts).toBeGreaterThan((INVOICE_LINK_VALID_SECONDS - 2) * 1000);
    expect(lasts).toBeLessThanOrEqual((INVOICE_LINK_VALID_SECONDS + 1) * 1000);

    const pdf = await openLink(link.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Factuur', nl.invoice_number, nl.order_code, 'Bakker Events BV', 'NL123456789B01', 'Nora Bakker', money(nl.channel, nl.total_incl_vat)]) expect(text).toContain(expected);
  });

  it('one customer opening a link many times at once has a few PDFs made at a time; any beyond is a 429 with Retry-After, and another customer is still served', async () => {
    const group = await groupOf(ids.nora);
    const link = invoicePdfLinkSchema.parse((await get(`${API}/InvoiceGroupFiles/me/${group.id}`, 'nora')).json());
    const answers = await Promise.all(Array.from({ length: 3 * INVOICE_PDFS_PER_CUSTOMER }, () => openLink(link.url)));
    const made = answers.filter((a) => a.statusCode === 200);
    const refusals = answers.filter((a) => a.statusCode !== 200);
    // How many arrive together depends on the database's speed; those that do beyond a customer's share are refused.
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const pdf of made) expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(429);
      expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(apiErrorSchema.parse(refusal.json()).error).toBe('too_many_requests');
    }
    const bram = (await rowsOf(ids.bram))[0]!;
    const theirs = invoicePdfLinkSchema.parse((await get(`${API}/HistoricalInvoice/me/pdf/${bram.id}/${bram.channel}`, 'bram')).json());
    const [, other] = await Promise.all([Promise.all(Array.from({ length: 3 * INVOICE_PDFS_PER_CUSTOMER }, () => openLink(link.url))), openLink(theirs.url)]);
    expect(other.statusCode).toBe(200);
    // Once they are made, the same link opens again.
    expect((await openLink(link.url)).statusCode).toBe(200);
  });

  it('opens a collective invoice with the lines of each order it gathers and their exact total', async () => {
    const group = await groupOf(ids.nora);
    const res = await get(`${API}/InvoiceGroupFiles/me/${group.id}`, 'nora');
    expect(res.statusCode).toBe(200);
    const pdf = await openLink(invoicePdfLinkSchema.parse(res.json()).url);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const members = (await rowsOf(ids.nora)).filter((r) => r.invoice_group_id === group.id);
    expect(text).toContain('Collective invoice');
    expect(text).toContain(group.invoice_number);
    for (const m of members) expect(text).toContain(`${m.order_code}: `);
    expect(text).toContain(money(group.channel, members.reduce((sum, m) => sum + m.total_incl_vat, 0)));
  });

  it('answers 404 for another customer’s invoice, an unknown one and the wrong channel, and gives no link', async () => {
    const theirs = (await rowsOf(ids.bram))[0]!;
    const theirGroup = await groupOf(ids.bram);
    const mine = (await rowsOf(ids.nora)).find((r) => r.channel === 'www.printhaven.co.uk')!;
    for (const url of [
      `${API}/HistoricalInvoice/me/pdf/${theirs.id}/${theirs.channel}`,
      `${API}/InvoiceGroupFiles/me/${theirGroup.id}`,
      `${API}/HistoricalInvoice/me/pdf/no-such-invoice/${mine.channel}`,
      `${API}/InvoiceGroupFiles/me/no-such-group`,
      `${API}/HistoricalInvoice/me/pdf/${mine.id}/www.printhaven.nl`,
      `${API}/HistoricalInvoice/me/pdf/${mine.id}/no-such-channel`,
    ]) {
      const res = await get(url, 'nora');
      expect(res.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ status: 404, message: 'Invoice not found' });
    }
    // The invoice's own customer still has it, on its channel's host too.
    expect((await get(`${API}/HistoricalInvoice/me/pdf/${theirs.id}/${theirs.channel}`, 'bram')).statusCode).toBe(200);
  });

  it('tells a consumer invoices are for business customers (403), and asks anyone signed out to sign in (401)', async () => {
    const mine = (await rowsOf(ids.nora))[0]!;
    const urls = [LIST, `${API}/HistoricalInvoice/me/pdf/${mine.id}/${mine.channel}`, `${API}/InvoiceGroupFiles/me/${(await groupOf(ids.nora)).id}`];
    for (const url of urls) {
      const res = await get(url, 'emma');
      expect(res.statusCode, url).toBe(403);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ error: 'business_only' });
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('serves nothing from a link that has expired, was altered, or names another invoice', async () => {
    const [mine, other] = await rowsOf(ids.nora);
    const res = await get(`${API}/HistoricalInvoice/me/pdf/${mine!.id}/${mine!.channel}`, 'nora');
    const url = new URL(invoicePdfLinkSchema.parse(res.json()).url);
    const refused = async (u: URL) => {
      const answer = await openLink(u.toString());
      expect(answer.statusCode, u.pathname + u.search).toBe(403);
      expect(answer.headers['content-type']).toMatch(/json/);
      expect(answer.rawPayload.includes('%PDF')).toBe(false);
    };
    const altered = new URL(url);
    altered.searchParams.set('s', `${url.searchParams.get('s')!.slice(0, -2)}AA`);
    await refused(altered);
    const later = new URL(url);
    later.searchParams.set('e', String(Number(url.searchParams.get('e')) + 3600));
    await refused(later);
    await refused(new URL(url.toString().replace(mine!.id, other!.id)));
    await refused(new URL(url.toString().replace('/historical/', '/group/')));
    // The same link made a minute and a second ago, with the server's own key: expired.
    const secret = await getOrCreateSecret(server().db, OWNER_LINK_SECRET, () => 'unused');
    const old = ownerLinkSigner(secret, () => Date.now() - (INVOICE_LINK_VALID_SECONDS + 1) * 1000).sign('historical', mine!.id, ids.nora);
    await refused(new URL(`${url.origin}${url.pathname}?${old.query}`));
    const fresh = ownerLinkSigner(secret).sign('historical', mine!.id, ids.nora);
    expect((await openLink(`${url.origin}${url.pathname}?${fresh.query}`)).statusCode).toBe(200);
    // Signed for another customer: not this invoice's.
    const forOther = ownerLinkSigner(secret).sign('historical', mine!.id, ids.bram);
    await refused(new URL(`${url.origin}${url.pathname}?${forOther.query}`));
  });

  it('seeds the demo invoices once however often it runs', async () => {
    const count = async () => Number((await server().db.selectFrom('historical_invoices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await seedDemoInvoices(server().db);
    expect(await count()).toBe(before);
    expect((await listOf('nora')).total).toBe(14);
  });
});
