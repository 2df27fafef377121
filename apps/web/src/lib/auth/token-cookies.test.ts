import { describe, expect, test } from 'vitest';
import { fakeJwt } from '../../test/tokens';
import { accessTokenExpiry, decodeJwtPayload, readTokenCookies } from './token-cookies';

const payloadOf = (token: string) => token.split('.')[1] ?? '';

describe('decodeJwtPayload', () => {
  test('reads unicode claims from a base64url payload that uses - and _', () => {
    const claims = { sub: 'cust-1001', name: 'Siân Ó Súilleabháin 😀', email: 'zoë@example.com', idp_type: 'shoebox', idp_sub: 's-1', auth_method: 'B2B' };
    const token = fakeJwt(claims);
    // The case this test is about: characters that plain base64 would write as + and /.
    expect(payloadOf(token)).toMatch(/-/);
    expect(payloadOf(token)).toMatch(/_/);

    expect(decodeJwtPayload(token)).toEqual(claims);
  });

  test('reads a payload whose base64url has no padding', () => {
    const claims = { sub: 'cust-1001', name: 'Zoë Ørsted 写真 📷', email: 'zoe@example.com', idp_type: 'shoebox', idp_sub: 's-1', auth_method: 'B2B' };
    const token = fakeJwt(claims);
    expect(payloadOf(token).length % 4).not.toBe(0);

    expect(decodeJwtPayload(token)).toEqual(claims);
  });

  test('answers undefined for a missing or malformed token instead of throwing', () => {
    expect(decodeJwtPayload(undefined)).toBeUndefined();
    expect(decodeJwtPayload('')).toBeUndefined();
    expect(decodeJwtPayload('no-dots-here')).toBeUndefined();
    expect(decodeJwtPayload('header.!!!not-base64!!!.sig')).toBeUndefined();
    expect(decodeJwtPayload(`header.${btoa('not json')}.sig`)).toBeUndefined();
  });
});

describe('accessTokenExpiry', () => {
  test('is the exp claim in seconds, or 0 when the token has none', () => {
    expect(accessTokenExpiry(fakeJwt({ sub: 'a', exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(accessTokenExpiry(fakeJwt({ sub: 'a' }))).toBe(0);
    expect(accessTokenExpiry(undefined)).toBe(0);
  });
});

describe('readTokenCookies', () => {
  test('reads the three token cookies by name', () => {
    document.cookie = 'auth_access_token=access.token.value; Path=/';
    document.cookie = 'auth_refresh_token=refresh-value; Path=/';
    document.cookie = 'auth_id_token=id.token.value; Path=/';
    document.cookie = 'unrelated=1; Path=/';

    expect(readTokenCookies()).toEqual({ accessToken: 'access.token.value', refreshToken: 'refresh-value', idToken: 'id.token.value' });
  });

  test('answers undefined for cookies that are not set', () => {
    expect(readTokenCookies()).toEqual({ accessToken: undefined, refreshToken: undefined, idToken: undefined });
  });
});
