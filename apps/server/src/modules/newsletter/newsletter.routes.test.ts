import fs from 'node:fs';
import path from 'node:path';
import {
  apiErrorSchema,
  NEWSLETTER_REQUESTS_PER_ADDRESS,
  NEWSLETTER_REQUESTS_PER_CLIENT,
  SERVICE_BASE_PATHS,
} from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { startTestShoebox, useTestShoebox, type TestShoebox } from '../../test/test-server.js';

const PROFILES = `${SERVICE_BASE_PATHS.emailGateway}/api/v1/Profiles`;
const CHANNEL = 'www.printhaven.nl';
let addresses = 0;
/** An address no other test of the run has used, so per-address counts start at zero. */
const freshAddress = () => `reader-${process.pid}-${++addresses}-${Date.now()}@example.com`;
let clients = 0;
/** A client address of its own (TEST-NET-2), so per-client counts start at zero. */
const freshClient = () => `198.51.100.${++clients % 250}`;

function subscribe(server: TestShoebox, email: string, o: { channel?: unknown; client?: string } = {}) {
  return server.app.inject({
    method: 'POST',
    url: `${PROFILES}/${encodeURIComponent(email)}/subscription`,
    payload: { channel: o.channel ?? CHANNEL },
    remoteAddress: o.client ?? freshClient(),
  });
}

/** Every mail in the outbox to this address, oldest first. */
function mailsTo(server: TestShoebox, email: string): { to: string; text: string }[] {
  if (server.config.mail.kind !== 'outbox') throw new Error('These tests read the outbox');
  const dir = server.config.mail.dir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === email);
}

function linkIn(mail: { text: string }): URL {
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`No link in ${mail.text}`);
  return new URL(href);
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 429, error: 'too_many_requests', correlationId: response.headers['x-correlationid'] });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe.each(databases)('newsletter subscription on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false });

  it('mails a link that confirms the subscription', async () => {
    const email = freshAddress();
    expect((await subscribe(server(), email)).statusCode).toBe(202);
    const [mail] = mailsTo(server(), email);
    const link = linkIn(mail!);
    expect(link.searchParams.get('channel')).toBe(CHANNEL);
    const token = link.searchParams.get('confirmation-token')!;
    const confirm = await server().app.inject({ method: 'POST', url: `${PROFILES}/${encodeURIComponent(email)}/subscription/confirm/${token}` });
    expect(confirm.statusCode).toBe(204);
  });

  it('takes an email address as long as an address may be (320 characters), in the path as a browser encodes it', async () => {
    const local = `${'a'.repeat(60)}+${Date.now()}`;
    const email = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(320 - local.length - 1 - 63 * 3 - 3 - 4)}.com`;
    expect(email.length).toBe(320);
    const response = await subscribe(server(), email);
    expect(response.statusCode, response.body).not.toBe(414);
    expect([202, 400]).toContain(response.statusCode);
  });

  it.each(['www.printhaven.se', 'www.printhaven-nordic.se', 'www.albumly.de'])('accepts the known channel %s', async (channel) => {
    expect((await subscribe(server(), freshAddress(), { channel })).statusCode).toBe(202);
  });

  it.each(['www.evil.example', 'localhost', '', 'WWW.PRINTHAVEN.NL ', 42])('refuses the unknown channel %j and mails nothing', async (channel) => {
    const email = freshAddress();
    const response = await subscribe(server(), email, { channel });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual(['channel']);
    expect(mailsTo(server(), email)).toEqual([]);
  });

  it(`mails one address at most ${NEWSLETTER_REQUESTS_PER_ADDRESS} times, whichever clients ask`, async () => {
    const email = freshAddress();
    for (let i = 0; i < NEWSLETTER_REQUESTS_PER_ADDRESS; i++) expect((await subscribe(server(), email)).statusCode).toBe(202);
    expectThrottled(await subscribe(server(), email));
    expect(mailsTo(server(), email)).toHaveLength(NEWSLETTER_REQUESTS_PER_ADDRESS);
  });

  it(`lets one client ask at most ${NEWSLETTER_REQUESTS_PER_CLIENT} times, whichever addresses it names`, async () => {
    const client = freshClient();
    for (let i = 0; i < NEWSLETTER_REQUESTS_PER_CLIENT; i++) expect((await subscribe(server(), freshAddress(), { client })).statusCode).toBe(202);
    const email = freshAddress();
    expectThrottled(await subscribe(server(), email, { client }));
    expect(mailsTo(server(), email)).toEqual([]);
  });

  it('holds the per-address limit when 20 requests arrive at once', async () => {
    const email = freshAddress();
    const responses = await Promise.all(Array.from({ length: 20 }, () => subscribe(server(), email)));
    const accepted = responses.filter((r) => r.statusCode === 202);
    expect(accepted).toHaveLength(NEWSLETTER_REQUESTS_PER_ADDRESS);
    for (const r of responses.filter((r) => r.statusCode !== 202)) expectThrottled(r);
    expect(mailsTo(server(), email)).toHaveLength(NEWSLETTER_REQUESTS_PER_ADDRESS);
  });

  it('holds the per-client limit when 30 requests arrive at once', async () => {
    const client = freshClient();
    const responses = await Promise.all(Array.from({ length: 30 }, () => subscribe(server(), freshAddress(), { client })));
    expect(statuses(responses)).toEqual([...Array(NEWSLETTER_REQUESTS_PER_CLIENT).fill(202), ...Array(30 - NEWSLETTER_REQUESTS_PER_CLIENT).fill(429)]);
  });

  it('answers an address that already subscribed exactly like a new one', async () => {
    const email = freshAddress();
    await subscribe(server(), email);
    const token = linkIn(mailsTo(server(), email)[0]!).searchParams.get('confirmation-token')!;
    await server().app.inject({ method: 'POST', url: `${PROFILES}/${encodeURIComponent(email)}/subscription/confirm/${token}` });

    const again = await subscribe(server(), email);
    const fresh = await subscribe(server(), freshAddress());
    expect([again.statusCode, again.body, again.headers['content-type']]).toEqual([fresh.statusCode, fresh.body, fresh.headers['content-type']]);
    // It is counted like any other, so the limit does not tell the two apart either.
    for (let i = 2; i < NEWSLETTER_REQUESTS_PER_ADDRESS; i++) await subscribe(server(), email);
    expectThrottled(await subscribe(server(), email));
  });
});

describe.each(databases)('development mailbox on $name', (kind) => {
  let started: TestShoebox | undefined;
  afterEach(async () => {
    await started?.dispose();
    started = undefined;
  });
  const start = async (env: Record<string, string>) => (started = await startTestShoebox(kind, { seed: false, env }));
  const mailbox = (s: TestShoebox, remoteAddress = '127.0.0.1') => s.app.inject({ url: '/dev/mailbox', remoteAddress });

  it.skipIf(!kind.available)('shows the outbox on a server at a loopback address, to a caller on the same machine', async () => {
    const s = await start({ PUBLIC_URL: 'http://localhost:3000' });
    const email = freshAddress();
    await subscribe(s, email);
    const page = await mailbox(s);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect((await mailbox(s, '::1')).statusCode).toBe(200);
  });

  it.skipIf(!kind.available)('is not there for a caller from another machine, even on a loopback address', async () => {
    const s = await start({ PUBLIC_URL: 'http://localhost:3000', HOST: '0.0.0.0' });
    const page = await mailbox(s, '203.0.113.9');
    expect(page.statusCode).toBe(404);
    expect(apiErrorSchema.parse(page.json()).error).toBe('not_found');
  });

  it.skipIf(!kind.available)('is not there on a server with a public address', async () => {
    const s = await start({ PUBLIC_URL: 'https://account.printhaven.example' });
    const email = freshAddress();
    await subscribe(s, email);
    const page = await mailbox(s);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(email);
  });

  it.skipIf(!kind.available)('follows DEV_MAILBOX when an operator sets it', async () => {
    expect((await mailbox(await start({ PUBLIC_URL: 'http://localhost:3000', DEV_MAILBOX: 'false' }))).statusCode).toBe(404);
    await started?.dispose();
    expect((await mailbox(await start({ PUBLIC_URL: 'https://staging.printhaven.example', DEV_MAILBOX: 'true' }), '203.0.113.9')).statusCode).toBe(200);
  });
});
