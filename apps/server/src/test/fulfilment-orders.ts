import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@shoebox/contracts';
import { bumpOrderHistory } from '../modules/orders/order.repository.js';
import type { TestShoebox } from './test-server.js';

/** An order of one customer with one product per voucher given (null: a product without one), as the order tables hold it. */
export async function insertTestOrder(server: TestShoebox, customerId: string, o: { status?: OrderStatus; vouchers?: (string | null)[] } = {}) {
  const id = randomUUID();
  const orderCode = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
  const status = o.status ?? 'Received';
  const createdAt = new Date().toISOString();
  await server.db
    .insertInto('orders')
    .values({
      id,
      customer_id: customerId,
      order_code: orderCode,
      status,
      created_at: createdAt,
      channel: 'www.printhaven.co.uk',
      currency: 'GBP',
      source: 'PAP_910',
      delivery_type: 'Home',
      delivery_first_name: 'Test',
      delivery_last_name: 'Customer',
      delivery_street: 'Baker Street',
      delivery_house_number: '221B',
      delivery_postal_code: 'NW1 6XE',
      delivery_city: 'London',
      delivery_country_code: 'GB',
      delivery_phone: null,
      pickup_point: null,
      total_amount: 1299,
      payment_changed_at: null,
      updated_at: createdAt,
      address_changed_at: null,
      request_id: null,
    })
    .execute();
  const productCodes: string[] = [];
  for (const [position, voucher] of (o.vouchers ?? [null]).entries()) {
    const code = `${orderCode}-${position + 1}`;
    productCodes.push(code);
    await server.db
      .insertInto('order_products')
      .values({
        code,
        order_id: id,
        customer_id: customerId,
        position,
        status,
        created_at: createdAt,
        payment_changed_at: null,
        title: '10x15 photo prints',
        product_type: 'Prints',
        article_name: 'PAP_910',
        quantity: 24,
        price_amount: 1299,
        voucher_code: voucher,
        voucher_title: voucher ? `Voucher ${voucher}` : null,
        voucher_discount_amount: voucher ? 300 : null,
      })
      .execute();
  }
  // As every order write does: a server that kept the customer's order answers sees the new order.
  await bumpOrderHistory(server.db, customerId);
  return { orderCode, productCodes };
}
