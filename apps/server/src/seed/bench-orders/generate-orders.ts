/**
 * The rows of the orders benchmark's database: one customer with `perCustomer` orders, all within the
 * order history's keeping time, and enough other customers to make up `total` orders, theirs spread
 * over more years than are kept (so OrderState=notExpired has some to leave out). Orders are written
 * oldest first across all customers, as a shop records them, so one customer's rows lie scattered
 * through the table as they would in production.
 */
import { randomUUID } from 'node:crypto';
import { findChannel, ORDER_HISTORY_YEARS, type OrderStatus } from '@shoebox/contracts';
import { UNTRACKED, type OrderProductRow, type OrderRow } from '../../modules/orders/order.repository.js';
import { addressColumns, productCode } from '../../modules/orders/order.service.js';
import { collectionPointFor } from '../../modules/orders/pickup-points.js';
import type { CustomersTable } from '../../platform/db/schema.js';
import { rngFrom } from '../bench-library/seeded-random.js';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_MS = 365.25 * DAY_MS;

/** The bench customer's orders lie within this much of the history's keeping time, so all are listed. */
const BENCH_SPAN_MS = (ORDER_HISTORY_YEARS - 0.5) * YEAR_MS;
/** Other customers' orders: over more years than are kept. */
const OTHERS_SPAN_MS = (ORDER_HISTORY_YEARS + 3) * YEAR_MS;
/** Other customers have 1 to 1 + OTHER_MAX_EXTRA orders, most of them few (cubic skew: about 11 on average). */
const OTHER_MAX_EXTRA = 40;
const CHANNEL = findChannel('www.printhaven.co.uk')!;

const PRODUCTS = [
  { title: 'Photo prints 10x15', productType: 'prints', articleName: 'PAP_910', unitPrice: 15, maxQuantity: 120 },
  { title: 'Photo prints 13x18', productType: 'prints', articleName: 'PAP_1318', unitPrice: 29, maxQuantity: 60 },
  { title: 'Photo book A4 landscape, hardcover', productType: 'photobook', articleName: 'PHB_A4L', unitPrice: 3499, maxQuantity: 2 },
  { title: 'Wall calendar A3', productType: 'calendar', articleName: 'CAL_A3', unitPrice: 1999, maxQuantity: 4 },
  { title: 'Canvas 60x40', productType: 'wallDecor', articleName: 'CAN_6040', unitPrice: 4995, maxQuantity: 1 },
  { title: 'Greeting cards, pack of 10', productType: 'cards', articleName: 'CRD_10', unitPrice: 899, maxQuantity: 5 },
  { title: 'Photo mug', productType: 'gift', articleName: 'MUG_STD', unitPrice: 1299, maxQuantity: 2 },
];
const VOUCHERS = [
  { code: 'BOOKS20', title: '20% off photo books', discountAmount: 700 },
  { code: 'WELCOME5', title: '5 off your first order', discountAmount: 500 },
  { code: 'PRINTS100', title: '100 prints for the price of 80', discountAmount: 300 },
];
const STREETS = ['Elgin Crescent', 'Queen Street', 'Deansgate', 'Corn Street', 'Bold Street', 'Broad Street', 'High Street', 'Station Road', 'Church Lane', 'Mill Road'];
const CITIES = [
  { city: 'London', postalCode: 'W11 2JD' },
  { city: 'Edinburgh', postalCode: 'EH2 1JE' },
  { city: 'Manchester', postalCode: 'M3 4BQ' },
  { city: 'Bristol', postalCode: 'BS1 1JQ' },
  { city: 'Liverpool', postalCode: 'L1 4HY' },
  { city: 'Birmingham', postalCode: 'B1 2HF' },
];
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_SPACE = 1n << 40n;
/** Odd, so multiplying by it is a one-to-one shuffle of 40-bit numbers: codes look random and never repeat. */
const CODE_MULTIPLIER = 0x9e3779b97n;

export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
}

export interface OrdersPlan {
  /** Index 0 is the bench customer. */
  customers: Customer[];
  /** Per order, oldest first: the index of its customer and when it was placed (ms). */
  customerOf: Int32Array;
  placedAt: Float64Array;
}

export function planOrders(total: number, perCustomer: number, bench: Customer, now: number): OrdersPlan {
  const rng = rngFrom(total ^ (perCustomer * 7919));
  const customers: Customer[] = [bench];
  const owner = new Int32Array(total);
  const at = new Float64Array(total);
  const spacing = BENCH_SPAN_MS / perCustomer;
  for (let i = 0; i < perCustomer; i++) at[i] = now - HOUR_MS - i * spacing - rng() * spacing * 0.9;
  let n = perCustomer;
  while (n < total) {
    const size = Math.min(total - n, 1 + Math.floor(OTHER_MAX_EXTRA * rng() ** 3));
    const index = customers.length;
    customers.push({ id: randomUUID(), firstName: 'Customer', lastName: String(index).padStart(6, '0') });
    for (let i = 0; i < size; i++, n++) {
      owner[n] = index;
      at[n] = now - HOUR_MS - rng() * OTHERS_SPAN_MS;
    }
  }
  const order = new Uint32Array(total).map((_, i) => i).sort((a, b) => at[a]! - at[b]!);
  return { customers, customerOf: Int32Array.from(order, (i) => owner[i]!), placedAt: Float64Array.from(order, (i) => at[i]!) };
}

export function customerRows(plan: OrdersPlan, now: number): CustomersTable[] {
  return plan.customers.slice(1).map((c) => ({
    id: c.id,
    email: `orders-${c.lastName}@example.com`,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: null,
    channel: CHANNEL.code,
    registered_at: new Date(now - OTHERS_SPAN_MS - YEAR_MS).toISOString(),
    business_company: null,
    business_vat: null,
    business_status: null,
    deleted_at: null,
  }));
}

function orderCode(n: number, rng: () => number): string {
  let x = (BigInt(n) * CODE_MULTIPLIER) % CODE_SPACE;
  let code = '';
  for (let i = 0; i < 8; i++, x >>= 5n) code += CODE_LETTERS[Number(x & 31n)];
  return `PH${CODE_LETTERS[Math.floor(rng() * 32)]}${CODE_LETTERS[Math.floor(rng() * 32)]}${code}`;
}

/** Where an order stands by its age, as fulfilment moves them; a few are cancelled. */
function statusAt(ageMs: number, rng: () => number): OrderStatus {
  if (ageMs < 2 * DAY_MS) return 'Received';
  if (rng() < 0.06) return 'Cancelled';
  if (ageMs < 4 * DAY_MS) return 'Confirmed';
  if (ageMs < 7 * DAY_MS) return 'ProductionStarted';
  if (ageMs < 9 * DAY_MS) return 'ProductionCompleted';
  return 'Dispatched';
}

/** The rows of orders [from, to) of the plan, with their products (1 to 3 each). */
export function orderRows(plan: OrdersPlan, from: number, to: number, now: number): { orders: OrderRow[]; products: OrderProductRow[] } {
  const rng = rngFrom(from + 1);
  const orders: OrderRow[] = [];
  const products: OrderProductRow[] = [];
  for (let n = from; n < to; n++) {
    const customer = plan.customers[plan.customerOf[n]!]!;
    const placed = plan.placedAt[n]!;
    const createdAt = new Date(placed).toISOString();
    const status = statusAt(now - placed, rng);
    const paid = status === 'Received' ? null : new Date(placed + (status === 'Cancelled' ? DAY_MS : HOUR_MS)).toISOString();
    const code = orderCode(n, rng);
    const id = randomUUID();
    const recipient = { firstName: customer.firstName, lastName: customer.lastName, phone: null };
    const pickup = rng() < 0.3 ? collectionPointFor(CHANNEL, recipient) : null;
    const place = CITIES[Math.floor(rng() * CITIES.length)]!;
    const address = pickup?.address ?? { ...recipient, street: STREETS[Math.floor(rng() * STREETS.length)]!, houseNumber: String(1 + Math.floor(rng() * 200)), ...place, countryCode: CHANNEL.country };
    const count = 1 + (rng() < 0.35 ? 1 : 0) + (rng() < 0.1 ? 1 : 0);
    let total = 0;
    let source = '';
    for (let position = 0; position < count; position++) {
      const p = PRODUCTS[Math.floor(rng() * PRODUCTS.length)]!;
      const quantity = 1 + Math.floor(rng() * p.maxQuantity);
      const voucher = rng() < 0.08 ? VOUCHERS[Math.floor(rng() * VOUCHERS.length)]! : null;
      const price = quantity * p.unitPrice;
      total += price - (voucher?.discountAmount ?? 0);
      source ||= p.articleName;
      products.push({
        code: productCode(code, position),
        order_id: id,
        customer_id: customer.id,
        position,
        status,
        created_at: createdAt,
        payment_changed_at: paid,
        title: p.title,
        product_type: p.productType,
        article_name: p.articleName,
        quantity,
        price_amount: price,
        voucher_code: voucher?.code ?? null,
        voucher_title: voucher?.title ?? null,
        voucher_discount_amount: voucher?.discountAmount ?? null,
      });
    }
    orders.push({
      ...UNTRACKED,
      id,
      customer_id: customer.id,
      order_code: code,
      status,
      created_at: createdAt,
      channel: CHANNEL.code,
      currency: CHANNEL.currency,
      source: rng() < 0.15 ? 'Resnap' : source,
      delivery_type: pickup ? 'PickupPoint' : 'Home',
      ...addressColumns(address),
      pickup_point: pickup ? JSON.stringify(pickup) : null,
      total_amount: Math.max(0, total),
      payment_changed_at: paid,
      updated_at: createdAt,
      address_changed_at: null,
      holdup: null,
      request_id: null,
    });
  }
  return { orders, products };
}
