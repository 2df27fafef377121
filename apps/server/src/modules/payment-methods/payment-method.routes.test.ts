import { apiErrorSchema, paymentMethodSettingsSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer, type SettingsTestCustomer } from '../../test/settings-customer.js';

const URL_ = `${SERVICE_BASE_PATHS.customers}/customers/me/payment-method`;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const CARD = { kind: 'card', number: '4111 1111 1111 1111', expiryMonth: 4, expiryYear: NEXT_YEAR, holder: ' Ann Smit ' };

describe.each(databases)('the stored payment method on $name', (kind) => {
  const server = useTestShoebox(kind);

  const get = async (who: SettingsTestCustomer) => {
    const response = await server().app.inject({ url: URL_, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return paymentMethodSettingsSchema.parse(response.json());
  };
  const put = (who: SettingsTestCustomer, payload: unknown) => server().app.inject({ method: 'PUT', url: URL_, headers: who.headers, payload: payload as object });
  const rowOf = (customerId: string) => server().db.selectFrom('customer_payment_methods').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

  it('has no method at first and offers the kinds of the storefront', async () => {
    const british = await settingsTestCustomer(server().db);
    const dutch = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    expect(await get(british)).toEqual({ method: null, available: ['card', 'paypal'] });
    expect(await get(dutch)).toEqual({ method: null, available: ['card', 'sepaDirectDebit', 'paypal', 'ideal'] });
  });

  it('stores a card as brand, last four digits, expiry and holder only, and shows it masked', async () => {
    const who = await settingsTestCustomer(server().db);
    const response = await put(who, CARD);
    expect(response.statusCode, response.body).toBe(200);
    const settings = paymentMethodSettingsSchema.parse(response.json());
    expect(settings.method).toMatchObject({ kind: 'card', brand: 'visa', last4: '1111', expiryMonth: 4, expiryYear: NEXT_YEAR, holder: 'Ann Smit', maskedEmail: null });
    expect(await get(who)).toEqual(settings);
    expect(response.body).not.toContain('4111');
  });

  it('never keeps the card number or the IBAN: not in any column, nor anywhere in the database', async () => {
    const who = await settingsTestCustomer(server().db);
    const number = '5555555555554444';
    expect((await put(who, { ...CARD, number })).statusCode).toBe(200);
    const dutch = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    const iban = 'NL91ABNA0417164300';
    expect((await put(dutch, { kind: 'sepaDirectDebit', iban, holder: 'Ann Smit' })).statusCode).toBe(200);

    const rows = await server().db.selectFrom('customer_payment_methods').selectAll().execute();
    const secrets = [number, number.slice(0, 12), iban, iban.slice(0, 14), '5555 5555', '0417164300'.slice(0, 8)];
    for (const secret of secrets) expect(JSON.stringify(rows), secret).not.toContain(secret);
    expect(await rowOf(who.id)).toMatchObject({ kind: 'card', brand: 'mastercard', last4: '4444', masked_email: null });
    expect(await rowOf(dutch.id)).toMatchObject({ kind: 'sepaDirectDebit', brand: null, last4: '4300', holder: 'Ann Smit', expiry_month: null });

    if (kind.name === 'sqlite') {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server().db);
      const file = fs.readFileSync(server().database.url).toString('latin1');
      for (const secret of secrets) expect(file.includes(secret), secret).toBe(false);
    } else {
      // Every text of every table in the database, as PostgreSQL gives it.
      const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public'`.execute(server().db);
      for (const { table_name } of tables.rows) {
        const dump = await sql<{ t: string }>`select t::text as t from ${sql.table(table_name)} as t`.execute(server().db);
        const all = dump.rows.map((r) => r.t).join('\n');
        for (const secret of secrets) expect(all.includes(secret), `${table_name}: ${secret}`).toBe(false);
      }
    }
  });

  it('stores PayPal as the masked address only, and the local kinds as the kind alone', async () => {
    const dutch = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    const paypal = paymentMethodSettingsSchema.parse((await put(dutch, { kind: 'paypal', email: 'ann.smit@example.com' })).json());
    expect(paypal.method).toMatchObject({ kind: 'paypal', maskedEmail: 'a•••@example.com', brand: null, last4: null, holder: null });
    expect(JSON.stringify(await rowOf(dutch.id))).not.toContain('ann.smit');
    const ideal = paymentMethodSettingsSchema.parse((await put(dutch, { kind: 'ideal' })).json());
    expect(ideal.method).toMatchObject({ kind: 'ideal', maskedEmail: null, brand: null, last4: null, holder: null });
  });

  it('answers 400 naming the field for a bad card, IBAN or kind, and keeps the method it had', async () => {
    const who = await settingsTestCustomer(server().db);
    const dutch = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    await put(who, CARD);
    await put(dutch, CARD);
    const [before, beforeDutch] = [await rowOf(who.id), await rowOf(dutch.id)];
    const lastYear = new Date().getUTCFullYear() - 1;
    for (const [customer, payload, field] of [
      [who, { ...CARD, number: '4111 1111 1111 1112' }, 'number'],
      [who, { ...CARD, number: '6011 1111 1111 1117' }, 'number'],
      [who, { ...CARD, number: 'abcd' }, 'number'],
      [who, { ...CARD, expiryYear: lastYear }, 'expiryYear'],
      [who, { ...CARD, expiryMonth: 13 }, 'expiryMonth'],
      [who, { ...CARD, holder: '' }, 'holder'],
      [who, { kind: 'sepaDirectDebit', iban: 'GB82WEST12345698765432', holder: 'Ann' }, 'kind'],
      [who, { kind: 'ideal' }, 'kind'],
      [who, { kind: 'cash' }, 'kind'],
      [who, { kind: 'paypal', email: 'not-an-email' }, 'email'],
      [dutch, { kind: 'sepaDirectDebit', iban: 'NL91ABNA0417164301', holder: 'Ann' }, 'iban'],
      [dutch, { kind: 'bancontact' }, 'kind'],
    ] as const) {
      const response = await put(customer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), JSON.stringify(payload)).toContain(field);
    }
    expect(await rowOf(who.id)).toEqual(before);
    expect(await rowOf(dutch.id)).toEqual(beforeDutch);
  });

  it("changes only the caller's own method, also when many changes arrive at once", async () => {
    const [who, other] = [await settingsTestCustomer(server().db), await settingsTestCustomer(server().db)];
    await put(other, { kind: 'paypal', email: 'other@example.com' });
    const otherBefore = await rowOf(other.id);
    const cards = ['4111111111111111', '5555555555554444', '378282246310005', '6759649826438453'];
    const answers = await Promise.all(cards.flatMap((number) => [put(who, { ...CARD, number }), put(who, { kind: 'paypal', email: 'me@example.com' })]));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const rows = await server().db.selectFrom('customer_payment_methods').selectAll().where('customer_id', '=', who.id).execute();
    expect(rows).toHaveLength(1);
    const stored = (await get(who)).method!;
    expect(stored.kind === 'paypal' ? stored.maskedEmail : cards.some((c) => c.endsWith(stored.last4!))).toBeTruthy();
    expect(await rowOf(other.id)).toEqual(otherBefore);
  });

  it('404 for a deleted customer, and nothing is stored', async () => {
    const who = await settingsTestCustomer(server().db);
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', who.id).execute();
    expect((await server().app.inject({ url: URL_, headers: who.headers })).statusCode).toBe(404);
    expect((await put(who, CARD)).statusCode).toBe(404);
    expect(await rowOf(who.id)).toBeUndefined();
  });
});
