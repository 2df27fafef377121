import { randomUUID } from 'node:crypto';
import { apiErrorSchema, customerSchema } from '@shoebox/contracts';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { bearer, forgeAccessToken, identityClaimsOf, signIn } from '../../test/sign-in.js';
import { ISSUER, useTestShoebox } from '../../test/test-server.js';

const ME = '/api/customer/customers/me';

describe.each(databases)('/api/customer/customers/me on $name', (kind) => {
  const server = useTestShoebox(kind);

  const claimsOf = (email: string) => identityClaimsOf(server().db, email);

  async function expectUnauthorized(headers: Record<string, string>) {
    const response = await server().app.inject({ url: ME, headers });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 401, error: 'unauthorized' });
  }

  it('answers a signed-in consumer with their details', async () => {
    const tokens = await signIn(server().app, 'emma@example.com');
    const response = await server().app.inject({ url: ME, headers: bearer(tokens.access_token) });
    expect(response.statusCode).toBe(200);
    const customer = customerSchema.parse(response.json());
    expect(customer).toMatchObject({ email: 'emma@example.com', firstName: 'Emma', lastName: 'Janssen', business: null });
    expect(customer.id).toBe((await claimsOf('emma@example.com')).sub);
  });

  it('answers a signed-in business customer with the business details', async () => {
    const tokens = await signIn(server().app, 'nora@example.com');
    const response = await server().app.inject({ url: ME, headers: bearer(tokens.access_token) });
    expect(response.statusCode).toBe(200);
    expect(customerSchema.parse(response.json())).toMatchObject({
      email: 'nora@example.com',
      business: { companyName: 'Bakker Events BV', vatNumber: 'NL123456789B01', status: 'New' },
    });
  });

  it('answers each caller with their own record only', async () => {
    const { app } = server();
    const [emma, daan] = await Promise.all([signIn(app, 'emma@example.com'), signIn(app, 'daan@example.com')]);
    const emmaMe = (await app.inject({ url: ME, headers: bearer(emma.access_token) })).json();
    const daanMe = (await app.inject({ url: ME, headers: bearer(daan.access_token) })).json();
    expect(emmaMe.email).toBe('emma@example.com');
    expect(daanMe).toMatchObject({ email: 'daan@example.com', business: { status: 'Default', companyName: null, vatNumber: null } });
  });

  it('accepts a well-formed token it did not issue through sign-in (control for the cases below)', async () => {
    const token = await forgeAccessToken(server().db, await claimsOf('emma@example.com'));
    expect((await server().app.inject({ url: ME, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('401 without a token, or with a token of another scheme', async () => {
    await expectUnauthorized({});
    await expectUnauthorized({ authorization: 'Basic ZW1tYTpzaG9lYm94' });
    await expectUnauthorized({ authorization: 'Bearer' });
  });

  it('401 with a garbage token', async () => {
    await expectUnauthorized(bearer('garbage'));
    await expectUnauthorized(bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'));
  });

  it('401 with an expired token', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) - 3600;
    await expectUnauthorized(bearer(await forgeAccessToken(server().db, await claimsOf('emma@example.com'), { expiresAt })));
  });

  it('401 with a token for another audience or from another issuer', async () => {
    const claims = await claimsOf('emma@example.com');
    await expectUnauthorized(bearer(await forgeAccessToken(server().db, claims, { audience: 'some-other-api' })));
    await expectUnauthorized(bearer(await forgeAccessToken(server().db, claims, { issuer: 'https://login.example.org' })));
  });

  it('401 with a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key = { ...(await exportJWK(privateKey)), kid: 'not-ours' };
    await expectUnauthorized(bearer(await forgeAccessToken(server().db, await claimsOf('emma@example.com'), { key, issuer: ISSUER })));
  });

  it('401 with a valid token that lacks the identity claims', async () => {
    const { sub } = await claimsOf('emma@example.com');
    await expectUnauthorized(bearer(await forgeAccessToken(server().db, { sub })));
  });

  it('updates the name and phone, and a bad body answers 400 with the issues and changes nothing', async () => {
    const { app } = server();
    const tokens = await signIn(app, 'emma@example.com');
    const put = (payload: unknown) => app.inject({ method: 'PUT', url: ME, headers: bearer(tokens.access_token), payload: payload as object });

    const updated = await put({ firstName: '  Emmy ', lastName: 'Janssen-Smit', phone: null });
    expect(updated.statusCode).toBe(200);
    expect(customerSchema.parse(updated.json())).toMatchObject({ firstName: 'Emmy', lastName: 'Janssen-Smit', phone: null });
    const before = (await app.inject({ url: ME, headers: bearer(tokens.access_token) })).json();
    expect(before).toEqual(updated.json());

    for (const bad of [
      { firstName: '', lastName: 'X', phone: null },
      { firstName: 'Emma', lastName: 42, phone: null },
      { firstName: 'Emma', lastName: 'Janssen' },
      { firstName: 'E'.repeat(101), lastName: 'Janssen', phone: '1'.repeat(41) },
      [],
    ]) {
      const response = await put(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(error).toMatchObject({ status: 400, error: 'bad_request' });
      expect(error.issues?.length).toBeGreaterThan(0);
    }
    const issues = apiErrorSchema.parse((await put({ firstName: '', lastName: 42, phone: null })).json()).issues ?? [];
    expect(issues.map((i) => i.path).sort()).toEqual(['firstName', 'lastName']);

    expect((await app.inject({ url: ME, headers: bearer(tokens.access_token) })).json()).toEqual(before);
  });

  it('404 once the customer is deleted, for reads and updates, while the token is still valid', async () => {
    const { app, db } = server();
    const id = randomUUID();
    await db
      .insertInto('customers')
      .values({
        id,
        email: 'leaving@example.com',
        first_name: 'Lea',
        last_name: 'Ving',
        phone: null,
        channel: 'www.printhaven.nl',
        registered_at: new Date().toISOString(),
        business_company: null,
        business_vat: null,
        business_status: null,
        deleted_at: null,
      })
      .execute();
    const token = await forgeAccessToken(db, { sub: id, email: 'leaving@example.com', idp_type: 'shoebox', idp_sub: randomUUID(), auth_method: 'b2c' });
    expect((await app.inject({ url: ME, headers: bearer(token) })).statusCode).toBe(200);

    await db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();

    const read = await app.inject({ url: ME, headers: bearer(token) });
    expect(read.statusCode).toBe(404);
    expect(apiErrorSchema.parse(read.json())).toMatchObject({ status: 404, error: 'not_found' });
    const update = await app.inject({ method: 'PUT', url: ME, headers: bearer(token), payload: { firstName: 'Lea', lastName: 'Back', phone: null } });
    expect(update.statusCode).toBe(404);
    const row = await db.selectFrom('customers').select('last_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_name).toBe('Ving');
  });
});
