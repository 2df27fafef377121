/// <reference types="node" />
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { superOrderSchema, type SuperOrder } from '@shoebox/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAsCustomer } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import type { TestServer } from './support/server';
import { startSignedInSession, type SignedInSession } from './support/session';

/** The demo consumer with orders in progress in every status and a history (apps/server/src/seed/demo-orders.ts). */
const MILA = 'mila@example.com';
const GERMAN_CHANNEL = 'www.printhaven.de';
const ordersCli = path.resolve(import.meta.dirname, '../../server/dist/cli/orders.js');

const shot = (page: Page, name: string) => screenshot(page, name, { dir: REVIEW_SHOTS_DIR, fullPage: true });

/** One order as the orders service answers it to the signed-in customer. */
async function orderOf(page: Page, baseUrl: string, orderCode: string): Promise<SuperOrder> {
  return superOrderSchema.parse(await getAsCustomer(page, `${baseUrl}/api/orders/v1/superorders/${orderCode}`));
}

/** The codes of a list's orders, in the order shown. */
async function codesIn(page: Page, list: string): Promise<string[]> {
  const links = page.getByRole('region', { name: list }).getByRole('list').getByRole('link');
  return (await links.allInnerTexts()).map((text) => text.replace(/^(Order|Bestellung) /, ''));
}

describe('order screens: the two lists, an order opened cold, its address changed, its status followed live', () => {
  let session: SignedInSession;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let inProgress: string[];
  let history: string[];

  beforeAll(async () => {
    session = await startSignedInSession(MILA, { path: '/orders' });
    ({ server, context, page } = session);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('/orders opened cold: orders in progress (every status) and the history, each linking to its details; axe at 1280x800 and 390x844', async () => {
    const cold = await context.newPage();
    const started = Date.now();
    await cold.goto('/orders');
    await cold.getByRole('region', { name: 'Orders in progress' }).getByRole('listitem').first().waitFor();
    console.log(`first order rows ${Date.now() - started} ms after navigation`);

    inProgress = await codesIn(cold, 'Orders in progress');
    history = await codesIn(cold, 'Order history');
    expect(inProgress).toHaveLength(6);
    expect(history.length).toBeGreaterThanOrEqual(3);
    const progressList = cold.getByRole('region', { name: 'Orders in progress' });
    for (const status of ['Awaiting payment', 'Ordered', 'In production', 'Sent', 'Cancelled']) {
      await expect.poll(() => progressList.getByText(status, { exact: true }).count()).toBeGreaterThan(0);
    }
    // Spec §3: Cancelled is shown red, every other status cyan.
    const colours = async (status: string) =>
      progressList.getByText(status, { exact: true }).first().evaluate((badge) => {
        const style = getComputedStyle(badge);
        return { text: style.color, background: style.backgroundColor };
      });
    expect(await colours('Cancelled')).toEqual({ text: 'rgb(125, 26, 16)', background: 'rgb(253, 236, 234)' });
    for (const status of ['Awaiting payment', 'Ordered', 'In production', 'Sent']) {
      expect(await colours(status), status).toEqual({ text: 'rgb(0, 77, 87)', background: 'rgb(224, 247, 250)' });
    }
    await expect.poll(() => progressList.getByText('Source: Reorder').count()).toBe(1);
    expect(await cold.getByRole('link', { name: `Order ${inProgress[0]}`, exact: true }).getAttribute('href')).toBe(`/orders/${inProgress[0]}`);

    await shot(cold, 'orders-list-1280');
    await expectNoSeriousA11yViolations(cold, 'orders list 1280x800');
    await cold.setViewportSize(PHONE);
    await shot(cold, 'orders-list-390');
    await expectNoSeriousA11yViolations(cold, 'orders list 390x844');
    await cold.close();
  });

  it('an order opened cold at its address: products, voucher, delivery, reorder; axe at 1280x800 and 390x844', async () => {
    // The second newest: Ordered, Home delivery, a photo book bought with a voucher and a set of cards.
    const code = inProgress[1]!;
    const expected = await orderOf(page, server.baseUrl, code);
    const cold = await context.newPage();
    await cold.goto(`/orders/${code}`);
    const summary = cold.getByRole('region', { name: `Order ${code}` });
    await summary.waitFor();
    expect(await summary.innerText()).toContain('Ordered');
    const products = cold.getByRole('region', { name: /^Products/ }).getByRole('listitem');
    expect(await products.count()).toBe(expected.productCount);
    for (const product of expected.products) {
      const item = cold.getByRole('listitem', { name: product.title });
      expect(await item.innerText()).toContain(product.code);
      if (product.voucher) {
        await item.getByText(`Voucher ${product.voucher}`).waitFor();
        await item.getByText(/^Offer: /).waitFor();
      }
    }
    const delivery = cold.getByRole('region', { name: 'Delivery', exact: true });
    expect(await delivery.innerText()).toContain('Home delivery');
    expect(await delivery.innerText()).toContain(`${expected.deliveryAddress.street} ${expected.deliveryAddress.houseNumber}`);
    await cold.getByRole('button', { name: 'Change delivery address' }).waitFor();
    // An order on its way cannot be ordered again yet: nothing offers it.
    await cold.waitForLoadState('networkidle');
    expect(await cold.getByRole('region', { name: 'Order again' }).count()).toBe(0);

    await shot(cold, 'order-details-1280');
    await expectNoSeriousA11yViolations(cold, 'order details 1280x800');
    await cold.setViewportSize(PHONE);
    await shot(cold, 'order-details-390');
    await expectNoSeriousA11yViolations(cold, 'order details 390x844');

    // A delivered order can be ordered again.
    await cold.goto(`/orders/${history[0]}`);
    await cold.getByRole('region', { name: 'Order again' }).getByRole('button', { name: 'Order again' }).waitFor();

    await cold.goto('/orders/NOT-AN-ORDER');
    await cold.getByRole('heading', { name: 'Order not found' }).waitFor();
    await cold.close();
  });

  it('changes the delivery address: a bad one is refused with the spec messages, a good one is saved and shown', async () => {
    const code = inProgress[0]!;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/orders/${code}`);
    await page.getByRole('button', { name: 'Change delivery address' }).click();
    const form = page.getByRole('form', { name: 'New delivery address' });
    await form.getByRole('textbox', { name: 'Postal code' }).fill('not a postcode');
    await form.getByRole('textbox', { name: 'Street number' }).fill('#');
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByText('Postal Code must be valid').waitFor();
    await form.getByText('Street number must be valid').waitFor();
    await shot(page, 'order-address-invalid');

    await form.getByRole('textbox', { name: 'Street name' }).fill('Portland Street');
    await form.getByRole('textbox', { name: 'Street number' }).fill('12');
    await form.getByRole('textbox', { name: 'Postal code' }).fill('M1 3LA');
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Your delivery address has been updated.').waitFor();
    const address = page.getByRole('region', { name: 'Delivery address' });
    expect(await address.innerText()).toContain('Portland Street 12');
    await shot(page, 'order-address-updated');

    const stored = await orderOf(page, server.baseUrl, code);
    expect(stored.deliveryAddress).toMatchObject({ street: 'Portland Street', houseNumber: '12', postalCode: 'M1 3LA' });
    await page.reload();
    expect(await page.getByRole('region', { name: 'Delivery address' }).innerText()).toContain('Portland Street 12');
  });

  it('a status change made by fulfilment (npm run orders) reaches the open order page live, and the address change closes', async () => {
    const code = inProgress[0]!;
    const summary = page.getByRole('region', { name: `Order ${code}` });
    expect(await summary.innerText()).toContain('Awaiting payment');
    let reloads = 0;
    page.on('load', () => reloads++);

    const run = (command: string) =>
      promisify(execFile)(process.execPath, [ordersCli, command, code, '--url', server.baseUrl], { env: { ...process.env, DATA_DIR: server.dataDir } });
    await run('advance');
    await expect.poll(() => summary.innerText()).toContain('Ordered');
    await run('advance');
    await expect.poll(() => summary.innerText()).toContain('In production');
    await expect.poll(() => page.getByRole('button', { name: 'Change delivery address' }).count()).toBe(0);
    expect(reloads).toBe(0);
    await shot(page, 'order-live-in-production');
  });

  it("the Overview shows the latest order in progress with its status, linking to it", async () => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Your latest order' });
    await card.waitFor();
    expect(await card.innerText()).toContain('In production');
    await card.getByRole('link', { name: `View order ${inProgress[0]}` }).click();
    await page.getByRole('region', { name: `Order ${inProgress[0]}` }).waitFor();
    await page.goto('/');
    await card.waitFor();
    await shot(page, 'overview-latest-order');
  });

  it('reads in German on the German channel', async () => {
    const de = await context.newPage();
    await de.goto(`/orders?channel=${GERMAN_CHANNEL}`);
    const progress = de.getByRole('region', { name: 'Laufende Bestellungen' });
    await progress.getByRole('listitem').first().waitFor();
    await de.getByRole('region', { name: 'Bestellverlauf' }).waitFor();
    const text = await progress.innerText();
    expect(text).toMatch(/Bestellt am \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/);
    expect(text).toContain('In Produktion');
    await shot(de, 'orders-list-de');
    await expectNoSeriousA11yViolations(de, 'orders list (German)');

    await de.goto(`/orders/${inProgress[1]}?channel=${GERMAN_CHANNEL}`);
    await de.getByRole('region', { name: 'Lieferung' }).waitFor();
    await de.getByRole('button', { name: 'Lieferadresse ändern' }).click();
    await de.getByRole('textbox', { name: 'Postleitzahl' }).fill('x');
    await de.getByRole('button', { name: 'Adresse speichern' }).click();
    await de.getByText('Die Postleitzahl muss gültig sein').waitFor();
    await shot(de, 'order-details-de');
    await de.close();
  });
});
