import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { InvalidTokenError, type AccessTokenVerifier } from './access-token.js';

/** Whether the customer a verified token names still has an account (not deleted, not erased). */
export type AccountLive = (customerId: string) => Promise<boolean>;

export const accountLive =
  (db: Db): AccountLive =>
  async (customerId) =>
    Boolean(await db.selectFrom('customers').select('id').where('id', '=', customerId).where('deleted_at', 'is', null).executeTakeFirst());

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
