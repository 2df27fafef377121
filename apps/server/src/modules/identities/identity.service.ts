import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import type { AccountClaims, AccountStore, SignInResult } from '../../platform/auth/embedded/account-store.js';
import { UNMATCHABLE_HASH, verifyPassword } from '../../platform/auth/passwords.js';
import type { IdentityRepository } from './identity.repository.js';

/** One address may fail LOGIN_MAX_FAILURES times per window; one network address four times as often. */
export const IP_MAX_FAILURES = LOGIN_MAX_FAILURES * 4;
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

interface Reservation {
  key: string;
  window_started_at: string;
  failures: number;
}

/**
 * Every attempt is counted before its password is checked, in one atomic statement per limit: a
 * password check is slow, and concurrent attempts that counted only after it would all get one.
 * An attempt over a limit is refused unchecked and given back; a wrong password keeps its count.
 */
export function identityService(repo: IdentityRepository, now: () => Date = () => new Date()): AccountStore {
  async function reserve(key: string): Promise<Reservation> {
    const at = now();
    const row = await repo.reserveAttempt(key, at.toISOString(), new Date(at.getTime() - WINDOW_MS).toISOString());
    return { key, ...row };
  }

  const minutesLeft = (r: Reservation) => Math.max(1, Math.ceil((Date.parse(r.window_started_at) + WINDOW_MS - now().getTime()) / 60_000));

  const release = (reservations: Reservation[]) => Promise.all(reservations.map((r) => repo.releaseAttempt(r.key, r.window_started_at)));

  return {
    async signIn(rawEmail, password, ip): Promise<SignInResult> {
      const email = rawEmail.trim().toLowerCase();
      const held: Reservation[] = [];
      for (const [key, max] of [[`email:${email}`, LOGIN_MAX_FAILURES], [`ip:${ip}`, IP_MAX_FAILURES]] as const) {
        const reservation = await reserve(key);
        if (reservation.failures > max) {
          await release([...held, reservation]);
          return { ok: false, reason: 'throttled', retryAfterMinutes: minutesLeft(reservation) };
        }
        held.push(reservation);
      }
      const [address, network] = held as [Reservation, Reservation];

      const identity = await repo.findByEmail(email);
      const matches = await verifyPassword(password, identity?.password_hash ?? UNMATCHABLE_HASH);
      if (!identity || !matches) return { ok: false, reason: 'invalid_credentials' };
      // The right password clears the address's count; the network's keeps only its failures.
      await repo.clearAttempts(address.key, address.window_started_at, address.failures);
      await release([network]);
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
