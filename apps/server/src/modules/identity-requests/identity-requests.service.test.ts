import { ACCOUNT_DELETION_LINK_VALID_HOURS, CONFIRMATION_TOKEN_PARAM, EMAIL_CHANGE_LINK_VALID_HOURS, IDENTITY_REQUEST_WINDOW_MINUTES, IDENTITY_REQUESTS_PER_WINDOW } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.js';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.js';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { AddressTakenError, identityRequestRepository } from './identity-requests.repository.js';
import { identityRequestService, type AccountDeletions } from './identity-requests.service.js';
import { recipientLimit } from '../../platform/mail/recipient-limit.js';
import { testAccount, type TestAccount } from '../../test/identity-accounts.js';

const HOUR_MS = 3_600_000;

/** The smallest real deletion: marking the customer deleted, which is all these requests need to see. */
const markOnly = (db: Db): AccountDeletions & { started: string[] } => {
  const started: string[] = [];
  return {
    started,
    async markInTransaction(trx, customerId, requestedAt) {
      await trx.updateTable('customers').set({ deleted_at: requestedAt }).where('id', '=', customerId).where('deleted_at', 'is', null).execute();
    },
    async start(customerId) {
      started.push(customerId);
      await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirstOrThrow();
    },
  };
};

describe.each(databases)('identity request links over time on $name', (kind) => {
  const db = useMigratedDatabase(kind);

  function setup() {
    let clock = new Date('2026-11-24T08:00:00Z');
    const sent: MailMessage[] = [];
    const mailer: Mailer = { send: async (m) => void sent.push(m) };
    const deletions = markOnly(db());
    const service = identityRequestService({ db: db(), mailer, publicUrl: 'https://account.example', accountDeletions: deletions, recipients: recipientLimit(db(), () => clock), now: () => clock });
    const tokenFor = (to: string) => new URL(/https?:\/\/\S+/.exec(sent.filter((m) => m.to === to).at(-1)?.text ?? '')?.[0] ?? 'missing:').searchParams.get(CONFIRMATION_TOKEN_PARAM) ?? '';
    const params = (who: TestAccount, confirmationToken = '') => ({ idpType: who.identity.idpType, idpSub: who.identity.idpSub, confirmationToken });
    return { service, sent, deletions, tokenFor, params, advance: (ms: number) => (clock = new Date(clock.getTime() + ms)), now: () => clock };
  }

  it('an email change link works until it expires, and not a moment after', async () => {
    const { service, tokenFor, params, advance, now } = setup();
    const who = await testAccount(db(), { forgeToken: false });
    const late = await testAccount(db(), { forgeToken: false });
    const accepted = await service.requestEmailChange(who.identity, params(who), { email: 'in-time@example.com', channel: 'www.printhaven.nl' });
    expect(accepted.expiresAt).toBe(new Date(now().getTime() + EMAIL_CHANGE_LINK_VALID_HOURS * HOUR_MS).toISOString());
    await service.requestEmailChange(late.identity, params(late), { email: 'too-late@example.com', channel: 'www.printhaven.nl' });
    advance(EMAIL_CHANGE_LINK_VALID_HOURS * HOUR_MS - 1);
    await service.confirmEmailChange(who.identity, params(who, tokenFor('in-time@example.com')));
    advance(1);
    await expect(service.confirmEmailChange(late.identity, params(late, tokenFor('too-late@example.com')))).rejects.toMatchObject({ status: 400, code: 'confirmation_token_invalid' });
    const rows = await db().selectFrom('identities').select(['customer_id', 'email']).where('customer_id', 'in', [who.id, late.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.customer_id, r.email]))).toEqual({ [who.id]: 'in-time@example.com', [late.id]: late.email });
  });

  it('a deletion link expires too; an unexpired one marks the customer deleted and starts the deletion after commit', async () => {
    const { service, deletions, sent, tokenFor, params, advance } = setup();
    const who = await testAccount(db(), { forgeToken: false });
    await service.requestAccountDeletion(who.identity, params(who), { channel: 'www.albumly.de' });
    expect(sent.at(-1)?.subject).toBe('Bestätige die Löschung deines Kontos');
    const expired = tokenFor(who.email);
    advance(ACCOUNT_DELETION_LINK_VALID_HOURS * HOUR_MS);
    await expect(service.confirmAccountDeletion(who.identity, params(who, expired))).rejects.toMatchObject({ code: 'confirmation_token_invalid' });
    expect(deletions.started).toEqual([]);
    await service.requestAccountDeletion(who.identity, params(who), { channel: 'www.albumly.de' });
    await service.confirmAccountDeletion(who.identity, params(who, tokenFor(who.email)));
    expect(deletions.started).toEqual([who.id]);
    const customer = await db().selectFrom('customers').select('deleted_at').where('id', '=', who.id).executeTakeFirstOrThrow();
    expect(customer.deleted_at).not.toBeNull();
  });

  it('an account deleted while an email change was open keeps its address: the change answers 404', async () => {
    const { service, deletions, tokenFor, params, now } = setup();
    const who = await testAccount(db(), { forgeToken: false });
    await service.requestEmailChange(who.identity, params(who), { email: 'after-deletion@example.com', channel: 'www.printhaven.co.uk' });
    await db().transaction().execute((trx) => deletions.markInTransaction(trx, who.id, now().toISOString()));
    await expect(service.confirmEmailChange(who.identity, params(who, tokenFor('after-deletion@example.com')))).rejects.toMatchObject({ status: 404 });
    const row = await db().selectFrom('identities').select('email').where('customer_id', '=', who.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(who.email);
  });

  it('when two changes pass the address check at once, the unique address settles it as email_in_use on this database', async () => {
    const [a, b] = [await testAccount(db(), { forgeToken: false }), await testAccount(db(), { forgeToken: false })];
    const repo = identityRequestRepository(db());
    const attempt = db().transaction().execute((trx) => repo.changeEmail(trx, a.id, b.email));
    await expect(attempt).rejects.toBeInstanceOf(AddressTakenError);
    const row = await db().selectFrom('customers').select('email').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(a.email);
  });

  it('the request limit holds for a window and opens again in the next', async () => {
    const { service, sent, params, advance } = setup();
    const who = await testAccount(db(), { forgeToken: false });
    const ask = () => service.requestEmailChange(who.identity, params(who), { email: 'window@example.com', channel: 'www.printhaven.co.uk' });
    for (let i = 0; i < IDENTITY_REQUESTS_PER_WINDOW; i++) await ask();
    await expect(ask()).rejects.toMatchObject({ status: 429 });
    expect(sent.filter((m) => m.to === 'window@example.com')).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);
    advance(IDENTITY_REQUEST_WINDOW_MINUTES * 60_000);
    await ask();
    expect(sent.filter((m) => m.to === 'window@example.com')).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW + 1);
  });

  it('a notice the old address could not get leaves no usable link either', async () => {
    const { service, params, now } = setup();
    const who = await testAccount(db(), { forgeToken: false });
    const sent: MailMessage[] = [];
    const failing = identityRequestService({
      db: db(),
      mailer: { send: async (m) => { if (m.to === who.email) throw new Error('mailbox unavailable'); sent.push(m); } },
      publicUrl: 'https://account.example',
      accountDeletions: markOnly(db()),
      recipients: recipientLimit(db(), now),
      now,
    });
    await expect(failing.requestEmailChange(who.identity, params(who), { email: 'half@example.com', channel: 'www.printhaven.co.uk' })).rejects.toMatchObject({ status: 503 });
    const token = new URL(/https?:\/\/\S+/.exec(sent[0]?.text ?? '')?.[0] ?? 'missing:').searchParams.get(CONFIRMATION_TOKEN_PARAM) ?? '';
    expect(token).not.toBe('');
    await expect(service.confirmEmailChange(who.identity, params(who, token))).rejects.toMatchObject({ code: 'confirmation_token_invalid' });
  });

  it('mails every storefront language', async () => {
    const { service, sent, params } = setup();
    const channels = ['www.printhaven.co.uk', 'www.printhaven.nl', 'www.printhaven.de', 'www.printhaven.fr', 'www.printhaven.es', 'www.printhaven.it', 'www.printhaven.dk', 'www.printhaven.pt', 'www.printhaven.no', 'www.printhaven.se'];
    for (const channel of channels) {
      const who = await testAccount(db(), { forgeToken: false });
      await service.requestEmailChange(who.identity, params(who), { email: `lang-${who.id.slice(0, 8)}@example.com`, channel });
      await service.requestAccountDeletion(who.identity, params(who), { channel });
    }
    const subjects = sent.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(channels.length * 3);
  });

  it('of email change requests made at once, the link mailed last is the one that works, whichever was opened first', async () => {
    let clock = new Date('2026-11-24T08:00:00Z');
    const sent: MailMessage[] = [];
    // The first request's mails go out only after the second request is done.
    let releaseFirst!: () => void;
    const firstMayGo = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHeld!: () => void;
    const firstAtMailer = new Promise<void>((resolve) => (firstHeld = resolve));
    const mailer: Mailer = {
      async send(m) {
        if (m.to === 'first@example.com') {
          firstHeld();
          await firstMayGo;
        }
        clock = new Date(clock.getTime() + 1000);
        sent.push(m);
      },
    };
    const service = identityRequestService({ db: db(), mailer, publicUrl: 'https://account.example', accountDeletions: markOnly(db()), recipients: recipientLimit(db(), () => clock), now: () => clock });
    const tokenFor = (to: string) => new URL(/https?:\/\/\S+/.exec(sent.find((m) => m.to === to)?.text ?? '')?.[0] ?? 'missing:').searchParams.get(CONFIRMATION_TOKEN_PARAM) ?? '';
    const who = await testAccount(db(), { forgeToken: false });
    const params = (confirmationToken = '') => ({ idpType: who.identity.idpType, idpSub: who.identity.idpSub, confirmationToken });

    const first = service.requestEmailChange(who.identity, params(), { email: 'first@example.com', channel: 'www.printhaven.nl' });
    // The second request starts once the first one's mail is held at the mail server, not after a guessed pause.
    await firstAtMailer;
    await service.requestEmailChange(who.identity, params(), { email: 'second@example.com', channel: 'www.printhaven.nl' });
    // Released any earlier, the two requests' mails interleave and both read the test's clock after the last of
    // them: "mailed last" would be a tie, settled by whichever transaction commits second.
    releaseFirst();
    await first;
    expect(sent.filter((m) => m.to !== who.email).map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);

    await expect(service.confirmEmailChange(who.identity, params(tokenFor('second@example.com')))).rejects.toMatchObject({ status: 400, code: 'confirmation_token_invalid' });
    await service.confirmEmailChange(who.identity, params(tokenFor('first@example.com')));
    expect((await db().selectFrom('identities').select('email').where('customer_id', '=', who.id).executeTakeFirstOrThrow()).email).toBe('first@example.com');
  });

  it('a link whose mail has not gone out yet does not work, and the one before it still does', async () => {
    const sent: MailMessage[] = [];
    let hold = false;
    let release!: () => void;
    const mailer: Mailer = {
      async send(m) {
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        sent.push(m);
      },
    };
    const service = identityRequestService({ db: db(), mailer, publicUrl: 'https://account.example', accountDeletions: markOnly(db()), recipients: recipientLimit(db()) });
    const who = await testAccount(db(), { forgeToken: false });
    const params = (confirmationToken = '') => ({ idpType: who.identity.idpType, idpSub: who.identity.idpSub, confirmationToken });
    await service.requestEmailChange(who.identity, params(), { email: 'earlier@example.com', channel: 'www.printhaven.nl' });
    const earlier = new URL(/https?:\/\/\S+/.exec(sent[0]!.text)![0]).searchParams.get(CONFIRMATION_TOKEN_PARAM)!;
    hold = true;
    const pending = service.requestEmailChange(who.identity, params(), { email: 'later@example.com', channel: 'www.printhaven.nl' });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
    // The later request is stored, its mail not sent: the earlier link is still the live one.
    await service.confirmEmailChange(who.identity, params(earlier));
    hold = false;
    release();
    await pending;
    expect((await db().selectFrom('identities').select('email').where('customer_id', '=', who.id).executeTakeFirstOrThrow()).email).toBe('earlier@example.com');
  });
});
