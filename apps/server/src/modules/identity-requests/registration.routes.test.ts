import { IDENTITY_REQUESTS_PER_WINDOW, REGISTRATION_LINK_VALID_HOURS, SIGN_IN_PAGE_REQUESTS_PER_CLIENT } from '@shoebox/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_BODY_LIMIT } from '../../platform/auth/embedded/account-routes.js';
import { databases } from '../../test/databases.js';
import { freshEmail } from '../../test/identity-requests.js';
import { TEST_PASSWORD, testAccount } from '../../test/identity-accounts.js';
import { Browser, finishSignIn, submitLogin } from '../../test/sign-in.js';
import { actionOf, alertOf, freshClient, headingOf, hiddenValue, hrefOf, linkPath, onSignInPage, sentMail, submit, tokenOf, type PageFlow } from '../../test/sign-in-page.js';
import { useTestShoebox } from '../../test/test-server.js';
import { identityRepository } from '../identities/identity.repository.js';
import { identityService } from '../identities/identity.service.js';

const PASSWORD = 'my own good passphrase';
const person = (email: string) => ({ firstName: 'Hanna', lastName: 'Neumann', email, password: PASSWORD });

describe.each(databases)('"Create an account" on the sign-in page, on $name', (kind) => {
  const server = useTestShoebox(kind);
  const db = () => server().db;
  const mail = sentMail(server);
  const signInWith = (email: string, password: string) => identityService(identityRepository(db())).signIn(email, password, freshClient());
  const accountsWith = async (email: string) => (await db().selectFrom('identities').select('customer_id').where('email', '=', email).execute()).length;

  /** On a new sign-in page (of the storefront the authorization request names), posts the new account's form. */
  async function register(form: Record<string, string>, o: { flow?: PageFlow; client?: string; params?: Record<string, string> } = {}) {
    const flow = o.flow ?? (await onSignInPage(server(), { remoteAddress: o.client ?? freshClient(), params: o.params }));
    const page = await flow.open('Create an account');
    expect(page.statusCode, page.body).toBe(200);
    return { flow, page, answer: await submit(flow.browser, page, form) };
  }

  it('creates the account only through the mailed link, on the storefront of the sign-in, and signs that browser in', async () => {
    const email = freshEmail('new');
    const { flow, page, answer } = await register(person(` ${email.toUpperCase()}`), { params: { ui_locales: 'de-DE' } });
    expect(page.body).toContain('<html lang="de-DE">');
    expect(page.body).toMatch(/<input id="firstName" name="firstName" type="text" autocomplete="given-name" required maxlength="100" value="" autofocus>/);
    expect(page.body).toMatch(/<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="">/);
    expect(page.body).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="1024" aria-describedby="password-hint">/);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(email);
    // Nothing exists before the link is used.
    expect(await accountsWith(email)).toBe(0);

    const [sent] = await mail.to(email);
    expect(sent?.subject).toBe('Bestätige deine E-Mail-Adresse für Printhaven');
    expect(sent?.text).toContain(`${REGISTRATION_LINK_VALID_HOURS} Stunden`);
    const link = linkPath(sent);
    expect(link).toMatch(/^\/oidc\/interaction\/[^/]+\/confirm-account\?channel=www\.printhaven\.de&token=[A-Za-z0-9_-]{43}$/);
    const stored = await db().selectFrom('account_registrations').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(sent));
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    // Opening the link (a mail scanner does too) shows a button and makes nothing.
    const confirm = await flow.browser.get(link);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['referrer-policy']).toBe('no-referrer');
    expect(confirm.body).toContain(email);
    expect(await accountsWith(email)).toBe(0);

    const confirmed = await submit(flow.browser, confirm, { token: hiddenValue(confirm, 'token') });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    const tokens = await finishSignIn(flow, confirmed);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email, given_name: 'Hanna', family_name: 'Neumann', auth_method: 'b2c' });
    const customer = await db().selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ first_name: 'Hanna', last_name: 'Neumann', channel: 'www.printhaven.de', business_status: null, deleted_at: null });
    expect(await signInWith(email, PASSWORD)).toEqual({ ok: true, accountId: customer.id });

    const replayed = await submit(flow.browser, confirm, { token: hiddenValue(confirm, 'token') });
    expect(replayed.statusCode).toBe(400);
    expect(await accountsWith(email)).toBe(1);
  });

  it('answers an address that has an account as a new one, mails its owner a notice without a link and changes nothing', async () => {
    const who = await testAccount(db());
    const fresh = freshEmail('fresh');
    const known = await register(person(who.email));
    const unknown = await register(person(fresh));
    const uid = (flow: PageFlow) => /\/oidc\/interaction\/([^/?]+)/.exec(flow.loginUrl)?.[1] ?? '';
    const neutral = (r: typeof known, email: string) => r.answer.body.replaceAll(email, '<address>').replaceAll(uid(r.flow), '<uid>');
    expect(known.answer.statusCode).toBe(unknown.answer.statusCode);
    expect(neutral(known, who.email)).toBe(neutral(unknown, fresh));

    const [notice] = await mail.to(who.email);
    expect(notice?.subject).toBe('Your address already has a Printhaven account');
    expect(notice?.text).not.toMatch(/https?:\/\//);
    expect(await mail.to(fresh)).toHaveLength(1);
    expect(await accountsWith(who.email)).toBe(1);
    expect(await signInWith(who.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    expect(await signInWith(who.email, PASSWORD)).toMatchObject({ ok: false });
  });

  it('creates one account when its link is used twice at once, and none for a second link of the address', async () => {
    const email = freshEmail('twice');
    const flow = await onSignInPage(server(), { remoteAddress: freshClient() });
    await register(person(email), { flow });
    await register(person(email), { flow });
    const [first, second] = await mail.to(email);
    const browsers = [new Browser(server().app), new Browser(server().app)];
    const pages = await Promise.all(browsers.map((b) => b.get(linkPath(first))));
    const answers = await Promise.all(browsers.map((b, i) => b.postForm(actionOf(pages[i]!), { token: hiddenValue(pages[i]!, 'token') })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await accountsWith(email)).toBe(1);
    // In another browser the account is ready and sign-in starts afresh on the storefront.
    const ready = answers.find((a) => a.statusCode === 200)!;
    expect(headingOf(ready)).toBe('Your account is ready');
    expect(hrefOf(ready, 'Go to sign in')).toBe('/?channel=www.printhaven.co.uk');

    const later = await new Browser(server().app).get(linkPath(second));
    expect(later.statusCode).toBe(400);
    expect(await accountsWith(email)).toBe(1);
  });

  it('refuses an expired link, and makes nothing when the address got an account after the link was mailed', async () => {
    const late = freshEmail('late');
    const taken = freshEmail('taken');
    await register(person(late));
    await register(person(taken));
    const [lateLink, takenLink] = [linkPath((await mail.to(late))[0]), linkPath((await mail.to(taken))[0])];
    await db().updateTable('account_registrations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', late).execute();
    const browser = new Browser(server().app);
    expect((await browser.get(lateLink)).statusCode).toBe(400);
    expect(await accountsWith(late)).toBe(0);

    const page = await browser.get(takenLink);
    expect(page.statusCode).toBe(200);
    const other = await testAccount(db());
    await db().updateTable('identities').set({ email: taken }).where('customer_id', '=', other.id).execute();
    const refused = await submit(browser, page, { token: hiddenValue(page, 'token') });
    expect(refused.statusCode).toBe(409);
    expect(headingOf(refused)).toBe('This email address already has an account');
    expect(await accountsWith(taken)).toBe(1);
    expect(await db().selectFrom('customers').select('id').where('email', '=', taken).execute()).toHaveLength(0);
  });

  it('checks every field on the server and says what is wrong, keeping what was typed but the password', async () => {
    const flow = await onSignInPage(server(), { remoteAddress: freshClient() });
    const page = await flow.open('Create an account');
    const { answer } = await register({ firstName: '  ', lastName: 'Ev\u202Eil', email: 'nobody-at-example.com', password: 'short' }, { flow });
    expect(answer.statusCode).toBe(400);
    expect(alertOf(answer)).toBe('Please correct the marked fields.');
    expect(answer.body).toContain('<p class="field-error" id="firstName-error">Please enter your first name.</p>');
    expect(answer.body).toContain('<p class="field-error" id="lastName-error">This field contains characters that are not allowed, such as line breaks or invisible control characters.</p>');
    expect(answer.body).toContain('<p class="field-error" id="email-error">Please enter a valid email address, such as name@example.com.</p>');
    expect(answer.body).toContain('<p class="field-error" id="password-error">The password must be at least 10 characters long.</p>');
    expect(answer.body).toMatch(/id="firstName"[^>]*aria-invalid="true" aria-describedby="firstName-error" autofocus>/);
    expect(answer.body).toContain('value="nobody-at-example.com"');
    expect(answer.body).not.toContain('value="short"');

    const long = await submit(flow.browser, page, { ...person(freshEmail('long')), firstName: 'x'.repeat(101), password: 'p'.repeat(1025) });
    expect(long.body).toContain('Please use no more than 100 characters.');
    expect(long.body).toContain('The password must be at most 1024 characters long.');
    expect((await submit(flow.browser, page, { ...person(freshEmail('big')), password: 'é'.repeat(ACCOUNT_FORM_BODY_LIMIT) })).statusCode).toBe(413);
    expect(await mail.all()).not.toContainEqual(expect.objectContaining({ to: expect.stringMatching(/^(long|big)-/) }));
  });

  it(`limits requests to ${IDENTITY_REQUESTS_PER_WINDOW} per address and ${SIGN_IN_PAGE_REQUESTS_PER_CLIENT} per client`, async () => {
    const email = freshEmail('often');
    const statuses: number[] = [];
    for (let i = 0; i <= IDENTITY_REQUESTS_PER_WINDOW; i++) statuses.push((await register(person(email))).answer.statusCode);
    expect(statuses).toEqual([...Array<number>(IDENTITY_REQUESTS_PER_WINDOW).fill(200), 429]);
    expect(await mail.to(email)).toHaveLength(IDENTITY_REQUESTS_PER_WINDOW);

    const flow = await onSignInPage(server(), { remoteAddress: freshClient() });
    const fromOne: number[] = [];
    for (let i = 0; i <= SIGN_IN_PAGE_REQUESTS_PER_CLIENT; i++) fromOne.push((await register(person(freshEmail(`spray-${i}`)), { flow })).answer.statusCode);
    expect(fromOne).toEqual([...Array<number>(SIGN_IN_PAGE_REQUESTS_PER_CLIENT).fill(200), 429]);
    const refused = await register(person(freshEmail('one-more')), { flow });
    expect(refused.answer.statusCode).toBe(429);
    expect(alertOf(refused.answer)).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
  });

  it('needs the open sign-in of this browser: a post from elsewhere is the expired page and mails nothing', async () => {
    const email = freshEmail('forged');
    const { page } = await register(person(freshEmail('real')));
    const forged = await new Browser(server().app).postForm(actionOf(page), person(email));
    expect(forged.statusCode).toBe(400);
    expect(headingOf(forged)).toBe('Your sign-in has expired');
    expect(await mail.to(email)).toEqual([]);
  });

  it('signs in with the new account from the sign-in page once confirmed elsewhere', async () => {
    const email = freshEmail('elsewhere');
    const { flow } = await register(person(email));
    const phone = new Browser(server().app);
    const page = await phone.get(linkPath((await mail.to(email))[0]));
    expect((await submit(phone, page, { token: hiddenValue(page, 'token') })).statusCode).toBe(200);
    const tokens = await finishSignIn(flow, await submitLogin(flow, email, PASSWORD));
    expect(decodeJwt(tokens.access_token)).toMatchObject({ email });
  });
});
