import { apiErrorSchema, paymentMethodSettingsSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer, type SettingsTestCustomer } from '../../test/settings-customer.js';
import { bearer, forgeAccessToken } from '../../test/sign-in.js';

const URL_ = `${SERVICE_BASE_PATHS.customers}/customers/me/payment-method`;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const NUMBER = '4111111111111111';
const IBAN = 'NL91ABNA0417164300';
const CARD = { kind: 'card', number: NUMBER, expiryMonth: 4, expiryYear: NEXT_YEAR, holder: 'Ann Smit' };

describe.each(databases)('the stored payment method against hostile input on $name', (kind) => {
  const server = useTestShoebox(kind);
  const put = (who: SettingsTestCustomer, payload: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method: 'PUT', url: URL_, headers: { ...who.headers, ...headers }, payload: payload as string });
  const rowOf = (customerId: string) => server().db.selectFrom('customer_payment_methods').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

  it('refuses a holder that carries a card number or an IBAN with 400 on holder, and keeps neither', async () => {
    const who = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    for (const payload of [
      { ...CARD, holder: '4111 1111 1111 1111' },
      { ...CARD, holder: `Ann Smit ${NUMBER}` },
      { ...CARD, holder: 'Ann 5500-0000-0000-0004' },
      { ...CARD, holder: '٤١١١ ١١١١ ١١١١ ١١١١' },
      { kind: 'sepaDirectDebit', iban: IBAN, holder: 'nl91 abna 0417 1643 00' },
      { kind: 'sepaDirectDebit', iban: IBAN, holder: `J. Jansen ${IBAN}` },
    ]) {
      const response = await put(who, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues).toEqual([{ path: 'holder', message: 'holder' }]);
      expect(await rowOf(who.id)).toBeUndefined();
    }
    // A holder with a few digits is still a name.
    const company = await put(who, { ...CARD, holder: 'Studio 54 BV 2' });
    expect(company.statusCode, company.body).toBe(200);
  });

  it('refuses lookalike digits, numbers as strings, fractions and out-of-range expiries without echoing the number, and stores nothing', async () => {
    const who = await settingsTestCustomer(server().db);
    const raw = (body: string) => put(who, body, { 'content-type': 'application/json' });
    const refusals = [
      await put(who, { ...CARD, number: '٤١١١١١١١١١١١١١١١' }),
      await put(who, { ...CARD, number: '４１１１１１１１１１１１１１１１' }),
      await put(who, { ...CARD, number: '4111-1111-1111-1111' }),
      await put(who, { ...CARD, number: 4111111111111111 }),
      await put(who, { ...CARD, expiryMonth: '4' }),
      await put(who, { ...CARD, expiryMonth: 4.5 }),
      await put(who, { ...CARD, expiryMonth: 13 }),
      await raw(JSON.stringify(CARD).replace('"expiryYear":' + NEXT_YEAR, '"expiryYear":1e308')),
      await raw(JSON.stringify(CARD).replace('"expiryMonth":4', '"expiryMonth":NaN')),
      await raw(JSON.stringify(CARD).replace('"expiryMonth":4', '"expiryMonth":Infinity')),
      await raw(`{"__proto__":{"kind":"card"},${JSON.stringify(CARD).slice(1)}`),
      await put(who, { ...CARD, kind: 'bitcoin' }),
      await put(who, { ...CARD, number: '4111111111111112' }),
      await put(who, { ...CARD, expiryYear: 2020 }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).not.toMatch(/4111|٤١١١|４１１１/);
    }
    expect(await rowOf(who.id)).toBeUndefined();
  });

  it('takes an IBAN with spaces and small letters, and keeps no field the body adds', async () => {
    const who = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    const response = await put(who, { kind: 'sepaDirectDebit', iban: 'nl91 abna 0417 1643 00 ', holder: 'J. Jansen', last4: '9999', number: NUMBER, brand: 'amex' });
    expect(response.statusCode, response.body).toBe(200);
    expect(paymentMethodSettingsSchema.parse(response.json()).method).toMatchObject({ kind: 'sepaDirectDebit', brand: null, last4: '4300', holder: 'J. Jansen' });
    expect(JSON.stringify(await rowOf(who.id))).not.toMatch(/4111|NL91|ABNA|0417/i);
  });

  it('answers 404 to the token of a customer whose record is gone or was never there, and stores nothing', async () => {
    const gone = await settingsTestCustomer(server().db);
    await server().db.deleteFrom('customers').where('id', '=', gone.id).execute();
    const sub = randomUUID();
    const never = { id: sub, headers: bearer(await forgeAccessToken(server().db, { sub, email: 'never@example.com', idp_type: 'shoebox', idp_sub: randomUUID(), auth_method: 'b2c' })) };
    for (const who of [gone, never]) {
      expect((await server().app.inject({ url: URL_, headers: who.headers })).statusCode).toBe(404);
      expect((await put(who, CARD)).statusCode).toBe(404);
      expect(await rowOf(who.id)).toBeUndefined();
    }
  });

  it('leaves one whole method when changes of every kind race each other', async () => {
    const who = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    const bodies = [CARD, { kind: 'sepaDirectDebit', iban: IBAN, holder: 'J. Jansen' }, { kind: 'paypal', email: 'mila@example.com' }, { kind: 'ideal' }];
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => put(who, bodies[i % bodies.length])));
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const row = (await rowOf(who.id))!;
    const whole = {
      card: { brand: 'visa', last4: '1111', holder: 'Ann Smit', masked_email: null },
      sepaDirectDebit: { brand: null, last4: '4300', holder: 'J. Jansen', masked_email: null },
      paypal: { brand: null, last4: null, holder: null, masked_email: 'm•••@example.com' },
      ideal: { brand: null, last4: null, holder: null, masked_email: null },
    }[row.kind];
    expect(row).toMatchObject(whole!);
  });
});

describe.each(databases)('the server log of payment method changes on $name', (kind) => {
  const server = useTestShoebox(kind, { env: { LOG_LEVEL: 'trace' } });

  it('never carries the card number or the IBAN, also for refused and failing changes', async () => {
    const lines: string[] = [];
    const capture = (chunk: unknown) => void lines.push(String(chunk));
    const writes = [vi.spyOn(fs, 'write'), vi.spyOn(fs, 'writeSync'), vi.spyOn(process.stdout, 'write')];
    for (const spy of writes) spy.mockImplementation(((...args: unknown[]) => capture(args[0] === 1 ? args[1] : args[0])) as never);
    try {
      const who = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
      const put = (payload: unknown) => server().app.inject({ method: 'PUT', url: URL_, headers: who.headers, payload: payload as object });
      expect((await put(CARD)).statusCode).toBe(200);
      expect((await put({ kind: 'sepaDirectDebit', iban: IBAN, holder: 'J. Jansen' })).statusCode).toBe(200);
      expect((await put({ ...CARD, number: '4111111111111112' })).statusCode).toBe(400);
      expect((await put({ ...CARD, holder: NUMBER })).statusCode).toBe(400);
      expect((await put({ kind: 'sepaDirectDebit', iban: 'NL91ABNA0417164301', holder: 'J. Jansen' })).statusCode).toBe(400);
      await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', who.id).execute();
      expect((await put(CARD)).statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      for (const spy of writes) spy.mockRestore();
    }
    const log = lines.join('');
    expect(log).toContain('/customers/me/payment-method');
    expect(log).not.toMatch(/4111111111|NL91ABNA|0417164300/);
  });
});
