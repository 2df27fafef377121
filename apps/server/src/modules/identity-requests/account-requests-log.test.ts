import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../platform/http/log-redaction.js';
import { outboxMailer } from '../../platform/mail/outbox-mailer.js';
import { startTestChild } from '../../test/children/test-child.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { linkIn } from '../../test/identity-requests.js';
import { TEST_PASSWORD, testAccount } from '../../test/identity-accounts.js';
import { killTestPlace } from '../../test/killed-server.js';
import { CLIENT_ID, REDIRECT_URI, SCOPE } from '../../test/sign-in.js';
import { startTestShoebox } from '../../test/test-server.js';

/** A browser for a server in another process: its cookies by name, redirects not followed. */
function fetchBrowser(base: string) {
  const cookies = new Map<string, string>();
  return async (url: string, form?: Record<string, string>) => {
    const target = new URL(url, base);
    const response = await fetch(`${base}${target.pathname}${target.search}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() };
  };
}

const decode = (s: string) => s.replaceAll('&amp;', '&');
const actionOf = (html: string) => decode(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '');
const linkLabelled = (html: string, label: string) => decode(new RegExp(`<a href="([^"]+)">${label}</a>`).exec(html)?.[1] ?? '');

/**
 * The production server's log at info level after a password reset and a new account, each through its mailed
 * link: no token, and no address of the mails, is in it; the calls themselves are, their queries redacted.
 */
describe.each(databases)('the log of the sign-in page\'s requests on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('holds no mailed token and no address', { timeout: 120_000 }, async () => {
    const { dataDir, database, env, track } = await killTestPlace(kind, 'shoebox-log-sign-in-page-', 'seeded');
    const setup = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir } });
    const who = await testAccount(setup.db, { forgeToken: false });
    await setup.close();

    const server = startTestChild(new URL('../../test/children/server.ts', import.meta.url), { SERVER_CHILD_ENV: JSON.stringify({ ...env, LOG_LEVEL: 'info' }) }, 'listening', 'server');
    track(server.child);
    const base = `http://127.0.0.1:${(await server.ready).split(' ')[1]}`;
    const browse = fetchBrowser(base);
    const mailTo = async (to: string) => {
      await expect.poll(async () => (await outboxMailer(path.join(dataDir, 'outbox'), '').list(1000)).some((m) => m.to === to), { timeout: 10_000 }).toBe(true);
      return (await outboxMailer(path.join(dataDir, 'outbox'), '').list(1000)).find((m) => m.to === to)?.text ?? '';
    };
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: SCOPE,
      state: 'log-test',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const signInPage = await browse((await browse(`/oidc/auth?${query}`)).location);
    expect(signInPage.status).toBe(200);
    const secrets: string[] = [];
    const linkOnceItWorks = async (href: string) => {
      let page = await browse(href);
      for (let i = 0; i < 50 && page.status === 400; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await browse(href);
      }
      return page;
    };

    // Forgot password, then the new one set through the mailed link.
    const forgot = await browse(linkLabelled(signInPage.body, 'Forgot password\\?'));
    expect((await browse(actionOf(forgot.body), { email: who.email })).status).toBe(200);
    const resetLink = linkIn(await mailTo(who.email));
    secrets.push(resetLink.searchParams.get('token') ?? 'missing', who.email);
    // The page answers before the mail is out, and a link works once its mail is recorded as sent (decision
    // 081): read the instant the mail appears, it can still be refused. A customer is never that quick.
    const resetForm = await linkOnceItWorks(resetLink.href);
    expect(resetForm.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(resetForm.body)?.[1] ?? '';
    expect((await browse(actionOf(resetForm.body), { token, password: `${TEST_PASSWORD} again` })).status).toBe(200);

    // A new account, confirmed through the mailed link.
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const register = await browse(linkLabelled(signInPage.body, 'Create an account'));
    expect((await browse(actionOf(register.body), { firstName: 'Nia', lastName: 'Logless', email: newcomer, password: 'a long enough password' })).status).toBe(200);
    const confirmLink = linkIn(await mailTo(newcomer));
    secrets.push(confirmLink.searchParams.get('token') ?? 'missing', newcomer);
    const confirm = await linkOnceItWorks(confirmLink.href);
    expect((await browse(actionOf(confirm.body), { token: /name="token" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '' })).status).toBe(303);

    await browse('/no-such-page/end-of-test');
    await expect.poll(() => server.lines.some((line) => line.includes('/no-such-page/')), { timeout: 10_000 }).toBe(true);
    const log = server.lines.join('\n');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
    expect(log).toContain(`/reset-password?channel=${REDACTED}&token=${REDACTED}`);
    expect(log).toContain(`/confirm-account?channel=${REDACTED}&token=${REDACTED}`);
  });
});
