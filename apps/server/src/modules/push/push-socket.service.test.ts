import { PUSH_CLOSE } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shoebox/contracts';
import { authenticatedPush, connectPush } from '../../test/push-client.js';
import { closedWithin, servePush, tokenFor } from '../../test/push-service.js';

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

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const { url, events } = await servePush({ pingIntervalMs: 100 });
    const token = await tokenFor('emma');
    const answering = await authenticatedPush(url, token);
    // A peer whose network went away: it reads nothing, so it never answers a ping.
    const dead = await connectPush(url, { origin: null, autoPong: false });
    dead.authenticate(token);
    await dead.receivedCount(1);
    expect((await closedWithin(dead, 2_000)) as { code: number }).toMatchObject({ code: 1006 });
    expect(await closedWithin(answering, 500)).toBe('open');
    const event = { id: crypto.randomUUID(), timestamp: new Date().toISOString(), key: 'archive.generation.finished' as const, message: { userId: 'emma', downloadId: 'd' } };
    await events.publish('emma', event);
    await answering.receivedCount(2);
    answering.ws.close();
  });

  it('refuses an upgrade with 503 while too many sockets have not authenticated yet, and takes one again once a place frees', async () => {
    const { url } = await servePush({ maxUnauthenticatedSockets: 2 });
    const token = await tokenFor('emma');
    const first = await connectPush(url, { origin: null });
    const second = await connectPush(url, { origin: null });
    const refused = await connectPush(url, { origin: null }).then(
      () => undefined,
      (err: { status?: number; body?: string }) => err,
    );
    expect(refused?.status).toBe(503);
    expect(apiErrorSchema.parse(JSON.parse(refused!.body!))).toMatchObject({ status: 503, error: 'busy' });
    // An authenticated socket no longer counts; nor does a closed one.
    first.authenticate(token);
    await first.receivedCount(1);
    const third = await connectPush(url, { origin: null });
    second.ws.close();
    await second.closed;
    const fourth = await connectPush(url, { origin: null });
    for (const c of [first, third, fourth]) c.ws.close();
  });
});
