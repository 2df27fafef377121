import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo-accounts.js';
import { databases } from '../../../test/databases.js';
import { bearer, Browser, CLIENT_ID, followToCallback, openSignInPage, REDIRECT_URI } from '../../../test/sign-in.js';
import { ISSUER, useTestShoebox } from '../../../test/test-server.js';

/** openid-client's HTTP calls, answered by the app in the test process. */
function fetchThrough(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...options.headers, host: target.host },
      payload: options.body == null ? undefined : String(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, String(v));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/** The standard OpenID Connect client, configured from the provider's discovery document. */
async function discover(app: FastifyInstance): Promise<client.Configuration> {
  const fetch = fetchThrough(app);
  // The test issuer is plain http on localhost.
  return client.discovery(new URL(ISSUER), CLIENT_ID, undefined, client.None(), { execute: [client.allowInsecureRequests], [client.customFetch]: fetch });
}

/** Drives the authorization-code flow with PKCE as openid-client builds it, signing in on the provider's form. */
async function signInWith(app: FastifyInstance, config: client.Configuration, email: string, scope: string) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  const browser = new Browser(app);
  const { loginUrl } = await openSignInPage(browser, url.toString());
  const callback = await followToCallback(browser, await browser.postForm(loginUrl, { email, password: DEMO_PASSWORD }));
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce });
}

describe.each(databases)('the embedded provider with the standard client (openid-client) on $name', (kind) => {
  const server = useTestShoebox(kind);

  it('signs in with code and PKCE and reads the profile from the advertised userinfo endpoint', async () => {
    const { app } = server();
    const config = await discover(app);
    expect(config.serverMetadata().userinfo_endpoint).toBe(`${ISSUER}/me`);

    const tokens = await signInWith(app, config, 'nora@example.com', 'openid email profile');
    const sub = tokens.claims()!.sub;
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(userinfo).toMatchObject({ sub, email: 'nora@example.com', email_verified: true, given_name: 'Nora', family_name: 'Bakker', auth_method: 'b2b' });
  });

  it('gives userinfo only the claims of the scopes granted', async () => {
    const { app } = server();
    const config = await discover(app);
    const tokens = await signInWith(app, config, 'emma@example.com', 'openid email');
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(userinfo).toMatchObject({ email: 'emma@example.com' });
    expect(userinfo).not.toHaveProperty('given_name');
  });

  it('gives a sign-in without the API scope no access to the API', async () => {
    const { app } = server();
    const tokens = await signInWith(app, await discover(app), 'emma@example.com', 'openid email profile');
    const me = await app.inject({ url: '/api/customer/customers/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ status: 401, error: 'unauthorized' });
  });
});
