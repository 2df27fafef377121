import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import type { AccountClaims, AccountStore, SignInResult } from '../../platform/auth/embedded/account-store.js';
import { UNMATCHABLE_HASH, verifyPassword } from '../../platform/auth/passwords.js';
import type { IdentityRepository } from './identity.repository.js';

/**
 * How sign-in attempts are limited (decision 075): guessing stays slow, and nobody can lock anyone else out.
 * - One client may fail one address LOGIN_MAX_FAILURES times per window; then its attempts at that address
 *   are refused unchecked for the rest of the window. The customer elsewhere is not.
 * - All clients together may fail one address LOGIN_MAX_FAILURES times per window; beyond that one attempt
 *   at it is checked per ADDRESS_SLOWDOWN_SECONDS: many clients guessing together are slowed, and so is
 *   the customer, but never locked out.
 * - One client may fail IP_MAX_FAILURES times per window across addresses; beyond that its attempts are
 *   checked only at addresses nobody has failed in the window, one per CLIENT_SLOWDOWN_SECONDS: a client
 *   spraying guesses gets one at each address and one every few seconds, and the customers behind the
 *   same network address (an office, a proxy without TRUST_PROXY) are slowed, not locked out.
 */
export const IP_MAX_FAILURES = LOGIN_MAX_FAILURES * 4;
export const ADDRESS_SLOWDOWN_SECONDS = 60;
export const CLIENT_SLOWDOWN_SECONDS = 5;
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

interface Reservation {
  key: string;
  window_started_at: string;
  failures: number;
  windowMs: number;
}

/**
 * Every attempt is counted before its password is checked, in one atomic statement per limit: a
 * password check is slow, and concurrent attempts that counted only after it would all get one.
 * An attempt over a limit is refused unchecked and given back; a wrong password keeps its count.
 */
export function identityService(repo: IdentityRepository, now: () => Date = () => new Date()): AccountStore {
  async function reserve(key: string, windowMs = WINDOW_MS): Promise<Reservation> {
    const at = now();
    const row = await repo.reserveAttempt(key, at.toISOString(), new Date(at.getTime() - windowMs).toISOString());
    return { key, windowMs, ...row };
  }

  const minutesLeft = (r: Reservation) => Math.max(1, Math.ceil((Date.parse(r.window_started_at) + r.windowMs - now().getTime()) / 60_000));

  const release = (reservations: Reservation[]) => Promise.all(reservations.map((r) => repo.releaseAttempt(r.key, r.window_started_at)));

  return {
    async signIn(rawEmail, password, ip): Promise<SignInResult> {
      const email = rawEmail.trim().toLowerCase();
      const held: Reservation[] = [];
      const refuse = async (limit: Reservation): Promise<SignInResult> => {
        await release(held);
        return { ok: false, reason: 'throttled', retryAfterMinutes: minutesLeft(limit) };
      };

      const pair = await reserve(`pair:${ip}|${email}`);
      held.push(pair);
      if (pair.failures > LOGIN_MAX_FAILURES) return refuse(pair);
      const network = await reserve(`ip:${ip}`);
      held.push(network);
      const address = await reserve(`email:${email}`);
      held.push(address);
      const slots: Reservation[] = [];
      /** The one attempt checked per `seconds` under `key`, or undefined when it was taken. */
      const takeSlot = async (key: string, seconds: number) => {
        const slot = await reserve(key, seconds * 1000);
        held.push(slot);
        slots.push(slot);
        return slot.failures > 1 ? slot : undefined;
      };
      if (network.failures > IP_MAX_FAILURES) {
        // The count includes this attempt's own reservation: more means somebody has failed this address.
        if (address.failures > 1) return refuse(network);
        const taken = await takeSlot(`slow-ip:${ip}`, CLIENT_SLOWDOWN_SECONDS);
        if (taken) return refuse(taken);
      }
      if (address.failures > LOGIN_MAX_FAILURES) {
        const taken = await takeSlot(`slow:${email}`, ADDRESS_SLOWDOWN_SECONDS);
        if (taken) return refuse(taken);
      }

      const identity = await repo.findByEmail(email);
      const matches = await verifyPassword(password, identity?.password_hash ?? UNMATCHABLE_HASH);
      if (!identity || !matches) return { ok: false, reason: 'invalid_credentials' };
      // The right password clears the address's counts; the network's keeps only its failures.
      await repo.clearAttempts(pair.key, pair.window_started_at, pair.failures);
      await repo.clearAttempts(address.key, address.window_started_at, address.failures);
      await release([network, ...slots]);
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
