import net from 'node:net';
import {
  apiErrorSchema,
  CONFIRMATION_TOKEN_PARAM,
  IDENTITY_ERROR_CODES,
  IDENTITY_REQUESTS_PER_WINDOW,
  SERVICE_BASE_PATHS,
} from '@shoebox/contracts';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/schema.js';
import { outboxMailer } from '../../platform/mail/outbox-mailer.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { TEST_PASSWORD, testAccount, type TestAccount } from '../../test/identity-accounts.js';
import { confirmUrl, expectError, freshEmail, identityRequestCalls, requestUrl, tokenIn, type IdentityRequestKind } from '../../test/identity-requests.js';
import { connectPush, listenForPush } from '../../test/push-client.js';
import { bearer, refreshTokens, signIn } from '../../test/sign-in.js';
import { PUBLIC_URL, startTestShoebox, useTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { identityRequestService } from './identity-requests.service.js';
import { MAILS_PER_RECIPIENT_PER_HOUR, recipientLimit } from '../../platform/mail/recipient-limit.js';

/** Attacks on the email change and deletion links from outside: forged and misused tokens, floods and races. */

/** A confirm address with the token exactly as given, not encoded again. */
const rawConfirmUrl = (who: TestAccount, kind: IdentityRequestKind, token: string) => `${SERVICE_BASE_PATHS.identities}/v2/identities/${who.identity.idpType}/${who.identity.idpSub}/${kind}/${token}/actions/confirm`;

describe.each(databases)('attacks on email change and account deletion on $name', (kind) => {
  const server = useTestShoebox(kind);
  const db = () => server().db;
  const { outbox, mailsTo, post, requestChange, requestDeletion, emailsOf } = identityRequestCalls(server);
  const tokensTo = async (address: string, kindOf: IdentityRequestKind) =>
    (await mailsTo(address)).filter((m) => m.text.includes(kindOf === 'emailchanges' ? '/change-email-confirmation' : '/delete-account-confirmation')).map((m) => tokenIn(m.text));

  const deletedAt = async (who: TestAccount) => (await db().selectFrom('customers').select('deleted_at').where('id', '=', who.id).executeTakeFirst())?.deleted_at;
  const changeToken = async (who: TestAccount, to: string) => {
    expect((await requestChange(who, to)).statusCode).toBe(202);
    return (await tokensTo(to, 'emailchanges')).at(-1) ?? '';
  };
  const deletionToken = async (who: TestAccount) => {
    expect((await requestDeletion(who)).statusCode).toBe(202);
    return (await tokensTo(who.email, 'deleteaccount')).at(-1) ?? '';
  };

  it('altered tokens (truncated, extended, case flipped, percent-encoded, of the other kind, of another customer) are refused and leave the real link working', async () => {
    const who = await testAccount(db());
    const other = await testAccount(db());
    const to = freshEmail('probe');
    const token = await changeToken(who, to);
    const deletion = await deletionToken(who);
    const othersToken = await changeToken(other, freshEmail('other'));
    const flipped = [...token].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    const percentEncoded = [...token].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    for (const forged of [token.slice(0, -1), token.slice(0, 20), `${token}A`, `${token}=`, ` ${token}`, flipped, encodeURIComponent(`${token}\n`), deletion, othersToken]) {
      expectError(await post(who, rawConfirmUrl(who, 'emailchanges', encodeURIComponent(forged))), 400, forged.length < 16 ? 'bad_request' : IDENTITY_ERROR_CODES.tokenInvalid);
    }
    expectError(await post(who, confirmUrl(who, 'deleteaccount', token)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expectError(await post(other, confirmUrl(other, 'emailchanges', token)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expect(await deletedAt(who)).toBeNull();
    expect(await emailsOf(who)).toEqual({ identity: who.email, customer: who.email });
    // The path decodes %XX: the same token spelled with every character encoded is the token itself.
    expect((await post(who, rawConfirmUrl(who, 'emailchanges', percentEncoded))).statusCode).toBe(204);
    expect(await emailsOf(who)).toEqual({ identity: to, customer: to });
    expectError(await post(who, confirmUrl(who, 'emailchanges', token)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
  });

  it('a flood of confirmations with random tokens is refused one by one and does not spend the real link', async () => {
    const who = await testAccount(db());
    const to = freshEmail('guess');
    const token = await changeToken(who, to);
    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) => post(who, confirmUrl(who, i % 2 ? 'emailchanges' : 'deleteaccount', `${Math.random().toString(36).slice(2)}${'x'.repeat(30)}`))));
    expect(new Set(guesses.map((g) => g.statusCode))).toEqual(new Set([400]));
    expect(await deletedAt(who)).toBeNull();
    expect((await post(who, confirmUrl(who, 'emailchanges', token))).statusCode).toBe(204);
  });

  it('200 requests of each kind at once, interleaved: at most the allowed number of mails of each kind', async () => {
    const who = await testAccount(db());
    const to = freshEmail('flood');
    const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => (i % 2 ? requestChange(who, to) : requestDeletion(who))));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(2 * IDENTITY_REQUESTS_PER_WINDOW);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(400 - 2 * IDENTITY_REQUESTS_PER_WINDOW);
    expect(await tokensTo(to, 'emailchanges')).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);
    expect(await tokensTo(who.email, 'deleteaccount')).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);
  });

  it('many customers from one client: each is held to its own limit, and one address they all name gets no more than its hour\'s mails', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => testAccount(db())));
    const targets = customers.map(() => freshEmail('own-target'));
    const answers = await Promise.all(customers.flatMap((c, i) => Array.from({ length: 6 }, () => requestChange(c, targets[i]!))));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(10 * IDENTITY_REQUESTS_PER_WINDOW);

    const others = await Promise.all(Array.from({ length: 10 }, () => testAccount(db())));
    const shared = freshEmail('shared-target');
    const atOnce = await Promise.all(others.map((c) => requestChange(c, shared)));
    expect(atOnce.filter((a) => a.statusCode === 202)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(atOnce.filter((a) => a.statusCode === 429)).toHaveLength(10 - MAILS_PER_RECIPIENT_PER_HOUR);
    expect(await tokensTo(shared, 'emailchanges')).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('requests made at once leave only one working link, the one mailed last: the others are closed', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await testAccount(db());
      const targets = Array.from({ length: IDENTITY_REQUESTS_PER_WINDOW }, () => freshEmail('concurrent'));
      const answers = await Promise.all(targets.map((t) => requestChange(who, t)));
      expect(answers.map((a) => a.statusCode)).toEqual(targets.map(() => 202));
      const rows = await db().selectFrom('identity_requests').select(['closed_at', 'mailed_at']).where('customer_id', '=', who.id).execute();
      const open = rows.filter((r) => r.closed_at === null);
      expect(open, `round ${round}`).toHaveLength(1);
      // The one left is the one mailed last.
      expect(open[0]!.mailed_at).toBe(rows.map((r) => r.mailed_at!).sort().at(-1));
    }
  });

  it('addresses differing only in case are one address; lookalikes, trailing dots and domain labels no DNS name can have are refused; plus-addressing is an address of its own', async () => {
    const who = await testAccount(db());
    const other = await testAccount(db());
    const [local, domain] = other.email.split('@') as [string, string];
    expectError(await requestChange(who, `${local.toUpperCase()}@${domain.toUpperCase()}`), 409, IDENTITY_ERROR_CODES.emailInUse);
    for (const lookalike of [`${local}@${domain}.`, `${local.replace('i', 'і')}@${domain}`, `${local}@${domain.replace('e', 'е')}`, `${local}@${'a'.repeat(250)}.com`]) {
      expectError(await requestChange(who, lookalike), 400, 'bad_request');
    }
    // Two pending changes to one address in different cases: the second confirmation meets the first's address.
    const to = freshEmail('case');
    const rival = await testAccount(db());
    const mine = await changeToken(who, to);
    expect((await requestChange(rival, to.toUpperCase())).statusCode).toBe(202);
    const theirs = (await tokensTo(to, 'emailchanges')).find((t) => t !== mine) ?? '';
    expect((await post(rival, confirmUrl(rival, 'emailchanges', theirs))).statusCode).toBe(204);
    expectError(await post(who, confirmUrl(who, 'emailchanges', mine)), 409, IDENTITY_ERROR_CODES.emailInUse);
    expect(await db().selectFrom('identities').select('customer_id').where('email', '=', to).execute()).toEqual([{ customer_id: rival.id }]);
    const plus = `${local}+shoebox@${domain}`;
    expect((await post(who, confirmUrl(who, 'emailchanges', await changeToken(who, plus)))).statusCode).toBe(204);
    expect(await emailsOf(who)).toEqual({ identity: plus, customer: plus });
  });

  it('a deletion that commits while an email change confirmation is under way: the deleted account keeps its address', async () => {
    const who = await testAccount(db());
    const to = freshEmail('dying');
    const change = await changeToken(who, to);
    const deletion = await deletionToken(who);
    // The deletion commits after whatever the confirmation reads first, just before its transaction begins.
    const racing = new Proxy(db(), {
      get(target, prop) {
        if (prop !== 'transaction') {
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return () => ({
          execute: async <T,>(work: (trx: Transaction<Database>) => Promise<T>) => {
            expect((await post(who, confirmUrl(who, 'deleteaccount', deletion))).statusCode).toBe(204);
            return target.transaction().execute(work);
          },
        });
      },
    });
    const service = identityRequestService({ db: racing, mailer: outboxMailer(outbox(server()), ''), publicUrl: PUBLIC_URL, accountDeletions: server().accountDeletions, recipients: recipientLimit(db()) });
    await expect(service.confirmEmailChange(who.identity, { ...who.identity, confirmationToken: change })).rejects.toMatchObject({ status: 404 });
    expect(await deletedAt(who)).not.toBeNull();
    expect((await emailsOf(who)).identity ?? who.email).toBe(who.email);
    expect(await db().selectFrom('identities').select('id').where('email', '=', to).execute()).toEqual([]);
  });

  it("a deleted customer's unexpired access token reaches nothing: every call answers 404 as GET /customers/me does, and no push socket opens", async () => {
    const who = await testAccount(db());
    const session = await signIn(server().app, who.email, TEST_PASSWORD);
    const pending = await changeToken(who, freshEmail('after'));
    expect((await post(who, confirmUrl(who, 'deleteaccount', await deletionToken(who)))).statusCode).toBe(204);
    await expect(refreshTokens(server().app, session.refresh_token ?? '')).rejects.toThrow(/400/);
    for (const headers of [who.headers, bearer(session.access_token)]) {
      expectError(await server().app.inject({ method: 'POST', url: `${SERVICE_BASE_PATHS.photoManagement}/albums`, headers, payload: { name: 'After deletion' } }), 404, 'not_found');
      expectError(await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.photoManagement}/albums`, headers }), 404, 'not_found');
      expectError(await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.customers}/customers/me`, headers }), 404, 'not_found');
    }
    expectError(await post(who, confirmUrl(who, 'emailchanges', pending)), 404, 'not_found');
    expect(await db().selectFrom('albums').select('id').where('owner_id', '=', who.id).execute()).toEqual([]);

    const socket = await connectPush(await listenForPush(server().app));
    socket.authenticate(session.access_token);
    expect((await socket.closed).code).toBeGreaterThanOrEqual(4000);
    expect(socket.received).not.toContain('OK');
  });
});

/** The smallest SMTP server nodemailer talks to: it takes every mail and keeps its text. */
function smtpServer(port: number): Promise<{ mails: string[]; close(): Promise<void> }> {
  const mails: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 probe ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            mails.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ mails, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe.each(databases)('a mail server that is down on $name', (kind) => {
  skipTestsUnlessAvailable(kind);
  let server: TestShoebox | undefined;
  let port = 0;
  beforeAll(async () => {
    if (!kind.available) return;
    port = await freePort();
    server = await startTestShoebox(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => server?.dispose());

  it('answers 503 while nothing listens, keeps no link and no count, and the same request works once the mail server is back', async () => {
    const app = () => server!.app;
    const who = await testAccount(server!.db);
    const to = `back-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const ask = (k: IdentityRequestKind) => app().inject({ method: 'POST', url: requestUrl(who, k), headers: who.headers, payload: k === 'emailchanges' ? { email: to, channel: 'www.printhaven.co.uk' } : { channel: 'www.printhaven.co.uk' } });
    for (let i = 0; i < IDENTITY_REQUESTS_PER_WINDOW + 2; i++) {
      for (const k of ['emailchanges', 'deleteaccount'] as const) {
        const answer = await ask(k);
        expect(answer.statusCode, answer.body).toBe(503);
        expect(apiErrorSchema.parse(answer.json())).toMatchObject({ status: 503, error: 'mail_unavailable' });
      }
    }
    expect(await server!.db.selectFrom('identity_requests').select('id').where('customer_id', '=', who.id).execute()).toEqual([]);

    const smtp = await smtpServer(port);
    try {
      expect((await ask('emailchanges')).statusCode).toBe(202);
      expect(smtp.mails).toHaveLength(2);
      const link = smtp.mails.map((m) => /https?:\/\/\S+confirmation\S*/.exec(m.replace(/=\n/g, '').replace(/=3D/g, '='))?.[0]).find(Boolean) ?? 'missing:';
      const token = new URL(link).searchParams.get(CONFIRMATION_TOKEN_PARAM) ?? '';
      const confirmed = await app().inject({ method: 'POST', url: confirmUrl(who, 'emailchanges', token), headers: who.headers });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      expect((await server!.db.selectFrom('identities').select('email').where('customer_id', '=', who.id).executeTakeFirstOrThrow()).email).toBe(to);
    } finally {
      await smtp.close();
    }
  });
});
