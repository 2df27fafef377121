import fs from 'node:fs';
import {
  CONFIRMATION_TOKEN_PARAM,
  IDENTITY_ERROR_CODES,
  IDENTITY_REQUESTS_PER_WINDOW,
  identityRequestAcceptedSchema,
  identityRequestPath,
  SERVICE_BASE_PATHS,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { identityRepository } from '../identities/identity.repository.js';
import { identityService } from '../identities/identity.service.js';
import { databases } from '../../test/databases.js';
import { refreshTokens, signIn } from '../../test/sign-in.js';
import { PUBLIC_URL, useTestShoebox } from '../../test/test-server.js';
import { TEST_PASSWORD, testAccount, type TestAccount } from '../../test/identity-accounts.js';
import { confirmUrl, expectError, freshEmail, identityRequestCalls, linkIn, requestUrl, tokenIn } from '../../test/identity-requests.js';

describe.each(databases)('email change and account deletion requests on $name', (kind) => {
  const server = useTestShoebox(kind);
  const db = () => server().db;
  const { outbox, mailsTo, post, requestChange, requestDeletion, emailsOf } = identityRequestCalls(server);

  const signInWith = (email: string) => identityService(identityRepository(db())).signIn(email, TEST_PASSWORD, `10.9.${Math.floor(Math.random() * 250)}.1`);
  const openRequests = async (who: TestAccount) =>
    (await db().selectFrom('identity_requests').select('id').where('customer_id', '=', who.id).where('closed_at', 'is', null).execute()).length;

  it('changes the email address through the mailed link: the new address signs in, the old one no longer does, every device signs in again', async () => {
    const who = await testAccount(db());
    const session = await signIn(server().app, who.email, TEST_PASSWORD);
    const to = freshEmail('new');
    const accepted = await requestChange(who, `  ${to.toUpperCase()}  `.trim(), 'www.printhaven.de');
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(identityRequestAcceptedSchema.parse(accepted.json()).expiresAt > new Date().toISOString()).toBe(true);

    const [confirmation] = await mailsTo(to);
    expect(confirmation?.subject).toBe('Bestätige deine neue E-Mail-Adresse');
    const link = linkIn(confirmation?.text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/change-email-confirmation`);
    expect(link.searchParams.get('channel')).toBe('www.printhaven.de');
    const [notice] = await mailsTo(who.email);
    expect(notice?.text).toContain(to);
    expect(notice?.text).not.toContain(link.searchParams.get(CONFIRMATION_TOKEN_PARAM));
    // Only the token's hash is kept.
    const stored = await db().selectFrom('identity_requests').selectAll().where('customer_id', '=', who.id).execute();
    expect(JSON.stringify(stored)).not.toContain(tokenIn(confirmation?.text ?? ''));

    const confirmed = await post(who, confirmUrl(who, 'emailchanges', tokenIn(confirmation?.text ?? '')));
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await emailsOf(who)).toEqual({ identity: to, customer: to });
    expect(await signInWith(to)).toEqual({ ok: true, accountId: who.id });
    expect(await signInWith(who.email)).toMatchObject({ ok: false, reason: 'invalid_credentials' });
    await expect(refreshTokens(server().app, session.refresh_token ?? '')).rejects.toThrow(/400/);
    expect((await signIn(server().app, to, TEST_PASSWORD)).access_token).toBeTruthy();
  });

  it('a link works once: replayed, altered, another customer\'s or superseded tokens are refused and change nothing', async () => {
    const who = await testAccount(db());
    const other = await testAccount(db());
    const first = freshEmail('first');
    expect((await requestChange(who, first)).statusCode).toBe(202);
    const superseded = tokenIn((await mailsTo(first))[0]?.text ?? '');
    const to = freshEmail('second');
    expect((await requestChange(who, to)).statusCode).toBe(202);
    const token = tokenIn((await mailsTo(to))[0]?.text ?? '');

    expectError(await post(who, confirmUrl(who, 'emailchanges', superseded)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expectError(await post(who, confirmUrl(who, 'emailchanges', altered)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expectError(await post(other, confirmUrl(other, 'emailchanges', token)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expect(await emailsOf(who)).toEqual({ identity: who.email, customer: who.email });
    expect(await emailsOf(other)).toEqual({ identity: other.email, customer: other.email });

    expect((await post(who, confirmUrl(who, 'emailchanges', token))).statusCode).toBe(204);
    expectError(await post(who, confirmUrl(who, 'emailchanges', token)), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expect(await emailsOf(who)).toEqual({ identity: to, customer: to });
  });

  it('two confirmations of one link at once: exactly one changes the address', async () => {
    const who = await testAccount(db());
    const to = freshEmail('race');
    expect((await requestChange(who, to)).statusCode).toBe(202);
    const url = confirmUrl(who, 'emailchanges', tokenIn((await mailsTo(to))[0]?.text ?? ''));
    const answers = await Promise.all([post(who, url), post(who, url), post(who, url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400, 400]);
    expect(await emailsOf(who)).toEqual({ identity: to, customer: to });
  });

  it('an address in use answers 409 email_in_use, at the request and when another account took it before the confirmation', async () => {
    const who = await testAccount(db());
    const other = await testAccount(db());
    expectError(await requestChange(who, other.email.toUpperCase()), 409, IDENTITY_ERROR_CODES.emailInUse);
    expectError(await requestChange(who, who.email), 409, IDENTITY_ERROR_CODES.emailInUse);
    expect(await mailsTo(other.email)).toEqual([]);

    const to = freshEmail('taken');
    expect((await requestChange(who, to)).statusCode).toBe(202);
    const token = tokenIn((await mailsTo(to))[0]?.text ?? '');
    const rival = await testAccount(db());
    expect((await requestChange(rival, to)).statusCode).toBe(202);
    const rivalToken = (await mailsTo(to)).map((m) => tokenIn(m.text)).find((t) => t !== token) ?? '';
    expect((await post(rival, confirmUrl(rival, 'emailchanges', rivalToken))).statusCode).toBe(204);
    expectError(await post(who, confirmUrl(who, 'emailchanges', token)), 409, IDENTITY_ERROR_CODES.emailInUse);
    expect(await emailsOf(who)).toEqual({ identity: who.email, customer: who.email });
    expect(await emailsOf(rival)).toEqual({ identity: to, customer: to });
  });

  it('two accounts confirming the same new address at once: exactly one gets it, the other 409 email_in_use and keeps its address', async () => {
    const [a, b] = [await testAccount(db()), await testAccount(db())];
    const to = freshEmail('contested');
    expect((await requestChange(a, to)).statusCode).toBe(202);
    const tokenA = tokenIn((await mailsTo(to))[0]?.text ?? '');
    expect((await requestChange(b, to)).statusCode).toBe(202);
    const tokenB = (await mailsTo(to)).map((m) => tokenIn(m.text)).find((t) => t !== tokenA) ?? '';
    const [ra, rb] = await Promise.all([post(a, confirmUrl(a, 'emailchanges', tokenA)), post(b, confirmUrl(b, 'emailchanges', tokenB))]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([204, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expectError(loser, 409, IDENTITY_ERROR_CODES.emailInUse);
    const owners = await db().selectFrom('identities').select('customer_id').where('email', '=', to).execute();
    expect(owners).toHaveLength(1);
    const [winner, other] = owners[0]?.customer_id === a.id ? [a, b] : [b, a];
    expect(await emailsOf(winner)).toEqual({ identity: to, customer: to });
    expect(await emailsOf(other)).toEqual({ identity: other.email, customer: other.email });
  });

  it('a flood of requests at once: at most the allowed number is mailed, the rest answer 429 with Retry-After', async () => {
    const who = await testAccount(db());
    const to = freshEmail('flood');
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestChange(who, to)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - IDENTITY_REQUESTS_PER_WINDOW);
    const refused = answers.find((a) => a.statusCode === 429);
    expectError(refused ?? answers[0]!, 429, 'too_many_requests');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(to)).length).toBe(IDENTITY_REQUESTS_PER_WINDOW);

    const deletions = await Promise.all(Array.from({ length: 50 }, () => requestDeletion(who)));
    expect(deletions.filter((a) => a.statusCode === 202)).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);
    expect((await mailsTo(who.email)).filter((m) => m.text.includes('/delete-account-confirmation')).length).toBe(IDENTITY_REQUESTS_PER_WINDOW);
  });

  it('a mail server that is down: 503 in the error shape, no usable link left behind, and a retry works', async () => {
    const who = await testAccount(db());
    const dir = outbox(server());
    fs.mkdirSync(dir, { recursive: true });
    fs.renameSync(dir, `${dir}.up`);
    fs.writeFileSync(dir, 'not a folder');
    const to = freshEmail('down');
    try {
      expectError(await requestChange(who, to), 503, 'mail_unavailable');
      expectError(await requestDeletion(who), 503, 'mail_unavailable');
      expect(await openRequests(who)).toBe(0);
    } finally {
      fs.rmSync(dir);
      fs.renameSync(`${dir}.up`, dir);
    }
    expect((await requestChange(who, to)).statusCode).toBe(202);
    const token = tokenIn((await mailsTo(to))[0]?.text ?? '');
    expect((await post(who, confirmUrl(who, 'emailchanges', token))).statusCode).toBe(204);
    expect(await emailsOf(who)).toEqual({ identity: to, customer: to });
  });

  it('deletes the account through the mailed link: the customer is gone at once and cannot sign in; the link works once', async () => {
    const who = await testAccount(db());
    const accepted = await requestDeletion(who, 'www.printhaven-nordic.se');
    expect(accepted.statusCode, accepted.body).toBe(202);
    const [mail] = (await mailsTo(who.email)).filter((m) => m.text.includes('/delete-account-confirmation'));
    expect(mail?.subject).toBe('Bekräfta att ditt konto ska raderas');
    const link = linkIn(mail?.text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/delete-account-confirmation`);
    expect(link.searchParams.get('channel')).toBe('www.printhaven.se');
    const url = confirmUrl(who, 'deleteaccount', tokenIn(mail?.text ?? ''));

    const other = await testAccount(db());
    expectError(await post(other, confirmUrl(other, 'deleteaccount', tokenIn(mail?.text ?? ''))), 400, IDENTITY_ERROR_CODES.tokenInvalid);
    expect((await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.customers}/customers/me`, headers: other.headers })).statusCode).toBe(200);

    const answers = await Promise.all([post(who, url), post(who, url)]);
    // The second meets the used token (400) or, once the deletion committed, an account that is gone (404).
    const [won, lost] = answers.map((a) => a.statusCode).sort();
    expect(won).toBe(204);
    expect([400, 404]).toContain(lost);
    expect((await server().app.inject({ method: 'GET', url: `${SERVICE_BASE_PATHS.customers}/customers/me`, headers: who.headers })).statusCode).toBe(404);
    expect(await signInWith(who.email)).toMatchObject({ ok: false });
    expectError(await post(who, url), 404, 'not_found');
  });

  it("another customer's identity in the path answers 404 and sends nothing", async () => {
    const who = await testAccount(db());
    const other = await testAccount(db());
    const as = (path: string) => server().app.inject({ method: 'POST', url: path, headers: who.headers, payload: { email: freshEmail('x'), channel: 'www.printhaven.nl' } });
    const token = 'A'.repeat(43);
    for (const url of [
      requestUrl(other, 'emailchanges'),
      requestUrl(other, 'deleteaccount'),
      confirmUrl(other, 'emailchanges', token),
      confirmUrl(other, 'deleteaccount', token),
      `${SERVICE_BASE_PATHS.identities}${identityRequestPath('google', who.identity.idpSub, 'emailchanges')}`,
    ]) {
      expectError(await as(url), 404, 'not_found');
    }
    expect(await openRequests(who)).toBe(0);
    expect(await openRequests(other)).toBe(0);
    expect(await mailsTo(other.email)).toEqual([]);
  });

  it('malformed requests answer 400 and change nothing', async () => {
    const who = await testAccount(db());
    expectError(await requestChange(who, 'not-an-address'), 400, 'bad_request');
    expectError(await requestChange(who, freshEmail('ok'), 'www.example.com'), 400, 'bad_request');
    expectError(await post(who, requestUrl(who, 'emailchanges'), { email: freshEmail('ok') }), 400, 'bad_request');
    expectError(await requestDeletion(who, 'nowhere'), 400, 'bad_request');
    expectError(await post(who, confirmUrl(who, 'emailchanges', 'short')), 400, 'bad_request');
    expect(await openRequests(who)).toBe(0);
    expect(await emailsOf(who)).toEqual({ identity: who.email, customer: who.email });
  });

  it('refuses callers without a sign-in', async () => {
    const who = await testAccount(db());
    const response = await server().app.inject({ method: 'POST', url: requestUrl(who, 'deleteaccount'), payload: { channel: 'www.printhaven.co.uk' } });
    expect(response.statusCode).toBe(401);
  });
});
