import { AUTH_COOKIES } from '@shoebox/contracts';
import { getCookie } from '../storage';

export interface TokenCookies {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
}

export function readTokenCookies(): TokenCookies {
  return {
    accessToken: getCookie(AUTH_COOKIES.accessToken),
    refreshToken: getCookie(AUTH_COOKIES.refreshToken),
    idToken: getCookie(AUTH_COOKIES.idToken),
  };
}

/** Reads a JWT's payload without verifying it: the API verifies; the browser only needs claims and expiry. */
export function decodeJwtPayload(token: string | undefined): Record<string, unknown> | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Seconds since the epoch at which the access token expires, 0 when unknown. */
export function accessTokenExpiry(accessToken: string | undefined): number {
  const exp = decodeJwtPayload(accessToken)?.exp;
  return typeof exp === 'number' ? exp : 0;
}
