import type { FastifyInstance } from 'fastify';
import { ttlCache } from '../cache/ttl-cache.js';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { InvalidTokenError, type AccessTokenVerifier } from './access-token.js';

/** Whether the customer a verified token names still has an account (not deleted, not erased). */
export type AccountLive = (customerId: string) => Promise<boolean>;

/**
 * How long a machine trusts that an account it found live still is, so a busy customer's calls do not
 * each pay a database round trip. The machine that confirms a deletion forgets it at once; the deletion
 * job waits this long before it starts, so no other machine still lets the account write by then.
 */
export const LIVE_ACCOUNT_TRUST_MS = 2_000;
const LIVE_ACCOUNTS_KEPT = 50_000;

export function accountLiveness(db: Db, trustMs = LIVE_ACCOUNT_TRUST_MS, now: () => number = Date.now) {
  const live = ttlCache<true>(LIVE_ACCOUNTS_KEPT, trustMs, now);
  const isLive: AccountLive = async (customerId) => {
    if (live.get(customerId)) return true;
    const row = await db.selectFrom('customers').select('id').where('id', '=', customerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (row) live.set(customerId, true);
    return Boolean(row);
  };
  return { isLive, forget: (customerId: string) => live.delete(customerId) };
}

/**
 * An access token outlives a deleted account by up to its lifetime: without this, a client could keep
 * adding photos or albums that the deletion job had already passed. From the deletion's commit on every
 * call answers 404, as the account-area spec has GET /customers/me answer for a deleted account (the web
 * then signs out). Runs after the token check, so an unauthenticated call is still a 401.
 */
export function refuseEndedAccounts(api: FastifyInstance, live: AccountLive): void {
  api.addHook('onRequest', async (request) => {
    if (request.identity && !(await live(request.identity.customerId))) throw notFound('This account no longer exists');
  });
}

/** For the push socket: a deleted account's token authenticates no socket. */
export const verifyingLiveAccounts =
  (verify: AccessTokenVerifier, live: AccountLive): AccessTokenVerifier =>
  async (token) => {
    const identity = await verify(token);
    if (!(await live(identity.customerId))) throw new InvalidTokenError('The account of this token no longer exists');
    return identity;
  };
