import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { API_SCOPE } from '../platform/auth/access-token.js';
import type { Db } from '../platform/db/database.js';
import { DEMO_PASSWORD } from '../seed/demo-accounts.js';
import { AUDIENCE, ISSUER, PUBLIC_URL } from './test-server.js';

export const CLIENT_ID = 'shoebox-web';
export const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;
export const SCOPE = `openid email profile offline_access ${API_SCOPE}`;

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** A browser's cookie handling, reduced to what the sign-in flow needs: names, values and deletion. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `remoteAddress` is the network address the server sees, for the per-network sign-in limit. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = new URL(options.url, PUBLIC_URL);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      url: url.pathname + url.search,
      headers: { host: url.host, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) this.store(line);
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  postForm(url: string, form: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired = attributes.some((a) => {
      const [key = '', v = ''] = a.split('=');
      if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export function locationOf(response: LightMyRequestResponse): string {
  const location = response.headers.location;
  if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') {
    throw new Error(`Expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  return new URL(location, PUBLIC_URL).toString();
}

export interface SignInAttempt {
  browser: Browser;
  /** Where the login form posts to. */
  loginUrl: string;
  /** The sign-in page as the customer first sees it. */
  page: LightMyRequestResponse;
  codeVerifier: string;
  state: string;
}

export interface SignInOptions {
  /** Extra or replaced authorization request parameters, e.g. another scope or a resource. */
  params?: Record<string, string>;
  remoteAddress?: string;
}

/** Starts the authorization-code flow with PKCE as the account area does, up to the sign-in page. */
export async function startSignIn(app: FastifyInstance, o: SignInOptions = {}): Promise<SignInAttempt> {
  const browser = new Browser(app, o.remoteAddress);
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...o.params,
  });
  return { browser, codeVerifier, state, ...(await openSignInPage(browser, `/oidc/auth?${query}`)) };
}

/** Follows an authorization request (built by any client) to the sign-in page and its form. */
export async function openSignInPage(browser: Browser, authorizationUrl: string): Promise<{ page: LightMyRequestResponse; loginUrl: string }> {
  const interaction = locationOf(await browser.get(authorizationUrl));
  const page = await browser.get(interaction);
  if (page.statusCode !== 200) throw new Error(`The sign-in page answered ${page.statusCode}: ${page.body.slice(0, 500)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`The sign-in page has no form: ${page.body.slice(0, 500)}`);
  return { page, loginUrl: action.replaceAll('&amp;', '&') };
}

export function submitLogin(attempt: SignInAttempt, email: string, password: string) {
  return attempt.browser.postForm(attempt.loginUrl, { email, password });
}

/** After a successful login post: follows the redirects (consent is granted automatically) and redeems the code. */
export async function finishSignIn(attempt: SignInAttempt, loginResponse: LightMyRequestResponse): Promise<TokenResponse> {
  const callback = await followToCallback(attempt.browser, loginResponse);
  if (callback.searchParams.get('state') !== attempt.state) throw new Error(`State mismatch in ${callback}`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback}`);
  return tokenRequest(attempt.browser, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: attempt.codeVerifier,
  });
}

/** After a successful login post: follows the redirects (consent is granted automatically) to the client's callback. */
export async function followToCallback(browser: Browser, loginResponse: LightMyRequestResponse): Promise<URL> {
  let next = locationOf(loginResponse);
  for (let hops = 0; !next.startsWith(REDIRECT_URI); hops++) {
    if (hops > 10) throw new Error('Too many redirects during sign-in');
    next = locationOf(await browser.get(next));
  }
  return new URL(next);
}

/** Signs in through the embedded provider over HTTP and returns the token endpoint's answer. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD, o: SignInOptions = {}): Promise<TokenResponse> {
  const attempt = await startSignIn(app, o);
  return finishSignIn(attempt, await submitLogin(attempt, email, password));
}

export async function refreshTokens(app: FastifyInstance, refreshToken: string): Promise<TokenResponse> {
  return tokenRequest(new Browser(app), { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });
}

async function tokenRequest(browser: Browser, form: Record<string, string>): Promise<TokenResponse> {
  const response = await browser.postForm('/oidc/token', form);
  if (response.statusCode !== 200) throw new Error(`The token endpoint answered ${response.statusCode}: ${response.body}`);
  return response.json<TokenResponse>();
}

/**
 * Signs an access token with the provider's own key, for the cases the provider would never issue
 * (expired, another audience). Unset registered claims, and the API scope, get working defaults.
 */
export async function forgeAccessToken(
  db: Db,
  claims: JWTPayload,
  o: { issuer?: string; audience?: string; expiresAt?: number; key?: JWK } = {},
): Promise<string> {
  const stored = await db.selectFrom('secrets').select('value').where('name', '=', 'oidc.signing-key').executeTakeFirstOrThrow();
  const jwk = o.key ?? (JSON.parse(stored.value) as JWK);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: API_SCOPE, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(o.issuer ?? ISSUER)
    .setAudience(o.audience ?? AUDIENCE)
    .setIssuedAt(now - 60)
    .setExpirationTime(o.expiresAt ?? now + 600)
    .sign(await importJWK(jwk, 'RS256'));
}

/** Identity claims of an account as the provider puts them in its access token. */
export async function identityClaimsOf(db: Db, email: string) {
  const identity = await db
    .selectFrom('identities')
    .select(['id', 'customer_id', 'idp_type', 'auth_method'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { sub: identity.customer_id, email, idp_type: identity.idp_type, idp_sub: identity.id, auth_method: identity.auth_method };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
