import { apiErrorSchema, customerSchema } from '@shoebox/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { bearer, forgeAccessToken, identityClaimsOf, signIn } from '../../test/sign-in.js';
import { AUDIENCE, useTestShoebox } from '../../test/test-server.js';
import { apiResourceIndicator } from './embedded/provider-options.js';

const ME = '/api/customer/customers/me';

describe.each(databases)('the API scope on $name', (kind) => {
  const server = useTestShoebox(kind);

  const claimsOf = (email: string) => identityClaimsOf(server().db, email);

  async function expectInsufficientScope(token: string) {
    const response = await server().app.inject({ url: ME, headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 403, error: 'insufficient_scope' });
    expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="account"');
  }

  it('answers a token of the account area, which carries the API scope', async () => {
    const tokens = await signIn(server().app, 'emma@example.com');
    expect(decodeJwt(tokens.access_token).scope).toBe('account');
    const response = await server().app.inject({ url: ME, headers: bearer(tokens.access_token) });
    expect(response.statusCode).toBe(200);
    expect(customerSchema.parse(response.json()).email).toBe('emma@example.com');
  });

  it('refuses with 403 a token for the API issued for only openid email profile', async () => {
    const tokens = await signIn(server().app, 'emma@example.com', undefined, { params: { scope: 'openid email profile', resource: apiResourceIndicator(AUDIENCE) } });
    expect(decodeJwt(tokens.access_token).aud).toBe(AUDIENCE);
    await expectInsufficientScope(tokens.access_token);
  });

  it('refuses with 403 a validly signed token whose scope lacks the API scope, or that has none', async () => {
    const claims = await claimsOf('emma@example.com');
    await expectInsufficientScope(await forgeAccessToken(server().db, { ...claims, scope: 'openid email profile' }));
    await expectInsufficientScope(await forgeAccessToken(server().db, { ...claims, scope: 'openid accounts' }));
    await expectInsufficientScope(await forgeAccessToken(server().db, { ...claims, scope: undefined }));
  });
});
