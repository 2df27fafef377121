import type { IncomingMessage } from 'node:http';
import { PUSH_CLOSE } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shoebox/contracts';
import { authenticatedPush, connectPush } from '../../test/push-client.js';
import { closedWithin, servePush, TEST_PING_INTERVAL_MS, tokenFor } from '../../test/push-service.js';

describe('the push socket service', () => {
  it('closes a socket that does not authenticate in time, and keeps one that did', async () => {
    const { url } = await servePush({ authenticateWithinMs: 300 });
    const token = await tokenFor('emma');
    const silent = await connectPush(url, { origin: null });
    const early = await connectPush(url, { origin: null });
    early.ws.send('{"action":"authenticate"');
    const prompt = await authenticatedPush(url, token);
    expect(await closedWithin(silent, 2_000)).toEqual(PUSH_CLOSE.notAuthenticated);
    // A message before the deadline still has to be an authenticate action.
    expect(await closedWithin(early, 2_000)).toEqual(PUSH_CLOSE.badMessage);
    expect(await closedWithin(prompt, 600)).toBe('open');
    prompt.ws.close();
  });

  it('when events may have been missed, closes every socket with the code that makes a page reconnect and read back', async () => {
    const { url, events } = await servePush({});
    const signedIn = await authenticatedPush(url, await tokenFor('emma'));
    const waiting = await connectPush(url, { origin: null });
    events.missEvents();
    expect(await closedWithin(signedIn, 2_000)).toEqual(PUSH_CLOSE.missedEvents);
    expect(await closedWithin(waiting, 2_000)).toEqual(PUSH_CLOSE.missedEvents);
    // The page's reconnect is taken as any other.
    const again = await authenticatedPush(url, await tokenFor('emma'));
    expect(await closedWithin(again, 300)).toBe('open');
    again.ws.close();
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const { url, events } = await servePush({ pingIntervalMs: TEST_PING_INTERVAL_MS });
    const token = await tokenFor('emma');
    const answering = await authenticatedPush(url, token);
    // A peer whose network went away: it reads nothing, so it never answers a ping.
    const dead = await connectPush(url, { origin: null, autoPong: false });
    dead.authenticate(token);
    await dead.receivedCount(1);
    expect((await closedWithin(dead, 10_000)) as { code: number }).toMatchObject({ code: 1006 });
    // Three more pings answered.
    expect(await closedWithin(answering, 1_200)).toBe('open');
    const event = { id: crypto.randomUUID(), timestamp: new Date().toISOString(), key: 'archive.generation.finished' as const, message: { userId: 'emma', downloadId: 'd' } };
    await events.publish('emma', event);
    await answering.receivedCount(2);
    answering.ws.close();
  });

  /** Clients told apart by a header, as if each came from an address of its own. */
  const byHeader = (request: IncomingMessage) => String(request.headers['x-test-client'] ?? 'anyone');
  const from = (client: string) => ({ origin: null, headers: { 'x-test-client': client } });
  const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (err: { status?: number; body?: string }) => err);

  it('refuses a client a socket with 429 while it has too many waiting to authenticate; another client still gets one', async () => {
    const { url } = await servePush({ maxUnauthenticatedSocketsPerClient: 2, clientOf: byHeader });
    const token = await tokenFor('emma');
    const first = await connectPush(url, from('attacker'));
    const second = await connectPush(url, from('attacker'));
    const refused = await refusal(connectPush(url, from('attacker')));
    expect(refused).toMatchObject({ status: 429 });
    expect(apiErrorSchema.parse(JSON.parse(refused!.body!))).toMatchObject({ status: 429, error: 'too_many_requests' });
    const customer = await connectPush(url, from('customer'));
    customer.authenticate(token);
    await customer.receivedCount(1);
    // An authenticated socket no longer counts; nor does a closed one.
    first.authenticate(token);
    await first.receivedCount(1);
    const third = await connectPush(url, from('attacker'));
    second.ws.close();
    await second.closed;
    const fourth = await connectPush(url, from('attacker'));
    for (const c of [first, third, fourth, customer]) c.ws.close();
  });

  it('anonymous sockets holding every place cannot keep a signed-in customer out: the oldest silent one is cut', async () => {
    const { url } = await servePush({ maxUnauthenticatedSockets: 5, clientOf: byHeader });
    const token = await tokenFor('emma');
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await connectPush(url, from(`anonymous-${i}`)));
    const customers = [];
    for (let i = 0; i < 5; i++) {
      const customer = await connectPush(url, from(`customer-${i}`));
      customer.authenticate(token);
      await customer.receivedCount(1);
      customers.push(customer);
    }
    // The first customer took the oldest anonymous socket's place; each later one the place an authenticated customer left.
    expect(await closedWithin(held[0]!, 2_000)).toMatchObject({ code: 1006 });
    for (const c of held.slice(1)) expect(await closedWithin(c, 100)).toBe('open');
    for (const c of [...customers, ...held]) c.ws.close();
  });

  it('refuses an upgrade with 503 only while every waiting socket is having its token checked, and takes one again once a place frees', async () => {
    let release = () => {};
    const checking = new Promise<void>((resolve) => (release = resolve));
    const { url } = await servePush({ maxUnauthenticatedSockets: 2, clientOf: byHeader }, { verify: (tokens) => async (t) => (await checking, tokens(t)) });
    const token = await tokenFor('emma');
    const first = await connectPush(url, from('a'));
    const second = await connectPush(url, from('b'));
    first.authenticate(token);
    second.authenticate(token);
    // Both first messages have arrived once a third socket's upgrade is answered; poll until it is refused.
    let refused: { status?: number; body?: string } | undefined;
    await expect.poll(async () => {
      refused = await refusal(connectPush(url, from('c')).then((c) => (c.ws.close(), c)));
      return refused?.status;
    }, { timeout: 5_000 }).toBe(503);
    expect(apiErrorSchema.parse(JSON.parse(refused!.body!))).toMatchObject({ status: 503, error: 'busy' });
    release();
    await first.receivedCount(1);
    await second.receivedCount(1);
    const third = await connectPush(url, from('c'));
    for (const c of [first, second, third]) c.ws.close();
  });
});
