import { randomBytes } from 'node:crypto';
import { apiErrorSchema, backOfficeOrderSchema, orderStatusPushMessageSchema, SERVICE_BASE_PATHS, superOrderSchema, type OrderStatus } from '@shoebox/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { authenticatedPush, listenForPush, type PushClient } from '../../test/push-client.js';
import { testRedisUrl as redisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { BACK_OFFICE_MAX_FAILURES, FULFILMENT_KEY_SECRET } from './back-office-credential.js';
import { insertTestOrder } from '../../test/fulfilment-orders.js';

const KEY = randomBytes(32).toString('base64url');
const ORDERS = SERVICE_BASE_PATHS.orders;
const statusUrl = (code: string) => `${ORDERS}/back-office/orders/${encodeURIComponent(code)}/status`;
const orderUrl = (code: string) => `${ORDERS}/back-office/orders/${encodeURIComponent(code)}`;
const withKey = (key = KEY) => ({ authorization: `Bearer ${key}` });
/** Each test calls from an address of its own, so one test's refused credentials never throttle another's. */
let addresses = 0;
const nextAddress = () => `10.0.0.${++addresses}`;

async function statusOf(server: TestShoebox, orderCode: string) {
  return (await server.db.selectFrom('orders').select('status').where('order_code', '=', orderCode).executeTakeFirstOrThrow()).status;
}

describe.each(databases)('the back office moving orders on $name', (kind) => {
  const server = useLibraryServer(kind, { env: { FULFILMENT_API_KEY: KEY } });
  let pushUrl: string;
  const sockets: PushClient[] = [];
  beforeAll(async () => {
    if (kind.available) pushUrl = await listenForPush(server().app);
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const move = (code: string, body: unknown, o: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    server().app.inject({ method: 'POST', url: statusUrl(code), headers: o.headers ?? withKey(), payload: body as InjectOptions['payload'], remoteAddress: o.remoteAddress ?? nextAddress() });
  async function expectRefused(response: { statusCode: number; json(): unknown }, status: number, error: string) {
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error });
  }

  it("moves an order one step with the service credential, and the customer's open page hears it live; another customer's does not", async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    const mine = await authenticatedPush(pushUrl, me.token);
    const theirs = await authenticatedPush(pushUrl, other.token);
    sockets.push(mine, theirs);

    const response = await move(orderCode, { status: 'Confirmed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(backOfficeOrderSchema.parse(response.json())).toEqual({ orderCode, status: 'Confirmed', holdup: null, nextStatuses: ['ProductionStarted', 'Cancelled'] });
    expect(await statusOf(server(), orderCode)).toBe('Confirmed');

    await mine.receivedCount(2);
    const heard = orderStatusPushMessageSchema.parse(JSON.parse(mine.received[1]!));
    expect(heard.data).toMatchObject({ orderCode, status: 'Confirmed' });
    expect(Date.now() - Date.parse(heard.data.timestamp)).toBeLessThan(60_000);
    expect(theirs.received).toEqual(['OK']);
  });

  it("takes the detailed status words: a delayed or on-hold order keeps its status and its customer is told; the next move lifts it", async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    const customerView = async () =>
      superOrderSchema.parse((await server().app.inject({ url: `${ORDERS}/v1/superorders/${orderCode}`, headers: me.headers })).json());

    const steps: [string, OrderStatus, string | null][] = [
      ['paymentSuccess', 'Confirmed', null],
      ['verification failed', 'Confirmed', 'onHold'],
      ['approved', 'Confirmed', null],
      ['producing', 'ProductionStarted', null],
      ['delayed', 'ProductionStarted', 'delayed'],
      ['ProductionCompleted', 'ProductionCompleted', null],
      ['on_hold', 'ProductionCompleted', 'onHold'],
      ['shipped', 'Dispatched', null],
    ];
    for (const [word, status, holdup] of steps) {
      const response = await move(orderCode, { status: word });
      expect(response.statusCode, `${word}: ${response.body}`).toBe(200);
      expect(backOfficeOrderSchema.parse(response.json())).toMatchObject({ orderCode, status, holdup });
      expect(await customerView(), word).toMatchObject({ status, holdup });
    }
    // A sent order has nothing left to hold up, and an unknown word is no move at all.
    await expectRefused(await move(orderCode, { status: 'delayed' }), 409, 'illegal_status_transition');
    await expectRefused(await move(orderCode, { status: 'lost' }), 400, 'bad_request');
    expect(await customerView()).toMatchObject({ status: 'Dispatched', holdup: null });
  });

  it("maps every detailed word to a move the order's status allows, or refuses it and changes nothing", async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Confirmed' });
    await expectRefused(await move(orderCode, { status: 'paymentPending' }), 409, 'illegal_status_transition');
    expect(await statusOf(server(), orderCode)).toBe('Confirmed');
    const rejected = await move(orderCode, { status: 'rejected' });
    expect(backOfficeOrderSchema.parse(rejected.json())).toMatchObject({ status: 'Cancelled', holdup: null, nextStatuses: [] });
  });

  it('walks an order from received to dispatched, answering where it may go next each time', async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    const steps: [OrderStatus, OrderStatus[]][] = [
      ['Confirmed', ['ProductionStarted', 'Cancelled']],
      ['ProductionStarted', ['ProductionCompleted']],
      ['ProductionCompleted', ['Dispatched']],
      ['Dispatched', []],
    ];
    for (const [status, nextStatuses] of steps) {
      const response = await move(orderCode, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ orderCode, status, holdup: null, nextStatuses });
    }
    const read = await server().app.inject({ url: orderUrl(orderCode), headers: withKey(), remoteAddress: nextAddress() });
    expect(backOfficeOrderSchema.parse(read.json())).toEqual({ orderCode, status: 'Dispatched', holdup: null, nextStatuses: [] });
  });

  it('refuses a move the order may not make with 409, and changes nothing', async () => {
    const me = await newCustomer(server());
    const received = await insertTestOrder(server(), me.id, { status: 'Received' });
    const started = await insertTestOrder(server(), me.id, { status: 'ProductionStarted' });
    const cancelled = await insertTestOrder(server(), me.id, { status: 'Cancelled' });
    const cases: [string, OrderStatus, OrderStatus][] = [
      [received.orderCode, 'Dispatched', 'Received'],
      [received.orderCode, 'Received', 'Received'],
      [started.orderCode, 'Cancelled', 'ProductionStarted'],
      [started.orderCode, 'Confirmed', 'ProductionStarted'],
      [cancelled.orderCode, 'Confirmed', 'Cancelled'],
    ];
    for (const [code, to, stays] of cases) {
      await expectRefused(await move(code, { status: to }), 409, 'illegal_status_transition');
      expect(await statusOf(server(), code)).toBe(stays);
    }
  });

  it('of two moves racing from the same status, exactly one is made', async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Confirmed' });
    const [a, b] = await Promise.all([move(orderCode, { status: 'ProductionStarted' }), move(orderCode, { status: 'Cancelled' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'ProductionStarted' : 'Cancelled';
    expect(await statusOf(server(), orderCode)).toBe(winner);
  });

  it("gives a dispatched order its parcel's tracking, which the customer's order then shows; tracking with another status or an unsafe link is refused", async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'ProductionCompleted' });
    const tracking = { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB', url: 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB' };
    const customerView = async () =>
      superOrderSchema.parse((await server().app.inject({ url: `${ORDERS}/v1/superorders/${orderCode}`, headers: { authorization: `Bearer ${me.token}` } })).json());
    expect((await customerView()).tracking).toBeNull();

    for (const refused of [
      { status: 'ProductionCompleted', tracking },
      { status: 'Dispatched', tracking: { ...tracking, url: 'javascript:alert(1)' } },
      { status: 'Dispatched', tracking: { ...tracking, url: 'http://www.royalmail.com/' } },
      { status: 'Dispatched', tracking: { ...tracking, carrier: '' } },
      { status: 'Dispatched', tracking: { ...tracking, trackingNumber: 'X'.repeat(61) } },
      { status: 'Dispatched', tracking: { ...tracking, carrier: 'Royal\u0000Mail' } },
      { status: 'Dispatched', tracking: { ...tracking, carrier: 'Royal Mail\u202e' } },
      { status: 'Dispatched', tracking: { ...tracking, trackingNumber: 'RM1\n23' } },
    ]) {
      await expectRefused(await move(orderCode, refused), 400, 'bad_request');
    }
    expect(await statusOf(server(), orderCode)).toBe('ProductionCompleted');

    expect((await move(orderCode, { status: 'Dispatched', tracking })).statusCode).toBe(200);
    expect(await customerView()).toMatchObject({ status: 'Dispatched', tracking });
  });

  it('answers 404 for an order nobody has, and 400 for a status or body it does not know', async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    await expectRefused(await move('NO-SUCH-ORDER', { status: 'Confirmed' }), 404, 'not_found');
    await expectRefused(await server().app.inject({ url: orderUrl('NO-SUCH-ORDER'), headers: withKey(), remoteAddress: nextAddress() }), 404, 'not_found');
    const bodies = [{ status: 'Shipped' }, { status: 'confirmed' }, {}, { status: null }, 'Confirmed', [{ status: 'Confirmed' }]].map((b) => JSON.stringify(b));
    for (const body of [...bodies, '{"status":', '']) {
      const response = await server().app.inject({ method: 'POST', url: statusUrl(orderCode), headers: { ...withKey(), 'content-type': 'application/json' }, payload: body, remoteAddress: nextAddress() });
      await expectRefused(response, 400, 'bad_request');
    }
    expect(await statusOf(server(), orderCode)).toBe('Received');
  });

  it("refuses a wrong, missing or customer's credential with 401 and changes nothing", async () => {
    const me: TestCustomer = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    const refusals: Record<string, string>[] = [
      {},
      withKey(KEY.slice(0, -1)),
      withKey(`${KEY}x`),
      withKey('x'),
      { authorization: KEY },
      { authorization: `Basic ${Buffer.from(`fulfilment:${KEY}`).toString('base64')}` },
      me.headers,
    ];
    for (const headers of refusals) {
      await expectRefused(await move(orderCode, { status: 'Confirmed' }, { headers }), 401, 'unauthorized');
      await expectRefused(await server().app.inject({ url: orderUrl(orderCode), headers, remoteAddress: nextAddress() }), 401, 'unauthorized');
    }
    // Without the credential the body is not even read: a bad one is 401 too, never a 400 that tells what was checked.
    await expectRefused(await move(orderCode, { status: 'Shipped' }, { headers: {} }), 401, 'unauthorized');
    expect(await statusOf(server(), orderCode)).toBe('Received');
  });

  it(`after ${BACK_OFFICE_MAX_FAILURES} refused credentials refuses every call from that address for a while, the right key too; other addresses go on`, async () => {
    const me = await newCustomer(server());
    const { orderCode } = await insertTestOrder(server(), me.id, { status: 'Received' });
    const attacker = nextAddress();
    for (let i = 0; i < BACK_OFFICE_MAX_FAILURES; i++) {
      await expectRefused(await move(orderCode, { status: 'Confirmed' }, { headers: withKey(`guess-${i}`), remoteAddress: attacker }), 401, 'unauthorized');
    }
    const over = await move(orderCode, { status: 'Confirmed' }, { headers: withKey('guess-x'), remoteAddress: attacker });
    await expectRefused(over, 429, 'too_many_requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await expectRefused(await move(orderCode, { status: 'Confirmed' }, { remoteAddress: attacker }), 429, 'too_many_requests');
    expect(await statusOf(server(), orderCode)).toBe('Received');

    expect((await move(orderCode, { status: 'Confirmed' })).statusCode).toBe(200);
  });
});

describe.each(databases)('the back-office key on $name', (kind) => {
  it.skipIf(!kind.available)('is made once and kept in the database when FULFILMENT_API_KEY is not set; the setting replaces it', async () => {
    const first = await startTestShoebox(kind);
    try {
      const stored = await first.db.selectFrom('secrets').select('value').where('name', '=', FULFILMENT_KEY_SECRET).executeTakeFirstOrThrow();
      expect(stored.value.length).toBeGreaterThanOrEqual(43);
      const me = await newCustomer(first);
      const { orderCode } = await insertTestOrder(first, me.id);
      const moved = await first.app.inject({ method: 'POST', url: statusUrl(orderCode), headers: withKey(stored.value), payload: { status: 'Confirmed' } });
      expect(moved.statusCode, moved.body).toBe(200);

      // The same database with the setting: only the configured key opens the back office.
      const configured = await startTestShoebox(kind, { database: first.database, seed: false, env: { FULFILMENT_API_KEY: KEY } });
      try {
        const stale = await configured.app.inject({ method: 'POST', url: statusUrl(orderCode), headers: withKey(stored.value), payload: { status: 'ProductionStarted' } });
        expect(stale.statusCode).toBe(401);
        const fresh = await configured.app.inject({ method: 'POST', url: statusUrl(orderCode), headers: withKey(), payload: { status: 'ProductionStarted' } });
        expect(fresh.statusCode).toBe(200);
      } finally {
        await configured.dispose();
      }
    } finally {
      await first.dispose();
    }
  });
});

describe.each(databases)('two servers sharing one Redis and one $name database', (kind) => {
  it.skipIf(!redisUrl || !kind.available)("a move made on one reaches the customer's page held open on the other", async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: uniqueRedisPrefix('fulfilment'), FULFILMENT_API_KEY: KEY };
    const a = await startTestShoebox(kind, { env });
    const b = await startTestShoebox(kind, { env, database: a.database, seed: false });
    try {
      const me = await newCustomer(a);
      const { orderCode } = await insertTestOrder(a, me.id, { status: 'ProductionCompleted' });
      const onB = await authenticatedPush(await listenForPush(b.app), me.token);
      const moved = await a.app.inject({ method: 'POST', url: statusUrl(orderCode), headers: withKey(), payload: { status: 'Dispatched' } });
      expect(moved.statusCode, moved.body).toBe(200);
      await onB.receivedCount(2);
      expect(orderStatusPushMessageSchema.parse(JSON.parse(onB.received[1]!)).data).toMatchObject({ orderCode, status: 'Dispatched' });
      onB.ws.terminate();
    } finally {
      await b.dispose();
      await a.dispose();
    }
  });
});
