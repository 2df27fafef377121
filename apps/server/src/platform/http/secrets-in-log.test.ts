import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from '../mail/outbox-mailer.js';
import { startTestChild } from '../../test/children/test-child.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { confirmUrl, linkIn, requestUrl, tokenIn, type IdentityRequestKind } from '../../test/identity-requests.js';
import { testAccount } from '../../test/identity-accounts.js';
import { killTestPlace } from '../../test/killed-server.js';
import { startTestShoebox } from '../../test/test-server.js';
import { REDACTED } from './log-redaction.js';

const CHANNEL = 'www.printhaven.co.uk';
const token = () => randomBytes(32).toString('base64url');

/**
 * The production server's log at info level, read after each flow whose addresses carry a credential: no
 * token, signature, code or email address of those addresses is in it, and the calls themselves are.
 */
describe.each(databases)('the server log on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('holds no token, signature, sign-in code or address of a confirmation, a share, a signed link or a sign-in', { timeout: 120_000 }, async () => {
    const { dataDir, database, env, track } = await killTestPlace(kind, 'shoebox-log-secrets-', 'seeded');
    // The accounts, and their tokens, are made on the same database before the logging server starts.
    const setup = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir } });
    const changer = await testAccount(setup.db);
    const leaver = await testAccount(setup.db);
    await setup.close();

    const server = startTestChild(new URL('../../test/children/server.ts', import.meta.url), { SERVER_CHILD_ENV: JSON.stringify({ ...env, LOG_LEVEL: 'info' }) }, 'listening', 'server');
    track(server.child);
    const base = `http://127.0.0.1:${(await server.ready).split(' ')[1]}`;
    const call = (url: string, init: RequestInit = {}) => fetch(`${base}${url}`, init).then(async (r) => ({ status: r.status, body: await r.text() }));
    const json = (body: object, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const mails = () => outboxMailer(path.join(dataDir, 'outbox'), '').list(1000);
    const mailTo = async (to: string) => (await mails()).filter((m) => m.to === to).at(-1)?.text ?? '';
    const secrets: string[] = [];

    // Email change and account deletion: the mailed token is confirmed, as the customer's click does.
    const newAddress = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const flows: { who: typeof changer; kind: IdentityRequestKind; to: string; body: object }[] = [
      { who: changer, kind: 'emailchanges', to: newAddress, body: { email: newAddress, channel: CHANNEL } },
      { who: leaver, kind: 'deleteaccount', to: leaver.email, body: { channel: CHANNEL } },
    ];
    for (const flow of flows) {
      expect((await call(requestUrl(flow.who, flow.kind), json(flow.body, flow.who.headers))).status).toBe(202);
      const mailed = tokenIn(await mailTo(flow.to));
      expect(mailed).not.toBe('');
      secrets.push(mailed);
      expect((await call(confirmUrl(flow.who, flow.kind, mailed), { method: 'POST', headers: flow.who.headers })).status).toBe(204);
    }

    // A newsletter subscription: the address is in the path, the mailed token too.
    const subscriber = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const subscription = `${SERVICE_BASE_PATHS.emailGateway}/api/v1/Profiles/${encodeURIComponent(subscriber)}/subscription`;
    expect((await call(subscription, json({ channel: CHANNEL }))).status).toBeLessThan(300);
    const newsletterToken = linkIn(await mailTo(subscriber)).searchParams.get('confirmation-token') ?? '';
    expect(newsletterToken).not.toBe('');
    secrets.push(subscriber, newsletterToken);
    expect((await call(`${subscription}/confirm/${newsletterToken}`, json({}))).status).toBeLessThan(300);

    // A photo book's share link (the page and its API), a signed invoice link and a signed photo link,
    // a sign-in's return with its code, and a sign-out naming the ID token: whatever they answer.
    const share = token();
    const signature = token();
    const code = token();
    const idToken = `eyJhbGciOiJSUzI1NiJ9.${token()}.${token()}`;
    secrets.push(share, signature, code, idToken);
    await call(`/shared-photo-book/${share}`);
    await call(`${SERVICE_BASE_PATHS.widgets}/v1/shared-books/${share}`);
    await call(`${SERVICE_BASE_PATHS.invoices}/pdf-links/order/${randomUUID()}?e=1767225600&s=${signature}`);
    await call(`/blobs/photos/${randomUUID()}/${randomUUID()}/original.jpg?e=1767225600&s=${signature}`);
    await call(`/auth/callback?code=${code}&state=${token()}`);
    await call(`/oidc/session/end?id_token_hint=${idToken}`);
    await call(`/no-such-page/${share}`);

    // Everything the server logged for those calls has been written once its own last call is logged.
    await expect.poll(() => server.lines.some((line) => line.includes('/no-such-page/')), { timeout: 10_000 }).toBe(true);
    const log = server.lines.join('\n');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
    expect(log).toContain(`/shared-photo-book/${REDACTED}`);
    expect(log).toContain(`/actions/confirm`);
    expect(log).toContain(`s=${REDACTED}`);
  });
});
