import { AUTH_COOKIES } from '@shoebox/contracts';
import type { StateStore } from 'oidc-client-ts';
import { deleteCookie, setCookie } from '../storage';
import { accessTokenExpiry, decodeJwtPayload, readTokenCookies } from './token-cookies';

/** Long enough for the refresh token; the access token's own expiry is read from the token itself. */
const TOKEN_COOKIE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

interface StoredUser {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  scope?: string;
  profile: Record<string, unknown>;
  expires_at?: number;
}

/**
 * Keeps the signed-in user in the cookies the account area is known by (auth_access_token,
 * auth_refresh_token, auth_id_token) instead of web storage, and rebuilds oidc-client-ts's user
 * record from them.
 */
export class CookieUserStore implements StateStore {
  private key: string | undefined;

  async set(key: string, value: string): Promise<void> {
    this.key = key;
    const user = JSON.parse(value) as StoredUser;
    setCookie(AUTH_COOKIES.accessToken, user.access_token, TOKEN_COOKIE_MAX_AGE_SECONDS);
    if (user.refresh_token) setCookie(AUTH_COOKIES.refreshToken, user.refresh_token, TOKEN_COOKIE_MAX_AGE_SECONDS);
    if (user.id_token) setCookie(AUTH_COOKIES.idToken, user.id_token, TOKEN_COOKIE_MAX_AGE_SECONDS);
  }

  async get(key: string): Promise<string | null> {
    this.key = key;
    const { accessToken, refreshToken, idToken } = readTokenCookies();
    if (!accessToken && !refreshToken) return null;
    const scope = decodeJwtPayload(accessToken)?.scope;
    const user: StoredUser = {
      access_token: accessToken ?? '',
      refresh_token: refreshToken,
      id_token: idToken,
      token_type: 'Bearer',
      scope: typeof scope === 'string' ? scope : undefined,
      profile: decodeJwtPayload(idToken) ?? {},
      expires_at: accessTokenExpiry(accessToken),
    };
    return JSON.stringify(user);
  }

  async remove(key: string): Promise<string | null> {
    const current = await this.get(key);
    for (const name of Object.values(AUTH_COOKIES)) deleteCookie(name);
    return current;
  }

  async getAllKeys(): Promise<string[]> {
    return this.key && readTokenCookies().refreshToken ? [this.key] : [];
  }
}
