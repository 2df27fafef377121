import { findChannel, type Address, type Channel, type ParcelTracking, type DeliveryType, type OrderStatus, type VoucherDetails } from '@shoebox/contracts';
import type { Kysely } from 'kysely';
import { collectionPointFor } from '../modules/orders/pickup-points.js';
import { addressColumns, productCode } from '../modules/orders/order.service.js';
import { bumpOrderHistory, trackingColumns, type OrderFileRow, type OrderProductRow, type OrderRow } from '../modules/orders/order.repository.js';
import type { Database } from '../platform/db/schema.js';
import { DEMO_VOUCHERS } from './demo-vouchers.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface ProductPlan {
  title: string;
  productType: string;
  articleName: string;
  quantity: number;
  unitPrice: number;
  voucher?: VoucherDetails;
}

/** One order of a demo history: how long ago it was placed, where it stands, how it travels. */
export interface OrderPlan {
  /** Added to the account's order-code stem; '' is the newest order, which the account's storage period counts from. */
  suffix: string;
  daysAgo: number;
  status: OrderStatus;
  deliveryType: DeliveryType;
  /** 'Resnap' for a reorder; otherwise the product it was made in (its first product's article). */
  resnap?: boolean;
  products: ProductPlan[];
  /** Photos it was made from. */
  files: number;
}

const PRODUCTS = {
  prints: (quantity: number, voucher?: VoucherDetails): ProductPlan => ({ title: 'Photo prints 10x15', productType: 'prints', articleName: 'PAP_910', quantity, unitPrice: 15, voucher }),
  largePrints: (quantity: number): ProductPlan => ({ title: 'Photo prints 13x18', productType: 'prints', articleName: 'PAP_1318', quantity, unitPrice: 29 }),
  photoBook: (voucher?: VoucherDetails): ProductPlan => ({ title: 'Photo book A4 landscape, hardcover', productType: 'photobook', articleName: 'PHB_A4L', quantity: 1, unitPrice: 3499, voucher }),
  calendar: (quantity: number): ProductPlan => ({ title: 'Wall calendar A3', productType: 'calendar', articleName: 'CAL_A3', quantity, unitPrice: 1999 }),
  canvas: (): ProductPlan => ({ title: 'Canvas 60x40', productType: 'wallDecor', articleName: 'CAN_6040', quantity: 1, unitPrice: 4995 }),
  cards: (packs: number): ProductPlan => ({ title: 'Greeting cards, pack of 10', productType: 'cards', articleName: 'CRD_10', quantity: packs, unitPrice: 899 }),
  mug: (): ProductPlan => ({ title: 'Photo mug', productType: 'gift', articleName: 'MUG_STD', quantity: 1, unitPrice: 1299 }),
};
const VOUCHERS = {
  books: { code: DEMO_VOUCHERS.photoBooks, title: '20% off photo books', discountAmount: 700 },
  welcome: { code: DEMO_VOUCHERS.welcome, title: '5 off your first order', discountAmount: 500 },
  prints: { code: DEMO_VOUCHERS.printsBundle, title: '100 prints for the price of 80', discountAmount: 300 },
} satisfies Record<string, VoucherDetails>;

/**
 * The demo histories (decision 054). The newest order of each is the account's lastOrderDaysAgo, so the
 * storage period each account's description promises holds; Lars and Sofia never ordered. Orders in
 * progress (placed within 30 days) go to the accounts whose last order is that recent: Mila and the
 * business accounts. Ines has orders older than the order history's keeping time (OrderState=all only).
 */
const HISTORIES: Record<string, OrderPlan[]> = {
  'emma@example.com': [
    { suffix: '', daysAgo: 60, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(48, VOUCHERS.prints), PRODUCTS.largePrints(6)], files: 8 },
    { suffix: '-02', daysAgo: 150, status: 'Dispatched', deliveryType: 'PickupPoint', products: [PRODUCTS.photoBook(VOUCHERS.books)], files: 12 },
    { suffix: '-03', daysAgo: 245, status: 'Cancelled', deliveryType: 'Home', products: [PRODUCTS.canvas()], files: 1 },
    { suffix: '-04', daysAgo: 400, status: 'Dispatched', deliveryType: 'Home', resnap: true, products: [PRODUCTS.prints(24)], files: 6 },
    { suffix: '-05', daysAgo: 700, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.calendar(2), PRODUCTS.mug()], files: 13 },
  ],
  'ines@example.com': [
    { suffix: '', daysAgo: 45, status: 'Dispatched', deliveryType: 'PickupPoint', products: [PRODUCTS.prints(30)], files: 5 },
    { suffix: '-02', daysAgo: 420, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.photoBook()], files: 10 },
    { suffix: '-03', daysAgo: 1400, status: 'Cancelled', deliveryType: 'Home', products: [PRODUCTS.cards(3)], files: 2 },
    { suffix: '-04', daysAgo: 2300, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(60), PRODUCTS.calendar(1)], files: 9 },
    { suffix: '-05', daysAgo: 4100, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(15)], files: 4 },
  ],
  'mila@example.com': [
    { suffix: '', daysAgo: 1, status: 'Received', deliveryType: 'Home', products: [PRODUCTS.prints(36)], files: 6 },
    { suffix: '-02', daysAgo: 3, status: 'Confirmed', deliveryType: 'Home', products: [PRODUCTS.photoBook(VOUCHERS.books), PRODUCTS.cards(1)], files: 14 },
    { suffix: '-03', daysAgo: 6, status: 'ProductionStarted', deliveryType: 'PickupPoint', products: [PRODUCTS.canvas()], files: 1 },
    { suffix: '-04', daysAgo: 9, status: 'ProductionCompleted', deliveryType: 'Home', resnap: true, products: [PRODUCTS.prints(24)], files: 6 },
    { suffix: '-05', daysAgo: 12, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.calendar(3)], files: 12 },
    { suffix: '-06', daysAgo: 20, status: 'Cancelled', deliveryType: 'PickupPoint', products: [PRODUCTS.mug()], files: 1 },
    { suffix: '-07', daysAgo: 40, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(72, VOUCHERS.prints)], files: 9 },
    { suffix: '-08', daysAgo: 210, status: 'Dispatched', deliveryType: 'PickupPoint', resnap: true, products: [PRODUCTS.photoBook()], files: 20 },
    { suffix: '-09', daysAgo: 330, status: 'Cancelled', deliveryType: 'Home', products: [PRODUCTS.largePrints(10)], files: 10 },
    { suffix: '-10', daysAgo: 640, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(40, VOUCHERS.welcome)], files: 7 },
  ],
  'daan@example.com': [
    { suffix: '', daysAgo: 4, status: 'Confirmed', deliveryType: 'Home', products: [PRODUCTS.cards(20)], files: 2 },
    { suffix: '-02', daysAgo: 95, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.calendar(25)], files: 13 },
  ],
  'nora@example.com': [
    { suffix: '', daysAgo: 15, status: 'ProductionStarted', deliveryType: 'Home', products: [PRODUCTS.photoBook(), PRODUCTS.largePrints(40)], files: 30 },
    { suffix: '-02', daysAgo: 180, status: 'Dispatched', deliveryType: 'PickupPoint', products: [PRODUCTS.canvas(), PRODUCTS.canvas()], files: 2 },
  ],
  'bram@example.com': [
    { suffix: '', daysAgo: 90, status: 'Cancelled', deliveryType: 'Home', products: [PRODUCTS.prints(200)], files: 25 },
    { suffix: '-02', daysAgo: 300, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.largePrints(120)], files: 40 },
  ],
};

/** Any other account with a last order (the benchmark's customers) gets that one order. */
const lastOrderOnly = (daysAgo: number): OrderPlan[] => [{ suffix: '', daysAgo, status: 'Dispatched', deliveryType: 'Home', products: [PRODUCTS.prints(36)], files: 6 }];

/** Where each demo account lives: its home deliveries go there, and its address book holds it as the default. */
export const HOME_ADDRESSES: Record<string, Omit<Address, 'firstName' | 'lastName' | 'phone'>> = {
  'emma@example.com': { street: 'Elgin Crescent', houseNumber: '41', postalCode: 'W11 2JD', city: 'London', countryCode: 'GB' },
  'ines@example.com': { street: 'Queen Street', houseNumber: '7A', postalCode: 'EH2 1JE', city: 'Edinburgh', countryCode: 'GB' },
  'mila@example.com': { street: 'Deansgate', houseNumber: '250', postalCode: 'M3 4BQ', city: 'Manchester', countryCode: 'GB' },
  'daan@example.com': { street: 'Corn Street', houseNumber: '12', postalCode: 'BS1 1JQ', city: 'Bristol', countryCode: 'GB' },
  'nora@example.com': { street: 'Bold Street', houseNumber: '88', postalCode: 'L1 4HY', city: 'Liverpool', countryCode: 'GB' },
  'bram@example.com': { street: 'Broad Street', houseNumber: '3', postalCode: 'B1 2HF', city: 'Birmingham', countryCode: 'GB' },
};

/** The order-code stem of an account: its newest order keeps the code the demo seeding always gave it. */
export const demoOrderCode = (customerId: string) => `DEMO-${customerId.slice(0, 8).toUpperCase()}`;

export function demoOrderHistory(account: { email: string; lastOrderDaysAgo?: number }): OrderPlan[] {
  if (account.lastOrderDaysAgo === undefined) return [];
  return HISTORIES[account.email] ?? lastOrderOnly(account.lastOrderDaysAgo);
}

/** Paid an hour after it was placed, unless it awaits payment; a cancelled order was refunded a day after it was placed. */
function paymentChangedAt(plan: OrderPlan, placed: number): string | null {
  if (plan.status === 'Received') return null;
  return new Date(placed + (plan.status === 'Cancelled' ? DAY_MS : HOUR_MS)).toISOString();
}

export interface DemoCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  channel: string;
}

/** The carrier each demo storefront's parcels go with, and its page for one parcel. */
const CARRIERS: Record<string, { carrier: string; page: (n: string) => string }> = {
  GB: { carrier: 'Royal Mail', page: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  DE: { carrier: 'DHL', page: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}` },
  NL: { carrier: 'PostNL', page: (n) => `https://jouw.postnl.nl/track-and-trace/${n}` },
  SE: { carrier: 'PostNord', page: (n) => `https://www.postnord.se/en/our-tools/track-and-trace?shipmentId=${n}` },
};
/** A sent demo order's parcel, tracked as the back office would have given it. */
function demoTracking(channel: Channel, orderCode: string): ParcelTracking {
  const { carrier, page } = CARRIERS[channel.country] ?? CARRIERS.DE!;
  const digits = [...orderCode].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1_000_000_000, 7);
  const trackingNumber = `${channel.country === 'GB' ? 'RM' : 'JJD'}${String(digits).padStart(9, '0')}${channel.country === 'GB' ? 'GB' : ''}`;
  return { carrier, trackingNumber, url: page(trackingNumber) };
}

/** The rows of one planned order, as the orders module stores a placed one. */
export function demoOrderRows(customer: DemoCustomer, plan: OrderPlan, now: number): { order: OrderRow; products: OrderProductRow[]; files: OrderFileRow[] } {
  const channel = findChannel(customer.channel) ?? findChannel('www.printhaven.co.uk')!;
  const placed = now - plan.daysAgo * DAY_MS;
  const createdAt = new Date(placed).toISOString();
  const code = `${demoOrderCode(customer.id)}${plan.suffix}`;
  const recipient = { firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone };
  const home = HOME_ADDRESSES[customer.email];
  const pickupPoint = plan.deliveryType === 'PickupPoint' ? collectionPointFor(channel, recipient) : null;
  const address: Address = pickupPoint?.address ?? (home && home.countryCode === channel.country ? { ...recipient, ...home } : collectionPointFor(channel, recipient).address);
  const paid = paymentChangedAt(plan, placed);
  const orderId = `demo-order-${customer.id}${plan.suffix}`;
  const products: OrderProductRow[] = plan.products.map((p, position) => ({
    code: productCode(code, position),
    order_id: orderId,
    customer_id: customer.id,
    position,
    status: plan.status,
    created_at: createdAt,
    payment_changed_at: paid,
    title: p.title,
    product_type: p.productType,
    article_name: p.articleName,
    quantity: p.quantity,
    price_amount: p.quantity * p.unitPrice,
    voucher_code: p.voucher?.code ?? null,
    voucher_title: p.voucher?.title ?? null,
    voucher_discount_amount: p.voucher?.discountAmount ?? null,
  }));
  const total = products.reduce((sum, p) => sum + p.price_amount - (p.voucher_discount_amount ?? 0), 0);
  const order: OrderRow = {
    id: orderId,
    customer_id: customer.id,
    order_code: code,
    status: plan.status,
    created_at: createdAt,
    channel: channel.code,
    currency: channel.currency,
    source: plan.resnap ? 'Resnap' : plan.products[0]!.articleName,
    delivery_type: plan.deliveryType,
    ...addressColumns(address),
    pickup_point: pickupPoint ? JSON.stringify(pickupPoint) : null,
    total_amount: Math.max(0, total),
    payment_changed_at: paid,
    updated_at: createdAt,
    address_changed_at: null,
    holdup: null,
    request_id: null,
    ...trackingColumns(plan.status === 'Dispatched' ? demoTracking(channel, code) : null),
  };
  const files: OrderFileRow[] = Array.from({ length: plan.files }, (_, i) => ({
    id: `${code}-F${String(i + 1).padStart(2, '0')}`,
    order_id: orderId,
    position: i,
    photo_id: null,
    file_name: `IMG_${String(4100 + plan.daysAgo * 7 + i * 3).padStart(4, '0')}.jpg`,
    bytes: 1_800_000 + ((plan.daysAgo * 7919 + i * 104_729) % 2_400_000),
    uploaded_at: new Date(placed - 20 * 60_000).toISOString(),
  }));
  return { order, products, files };
}

/**
 * Writes a customer's planned orders that are not there yet; running it again adds nothing and changes
 * nothing (a demo may have moved an order or changed its address since). An order of the same code
 * recorded bare (before orders had products) gets its details.
 */
/** In a transaction of its own, or in the caller's (the demo accounts are seeded in one). */
const atOnce = (db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));

export async function insertDemoOrders(db: Kysely<Database>, customer: DemoCustomer, plans: OrderPlan[], now = Date.now()): Promise<void> {
  for (const plan of plans) {
    const { order, products, files } = demoOrderRows(customer, plan, now);
    const { id: _id, order_code: _code, customer_id: _customer, status: _status, created_at: _created, ...details } = order;
    // With the history's version, as every order write (decision 054): a running server's kept answers move on.
    await atOnce(db, async (trx) => {
      const stored = await trx
        .insertInto('orders')
        .values(order)
        .onConflict((oc) => oc.column('order_code').doUpdateSet(details).where('orders.total_amount', '=', 0))
        .returning('id')
        .executeTakeFirst();
      if (!stored) return;
      const rows = { products: products.map((p) => ({ ...p, order_id: stored.id })), files: files.map((f) => ({ ...f, order_id: stored.id })) };
      if (rows.products.length) await trx.insertInto('order_products').values(rows.products).onConflict((oc) => oc.column('code').doNothing()).execute();
      if (rows.files.length) await trx.insertInto('order_files').values(rows.files).onConflict((oc) => oc.column('id').doNothing()).execute();
      await bumpOrderHistory(trx, customer.id);
    });
  }
}
