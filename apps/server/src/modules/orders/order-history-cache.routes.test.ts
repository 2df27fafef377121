import { randomUUID } from 'node:crypto';
import { SERVICE_BASE_PATHS, superOrderListSchema, superOrderSchema, type AddressInput, type SuperOrderList } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../../platform/auth/access-token.js';
import { insertDemoOrders, type OrderPlan } from '../../seed/demo-orders.js';
import { databases } from '../../test/databases.js';
import { newCustomer, silentLog, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { orderRepository } from './order.repository.js';
import { orderService, type PlaceOrderInput } from './order.service.js';

const API = SERVICE_BASE_PATHS.orders;
const LIST = `${API}/v2/superorders/me`;
const detail = (code: string) => `${API}/v1/superorders/${code}`;
const DAY = 86_400_000;
const ADDRESS: AddressInput = { firstName: 'Ann', lastName: 'Smit', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0018' };
const plan = (suffix: string, daysAgo: number, status: OrderPlan['status']): OrderPlan => ({
  suffix,
  daysAgo,
  status,
  deliveryType: 'Home',
  products: [{ title: 'Photo prints 10x15', productType: 'prints', articleName: 'PAP_910', quantity: 10, unitPrice: 15 }],
  files: 1,
});
const identityOf = (who: TestCustomer): Identity => ({ customerId: who.id, email: who.email, idpType: 'shoebox', idpSub: who.id, isBusiness: false });
const placing = (): PlaceOrderInput => ({
  requestId: randomUUID(),
  channel: 'www.printhaven.co.uk',
  source: 'PAP_910',
  deliveryType: 'Home',
  deliveryAddress: ADDRESS,
  products: [{ title: 'Photo prints 10x15', productType: 'PAP_910', quantity: 3, priceAmount: 45 }],
});

describe.each(databases)('order answers kept in memory, on two servers sharing one $name database', (kind) => {
  const server = useLibraryServer(kind);
  let other: TestShoebox | undefined;
  const a = () => server();
  const b = () => other!;

  beforeAll(async () => {
    if (kind.available) other = await startTestShoebox(kind, { database: server().database, seed: false });
  });
  afterAll(async () => {
    await other?.close();
  });

  const read = async (on: TestShoebox, who: TestCustomer, url: string): Promise<LightMyRequestResponse> => {
    const response = await on.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const list = async (on: TestShoebox, who: TestCustomer, query = ''): Promise<SuperOrderList> => superOrderListSchema.parse((await read(on, who, `${LIST}${query}`)).json());
  const order = async (on: TestShoebox, who: TestCustomer, code: string) => superOrderSchema.parse((await read(on, who, detail(code))).json());
  const seed = (who: TestCustomer, plans: OrderPlan[], on: TestShoebox = a()) =>
    insertDemoOrders(on.db, { id: who.id, email: who.email, firstName: 'Test', lastName: 'Customer', phone: null, channel: 'www.printhaven.co.uk' }, plans);
  const code = (who: TestCustomer, suffix: string) => `DEMO-${who.id.slice(0, 8).toUpperCase()}${suffix}`;

  it('answers an unchanged history from memory: a row changed without moving the history on is not seen until the next change', async () => {
    const me = await newCustomer(a());
    await seed(me, [plan('', 1, 'Received'), plan('-02', 3, 'Confirmed')]);
    const first = await read(a(), me, LIST);
    await read(a(), me, detail(code(me, '-02')));
    await a().db.updateTable('orders').set({ total_amount: 1 }).where('order_code', '=', code(me, '-02')).execute();
    expect((await read(a(), me, LIST)).body).toBe(first.body);
    expect((await order(a(), me, code(me, '-02'))).totalAmount).not.toBe(1);

    await b().orders.place(identityOf(me), placing());
    const after = await list(a(), me);
    expect(after.total).toBe(3);
    expect(after.items.find((o) => o.orderCode === code(me, '-02'))!.totalAmount).toBe(1);
    expect((await order(a(), me, code(me, '-02'))).totalAmount).toBe(1);
  });

  it('shows each kind of write on the next read, on the server that made it and on the other', async () => {
    const me = await newCustomer(a());
    await seed(me, [plan('', 1, 'Received'), plan('-02', 3, 'Confirmed')]);
    const warm = async () => {
      for (const on of [a(), b()]) {
        await list(on, me);
        await list(on, me, '?Offset=1&Limit=1');
        await order(on, me, code(me, ''));
      }
    };
    await warm();

    const placed = await b().orders.place(identityOf(me), placing());
    for (const on of [a(), b()]) {
      expect((await list(on, me)).items.map((o) => o.orderCode)).toEqual([placed.orderCode, code(me, ''), code(me, '-02')]);
      expect((await list(on, me, '?Offset=1&Limit=1')).items[0]!.orderCode).toBe(code(me, ''));
    }
    await warm();

    const moved = await b().app.inject({ method: 'PUT', url: `${detail(code(me, ''))}/deliveryAddress`, headers: me.headers, payload: { ...ADDRESS, houseNumber: '7' } });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const on of [a(), b()]) {
      expect((await order(on, me, code(me, ''))).deliveryAddress.houseNumber).toBe('7');
      expect((await list(on, me)).items[1]!.deliveryAddress.houseNumber).toBe('7');
    }
    await warm();

    await b().orders.move(code(me, ''), 'Confirmed');
    for (const on of [a(), b()]) {
      expect(await order(on, me, code(me, ''))).toMatchObject({ status: 'Confirmed', products: [{ status: 'Confirmed' }] });
      expect((await list(on, me)).items[1]!.status).toBe('Confirmed');
    }
    await warm();

    await seed(me, [plan('-03', 0, 'Received')], b());
    for (const on of [a(), b()]) expect((await list(on, me)).total).toBe(4);
  });

  it('answers cached bytes identical to those read fresh from the database', async () => {
    const me = await newCustomer(a(), { registeredAt: new Date(Date.now() - 3000 * DAY).toISOString() });
    await seed(me, [plan('', 1, 'Received'), plan('-02', 40, 'Dispatched'), plan('-03', 6 * 365, 'Dispatched')]);
    for (const url of [LIST, `${LIST}?Offset=1&Limit=1`, `${LIST}?OrderState=all`, detail(code(me, '-02'))]) {
      const fresh = await read(a(), me, url);
      const cached = await read(a(), me, url);
      const otherServer = await read(b(), me, url);
      expect(cached.body, url).toBe(fresh.body);
      expect(otherServer.body, url).toBe(fresh.body);
      expect(cached.headers['content-type'], url).toBe(fresh.headers['content-type']);
      expect(cached.headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await list(a(), me, '?OrderState=all')).total).toBe(3);
    expect((await list(a(), me)).total).toBe(2);
  });

  it("never answers one customer's kept answer to another", async () => {
    const me = await newCustomer(a());
    const stranger = await newCustomer(a());
    // The same history version, the same query: only the customer tells the answers apart.
    await seed(me, [plan('', 1, 'Received')]);
    await insertDemoOrders(a().db, { id: stranger.id, email: stranger.email, firstName: 'Other', lastName: 'Person', phone: null, channel: 'www.printhaven.co.uk' }, [plan('', 1, 'Received')]);
    const mine = await list(a(), me);
    const theirs = await list(a(), stranger);
    expect(mine.items.map((o) => o.orderCode)).toEqual([code(me, '')]);
    expect(theirs.items.map((o) => o.orderCode)).toEqual([code(stranger, '')]);
    await order(a(), me, code(me, ''));
    const refused = await a().app.inject({ url: detail(code(me, '')), headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
  });

  it('leaves out an order on the day it expires though nothing was written since', async () => {
    let clock = Date.parse('2021-06-15T06:00:00.000Z');
    const me = await newCustomer(a());
    const service = orderService({
      repo: orderRepository(a().db),
      events: { publish: async () => {} },
      customerOf: async () => ({ channel: 'www.printhaven.co.uk', business: null, firstName: 'Test', lastName: 'Customer', phone: null }),
      log: silentLog,
      now: () => clock,
    });
    await service.place(identityOf(me), placing());
    const query = { Offset: 0, Limit: 100, OrderState: 'notExpired' as const };
    clock = Date.parse('2026-06-15T03:00:00.000Z');
    expect((await service.listJson(identityOf(me), query)).includes('"total":1')).toBe(true);
    clock = Date.parse('2026-06-16T12:00:00.000Z');
    expect((await service.listJson(identityOf(me), query)).includes('"total":0')).toBe(true);
  });
});
