import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETION_LINK_VALID_HOURS,
  channelForHost,
  CONFIRMATION_TOKEN_PARAM,
  EMAIL_CHANGE_LINK_VALID_HOURS,
  IDENTITY_ERROR_CODES,
  IDENTITY_REQUEST_WINDOW_MINUTES,
  IDENTITY_REQUESTS_PER_WINDOW,
  type AccountDeletionRequest,
  type EmailChangeRequest,
  type IdentityRequestAccepted,
} from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Identity } from '../../platform/auth/access-token.js';
import type { Db } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError, notFound, TooManyRequests } from '../../platform/http/errors.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import type { RecipientLimit } from '../../platform/mail/recipient-limit.js';
import { identityRequestMail } from './identity-request-mails.js';
import { AddressTakenError, identityRequestRepository, type IdentityRequestKind } from './identity-requests.repository.js';

/**
 * Deleting an account, as modules/account-deletion does it. `markInTransaction` runs inside the
 * transaction that uses the confirmation token: it sets customers.deleted_at (the customer is gone for
 * GET /customers/me and sign-in at once) and records the pending deletion; `start` runs after commit
 * and enqueues the durable job, which a restart finds again if it never ran.
 */
export interface AccountDeletions {
  markInTransaction(trx: Transaction<Database>, customerId: string, requestedAt: string): Promise<void>;
  start(customerId: string): Promise<void>;
}

export interface IdentityRequestDeps {
  db: Db;
  mailer: Mailer;
  /** Where the web is served: the links point at its confirmation pages. */
  publicUrl: string;
  accountDeletions: AccountDeletions;
  /** Mails to one address, whoever asks (decision 076): the new address of an email change is not yet the customer's. */
  recipients: RecipientLimit;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

interface OwnPath {
  idpType: string;
  idpSub: string;
}

const HOUR_MS = 3_600_000;
const WINDOW_MS = IDENTITY_REQUEST_WINDOW_MINUTES * 60_000;
/** 256 random bits: the token is the only secret the link carries. */
const TOKEN_BYTES = 32;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const emailInUse = () => new AppError(409, IDENTITY_ERROR_CODES.emailInUse, 'This email address is already in use');
const tokenInvalid = () => new AppError(400, IDENTITY_ERROR_CODES.tokenInvalid, 'This confirmation link is not valid: it was used, replaced or has expired');
const mailUnavailable = () => new AppError(503, 'mail_unavailable', 'The confirmation email could not be sent; nothing was changed, please try again later');

/**
 * Email change and account deletion (account-area §4, §7.1, decision 064): a request mails a link with a
 * single-use token, of which only the hash is kept; confirming uses it in the same transaction as the change.
 * Of a customer's links of a kind, the one mailed last is the one that works.
 */
export function identityRequestService({ db, mailer, publicUrl, accountDeletions, recipients, now = () => new Date(), log }: IdentityRequestDeps) {
  const repo = identityRequestRepository(db);

  /** Only the signed-in customer's own identity exists for them: any other answers as if there were none. */
  function own(identity: Identity, path: OwnPath): void {
    if (path.idpType !== identity.idpType || path.idpSub !== identity.idpSub) throw notFound('No such identity');
  }

  /** Counted before anything else, so neither a flood nor probing for addresses in use gets past the limit. */
  async function throttle(customerId: string, kind: IdentityRequestKind): Promise<string> {
    const at = now().getTime();
    const windowStart = new Date(Math.floor(at / WINDOW_MS) * WINDOW_MS);
    const count = await repo.count(customerId, kind, windowStart.toISOString());
    if (count > IDENTITY_REQUESTS_PER_WINDOW) {
      throw new TooManyRequests('Too many requests; please try again later', Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - at) / 1000)));
    }
    return windowStart.toISOString();
  }

  /**
   * Stores the token's hash, then hands the mails to the mail server. If any mail fails the request is
   * removed and its count given back: no link works that the customer was not told about, and a retry works.
   */
  async function open(
    o: { customerId: string; kind: IdentityRequestKind; newEmail: string | null; channel: string; validHours: number; window: string },
    mails: (link: string, expires: Date) => MailMessage[],
  ): Promise<IdentityRequestAccepted> {
    const channel = channelForHost('', o.channel);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const createdAt = now();
    const expires = new Date(createdAt.getTime() + o.validHours * HOUR_MS);
    const id = randomUUID();
    const opened = await repo.open({
      id,
      customer_id: o.customerId,
      kind: o.kind,
      token_hash: hash(token),
      new_email: o.newEmail,
      channel: channel.code,
      created_at: createdAt.toISOString(),
      expires_at: expires.toISOString(),
    });
    if (!opened) throw notFound('No such identity');
    const link = new URL(o.kind === 'email_change' ? '/change-email-confirmation' : '/delete-account-confirmation', publicUrl);
    link.searchParams.set(CONFIRMATION_TOKEN_PARAM, token);
    link.searchParams.set('channel', channel.host);
    try {
      for (const mail of mails(link.href, expires)) await mailer.send(mail);
    } catch (err) {
      log?.error({ err }, 'An identity request mail could not be sent');
      await repo.discard(id);
      await repo.uncount(o.customerId, o.kind, o.window);
      throw mailUnavailable();
    }
    // Only now does the link work, and it replaces the ones mailed before it (not those opened before it).
    await repo.markMailed({ id, customerId: o.customerId, kind: o.kind, mailedAt: now().toISOString() });
    return { expiresAt: expires.toISOString() };
  }

  return {
    async requestEmailChange(identity: Identity, path: OwnPath, body: EmailChangeRequest): Promise<IdentityRequestAccepted> {
      own(identity, path);
      const window = await throttle(identity.customerId, 'email_change');
      const email = body.email.trim().toLowerCase();
      const current = await repo.currentEmail(identity.customerId);
      if (!current) throw notFound('No such identity');
      // The customer's own address is in use too: confirming it would change nothing (decision 064).
      if (await repo.addressTaken(email)) throw emailInUse();
      const locale = channelForHost('', body.channel).locale;
      const giveBack = await recipients.reserve(email);
      try {
        return await open({ customerId: identity.customerId, kind: 'email_change', newEmail: email, channel: body.channel, validHours: EMAIL_CHANGE_LINK_VALID_HOURS, window }, (link, expires) => [
          identityRequestMail('emailChange', { to: email, locale, link, expires }),
          identityRequestMail('emailChangeNotice', { to: current, locale, email }),
        ]);
      } catch (err) {
        await giveBack();
        throw err;
      }
    },

    /**
     * Uses the token, moves the address and ends every sign-in in one transaction: a token used twice at
     * once changes the address once, and an address another account took meanwhile answers 409, nothing changed.
     */
    async confirmEmailChange(identity: Identity, path: OwnPath & { confirmationToken: string }): Promise<void> {
      own(identity, path);
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          // A deleted account's address must not move, also when the deletion commits while this one runs.
          if (!(await repo.lockLiveCustomer(trx, identity.customerId))) throw notFound('No such identity');
          const request = await repo.consume(trx, { customerId: identity.customerId, kind: 'email_change', tokenHash: hash(path.confirmationToken), now: at });
          if (!request?.new_email) throw tokenInvalid();
          if (await repo.addressTaken(request.new_email, trx)) throw emailInUse();
          await repo.changeEmail(trx, identity.customerId, request.new_email);
          await repo.endSignIns(trx, identity.customerId);
        });
      } catch (err) {
        if (err instanceof AddressTakenError) throw emailInUse();
        throw err;
      }
    },

    async requestAccountDeletion(identity: Identity, path: OwnPath, body: AccountDeletionRequest): Promise<IdentityRequestAccepted> {
      own(identity, path);
      const window = await throttle(identity.customerId, 'account_deletion');
      const current = await repo.currentEmail(identity.customerId);
      if (!current) throw notFound('No such identity');
      const locale = channelForHost('', body.channel).locale;
      return open({ customerId: identity.customerId, kind: 'account_deletion', newEmail: null, channel: body.channel, validHours: ACCOUNT_DELETION_LINK_VALID_HOURS, window }, (link, expires) => [
        identityRequestMail('deletion', { to: current, locale, link, expires }),
      ]);
    },

    /** Uses the token and marks the account deleted in one transaction; the deletion job starts after commit. */
    async confirmAccountDeletion(identity: Identity, path: OwnPath & { confirmationToken: string }): Promise<void> {
      own(identity, path);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const request = await repo.consume(trx, { customerId: identity.customerId, kind: 'account_deletion', tokenHash: hash(path.confirmationToken), now: at });
        if (!request) throw tokenInvalid();
        await accountDeletions.markInTransaction(trx, identity.customerId, at);
        await repo.endSignIns(trx, identity.customerId);
      });
      // The mark is durable: a start that fails here is picked up again when the server restarts.
      await accountDeletions.start(identity.customerId).catch((err: unknown) => log?.error({ err, customerId: identity.customerId }, 'Starting an account deletion failed; it resumes at the next start'));
    },
  };
}
export type IdentityRequestService = ReturnType<typeof identityRequestService>;
