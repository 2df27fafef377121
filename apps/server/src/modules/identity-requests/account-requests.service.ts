import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BRAND_NAMES,
  IDENTITY_REQUEST_WINDOW_MINUTES,
  IDENTITY_REQUESTS_PER_WINDOW,
  PASSWORD_RESET_LINK_VALID_MINUTES,
  REGISTRATION_LINK_VALID_HOURS,
  SIGN_IN_PAGE_REQUESTS_PER_CLIENT,
  type Channel,
} from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LINK_TOKEN_PARAM, type AccountRequests, type PageRequestAnswer, type RegistrationResult } from '../../platform/auth/embedded/account-store.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/database.js';
import { TooManyRequests } from '../../platform/http/errors.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import type { RecipientLimit } from '../../platform/mail/recipient-limit.js';
import { lockLiveCustomer } from '../customers/customer.service.js';
import { accountRequestMail } from './account-request-mails.js';
import { accountRequestRepository } from './account-requests.repository.js';
import { identityRequestRepository, isUniqueViolation, type CountedRequestKind } from './identity-requests.repository.js';

export interface AccountRequestDeps {
  db: Db;
  mailer: Mailer;
  /** Mails to one address, whoever asks (decision 076): nobody who asks here has shown the address is theirs. */
  recipients: RecipientLimit;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

const MINUTE_MS = 60_000;
const WINDOW_MS = IDENTITY_REQUEST_WINDOW_MINUTES * MINUTE_MS;
/** 256 random bits: the token is the only secret the link carries, as for the other identity requests. */
const TOKEN_BYTES = 32;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * "Forgot password?" and "Create an account" on the sign-in page (decision 091). Nobody asking has shown
 * that the address is theirs, so nothing answered tells whether it has an account: a request is counted
 * per client and per address (IDENTITY_REQUESTS_PER_WINDOW, as the signed-in customer's requests), then
 * answered, and only after the answer is it looked up and mailed (its time tells nothing either). A link's
 * token is stored as its sha256 and works once: a reset for PASSWORD_RESET_LINK_VALID_MINUTES, a new
 * account's confirmation for REGISTRATION_LINK_VALID_HOURS.
 */
export function accountRequestService({ db, mailer, recipients, now = () => new Date(), log }: AccountRequestDeps): AccountRequests & {
  /** Resolves once the mail work of every request answered so far is done (tests, and the server's close). */
  idle(): Promise<void>;
  /** Removes used and expired registrations and past windows' counts. */
  purge(): Promise<void>;
} {
  const requests = identityRequestRepository(db);
  const repo = accountRequestRepository(db);
  const pending = new Set<Promise<void>>();

  /** Work after the answer; a failure is logged, never shown (the answer did not depend on it). */
  function afterAnswer(what: string, work: () => Promise<void>): void {
    const running = work()
      .catch((err: unknown) => log?.error({ err }, `${what} failed after the answer`))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  const windowStartOf = (at: number) => new Date(Math.floor(at / WINDOW_MS) * WINDOW_MS);

  /**
   * Counted per client first, then per address, each in one upsert (concurrent requests see distinct counts).
   * A client over its limit costs the address nothing, so one client cannot spend many addresses' requests.
   */
  async function throttle(kind: CountedRequestKind, email: string, ip: string): Promise<PageRequestAnswer> {
    const at = now().getTime();
    const windowStart = windowStartOf(at);
    const refuse = (): PageRequestAnswer => ({ ok: false, reason: 'throttled', retryAfterMinutes: Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - at) / MINUTE_MS)) });
    if ((await requests.count(`client:${ip}`, kind, windowStart.toISOString())) > SIGN_IN_PAGE_REQUESTS_PER_CLIENT) return refuse();
    if ((await requests.count(`address:${sha256(email)}`, kind, windowStart.toISOString())) > IDENTITY_REQUESTS_PER_WINDOW) return refuse();
    return { ok: true };
  }

  /** Counts one mail to the address (decision 076); undefined when it has had its share, which nobody is told. */
  async function reserveRecipient(email: string): Promise<(() => Promise<void>) | undefined> {
    try {
      return await recipients.reserve(email);
    } catch (err) {
      if (!(err instanceof TooManyRequests)) throw err;
      log?.info('A sign-in page mail was not sent: its recipient has had enough mail for now');
      return undefined;
    }
  }

  /** Sends one mail; on failure runs `undo` and gives the recipient's count back. */
  async function send(mail: MailMessage, giveBack: () => Promise<void>, undo: () => Promise<unknown> = async () => {}): Promise<boolean> {
    try {
      await mailer.send(mail);
      return true;
    } catch (err) {
      log?.error({ err }, 'A sign-in page mail could not be sent');
      await undo();
      await giveBack();
      return false;
    }
  }

  const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');
  const linkTo = (page: string, token: string) => {
    const link = new URL(page);
    link.searchParams.set(LINK_TOKEN_PARAM, token);
    return link.href;
  };
  const brandOf = (channel: Channel) => BRAND_NAMES[channel.brand];

  /** Mails a reset link when the address has a live account; stored first, working once mailed, the newest one only (decision 081). */
  async function mailPasswordReset(email: string, channel: Channel, page: string): Promise<void> {
    const account = await repo.liveAccount(email);
    if (!account) return;
    const giveBack = await reserveRecipient(email);
    if (!giveBack) return;
    const token = newToken();
    const createdAt = now();
    const id = randomUUID();
    const opened = await requests.open({
      id,
      customer_id: account.customer_id,
      kind: 'password_reset',
      token_hash: sha256(token),
      new_email: null,
      channel: channel.code,
      created_at: createdAt.toISOString(),
      expires_at: new Date(createdAt.getTime() + PASSWORD_RESET_LINK_VALID_MINUTES * MINUTE_MS).toISOString(),
    });
    if (!opened) return giveBack();
    const mail = accountRequestMail('passwordReset', { to: account.email, locale: channel.locale, brand: brandOf(channel), link: linkTo(page, token), minutes: PASSWORD_RESET_LINK_VALID_MINUTES });
    if (await send(mail, giveBack, () => requests.discard(id))) {
      await requests.markMailed({ id, customerId: account.customer_id, kind: 'password_reset', mailedAt: now().toISOString() });
    }
  }

  /** Mails a confirmation link for a new address, or a notice (no link) to an address that has an account. */
  async function mailRegistration(o: { firstName: string; lastName: string; email: string; password: string; channel: Channel; page: string }): Promise<void> {
    // Hashed whether or not the address is taken: the work after the answer is alike either way.
    const passwordHash = await hashPassword(o.password);
    const taken = await requests.addressTaken(o.email);
    const giveBack = await reserveRecipient(o.email);
    if (!giveBack) return;
    const brand = brandOf(o.channel);
    if (taken) {
      await send(accountRequestMail('registrationExists', { to: o.email, locale: o.channel.locale, brand }), giveBack);
      return;
    }
    const token = newToken();
    const createdAt = now();
    const id = randomUUID();
    await repo.insertRegistration({
      id,
      email: o.email,
      first_name: o.firstName,
      last_name: o.lastName,
      password_hash: passwordHash,
      channel: o.channel.code,
      token_hash: sha256(token),
      created_at: createdAt.toISOString(),
      expires_at: new Date(createdAt.getTime() + REGISTRATION_LINK_VALID_HOURS * 60 * MINUTE_MS).toISOString(),
    });
    const mail = accountRequestMail('registration', { to: o.email, locale: o.channel.locale, brand, link: linkTo(o.page, token), hours: REGISTRATION_LINK_VALID_HOURS });
    await send(mail, giveBack, () => repo.discardRegistration(id));
  }

  return {
    async requestPasswordReset({ email, ip, channel, page }) {
      const answer = await throttle('password_reset', email, ip);
      if (answer.ok) afterAnswer('A password reset', () => mailPasswordReset(email, channel, page));
      return answer;
    },

    async passwordResetFor(token) {
      const reset = await repo.openReset(sha256(token), now().toISOString());
      return reset && { email: reset.email };
    },

    /**
     * Uses the link, sets the password and ends every sign-in of the account in one transaction, after the
     * customer's row (as every identity request takes it first): two uses at once set one password.
     */
    async resetPassword(token, password) {
      const tokenHash = sha256(token);
      const customerId = await repo.resetOwner(tokenHash);
      if (!customerId) return false;
      const passwordHash = await hashPassword(password);
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        if (!(await lockLiveCustomer(trx, customerId))) return false;
        if (!(await requests.consume(trx, { customerId, kind: 'password_reset', tokenHash, now: at }))) return false;
        const email = await repo.setPassword(trx, customerId, passwordHash);
        await repo.closeResets(trx, customerId, at);
        await requests.endSignIns(trx, customerId);
        if (email) await repo.clearSignInAttempts(trx, email);
        return true;
      });
    },

    async requestRegistration({ ip, ...o }) {
      const answer = await throttle('registration', o.email, ip);
      if (answer.ok) afterAnswer('A registration', () => mailRegistration(o));
      return answer;
    },

    async registrationFor(token) {
      const registration = await repo.openRegistration(sha256(token), now().toISOString());
      return registration && { email: registration.email };
    },

    /** Uses the link and creates the account in one transaction: two uses at once create one account. */
    async confirmRegistration(token): Promise<RegistrationResult> {
      const at = now().toISOString();
      try {
        return await db.transaction().execute(async (trx): Promise<RegistrationResult> => {
          const registration = await repo.consumeRegistration(trx, sha256(token), at);
          if (!registration) return { ok: false, reason: 'invalid' };
          return { ok: true, accountId: await repo.createAccount(trx, registration, at) };
        });
      } catch (err) {
        // Another account took the address after the link was mailed: nothing was made, the link stays unused.
        if (isUniqueViolation(err)) return { ok: false, reason: 'address_taken' };
        throw err;
      }
    },

    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },

    async purge() {
      const at = now();
      await repo.purge(at.toISOString(), windowStartOf(at.getTime()).toISOString());
    },
  };
}
export type AccountRequestService = ReturnType<typeof accountRequestService>;
