import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import type { AccountClaims, AccountStore, SignInResult } from '../../platform/auth/embedded/account-store.js';
import { UNMATCHABLE_HASH, verifyPassword } from '../../platform/auth/passwords.js';
import type { IdentityRepository } from './identity.repository.js';

/** One address may fail LOGIN_MAX_FAILURES times per window; one network address four times as often. */
const IP_MAX_FAILURES = LOGIN_MAX_FAILURES * 4;
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

export function identityService(repo: IdentityRepository, now: () => Date = () => new Date()): AccountStore {
  async function isThrottled(key: string, max: number): Promise<number | undefined> {
    const row = await repo.findAttempts(key);
    if (!row) return undefined;
    const elapsed = now().getTime() - Date.parse(row.window_started_at);
    if (elapsed >= WINDOW_MS || row.failures < max) return undefined;
    return Math.max(1, Math.ceil((WINDOW_MS - elapsed) / 60_000));
  }

  async function recordFailure(key: string): Promise<void> {
    const row = await repo.findAttempts(key);
    const fresh = !row || now().getTime() - Date.parse(row.window_started_at) >= WINDOW_MS;
    await repo.saveAttempts(key, fresh ? now().toISOString() : row.window_started_at, fresh ? 1 : row.failures + 1);
  }

  return {
    async signIn(rawEmail, password, ip): Promise<SignInResult> {
      const email = rawEmail.trim().toLowerCase();
      const emailKey = `email:${email}`;
      const ipKey = `ip:${ip}`;
      const wait = (await isThrottled(emailKey, LOGIN_MAX_FAILURES)) ?? (await isThrottled(ipKey, IP_MAX_FAILURES));
      if (wait) return { ok: false, reason: 'throttled', retryAfterMinutes: wait };

      const identity = await repo.findByEmail(email);
      const matches = await verifyPassword(password, identity?.password_hash ?? UNMATCHABLE_HASH);
      if (!identity || !matches) {
        await recordFailure(emailKey);
        await recordFailure(ipKey);
        return { ok: false, reason: 'invalid_credentials' };
      }
      await repo.clearAttempts(emailKey);
      return { ok: true, accountId: identity.customer_id };
    },

    async claimsFor(accountId): Promise<AccountClaims | undefined> {
      const identity = await repo.findByCustomerId(accountId);
      if (!identity) return undefined;
      return {
        sub: identity.customer_id,
        email: identity.email,
        email_verified: true,
        given_name: identity.first_name,
        family_name: identity.last_name,
        idp_type: identity.idp_type,
        idp_sub: identity.id,
        auth_method: identity.auth_method,
      };
    },
  };
}
