import { IDENTITY_REQUESTS_PER_WINDOW, LOGIN_MAX_FAILURES, PASSWORD_RESET_LINK_VALID_MINUTES, SIGN_IN_PAGE_REQUESTS_PER_CLIENT } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_BODY_LIMIT } from '../../platform/auth/embedded/account-routes.js';
import { databases } from '../../test/databases.js';
import { freshEmail } from '../../test/identity-requests.js';
import { TEST_PASSWORD, testAccount } from '../../test/identity-accounts.js';
import { Browser, finishSignIn, refreshTokens, signIn, submitLogin } from '../../test/sign-in.js';
import { actionOf, alertOf, freshClient, headingOf, hiddenValue, hrefOf, linkPath, onSignInPage, sentMail, submit, tokenOf, type PageFlow } from '../../test/sign-in-page.js';
import { useTestShoebox } from '../../test/test-server.js';
import { identityRepository } from '../identities/identity.repository.js';
import { identityService } from '../identities/identity.service.js';

const NEW_PASSWORD = 'a brand new passphrase';
/** The English texts the server falls back to (the fixture web build names only two). */
const SENT = (email: string) =>
  `If an account exists for ${email}, we have sent a link to that address to reset the password. The link works once, for ${PASSWORD_RESET_LINK_VALID_MINUTES} minutes. If no email arrives, please check your spam folder.`;

describe.each(databases)('"Forgot password?" on the sign-in page, on $name', (kind) => {
  const server = useTestShoebox(kind);
  const db = () => server().db;
  const mail = sentMail(server);
  const signInWith = (email: string, password: string) => identityService(identityRepository(db())).signIn(email, password, freshClient());

  /** On a new sign-in page, from a network address of its own: asks for a reset link for `email`. */
  async function askForReset(email: string, o: { flow?: PageFlow; client?: string } = {}) {
    const flow = o.flow ?? (await onSignInPage(server(), { remoteAddress: o.client ?? freshClient() }));
    const form = await flow.open('Forgot password?');
    expect(form.statusCode, form.body).toBe(200);
    return { flow, form, answer: await submit(flow.browser, form, { email }) };
  }

  it('mails a link that sets a new password once, ends every sign-in of the account and leads back to sign in', async () => {
    const who = await testAccount(db());
    const session = await signIn(server().app, who.email, TEST_PASSWORD);
    const { flow, answer } = await askForReset(`  ${who.email.toUpperCase()} `);
    expect(answer.statusCode).toBe(200);
    expect(headingOf(answer)).toBe('Check your email');
    expect(answer.body).toContain(SENT(who.email));
    expect(answer.headers['cache-control']).toBe('no-store');

    const [sent] = await mail.to(who.email);
    expect(sent?.subject).toBe('Reset your Printhaven password');
    expect(sent?.text).toContain(`for ${PASSWORD_RESET_LINK_VALID_MINUTES} minutes`);
    const link = linkPath(sent);
    expect(link).toMatch(new RegExp(`^/oidc/interaction/[^/]+/reset-password\\?channel=www\\.printhaven\\.co\\.uk&token=[A-Za-z0-9_-]{43}$`));
    // Only the token's hash is kept.
    const stored = await db().selectFrom('identity_requests').selectAll().where('customer_id', '=', who.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'password_reset', closed_at: null });
    expect(JSON.stringify(stored)).not.toContain(tokenOf(sent));

    const form = await flow.browser.get(link);
    expect(form.statusCode).toBe(200);
    expect(form.headers['referrer-policy']).toBe('no-referrer');
    expect(form.headers['cache-control']).toBe('no-store');
    expect(headingOf(form)).toBe('Choose a new password');
    expect(form.body).toContain(`<input type="email" name="username" autocomplete="username" value="${who.email}" hidden>`);
    expect(form.body).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="1024" aria-describedby="password-hint" autofocus>/);

    const tooShort = await submit(flow.browser, form, { token: hiddenValue(form, 'token'), password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('<p class="field-error" id="password-error">The password must be at least 10 characters long.</p>');
    expect(tooShort.body).toContain('aria-invalid="true" aria-describedby="password-hint password-error"');
    expect(await signInWith(who.email, TEST_PASSWORD)).toMatchObject({ ok: true });

    const done = await submit(flow.browser, form, { token: hiddenValue(form, 'token'), password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(headingOf(done)).toBe('Your password has been changed');
    // This browser's sign-in is still open: "Go to sign in" leads back into it, and the new password finishes it.
    expect(hrefOf(done, 'Go to sign in')).toBe(new URL(flow.loginUrl, 'http://x').pathname.replace(/\/login$/, '') + '?channel=www.printhaven.co.uk');
    expect(await signInWith(who.email, TEST_PASSWORD)).toMatchObject({ ok: false, reason: 'invalid_credentials' });
    await expect(refreshTokens(server().app, session.refresh_token ?? '')).rejects.toThrow(/400/);
    const tokens = await finishSignIn(flow, await submitLogin(flow, who.email, NEW_PASSWORD));
    expect(tokens.access_token).toBeTruthy();

    // The link is dead: opened or posted again it changes nothing.
    const again = await flow.browser.get(link);
    expect(again.statusCode).toBe(400);
    expect(headingOf(again)).toBe('This link no longer works');
    expect((await submit(flow.browser, form, { token: hiddenValue(form, 'token'), password: 'yet another passphrase' })).statusCode).toBe(400);
    expect(await signInWith(who.email, NEW_PASSWORD)).toMatchObject({ ok: true });
  });

  it('answers an address without an account exactly as one with: the same status and page, and mails nothing', async () => {
    const who = await testAccount(db());
    const nobody = freshEmail('nobody');
    const deleted = await testAccount(db());
    await db().updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted.id).execute();

    const known = await askForReset(who.email);
    const unknown = await askForReset(nobody);
    const gone = await askForReset(deleted.email);
    const uid = (flow: PageFlow) => /\/oidc\/interaction\/([^/?]+)/.exec(flow.loginUrl)?.[1] ?? '';
    const neutral = (r: typeof known, email: string) => r.answer.body.replaceAll(email, '<address>').replaceAll(uid(r.flow), '<uid>');
    expect([unknown.answer.statusCode, gone.answer.statusCode]).toEqual([known.answer.statusCode, known.answer.statusCode]);
    expect(neutral(unknown, nobody)).toBe(neutral(known, who.email));
    expect(neutral(gone, deleted.email)).toBe(neutral(known, who.email));

    expect(await mail.to(who.email)).toHaveLength(1);
    expect(await mail.to(nobody)).toEqual([]);
    expect(await mail.to(deleted.email)).toEqual([]);
  });

  it('sets one password when one link is used twice at once', async () => {
    const who = await testAccount(db());
    await askForReset(who.email);
    const link = linkPath((await mail.to(who.email))[0]);
    const browsers = [new Browser(server().app), new Browser(server().app)];
    const forms = await Promise.all(browsers.map((b) => b.get(link)));
    const passwords = ['first of two passwords', 'second of two passwords'];
    const answers = await Promise.all(browsers.map((b, i) => b.postForm(actionOf(forms[i]!), { token: hiddenValue(forms[i]!, 'token'), password: passwords[i]! })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = passwords[answers.findIndex((a) => a.statusCode === 200)]!;
    const loser = passwords.find((p) => p !== winner)!;
    expect(await signInWith(who.email, winner)).toMatchObject({ ok: true });
    expect(await signInWith(who.email, loser)).toMatchObject({ ok: false });
  });

  it('refuses an expired link, a link replaced by a newer one and an altered token, changing nothing', async () => {
    const who = await testAccount(db());
    const flow = await onSignInPage(server(), { remoteAddress: freshClient() });
    await askForReset(who.email, { flow });
    const first = (await mail.to(who.email))[0];
    await askForReset(who.email, { flow });
    const second = (await mail.to(who.email)).find((m) => m.id !== first?.id);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    // Of two links the one mailed last works (decision 081).
    expect((await flow.browser.get(linkPath(first))).statusCode).toBe(400);
    const form = await flow.browser.get(linkPath(second));
    expect(form.statusCode).toBe(200);

    const altered = tokenOf(second).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await submit(flow.browser, form, { token: altered, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await submit(flow.browser, form, { token: '', password: NEW_PASSWORD })).statusCode).toBe(400);

    await db().updateTable('identity_requests').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('customer_id', '=', who.id).execute();
    const expired = await submit(flow.browser, form, { token: hiddenValue(form, 'token'), password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(headingOf(expired)).toBe('This link no longer works');
    expect(await signInWith(who.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    expect(await signInWith(who.email, NEW_PASSWORD)).toMatchObject({ ok: false });
  });

  it(`limits requests to ${IDENTITY_REQUESTS_PER_WINDOW} per address and ${SIGN_IN_PAGE_REQUESTS_PER_CLIENT} per client, alike for addresses with and without an account`, async () => {
    const who = await testAccount(db());
    const nobody = freshEmail('nobody');
    for (const email of [who.email, nobody]) {
      const statuses: number[] = [];
      for (let i = 0; i <= IDENTITY_REQUESTS_PER_WINDOW; i++) statuses.push((await askForReset(email)).answer.statusCode);
      expect(statuses, email).toEqual([...Array<number>(IDENTITY_REQUESTS_PER_WINDOW).fill(200), 429]);
    }
    expect(await mail.to(who.email)).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);

    const client = freshClient();
    const flow = await onSignInPage(server(), { remoteAddress: client });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PAGE_REQUESTS_PER_CLIENT; i++) statuses.push((await askForReset(freshEmail(`spray-${i}`), { flow })).answer.statusCode);
    expect(statuses).toEqual([...Array<number>(SIGN_IN_PAGE_REQUESTS_PER_CLIENT).fill(200), 429]);
    const refused = await askForReset(who.email, { flow });
    expect(refused.answer.statusCode).toBe(429);
    expect(alertOf(refused.answer)).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
  });

  it('needs the open sign-in of this browser: a post from elsewhere is the expired page and asks for nothing', async () => {
    const who = await testAccount(db());
    const { form } = await askForReset(freshEmail('first'));
    const stranger = await new Browser(server().app).postForm(actionOf(form), { email: who.email });
    expect(stranger.statusCode).toBe(400);
    expect(headingOf(stranger)).toBe('Your sign-in has expired');
    expect(await mail.to(who.email)).toEqual([]);
  });

  it('refuses malformed addresses, control characters and oversized bodies, saying what is wrong', async () => {
    const flow = await onSignInPage(server(), { remoteAddress: freshClient() });
    const form = await flow.open('Forgot password?');
    const malformed = await submit(flow.browser, form, { email: 'not an address' });
    expect(malformed.statusCode).toBe(400);
    expect(alertOf(malformed)).toBe('Please correct the marked fields.');
    expect(malformed.body).toContain('<p class="field-error" id="email-error">Please enter a valid email address, such as name@example.com.</p>');
    const control = await submit(flow.browser, form, { email: 'ann\u0007@example.com' });
    expect(control.statusCode).toBe(400);
    expect(control.body).toContain('This field contains characters that are not allowed');
    const huge = await submit(flow.browser, form, { email: 'a'.repeat(ACCOUNT_FORM_BODY_LIMIT) });
    expect(huge.statusCode).toBe(413);
    expect(await mail.all()).not.toContainEqual(expect.objectContaining({ to: expect.stringContaining('ann') }));
  });

  it('lifts the sign-in limits of the address once its new password is set', async () => {
    const who = await testAccount(db());
    const client = freshClient();
    const flow = await onSignInPage(server(), { remoteAddress: client });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await submitLogin(flow, who.email, `forgotten-${i}`)).statusCode).toBe(401);
    expect((await submitLogin(flow, who.email, TEST_PASSWORD)).statusCode).toBe(429);

    await askForReset(who.email, { flow });
    const form = await flow.browser.get(linkPath((await mail.to(who.email))[0]));
    expect((await submit(flow.browser, form, { token: hiddenValue(form, 'token'), password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await submitLogin(flow, who.email, NEW_PASSWORD)).statusCode).toBe(303);
  });
});
