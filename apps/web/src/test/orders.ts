import {
  ADDRESS_CHANGEABLE_STATUSES,
  PUSH_CLOSE,
  addressInputSchema,
  type Address,
  type CampaignOffer,
  type DeliveryDates,
  type OrderProduct,
  type OrderStatus,
  type PdfLink,
  type ProductFile,
  type OrderUpload,
  type SuperOrder,
} from '@shoebox/contracts';
import { http, HttpResponse, ws, type WebSocketHandlerConnection } from 'msw';
import { onTestFinished } from 'vitest';
import { z } from 'zod/mini';
import { apiUrl, consumerIdentity, testConfig } from './fixtures';
import { server } from './msw-server';

const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export const homeAddress = (o: Partial<Address> = {}): Address => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: 'Baker Street',
  houseNumber: '221B',
  postalCode: 'NW1 6XE',
  city: 'London',
  countryCode: 'GB',
  phone: null,
  ...o,
});

export function orderProduct(o: Partial<OrderProduct> = {}): OrderProduct {
  return {
    code: 'P-1',
    title: 'Photo book A4',
    // Not in the catalogue: the page names it by the title it was ordered under.
    articleName: 'PHB_A4_TEST',
    productType: 'photobook',
    quantity: 1,
    status: 'Confirmed',
    createdAt: daysAgo(2),
    paymentChangedDate: daysAgo(2),
    voucher: null,
    voucherDetails: null,
    priceAmount: 2999,
    ...o,
  };
}

export function superOrder(o: Partial<SuperOrder> = {}): SuperOrder {
  const status = o.status ?? 'Confirmed';
  const products = o.products ?? [orderProduct({ status })];
  return {
    orderCode: 'SO-1001',
    createdAt: daysAgo(2),
    status,
    holdup: null,
    source: 'Photo book A4',
    deliveryType: 'Home',
    deliveryAddress: homeAddress(),
    pickupPoint: null,
    deliveryAddressChangeable: ADDRESS_CHANGEABLE_STATUSES.includes(status),
    channel: 'www.printhaven.co.uk',
    currency: 'GBP',
    totalAmount: 2999,
    productCount: products.length,
    products,
    picture: null,
    tracking: null,
    ...o,
  };
}

/** A file an order was made from, its photo still in the customer's library unless `picture` says otherwise. */
export function orderUpload(i: number, o: Partial<OrderUpload> = {}): OrderUpload {
  return {
    id: `file-${i}`,
    fileName: `IMG_${String(i).padStart(4, '0')}.jpg`,
    bytes: 2_400_000,
    uploadedAt: daysAgo(3),
    photoId: `photo-${i}`,
    picture: { url: `https://cdn.example.test/photo-${i}-300.jpg`, width: 300, height: 200 },
    ...o,
  };
}

export function campaignOffer(o: Partial<CampaignOffer> = {}): CampaignOffer {
  return {
    voucherOptionCode: 'SPRING20',
    campaignName: 'spring',
    title: '20% off photo books',
    description: 'Spring sale',
    discountKind: 'Percentage',
    discountValue: 20,
    currency: null,
    minimumOrderAmount: 0,
    articleGroups: [],
    validFrom: daysAgo(30),
    validUntil: daysAgo(-30),
    ...o,
  };
}

const refusal = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: 'c' }, { status });
type Client = WebSocketHandlerConnection['client'];

/**
 * The orders service and the push channel as the real server runs them (spec §7.3): the list pages by Offset and
 * Limit newest first, another customer's or an unknown code answers 404, an address is checked with the
 * contracts (400) and accepted only while the order allows it (409), and a status change is pushed to every
 * authenticated socket.
 */
export class FakeOrders {
  orders: SuperOrder[];
  readonly listRequests: URLSearchParams[] = [];
  readonly addressRequests: { orderCode: string; body: unknown }[] = [];
  readonly reorderRequests: string[] = [];
  /** The order codes whose reorder status was asked for, in order. */
  readonly reorderStatusRequests: string[] = [];
  readonly sockets: { client: Client; authenticated: boolean }[] = [];
  /** When false, sockets wait for `acceptSockets()` before their authenticate action is answered. */
  authenticateAtOnce = true;
  deliveryDates = new Map<string, DeliveryDates>();
  offers = new Map<string, CampaignOffer>();
  reorderable = true;
  /** Each product's files by its code (none unless set), and the links GET /v1/pdf/me/{id} answers by file id. */
  productFiles = new Map<string, ProductFile[]>();
  pdfLinks = new Map<string, PdfLink>();
  readonly pdfLinkRequests: string[] = [];
  /** Answers the list, or an order, with this status instead of its data. */
  listStatus = 200;
  orderStatus = 200;
  /** While set, reads of an order wait for it (to see what a screen shows before the order is read again). */
  orderReadGate: Promise<void> | null = null;
  /** Fulfilment moves the order into production just before the next address change arrives. */
  closeWindowBeforeNextChange = false;
  /** The files each order was made from, by order code (none recorded for the others). */
  uploads = new Map<string, OrderUpload[]>();
  /** Orders the account's uploads call does not know (404); the several-orders call answers those with files recorded. */
  uploadsOnlyByCodes = new Set<string>();
  /** Answers the account's uploads call with this status instead. */
  uploadsStatus = 200;
  readonly uploadRequests: { orderCode: string; accountId: string | null }[] = [];
  readonly anonymousUploadRequests: unknown[] = [];

  constructor(orders: SuperOrder[]) {
    this.orders = [...orders];
  }

  find(orderCode: string) {
    return this.orders.find((order) => order.orderCode === orderCode);
  }

  private update(orderCode: string, change: Partial<SuperOrder>) {
    this.orders = this.orders.map((order) => (order.orderCode === orderCode ? { ...order, ...change } : order));
  }

  get handlers() {
    return [
      http.get(apiUrl('orders', '/v2/superorders/me'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        this.listRequests.push(query);
        if (this.listStatus !== 200) return refusal(this.listStatus, 'internal');
        const offset = Number(query.get('Offset') ?? 0);
        const limit = Number(query.get('Limit') ?? 100);
        const sorted = [...this.orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
        return HttpResponse.json({ items: sorted.slice(offset, offset + limit), total: sorted.length });
      }),
      http.get(apiUrl('orders', '/v1/superorders/:code'), async ({ params }) => {
        await this.orderReadGate;
        if (this.orderStatus !== 200) return refusal(this.orderStatus, 'internal');
        const order = this.find(String(params.code));
        return order ? HttpResponse.json(order) : refusal(404, 'not_found');
      }),
      http.put(apiUrl('orders', '/v1/superorders/:code/deliveryAddress'), async ({ params, request }) => {
        const orderCode = String(params.code);
        const body: unknown = await request.json();
        this.addressRequests.push({ orderCode, body });
        if (!this.find(orderCode)) return refusal(404, 'not_found');
        const parsed = z.safeParse(addressInputSchema, body);
        if (!parsed.success) return refusal(400, 'bad_request');
        if (this.closeWindowBeforeNextChange) {
          this.closeWindowBeforeNextChange = false;
          this.move(orderCode, 'ProductionStarted');
        }
        if (!this.find(orderCode)!.deliveryAddressChangeable) return refusal(409, 'delivery_address_not_changeable');
        this.update(orderCode, { deliveryAddress: parsed.data });
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(apiUrl('orders', '/v1/Products/:code'), ({ params }) => {
        const code = String(params.code);
        const order = this.orders.find((o) => o.products.some((p) => p.code === code));
        const product = order?.products.find((p) => p.code === code);
        return order && product ? HttpResponse.json({ ...product, orderCode: order.orderCode, files: this.productFiles.get(code) ?? [] }) : refusal(404, 'not_found');
      }),
      http.get(apiUrl('orders', '/v1/pdf/me/:id'), ({ params }) => {
        this.pdfLinkRequests.push(String(params.id));
        const link = this.pdfLinks.get(String(params.id));
        return link ? HttpResponse.json(link) : refusal(404, 'not_found');
      }),
      http.get(apiUrl('orders', '/OrderDeliveryDates/:code'), ({ params }) => {
        const dates = this.deliveryDates.get(String(params.code));
        return dates ? HttpResponse.json(dates) : refusal(404, 'not_found');
      }),
      http.get(apiUrl('orders', '/reorder/status/:code'), ({ params }) => {
        this.reorderStatusRequests.push(String(params.code));
        return HttpResponse.json({ orderCode: String(params.code), reorderable: this.reorderable, reason: this.reorderable ? null : 'inProgress' });
      }),
      http.post(apiUrl('orders', '/reorder/direct'), ({ request }) => {
        const orderCode = new URL(request.url).searchParams.get('OrderCode') ?? '';
        this.reorderRequests.push(orderCode);
        return HttpResponse.json({ ShopUrl: `https://www.printhaven.co.uk/reorder?order=${orderCode}` });
      }),
      http.get(apiUrl('orders', '/uploads/:code'), ({ params, request }) => {
        const orderCode = String(params.code);
        const accountId = new URL(request.url).searchParams.get('accountId');
        this.uploadRequests.push({ orderCode, accountId });
        if (this.uploadsStatus !== 200) return refusal(this.uploadsStatus, 'internal');
        if (accountId !== consumerIdentity.customerId || !this.find(orderCode) || this.uploadsOnlyByCodes.has(orderCode)) return refusal(404, 'not_found');
        return HttpResponse.json({ orderCode, files: this.uploads.get(orderCode) ?? [] });
      }),
      http.post(apiUrl('orders', '/getanonymousuploads'), async ({ request }) => {
        const body = (await request.json()) as { ids: string[] };
        this.anonymousUploadRequests.push(body);
        const known = body.ids.filter((code) => this.uploads.has(code));
        return HttpResponse.json({ items: known.map((orderCode) => ({ orderCode, files: this.uploads.get(orderCode) ?? [] })) });
      }),
      http.get(apiUrl('orders', '/api/v1/campaigns/offers/:code'), ({ params }) => {
        const offer = this.offers.get(String(params.code));
        return offer ? HttpResponse.json(offer) : refusal(404, 'not_found');
      }),
      ws.link(testConfig().pushSocketUrl).addEventListener('connection', ({ client }) => {
        const socket = { client, authenticated: false };
        this.sockets.push(socket);
        client.addEventListener('message', () => {
          if (this.authenticateAtOnce) this.accept(socket);
        });
        client.addEventListener('close', () => {
          socket.authenticated = false;
        });
      }),
    ];
  }

  private accept(socket: { client: Client; authenticated: boolean }) {
    socket.authenticated = true;
    socket.client.send('OK');
  }

  /** Answers the sockets that sent their authenticate action while `authenticateAtOnce` was false. */
  acceptSockets() {
    for (const socket of this.sockets) if (!socket.authenticated) this.accept(socket);
  }

  get listening() {
    return this.sockets.filter((s) => s.authenticated);
  }

  /** Fulfilment moves an order (and its products); the address can be changed only in the statuses that allow it. */
  move(orderCode: string, status: OrderStatus) {
    const order = this.find(orderCode)!;
    this.update(orderCode, {
      status,
      deliveryAddressChangeable: order.deliveryType === 'Home' && ADDRESS_CHANGEABLE_STATUSES.includes(status),
      products: order.products.map((p) => ({ ...p, status })),
    });
  }

  /** Moves an order and pushes the change, as the fulfilment back office does. */
  push(orderCode: string, status: OrderStatus) {
    this.move(orderCode, status);
    const frame = JSON.stringify({ id: crypto.randomUUID(), type: 'order.status.changed', data: { orderCode, status, timestamp: new Date().toISOString() } });
    for (const socket of this.listening) socket.client.send(frame);
  }
}

export function serveOrders(orders: SuperOrder[] = []): FakeOrders {
  const fake = new FakeOrders(orders);
  server.use(...fake.handlers);
  onTestFinished(() => {
    for (const socket of fake.sockets) socket.client.close(PUSH_CLOSE.badMessage.code, PUSH_CLOSE.badMessage.reason);
  });
  return fake;
}
