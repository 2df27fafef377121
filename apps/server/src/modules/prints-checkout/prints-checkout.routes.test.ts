import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  deletionInfoSchema,
  SERVICE_BASE_PATHS,
  superOrderListSchema,
  superOrderSchema,
  tempSelectionCreatedSchema,
  type PlacePrintsOrder,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer, PHOTOS_API, type TestCustomer, tusClient, useLibraryServer } from '../../test/photo-library.js';
import { seedDemoCampaigns } from '../../seed/demo-campaigns.js';
import { DEMO_VOUCHERS } from '../../seed/demo-vouchers.js';
import { MAX_UNPAID_ORDERS } from '../orders/order.service.js';
import { PRINTS_ORDERS_PATH } from './prints-checkout.routes.js';

const URL = `${SERVICE_BASE_PATHS.orders}${PRINTS_ORDERS_PATH}`;
const MY_ORDERS = `${SERVICE_BASE_PATHS.orders}/v2/superorders/me`;
const CHANNEL = 'www.printhaven.co.uk';
const HOME = { firstName: 'Emma', lastName: 'Stone', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0000' };

describe.each(databases)('POST /api/orders/prints-orders on $name', (kind) => {
  const server = useLibraryServer(kind);

  const post = (who: TestCustomer, payload: object) => server().app.inject({ method: 'POST', url: URL, headers: who.headers, payload });
  const ordersOf = async (who: TestCustomer) => {
    const response = await server().app.inject({ url: MY_ORDERS, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return superOrderListSchema.parse(response.json());
  };
  const storageOf = async (who: TestCustomer) => deletionInfoSchema.parse((await server().app.inject({ url: DELETION_INFO_URL, headers: who.headers })).json());

  /** A customer with photos and a temporary selection of them, as Order prints makes it. */
  async function withSelection(n = 2, registeredAt?: string, channel = CHANNEL) {
    const who = await newCustomer(server(), { registeredAt, channel });
    const photoIds = (await insertPhotoRows(server(), who.id, Array.from({ length: n }, () => ({})))).map((r) => r.id);
    const created = await server().app.inject({ method: 'POST', url: `${PHOTOS_API}/temp-selections`, headers: who.headers, payload: { photoIds, channel } });
    expect(created.statusCode, created.body).toBe(201);
    return { who, photoIds, tempSelectionId: tempSelectionCreatedSchema.parse(created.json()).tempSelectionId };
  }
  const order = (o: { tempSelectionId: string; photoIds: string[] }, more: Partial<PlacePrintsOrder> = {}): PlacePrintsOrder => ({
    requestId: randomUUID(),
    tempSelectionId: o.tempSelectionId,
    productCode: 'PAP_910',
    channel: CHANNEL,
    lines: o.photoIds.map((photoId) => ({ photoId, size: '10x15', quantity: 1 })),
    deliveryType: 'Home',
    deliveryAddress: HOME,
    ...more,
  });
  const refused = (response: { statusCode: number; json(): unknown }, status: number) => {
    expect(response.statusCode).toBe(status);
    return apiErrorSchema.parse(response.json());
  };

  it(`keeps a customer to ${MAX_UNPAID_ORDERS} orders awaiting payment, however many arrive at once; a retry of one of them is still answered`, async () => {
    const s = await withSelection(1);
    const placings = Array.from({ length: 3 * MAX_UNPAID_ORDERS }, () => order(s));
    const answers = await Promise.all(placings.map((p) => post(s.who, p)));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(MAX_UNPAID_ORDERS);
    for (const a of answers.filter((x) => x.statusCode !== 201)) expect(refused(a, 409)).toMatchObject({ error: 'too_many_unpaid_orders', params: { maxUnpaidOrders: MAX_UNPAID_ORDERS } });
    expect((await ordersOf(s.who)).total).toBe(MAX_UNPAID_ORDERS);
    const first = placings[answers.findIndex((a) => a.statusCode === 201)]!;
    const again = await post(s.who, first);
    expect(again.statusCode, again.body).toBe(201);
    expect(superOrderSchema.parse(again.json()).id).toBe(superOrderSchema.parse(placed[0]!.json()).id);
  });

  it('a Blocked business account may not place an order (403 account_blocked) nor start an upload, and still sees its orders and photos', async () => {
    const s = await withSelection(1);
    await server().db.updateTable('customers').set({ business_status: 'Blocked', business_company: 'Hopper Prints' }).where('id', '=', s.who.id).execute();

    expect(refused(await post(s.who, order(s)), 403)).toMatchObject({ error: 'account_blocked' });
    expect((await ordersOf(s.who)).total).toBe(0);
    const upload = await tusClient(server(), s.who.headers).create(1024, { filename: 'IMG_1.jpg', filetype: 'image/jpeg' });
    expect(upload.statusCode, upload.body).toBe(403);
    expect(apiErrorSchema.parse(upload.json())).toMatchObject({ error: 'account_blocked' });
    expect(await server().db.selectFrom('uploads').select('id').where('customer_id', '=', s.who.id).execute()).toEqual([]);
    expect((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: s.who.headers })).statusCode).toBe(200);

    // Unblocked (Active), the same order goes through.
    await server().db.updateTable('customers').set({ business_status: 'Active' }).where('id', '=', s.who.id).execute();
    expect((await post(s.who, order(s))).statusCode).toBe(201);
  });

  it('places the order priced from the price list in the channel currency; it is in My orders and the storage period restarts from it', async () => {
    const s = await withSelection(2, '2020-03-01T00:00:00.000Z');
    const before = await storageOf(s.who);
    expect(before.lastOrderDate).toBeNull();
    expect(Date.parse(before.projectedDeletionDate)).toBeLessThan(Date.now());

    const response = await post(
      s.who,
      order(s, {
        lines: [
          { photoId: s.photoIds[0]!, size: '10x15', quantity: 3 },
          { photoId: s.photoIds[1]!, size: '20x30', quantity: 1 },
          { photoId: s.photoIds[1]!, size: '10x15', quantity: 2 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const placed = superOrderSchema.parse(response.json());
    // GBP: 10x15 is 17p, 20x30 is 215p. One product per size, in the price list's order.
    expect(placed).toMatchObject({ status: 'Received', source: 'PAP_910', channel: CHANNEL, currency: 'GBP', deliveryType: 'Home', totalAmount: 5 * 17 + 215, productCount: 2 });
    expect(placed.products.map((p) => [p.title, p.articleName, p.quantity, p.priceAmount])).toEqual([
      ['Photo prints 10x15', 'PAP_910', 5, 85],
      ['Photo prints 20x30', 'PAP_2030', 1, 215],
    ]);
    // Its picture is the first photo it prints, signed, as the library signs the photo's smallest thumbnail.
    expect(placed.picture?.url).toContain(s.photoIds[0]);
    expect(placed.picture?.url).not.toContain(s.photoIds[1]);
    const files = await server().db.selectFrom('order_files as f').innerJoin('orders as o', 'o.id', 'f.order_id').select(['f.photo_id', 'f.position']).where('o.order_code', '=', placed.orderCode).orderBy('f.position').execute();
    expect(files.map((f) => f.photo_id)).toEqual(s.photoIds);
    expect(placed.deliveryAddress).toMatchObject({ street: 'Baker Street', postalCode: 'NW1 6XE' });

    const mine = await ordersOf(s.who);
    expect(mine.items.map((o) => o.orderCode)).toEqual([placed.orderCode]);

    const after = await storageOf(s.who);
    expect(after.lastOrderDate).toBe(placed.createdAt);
    expect(Date.parse(after.projectedDeletionDate)).toBeGreaterThan(Date.now() + 17 * 30 * 86_400_000);
  });

  it('prices in the channel of the order: euros on an Irish storefront', async () => {
    const s = await withSelection(1, undefined, 'www.printhaven.ie');
    const placed = superOrderSchema.parse((await post(s.who, order(s, { channel: 'www.printhaven.ie', deliveryAddress: { ...HOME, countryCode: 'IE', postalCode: 'D02 X285' } }))).json());
    expect(placed).toMatchObject({ currency: 'EUR', totalAmount: 19 });
  });

  it("is placed on the customer's own storefront only, delivered to one of its countries: another storefront's prices and currency, or an address abroad, are a 400 and nothing is placed", async () => {
    const s = await withSelection(1);
    for (const channel of ['www.printhaven.dk', 'www.printhaven.se', 'www.printhaven.de']) {
      expect(refused(await post(s.who, order(s, { channel })), 400).issues, channel).toEqual([{ path: 'channel', message: "Orders are placed on the customer's own storefront" }]);
    }
    const berlin = { ...HOME, street: 'Unter den Linden', houseNumber: '1', postalCode: '10117', city: 'Berlin', countryCode: 'DE' };
    expect(refused(await post(s.who, order(s, { deliveryAddress: berlin })), 400).issues).toEqual([{ path: 'deliveryAddress.countryCode', message: 'Not a country this storefront delivers to; one of GB' }]);
    expect((await ordersOf(s.who)).total).toBe(0);
  });

  it('the same requestId twice, even at once, places one order and answers it both times', async () => {
    const s = await withSelection();
    const body = order(s);
    const [a, b] = await Promise.all([post(s.who, body), post(s.who, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(superOrderSchema.parse(a.json()).orderCode).toBe(superOrderSchema.parse(b.json()).orderCode);
    const again = await post(s.who, body);
    expect(superOrderSchema.parse(again.json()).orderCode).toBe(superOrderSchema.parse(a.json()).orderCode);
    expect((await ordersOf(s.who)).total).toBe(1);
  });

  it('the requestId of a placed order sent again with other prints, delivery or address is a 409: never the first order answered as if it were the second', async () => {
    const s = await withSelection();
    const body = order(s);
    const first = await post(s.who, body);
    expect(first.statusCode, first.body).toBe(201);
    const changed = [
      { ...body, lines: body.lines.map((l) => ({ ...l, quantity: 7 })) },
      { ...body, lines: body.lines.map((l) => ({ ...l, size: '20x30' })) },
      { ...body, deliveryType: 'PickupPoint' as const, deliveryAddress: undefined },
      { ...body, deliveryAddress: { ...HOME, street: 'Other Street' } },
    ];
    for (const other of changed) expect(refused(await post(s.who, other), 409)).toMatchObject({ error: 'request_id_in_use' });
    const orders = await ordersOf(s.who);
    expect(orders.total).toBe(1);
    expect(orders.items[0]).toMatchObject({ totalAmount: 2 * 17, deliveryAddress: { street: 'Baker Street' } });
    // The very same order again is still the retry it always was.
    expect((await post(s.who, body)).statusCode).toBe(201);
  });

  it("another customer's selection, an expired one or an unknown id is a 404 and places nothing", async () => {
    const owner = await withSelection();
    const stranger = await newCustomer(server());
    const body = order(owner);
    expect(refused(await post(stranger, body), 404)).toMatchObject({ error: 'not_found' });
    expect(refused(await post(owner.who, { ...body, tempSelectionId: randomUUID() }), 404)).toMatchObject({ error: 'not_found' });

    await server().db.updateTable('temp_selections').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', owner.tempSelectionId).execute();
    refused(await post(owner.who, body), 404);

    expect((await ordersOf(stranger)).total).toBe(0);
    expect((await ordersOf(owner.who)).total).toBe(0);
  });

  it('a photo not in the selection (even the customer’s own) is a 400 naming the line, and places nothing', async () => {
    const s = await withSelection(2);
    const [other] = await insertPhotoRows(server(), s.who.id, [{}]);
    const error = refused(await post(s.who, order(s, { lines: [{ photoId: s.photoIds[0]!, size: '10x15', quantity: 1 }, { photoId: other!.id, size: '10x15', quantity: 1 }] })), 400);
    expect(error.issues).toEqual([{ path: 'lines.1.photoId', message: 'Not in the selection' }]);
    expect((await ordersOf(s.who)).total).toBe(0);
  });

  it('bad sizes, quantities, channels, deliveries and addresses are 400s that say which field, and place nothing', async () => {
    const s = await withSelection(1);
    const line = { photoId: s.photoIds[0]!, size: '10x15', quantity: 1 };
    const pathsOf = async (body: object) => refused(await post(s.who, body), 400).issues?.map((i) => i.path);

    expect(await pathsOf(order(s, { lines: [{ ...line, size: '11x17' }] }))).toEqual(['lines.0.size']);
    expect(await pathsOf(order(s, { lines: [{ ...line, quantity: 0 }] }))).toEqual(['lines.0.quantity']);
    expect(await pathsOf(order(s, { lines: [{ ...line, quantity: 100 }] }))).toEqual(['lines.0.quantity']);
    expect(await pathsOf(order(s, { lines: [{ ...line, quantity: 1.5 }] }))).toEqual(['lines.0.quantity']);
    expect(await pathsOf(order(s, { lines: [] }))).toEqual(['lines']);
    expect(await pathsOf(order(s, { lines: [line, line] }))).toEqual(['lines.1']);
    expect(await pathsOf(order(s, { channel: 'www.nowhere.example' }))).toEqual(['channel']);
    expect(await pathsOf({ ...order(s), productCode: 'BOOK_1' })).toEqual(['productCode']);
    expect(await pathsOf(order(s, { deliveryAddress: undefined }))).toEqual(['deliveryAddress']);
    const address = refused(await post(s.who, order(s, { deliveryAddress: { ...HOME, postalCode: '12345', phone: 'call me' } })), 400);
    expect(address.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'deliveryAddress.phone', message: 'phone' }), expect.objectContaining({ path: 'deliveryAddress.postalCode', message: 'postalCode' })]));
    expect(await pathsOf({ ...order(s), requestId: 'not-a-uuid' })).toEqual(['requestId']);

    expect((await ordersOf(s.who)).total).toBe(0);
  });

  it("takes a campaign's voucher off the prints it is for, typed in any case; a voucher that does not apply is a 400 saying why, and places nothing", async () => {
    await seedDemoCampaigns(server().db);
    const s = await withSelection(2);
    const lines = [
      { photoId: s.photoIds[0]!, size: '10x15', quantity: 5 },
      { photoId: s.photoIds[1]!, size: '20x30', quantity: 1 },
    ];
    const why = async (voucherCode: string, more: Partial<PlacePrintsOrder> = {}) => {
      const error = refused(await post(s.who, order(s, { lines, voucherCode, ...more })), 400);
      return error.issues?.find((issue) => issue.path === 'voucherCode')?.message;
    };
    expect(await why('NOSUCHCODE')).toBe('notFound');
    expect(await why(DEMO_VOUCHERS.expired)).toBe('expired');
    expect(await why(DEMO_VOUCHERS.photoBooks)).toBe('otherArticles');
    // £5 off orders of £15 or more: these prints come to £3.00.
    expect(await why(DEMO_VOUCHERS.welcome, { lines: [{ photoId: s.photoIds[0]!, size: '10x15', quantity: 1 }] })).toBe('belowMinimum');
    expect(refused(await post(s.who, order(s, { voucherCode: 'not a code!' })), 400).issues?.[0]?.path).toBe('voucherCode');
    expect((await ordersOf(s.who)).items).toEqual([]);

    // 25% off: 5 × £0.17 = 85p less 21p, £2.15 less 53p; each product names the voucher.
    const response = await post(s.who, order(s, { lines, voucherCode: ` ${DEMO_VOUCHERS.springPrints.toLowerCase()} ` }));
    expect(response.statusCode, response.body).toBe(201);
    const placed = superOrderSchema.parse(response.json());
    expect(placed.products.map((p) => [p.articleName, p.voucher, p.voucherDetails?.discountAmount])).toEqual([
      ['PAP_910', DEMO_VOUCHERS.springPrints, 21],
      ['PAP_2030', DEMO_VOUCHERS.springPrints, 53],
    ]);
    expect(placed.totalAmount).toBe(85 + 215 - 21 - 53);
  });

  it('a PickupPoint order needs no address: it is collected at the channel’s point in the customer’s name', async () => {
    const s = await withSelection(1);
    const response = await post(s.who, order(s, { deliveryType: 'PickupPoint', deliveryAddress: undefined }));
    expect(response.statusCode, response.body).toBe(201);
    const placed = superOrderSchema.parse(response.json());
    expect(placed.deliveryType).toBe('PickupPoint');
    expect(placed.pickupPoint).not.toBeNull();
    expect(placed.deliveryAddressChangeable).toBe(false);
  });

  it('refuses a caller without a token', async () => {
    const s = await withSelection(1);
    const response = await server().app.inject({ method: 'POST', url: URL, payload: order(s) });
    expect(response.statusCode).toBe(401);
  });
});
