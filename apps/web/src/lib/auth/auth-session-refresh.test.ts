import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testConfig } from '../../test/fixtures';
import { fakeReporter } from '../../test/render-app';
import { fakeJwt, inSeconds } from '../../test/tokens';
import { createAuthSession } from './auth-session';
import { deleteCookie } from '../storage';

const refusal = new Error('invalid_grant');
// The provider refuses the refresh token (revoked, or the customer signed out elsewhere).
vi.mock('./user-manager', () => ({ createUserManager: () => ({ signinSilent: () => Promise.reject(refusal) }) }));

describe('an access token that cannot be refreshed', () => {
  beforeEach(() => {
    document.cookie = `auth_access_token=${fakeJwt({ sub: 'cust-1001', exp: inSeconds(-10) })}; Path=/`;
    document.cookie = 'auth_refresh_token=refresh-1; Path=/';
    document.cookie = `auth_id_token=${fakeJwt({ sub: 'cust-1001', email: 'ada@example.com' })}; Path=/`;
  });
  afterEach(() => {
    for (const name of ['auth_access_token', 'auth_refresh_token', 'auth_id_token']) deleteCookie(name);
  });

  test("means signed out, and the failure is logged as 'AccessToken Error', once for callers at the same time", async () => {
    const reporter = fakeReporter();
    const session = createAuthSession(testConfig(), 'en-GB', reporter);
    const [identity, token] = await Promise.all([session.currentIdentity(), session.accessToken()]);
    expect(identity).toBeUndefined();
    expect(token).toBeUndefined();
    expect(reporter.report).toHaveBeenCalledTimes(1);
    expect(reporter.report).toHaveBeenCalledWith(refusal, { kind: 'AccessToken Error' });
  });
});
