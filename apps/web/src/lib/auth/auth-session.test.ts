import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testConfig } from '../../test/fixtures';
import { fakeReporter } from '../../test/render-app';
import { fakeJwt, inSeconds } from '../../test/tokens';
import { getCookie } from '../storage';
import { createAuthSession } from './auth-session';
import { waitForCondition } from '../../test/wait';

const idToken = (claims: Record<string, unknown> = {}) =>
  fakeJwt({ sub: 'cust-1001', email: 'ada@example.com', idp_type: 'shoebox', idp_sub: 'sub-ada', ...claims });

function signedIn({ accessExp = inSeconds(3600), refresh = true, id = idToken() as string | null } = {}) {
  document.cookie = `auth_access_token=${fakeJwt({ sub: 'cust-1001', exp: accessExp })}; Path=/`;
  if (refresh) document.cookie = 'auth_refresh_token=refresh-1; Path=/';
  if (id) document.cookie = `auth_id_token=${id}; Path=/`;
}

describe('auth session read from the token cookies', () => {
  // A fresh token schedules its refresh for shortly before expiry; keep that timer out of the real clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("refuses to start before the configuration is loaded, with the spec's internal text", () => {
    expect(() => createAuthSession(undefined as never, 'en-GB', fakeReporter())).toThrow('Config should be loaded before authentication');
  });

  test('a fresh access token gives the identity from the id token claims', async () => {
    signedIn();
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());

    await expect(session.currentIdentity()).resolves.toEqual({
      customerId: 'cust-1001',
      email: 'ada@example.com',
      idpType: 'shoebox',
      idpSub: 'sub-ada',
      isBusiness: false,
    });
    await expect(session.accessToken()).resolves.toBe(getCookie('auth_access_token'));
  });

  test.each(['b2b', 'B2B', 'B2b'])('an auth_method claim of %s marks a business customer', async (method) => {
    signedIn({ id: idToken({ auth_method: method }) });
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());
    expect((await session.currentIdentity())?.isBusiness).toBe(true);
  });

  test('any other auth_method is a consumer', async () => {
    signedIn({ id: idToken({ auth_method: 'password' }) });
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());
    expect((await session.currentIdentity())?.isBusiness).toBe(false);
  });

  test('without token cookies nobody is signed in', async () => {
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());
    await expect(session.currentIdentity()).resolves.toBeUndefined();
    await expect(session.accessToken()).resolves.toBeUndefined();
  });

  test('an expired access token without a refresh token means signed out', async () => {
    signedIn({ accessExp: inSeconds(-10), refresh: false });
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());
    await expect(session.currentIdentity()).resolves.toBeUndefined();
  });

  test('signing out clears the token cookies', async () => {
    signedIn({ id: null });
    // Without an id token there is no provider session to end: the page goes to /, which jsdom cannot do.
    const jsdomNavigation = vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = createAuthSession(testConfig(), 'en-GB', fakeReporter());

    void session.signOut();

    await waitForCondition(() => {
      expect(getCookie('auth_access_token')).toBeUndefined();
      expect(getCookie('auth_refresh_token')).toBeUndefined();
    });
    jsdomNavigation.mockRestore();
  });
});
