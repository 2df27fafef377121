import { customerSchema } from '@shoebox/contracts';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo-accounts.js';
import { databases } from '../../../test/databases.js';
import { bearer, Browser, CLIENT_ID, locationOf, REDIRECT_URI, refreshTokens, signIn, startSignIn, submitLogin, finishSignIn } from '../../../test/sign-in.js';
import { AUDIENCE, FIXTURE_SIGN_IN_TEXTS, ISSUER, useTestShoebox } from '../../../test/test-server.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './provider-options.js';

const ME = '/api/customer/customers/me';
const invalidCredentials = FIXTURE_SIGN_IN_TEXTS.invalidCredentials;
const throttled = (minutes: number) => FIXTURE_SIGN_IN_TEXTS.throttled.replace('{{minutes}}', String(minutes));

describe.each(databases)('embedded sign-in provider on $name', (kind) => {
  const server = useTestShoebox(kind);

  const identityOf = (email: string) =>
    server().db.selectFrom('identities').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow();

  it('publishes its discovery document and keys under /oidc', async () => {
    const browser = new Browser(server().app);
    const discovery = (await browser.get('/oidc/.well-known/openid-configuration')).json();
    expect(discovery).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await browser.get('/oidc/jwks')).json<JSONWebKeySet>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('issues a JWT access token for the API with the identity claims, verifiable with the published keys', async () => {
    const { app } = server();
    const tokens = await signIn(app, 'emma@example.com');
    const identity = await identityOf('emma@example.com');
    const jwks = (await app.inject({ url: '/oidc/jwks' })).json<JSONWebKeySet>();
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), { issuer: ISSUER, audience: AUDIENCE });
    expect(payload).toMatchObject({
      sub: identity.customer_id,
      email: 'emma@example.com',
      idp_type: 'shoebox',
      idp_sub: identity.id,
      auth_method: 'b2c',
      aud: AUDIENCE,
      iss: ISSUER,
      client_id: CLIENT_ID,
    });
    expect(payload.exp! - payload.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS });
  });

  it('marks a business sign-in with auth_method b2b', async () => {
    const tokens = await signIn(server().app, 'bram@example.com');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ email: 'bram@example.com', auth_method: 'b2b' });
  });

  it('puts the profile in the ID token for the account area', async () => {
    const tokens = await signIn(server().app, 'nora@example.com');
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      aud: CLIENT_ID,
      iss: ISSUER,
      email: 'nora@example.com',
      given_name: 'Nora',
      family_name: 'Bakker',
      auth_method: 'b2b',
    });
  });

  it('issues a refresh token that gets a new working access token', async () => {
    const { app } = server();
    const first = await signIn(app, 'emma@example.com');
    expect(first.refresh_token).toBeTruthy();
    const second = await refreshTokens(app, first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ sub: decodeJwt(first.access_token).sub, aud: AUDIENCE, auth_method: 'b2c' });
    const me = await app.inject({ url: ME, headers: bearer(second.access_token) });
    expect(me.statusCode).toBe(200);
    expect(customerSchema.parse(me.json()).email).toBe('emma@example.com');
  });

  it('refuses an unknown refresh token', async () => {
    const response = await new Browser(server().app).postForm('/oidc/token', { grant_type: 'refresh_token', refresh_token: 'nope', client_id: CLIENT_ID });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('requires PKCE', async () => {
    const browser = new Browser(server().app);
    const query = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid', state: 's1' });
    const callback = new URL(locationOf(await browser.get(`/oidc/auth?${query}`)));
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('issues tokens for no resource but the API', async () => {
    const browser = new Browser(server().app);
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid account',
      resource: 'https://payments.example.com/',
      state: 's2',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const callback = new URL(locationOf(await browser.get(`/oidc/auth?${query}`)));
    expect(callback.searchParams.get('error')).toBe('invalid_target');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refuses a code redeemed with the wrong PKCE verifier', async () => {
    const attempt = await startSignIn(server().app);
    await expect(finishSignIn({ ...attempt, codeVerifier: 'x'.repeat(43) }, await submitLogin(attempt, 'emma@example.com', DEMO_PASSWORD))).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('shows a sign-in form with labelled email and password fields', async () => {
    const { page } = await startSignIn(server().app);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(/<label for="email">/);
    expect(page.body).toMatch(/<input id="email" name="email" type="email" autocomplete="username"/);
    expect(page.body).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password"/);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
  });

  it('answers a wrong password with 401 and the error, keeping the address', async () => {
    const attempt = await startSignIn(server().app);
    const response = await submitLogin(attempt, 'daan@example.com', 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(`<p class="error" role="alert" id="sign-in-error">${invalidCredentials}</p>`);
    expect(response.body).toContain('value="daan@example.com"');
    expect(response.body).not.toContain('not-the-password');
    // The same form still works.
    const tokens = await finishSignIn(attempt, await submitLogin(attempt, 'daan@example.com', DEMO_PASSWORD));
    expect(decodeJwt(tokens.access_token).email).toBe('daan@example.com');
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const attempt = await startSignIn(server().app);
    const response = await submitLogin(attempt, 'nobody@example.com', DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(invalidCredentials);
  });

  it('matches the address case-insensitively', async () => {
    const attempt = await startSignIn(server().app);
    const tokens = await finishSignIn(attempt, await submitLogin(attempt, '  Emma@Example.COM ', DEMO_PASSWORD));
    expect(decodeJwt(tokens.access_token).email).toBe('emma@example.com');
  });

  it('answers the 6th wrong attempt within 15 minutes with 429, even with the right password', async () => {
    const attempt = await startSignIn(server().app);
    for (let i = 1; i <= 5; i++) {
      const response = await submitLogin(attempt, 'bram@example.com', `wrong-${i}`);
      expect(response.statusCode, `attempt ${i}`).toBe(401);
    }
    const sixth = await submitLogin(attempt, 'bram@example.com', DEMO_PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain(throttled(15));
    expect(sixth.body).not.toContain(invalidCredentials);
    // Another address from the same network is not locked out.
    const other = await startSignIn(server().app);
    expect((await submitLogin(other, 'nora@example.com', DEMO_PASSWORD)).statusCode).toBe(303);
  });

  it('does not sign in a deleted customer', async () => {
    const { db, app } = server();
    const { customer_id } = await identityOf('daan@example.com');
    await db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', customer_id).execute();
    try {
      const attempt = await startSignIn(app);
      const response = await submitLogin(attempt, 'daan@example.com', DEMO_PASSWORD);
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(invalidCredentials);
    } finally {
      await db.updateTable('customers').set({ deleted_at: null }).where('id', '=', customer_id).execute();
    }
  });

  it('shows the expired page for an unknown interaction', async () => {
    const response = await server().app.inject({ url: '/oidc/interaction/does-not-exist' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<a class="button" href="/">');
  });
});
