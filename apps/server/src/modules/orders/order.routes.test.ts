import { randomUUID } from 'node:crypto';
import {
  accountOrderListSchema,
  ADDRESS_NOT_CHANGEABLE_ERROR,
  anonymousUploadsSchema,
  apiErrorSchema,
  deliveryDatesSchema,
  deletionInfoSchema,
  directReorderSchema,
  NOT_REORDERABLE_ERROR,
  orderUploadsSchema,
  reorderStatusSchema,
  SERVICE_BASE_PATHS,
  subOrderSchema,
  superOrderListSchema,
  superOrderSchema,
  type AddressInput,
  type PushMessage,
  type SuperOrder,
} from '@shoebox/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDemoOrders, type OrderPlan } from '../../seed/demo-orders.js';
import { lockLiveCustomer } from '../customers/live-customer-lock.js';
import { periodEndIn } from '../deletion-info/deletion-info.service.js';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

const API = SERVICE_BASE_PATHS.orders;
const DAY = 86_400_000;
const prints = (quantity: number) => ({ title: 'Photo prints 10x15', productType: 'prints', articleName: 'PAP_910', quantity, unitPrice: 15 });
const book = { title: 'Photo book A4', productType: 'photobook', articleName: 'PHB_A4L', quantity: 1, unitPrice: 3499, voucher: { code: 'BOOKS20', title: '20% off', discountAmount: 700 } };
const plan = (suffix: string, daysAgo: number, status: OrderPlan['status'], more: Partial<OrderPlan> = {}): OrderPlan => ({
  suffix,
  daysAgo,
  status,
  deliveryType: 'Home',
  products: [prints(10)],
  files: 2,
  ...more,
});

const NEW_ADDRESS: AddressInput = { firstName: 'Ann', lastName: 'Smit', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0018' };

describe.each(databases)('orders API on $name', (kind) => {
  const server = useLibraryServer(kind);
  let me: TestCustomer;
  let stranger: TestCustomer;
  /** Codes of my orders by their plan suffix. */
  const code = (who: TestCustomer, suffix: string) => `DEMO-${who.id.slice(0, 8).toUpperCase()}${suffix}`;

  const call = (who: TestCustomer, o: InjectOptions) => server().app.inject({ ...o, headers: { ...who.headers, ...o.headers } });
  const get = (who: TestCustomer, url: string) => call(who, { url: `${API}${url}` });
  const ok = <T>(response: LightMyRequestResponse, schema: { parse(v: unknown): T }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };
  const refused = (response: LightMyRequestResponse, status: number, error?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ status, correlationId: response.headers['x-correlationid'] });
    if (error) expect(body.error).toBe(error);
    return body;
  };
  /** Every order row of both customers, to show a refused call changed nothing. */
  const everything = async () => {
    const { db } = server();
    const ids = [me.id, stranger.id];
    return {
      orders: await db.selectFrom('orders').selectAll().where('customer_id', 'in', ids).orderBy('id').execute(),
      products: await db.selectFrom('order_products').selectAll().where('customer_id', 'in', ids).orderBy('code').execute(),
    };
  };
  const seed = (who: TestCustomer, plans: OrderPlan[]) =>
    insertDemoOrders(server().db, { id: who.id, email: who.email, firstName: 'Test', lastName: 'Customer', phone: null, channel: 'www.printhaven.co.uk' }, plans);

  beforeAll(async () => {
    if (!kind.available) return;
    me = await newCustomer(server(), { registeredAt: new Date(Date.now() - 3000 * DAY).toISOString() });
    stranger = await newCustomer(server());
    await seed(me, [
      plan('', 1, 'Received'),
      plan('-02', 3, 'Confirmed', { products: [book, prints(20)] }),
      plan('-03', 6, 'ProductionStarted'),
      plan('-04', 8, 'Received', { deliveryType: 'PickupPoint' }),
      plan('-05', 40, 'Dispatched', { resnap: true }),
      plan('-06', 90, 'Cancelled'),
      plan('-07', 6 * 365, 'Dispatched', { products: [prints(5)] }),
    ]);
    await seed(stranger, [plan('', 2, 'Received'), plan('-02', 50, 'Dispatched')]);
  });

  it("shows as an order's picture the first of its photos still in the customer's library: never another customer's photo, nor a deleted one", async () => {
    const buyer = await newCustomer(server());
    const [mine] = await insertPhotoRows(server(), buyer.id, [{}]);
    const [theirs] = await insertPhotoRows(server(), stranger.id, [{}]);
    await seed(buyer, [plan('', 1, 'Received', { files: 3 }), plan('-02', 2, 'Received', { files: 1 }), plan('-03', 3, 'Received', { files: 0 })]);
    const filesOf = (suffix: string) => server().db.selectFrom('orders').select('id').where('order_code', '=', code(buyer, suffix));
    const linkFile = (suffix: string, position: number, photoId: string) =>
      server().db.updateTable('order_files').set({ photo_id: photoId }).where('order_id', 'in', filesOf(suffix)).where('position', '=', position).execute();
    await linkFile('', 0, theirs!.id);
    await linkFile('', 1, randomUUID());
    await linkFile('', 2, mine!.id);
    await linkFile('-02', 0, theirs!.id);

    const [first, second, third] = ok(await get(buyer, '/v2/superorders/me'), superOrderListSchema).items;
    expect(first!.picture?.url).toContain(mine!.id);
    expect(first!.picture).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(second!.picture).toBeNull();
    expect(third!.picture).toBeNull();
    expect(ok(await get(buyer, `/v1/superorders/${code(buyer, '')}`), superOrderSchema).picture).toEqual(first!.picture);
  });

  describe('GET /v2/superorders/me', () => {
    it('lists my orders newest first with their products, leaving out expired ones unless OrderState=all', async () => {
      const list = ok(await get(me, '/v2/superorders/me'), superOrderListSchema);
      expect(list.total).toBe(6);
      expect(list.items.map((o) => o.orderCode)).toEqual(['', '-02', '-03', '-04', '-05', '-06'].map((s) => code(me, s)));
      const second = list.items[1]!;
      expect(second).toMatchObject({ status: 'Confirmed', productCount: 2, currency: 'GBP', channel: 'www.printhaven.co.uk', deliveryType: 'Home', deliveryAddressChangeable: true, totalAmount: 3499 - 700 + 300 });
      expect(second.products[0]).toMatchObject({ code: `${code(me, '-02')}-01`, voucher: 'BOOKS20', voucherDetails: { code: 'BOOKS20', discountAmount: 700 } });
      expect(second.products[0]!.paymentChangedDate).not.toBeNull();
      expect(list.items[0]!.products[0]!.paymentChangedDate).toBeNull();
      expect(list.items[3]).toMatchObject({ deliveryType: 'PickupPoint', deliveryAddressChangeable: false, pickupPoint: { name: 'Printhaven London' } });
      expect(list.items[4]!.source).toBe('Resnap');

      const all = ok(await get(me, '/v2/superorders/me?OrderState=all'), superOrderListSchema);
      expect(all.total).toBe(7);
      expect(all.items.at(-1)!.orderCode).toBe(code(me, '-07'));
    });

    it('pages with Offset and Limit, total counting them all, also past the end', async () => {
      const page = ok(await get(me, '/v2/superorders/me?Offset=2&Limit=2'), superOrderListSchema);
      expect([page.total, page.items.map((o) => o.orderCode)]).toEqual([6, [code(me, '-03'), code(me, '-04')]]);
      const past = ok(await get(me, '/v2/superorders/me?Offset=50&Limit=100'), superOrderListSchema);
      expect(past).toEqual({ items: [], total: 6 });
    });

    it.each(['Limit=0', 'Limit=101', 'Offset=-1', 'Offset=1.5', 'Limit=ten', 'OrderState=expired'])('refuses %s with a 400', async (q) => {
      refused(await get(me, `/v2/superorders/me?${q}`), 400, 'bad_request');
    });

    it('answers 401 without a token', async () => {
      refused(await server().app.inject({ url: `${API}/v2/superorders/me` }), 401);
    });

    it('is kept by no cache: a shared computer keeps no copy of the orders, their addresses or a refusal', async () => {
      for (const url of ['/v2/superorders/me', `/v1/superorders/${code(me, '-02')}`, `/orders/byAccount/${me.id}`, `/v1/superorders/${code(stranger, '')}`]) {
        expect((await get(me, url)).headers['cache-control'], url).toBe('private, no-store');
      }
    });
  });

  describe('GET /v1/superorders/{code}', () => {
    it('answers my order, and 404 for another customer’s or an unknown one', async () => {
      const order = ok(await get(me, `/v1/superorders/${code(me, '-02')}`), superOrderSchema);
      expect(order).toMatchObject({ orderCode: code(me, '-02'), productCount: 2 });
      expect(refused(await get(me, `/v1/superorders/${code(stranger, '')}`), 404).message).toBe('Order not found');
      refused(await get(me, '/v1/superorders/NO-SUCH-ORDER'), 404);
    });
  });

  describe('PUT /v1/superorders/{code}/deliveryAddress', () => {
    const put = (who: TestCustomer, orderCode: string, payload: object) => call(who, { method: 'PUT', url: `${API}/v1/superorders/${orderCode}/deliveryAddress`, payload });

    it('changes the address of a Home order awaiting payment or confirmed', async () => {
      const changed = ok(await put(me, code(me, ''), NEW_ADDRESS), superOrderSchema);
      expect(changed.deliveryAddress).toEqual(NEW_ADDRESS);
      expect(ok(await get(me, `/v1/superorders/${code(me, '')}`), superOrderSchema).deliveryAddress).toEqual(NEW_ADDRESS);
      expect(ok(await put(me, code(me, '-02'), { ...NEW_ADDRESS, houseNumber: '12' }), superOrderSchema).deliveryAddress.houseNumber).toBe('12');
    });

    it('refuses an address in a country the order\'s storefront does not deliver to, as the address book does, and changes nothing', async () => {
      const before = await everything();
      const berlin = { ...NEW_ADDRESS, street: 'Unter den Linden', houseNumber: '1', postalCode: '10117', city: 'Berlin', countryCode: 'DE', phone: '+49 30 1234567' };
      const response = refused(await put(me, code(me, ''), berlin), 400, 'bad_request');
      expect(response.issues).toEqual([{ path: 'countryCode', message: 'Not a country this storefront delivers to; one of GB' }]);
      expect(await everything()).toEqual(before);
    });

    it.each([
      ['in production', '-03'],
      ['collected at a pickup point', '-04'],
      ['dispatched', '-05'],
      ['cancelled', '-06'],
    ])('refuses an order %s with a 409 and changes nothing', async (_, suffix) => {
      const before = await everything();
      refused(await put(me, code(me, suffix), NEW_ADDRESS), 409, ADDRESS_NOT_CHANGEABLE_ERROR);
      expect(await everything()).toEqual(before);
    });

    it('answers 404 for another customer’s order and changes nothing', async () => {
      const before = await everything();
      refused(await put(me, code(stranger, ''), NEW_ADDRESS), 404, 'not_found');
      expect(await everything()).toEqual(before);
    });

    it('refuses a malformed address with the §5 message of each bad field, and changes nothing', async () => {
      const before = await everything();
      const body = refused(await put(me, code(me, ''), { ...NEW_ADDRESS, street: '12 !!', houseNumber: 'x', postalCode: '12345', phone: 'call me' }), 400, 'bad_request');
      expect(Object.fromEntries(body.issues!.map((i) => [i.path, i.message]))).toMatchObject({ street: 'street', houseNumber: 'houseNumber', postalCode: 'postalCode', phone: 'phone' });
      refused(await put(me, code(me, ''), { ...NEW_ADDRESS, countryCode: 'US' }), 400);
      refused(await put(me, code(me, ''), { firstName: 'Ann' }), 400);
      expect(await everything()).toEqual(before);
    });

    it('raced against a move into production: the change is either made before the move or refused, never after it', async () => {
      const s = server();
      const outcomes = new Set<number>();
      for (let i = 0; i < 12; i++) {
        const suffix = `-R${i}`;
        await seed(me, [plan(suffix, 0, 'Confirmed')]);
        const orderCode = code(me, suffix);
        const before = ok(await get(me, `/v1/superorders/${orderCode}`), superOrderSchema).deliveryAddress;
        const [response] = await Promise.all([put(me, orderCode, { ...NEW_ADDRESS, houseNumber: String(i + 1) }), s.orders.move(orderCode, 'ProductionStarted')]);
        outcomes.add(response.statusCode);
        const after = ok(await get(me, `/v1/superorders/${orderCode}`), superOrderSchema);
        expect(after.status).toBe('ProductionStarted');
        if (response.statusCode === 200) {
          expect(after.deliveryAddress.houseNumber).toBe(String(i + 1));
          const row = await s.db.selectFrom('orders').select(['address_changed_at', 'updated_at']).where('order_code', '=', orderCode).executeTakeFirstOrThrow();
          // The move came after the change: its time is the later one.
          expect(row.updated_at! >= row.address_changed_at!).toBe(true);
        } else {
          refused(response, 409, ADDRESS_NOT_CHANGEABLE_ERROR);
          expect(after.deliveryAddress).toEqual(before);
        }
      }
      expect([...outcomes].every((s) => s === 200 || s === 409)).toBe(true);
    });
  });

  describe('GET /orders/byAccount/{accountId}', () => {
    it('lists my products newest first, 10 by default, filtered by article names', async () => {
      const list = ok(await get(me, `/orders/byAccount/${me.id}`), accountOrderListSchema);
      expect(list.items.length).toBeLessThanOrEqual(10);
      expect(list.total).toBeGreaterThanOrEqual(8);
      expect(list.items.every((i) => i.orderCode.startsWith(code(me, '')))).toBe(true);
      const books = ok(await get(me, `/orders/byAccount/${me.id}?articleNames=PHB_A4L,NOPE`), accountOrderListSchema);
      expect(books).toEqual({ total: 1, items: [expect.objectContaining({ id: `${code(me, '-02')}-01`, articleName: 'PHB_A4L', status: 'Confirmed' })] });
      const paged = ok(await get(me, `/orders/byAccount/${me.id}?offset=1&limit=2`), accountOrderListSchema);
      expect(paged.items.map((i) => i.id)).toEqual(list.items.slice(1, 3).map((i) => i.id));
    });

    it('answers 404 for another account, and 400 for paging out of range', async () => {
      refused(await get(me, `/orders/byAccount/${stranger.id}`), 404);
      refused(await get(me, `/orders/byAccount/${me.id}?limit=101`), 400);
      refused(await get(me, `/orders/byAccount/${me.id}?offset=-1`), 400);
    });
  });

  describe('GET /v1/Orders/{id}', () => {
    it('answers my product with its order code, and 404 for another customer’s', async () => {
      const product = ok(await get(me, `/v1/Orders/${code(me, '-02')}-01`), subOrderSchema);
      expect(product).toMatchObject({ orderCode: code(me, '-02'), title: 'Photo book A4', voucher: 'BOOKS20' });
      refused(await get(me, `/v1/Orders/${code(stranger, '')}-01`), 404);
    });
  });

  describe('GET /OrderDeliveryDates/{id}', () => {
    it('gives an order on its way its dates, never one already past', async () => {
      const dates = ok(await get(me, `/OrderDeliveryDates/${code(me, '-03')}`), deliveryDatesSchema);
      expect(Date.parse(dates.earliest)).toBeGreaterThan(Date.now());
      expect(Date.parse(dates.latest)).toBeGreaterThan(Date.parse(dates.earliest));
    });

    it('answers 404 once dispatched or cancelled, and for another customer’s order', async () => {
      refused(await get(me, `/OrderDeliveryDates/${code(me, '-05')}`), 404);
      refused(await get(me, `/OrderDeliveryDates/${code(me, '-06')}`), 404);
      refused(await get(me, `/OrderDeliveryDates/${code(stranger, '')}`), 404);
    });
  });

  describe('reorder', () => {
    const direct = (who: TestCustomer, orderCode: string) => call(who, { method: 'POST', url: `${API}/reorder/direct?OrderCode=${orderCode}` });

    it('reorders a delivered order on the channel’s shop', async () => {
      expect(ok(await get(me, `/reorder/status/${code(me, '-05')}`), reorderStatusSchema)).toEqual({ orderCode: code(me, '-05'), reorderable: true, reason: null });
      expect(ok(await direct(me, code(me, '-05')), directReorderSchema)).toEqual({ ShopUrl: `https://www.printhaven.co.uk/reorder?orderCode=${code(me, '-05')}` });
    });

    it.each([
      ['-03', 'inProgress'],
      ['-06', 'cancelled'],
      ['-07', 'expired'],
    ] as const)('says why %s cannot be reordered, and refuses it with a 409', async (suffix, reason) => {
      expect(ok(await get(me, `/reorder/status/${code(me, suffix)}`), reorderStatusSchema)).toMatchObject({ reorderable: false, reason });
      expect(refused(await direct(me, code(me, suffix)), 409, NOT_REORDERABLE_ERROR).params).toEqual({ reason });
    });

    it('answers 404 for another customer’s order, and 400 without an order code', async () => {
      refused(await get(me, `/reorder/status/${code(stranger, '-02')}`), 404);
      refused(await direct(me, code(stranger, '-02')), 404);
      refused(await call(me, { method: 'POST', url: `${API}/reorder/direct` }), 400);
    });
  });

  describe('uploads', () => {
    it('lists the files an order was made from, for my own account only', async () => {
      const uploads = ok(await get(me, `/uploads/${code(me, '-02')}?accountId=${me.id}`), orderUploadsSchema);
      expect(uploads.orderCode).toBe(code(me, '-02'));
      expect(uploads.files).toHaveLength(2);
      refused(await get(me, `/uploads/${code(me, '-02')}?accountId=${stranger.id}`), 404);
      refused(await get(me, `/uploads/${code(stranger, '')}?accountId=${me.id}`), 404);
      refused(await get(me, `/uploads/${code(me, '-02')}`), 400);
    });

    it('answers several orders at once, leaving out other customers’ codes', async () => {
      const response = await call(me, { method: 'POST', url: `${API}/getanonymousuploads`, payload: { ids: [code(me, ''), code(stranger, ''), 'NOPE', code(me, '-03')] } });
      const answer = ok(response, anonymousUploadsSchema);
      expect(answer.items.map((i) => i.orderCode).sort()).toEqual([code(me, ''), code(me, '-03')].sort());
      refused(await call(me, { method: 'POST', url: `${API}/getanonymousuploads`, payload: { ids: [] } }), 400);
    });

    it("gives each file a picture of its photo while it is in the customer's library: never another customer's photo, nor a deleted one", async () => {
      const buyer = await newCustomer(server());
      const [kept, deleted] = await insertPhotoRows(server(), buyer.id, [{}, {}]);
      const [theirs] = await insertPhotoRows(server(), stranger.id, [{}]);
      await seed(buyer, [plan('', 1, 'Received', { files: 4 })]);
      const order = server().db.selectFrom('orders').select('id').where('order_code', '=', code(buyer, ''));
      const link = (position: number, photoId: string) =>
        server().db.updateTable('order_files').set({ photo_id: photoId }).where('order_id', 'in', order).where('position', '=', position).execute();
      await link(0, kept!.id);
      await link(1, deleted!.id);
      await link(2, theirs!.id);
      await server().db.deleteFrom('photos').where('id', '=', deleted!.id).execute();

      const uploads = ok(await get(buyer, `/uploads/${code(buyer, '')}?accountId=${buyer.id}`), orderUploadsSchema);
      expect(uploads.files.map((f) => f.photoId)).toEqual([kept!.id, deleted!.id, theirs!.id, null]);
      expect(uploads.files[0]!.picture?.url).toContain(kept!.id);
      expect(uploads.files[0]!.picture).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
      expect(uploads.files.slice(1).map((f) => f.picture)).toEqual([null, null, null]);
      const anonymous = ok(await call(buyer, { method: 'POST', url: `${API}/getanonymousuploads`, payload: { ids: [code(buyer, '')] } }), anonymousUploadsSchema);
      expect(anonymous.items).toEqual([uploads]);
    });
  });

  describe('move (fulfilment)', () => {
    it('moves an order one step at a time, records the payment, and tells the customer’s open pages', async () => {
      const s = server();
      await seed(me, [plan('-M1', 0, 'Received')]);
      const orderCode = code(me, '-M1');
      const heard: [string, PushMessage][] = [];
      const stop = s.events.subscribe((userId, message) => heard.push([userId, message]));
      try {
        const moved = await s.orders.move(orderCode, 'Confirmed');
        expect(moved.customerId).toBe(me.id);
        expect(moved.order).toMatchObject({ orderCode, status: 'Confirmed' });
        expect(moved.order.products.every((p) => p.status === 'Confirmed' && p.paymentChangedDate)).toBe(true);
        await expect.poll(() => heard.filter(([u]) => u === me.id).map(([, m]) => m)).toEqual([
          { id: expect.any(String), type: 'order.status.changed', data: { orderCode, status: 'Confirmed', timestamp: expect.any(String) } },
        ]);
      } finally {
        stop();
      }
      expect(ok(await get(me, `/v1/superorders/${orderCode}`), superOrderSchema).status).toBe('Confirmed');
    });

    it('refuses an illegal move (409) and an unknown order (404), changing nothing', async () => {
      const s = server();
      const before = await everything();
      await expect(s.orders.move(code(me, '-05'), 'Cancelled')).rejects.toMatchObject({ status: 409, code: 'illegal_status_transition' });
      await expect(s.orders.move(code(me, '-03'), 'Received')).rejects.toMatchObject({ status: 409 });
      await expect(s.orders.move('NO-SUCH-ORDER', 'Confirmed')).rejects.toMatchObject({ status: 404 });
      expect(await everything()).toEqual(before);
    });

    it('lets one of two identical moves at once win; the other is refused', async () => {
      const s = server();
      await seed(me, [plan('-M2', 0, 'Received')]);
      const results = await Promise.allSettled([s.orders.move(code(me, '-M2'), 'Confirmed'), s.orders.move(code(me, '-M2'), 'Confirmed')]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    });
  });

  describe('place (checkout)', () => {
    const input = (requestId: string) => ({
      requestId,
      channel: 'www.printhaven.co.uk',
      source: 'PAP_910',
      deliveryType: 'Home' as const,
      deliveryAddress: NEW_ADDRESS,
      products: [{ title: 'Photo prints 10x15', productType: 'PAP_910', quantity: 12, priceAmount: 180 }],
      files: [{ fileName: 'IMG_0001.jpg', bytes: 123_456, photoId: 'p1' }],
    });
    const identityOf = (who: TestCustomer) => ({ customerId: who.id, email: who.email, idpType: 'shoebox', idpSub: who.id, isBusiness: false });

    it('places one order per request id, however often and at once it is asked, and restarts the storage period', async () => {
      const s = server();
      const buyer = await newCustomer(s, { registeredAt: new Date(Date.now() - 500 * DAY).toISOString() });
      const requestId = randomUUID();
      const placed = await Promise.all([1, 2, 3].map(() => s.orders.place(identityOf(buyer), input(requestId))));
      expect(new Set(placed.map((o: SuperOrder) => o.orderCode)).size).toBe(1);
      expect(placed[0]).toMatchObject({ status: 'Received', totalAmount: 180, currency: 'GBP', productCount: 1, deliveryAddress: NEW_ADDRESS, deliveryAddressChangeable: true });
      const list = ok(await get(buyer, '/v2/superorders/me'), superOrderListSchema);
      expect(list.items.map((o) => o.orderCode)).toEqual([placed[0]!.orderCode]);
      expect(ok(await get(buyer, `/uploads/${placed[0]!.orderCode}?accountId=${buyer.id}`), orderUploadsSchema).files).toMatchObject([{ fileName: 'IMG_0001.jpg', photoId: 'p1' }]);
      const info = deletionInfoSchema.parse((await call(buyer, { url: DELETION_INFO_URL })).json());
      expect(info.lastOrderDate).toBe(placed[0]!.createdAt);

      await expect(s.orders.place(identityOf(stranger), input(requestId))).rejects.toMatchObject({ status: 409, code: 'request_id_in_use' });
    });

    it('refuses an order for a customer marked deleted (404) and writes nothing, as for one never known', async () => {
      const s = server();
      const gone = await newCustomer(s);
      await s.db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
      const writtenFor = async (customerId: string) => ({
        orders: await s.db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute(),
        products: await s.db.selectFrom('order_products').select('code').where('customer_id', '=', customerId).execute(),
        versions: await s.db.selectFrom('order_history_versions').select('version').where('customer_id', '=', customerId).execute(),
      });
      const requestId = randomUUID();
      for (const who of [gone, { ...gone, id: randomUUID() }]) {
        await expect(s.orders.place(identityOf(who), input(requestId))).rejects.toMatchObject({ status: 404, code: 'not_found' });
        expect(await writtenFor(who.id)).toEqual({ orders: [], products: [], versions: [] });
      }
      expect(await s.db.selectFrom('orders').select('id').where('request_id', '=', requestId).execute()).toEqual([]);
    });

    it('waits while the storage period’s deletion batch holds the customer’s row: the batch decides on the end without the order, the next one sees it', async () => {
      const s = server();
      const buyer = await newCustomer(s, { registeredAt: '2023-01-10T00:00:00.000Z' });
      let holding!: () => void;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const batch = s.db.transaction().execute(async (trx) => {
        expect(await lockLiveCustomer(trx, buyer.id)).toBe(true);
        holding();
        await released;
        return periodEndIn(trx, buyer.id);
      });
      await held;
      let placed = false;
      const placing = s.orders.place(identityOf(buyer), input(randomUUID())).then((order) => ((placed = true), order));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(placed).toBe(false);
      release();
      expect((await batch)?.toISOString()).toBe('2024-07-10T00:00:00.000Z');
      const order = await placing;
      const after = await s.db.transaction().execute(async (trx) => (await lockLiveCustomer(trx, buyer.id)) && periodEndIn(trx, buyer.id));
      expect(after && after.getTime()).toBeGreaterThan(Date.parse(order.createdAt));
    });

    it('needs an address for Home delivery; a pickup order goes to the customer at the channel’s collection point', async () => {
      const s = server();
      await expect(s.orders.place(identityOf(me), { ...input(randomUUID()), deliveryAddress: undefined })).rejects.toMatchObject({ status: 400 });
      await expect(s.orders.place(identityOf(me), { ...input(randomUUID()), channel: 'www.nowhere.test' })).rejects.toMatchObject({ status: 400 });
      const pickup = await s.orders.place(identityOf(me), { ...input(randomUUID()), deliveryType: 'PickupPoint', deliveryAddress: undefined });
      expect(pickup).toMatchObject({ deliveryType: 'PickupPoint', deliveryAddressChangeable: false, pickupPoint: { name: 'Printhaven London' }, deliveryAddress: { firstName: 'Test', lastName: 'Customer', city: 'London' } });
    });
  });
});
