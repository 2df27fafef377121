/// <reference types="node" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAsCustomer } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { startOrderPrints } from './support/order-prints';
import { DEMO_LIBRARY_OWNER, waitForDemoLibrary } from './support/photos';
import type { TestServer } from './support/server';
import { startSignedInSession, type SignedInSession } from './support/session';

const SEED_TIMEOUT_MS = 240_000;

interface StorageInfo {
  lastOrderDate: string | null;
  projectedDeletionDate: string;
}
interface Orders {
  items: { orderCode: string; createdAt: string; totalAmount: number; currency: string; source: string; productCount: number; products: { voucher: string | null }[] }[];
  total: number;
}

const shot = (page: Page, name: string) => screenshot(page, name, { dir: REVIEW_SHOTS_DIR, fullPage: true });

const storage = (page: Page, baseUrl: string) => getAsCustomer<StorageInfo>(page, `${baseUrl}/api/account-deletion/accounts/getaccountinformation`);
const orders = (page: Page, baseUrl: string) => getAsCustomer<Orders>(page, `${baseUrl}/api/orders/v2/superorders/me?OrderState=all`);

async function fillAddress(page: Page): Promise<void> {
  const fields: Record<string, string> = { 'First name': 'Emma', 'Last name': 'Stone', 'Street name': 'Baker Street', 'Street number': '221b', 'Postal code': 'NW1 6XE', 'Town or city': 'London' };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

describe('order prints: the library to the embedded editor to an order in My orders, and the storage period restarts', () => {
  let session: SignedInSession;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let emma: Page;

  beforeAll(async () => {
    session = await startSignedInSession(DEMO_LIBRARY_OWNER, { path: '/my-photos/photos' });
    ({ server, browser, context, page: emma } = session);
    await waitForDemoLibrary(emma, server.baseUrl);
  }, SEED_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it('select photos → Order prints → Next → overlay → editor → place order → in My orders, storage status moved', async () => {
    try {
      const before = await storage(emma, server.baseUrl);
      const ordersBefore = await orders(emma, server.baseUrl);

      const { bar } = await startOrderPrints(emma, 2);
      await bar.getByRole('button', { name: 'Next: Customise 2 photo prints' }).click();
      await emma.getByText('Adding 2 photos to editor...').waitFor();
      await shot(emma, 'order-prints-overlay-desktop');

      await emma.waitForURL(/\/prints-editor\?.*tempSelectionId=.*autoselectproduct=PAP_910/);
      await emma.getByRole('heading', { level: 1, name: 'Order prints' }).waitFor();
      const lines = emma.getByRole('list', { name: 'Photos to print' }).getByRole('listitem');
      await expect.poll(() => lines.count()).toBe(2);
      // Every thumbnail is drawn from its signed link.
      await expect.poll(() => emma.locator('li img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
      // The product named from the merchandise catalogue, never by its code.
      await emma.getByText('Photo prints 10x15', { exact: true }).waitFor();
      expect(await emma.getByText('PAP_910').count()).toBe(0);
      expect(await emma.getByText(/^Total:/).innerText()).toBe('Total: £0.34');

      await emma.getByRole('combobox', { name: 'Size of Photo 2' }).selectOption('13x18');
      expect(await emma.getByText(/^Total:/).innerText()).toBe('Total: £0.59');
      // The running spring campaign for photo prints: a quarter off each size, rounded down (4p and 10p).
      await emma.getByRole('button', { name: 'Use code SPRING25' }).click();
      await emma.getByText('Discount: −£0.14').waitFor();
      expect(await emma.getByText(/^Total:/).innerText()).toBe('Total: £0.45');
      await emma.getByText(/^Order before 22:00 (today|on \w+) for dispatch on /).waitFor();
      await fillAddress(emma);
      await shot(emma, 'prints-editor-desktop');
      await expectNoSeriousA11yViolations(emma, 'prints editor, 1280x800');

      await emma.getByRole('button', { name: 'Place order' }).dblclick();
      await emma.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const link = emma.getByRole('link', { name: /^View order / });
      const orderCode = ((await link.innerText()).match(/View order (\S+)/) ?? [])[1]!;
      await shot(emma, 'prints-order-placed-desktop');
      await expectNoSeriousA11yViolations(emma, 'prints order placed, 1280x800');

      // One order, however often Place order was pressed, priced as the editor showed it.
      const after = await orders(emma, server.baseUrl);
      expect(after.total).toBe(ordersBefore.total + 1);
      const placed = after.items.find((o) => o.orderCode === orderCode)!;
      expect(placed).toMatchObject({ totalAmount: 45, currency: 'GBP', source: 'PAP_910', productCount: 2 });
      expect(placed.products.map((p) => p.voucher)).toEqual(['SPRING25', 'SPRING25']);

      // The storage period now counts from this order.
      const storageAfter = await storage(emma, server.baseUrl);
      expect(storageAfter.lastOrderDate).toBe(placed.createdAt);
      expect(Date.parse(storageAfter.projectedDeletionDate)).toBeGreaterThan(Date.parse(before.projectedDeletionDate));

      // The confirmation leads to the order, and My orders lists it among the orders in progress.
      await link.click();
      await emma.waitForURL(new RegExp(`/orders/${orderCode}$`));
      await emma.getByText(orderCode).first().waitFor();
      await shot(emma, 'prints-order-details-desktop');
      await emma.goto('/orders');
      await emma.getByText(orderCode).first().waitFor();
      await shot(emma, 'my-orders-with-prints-order-desktop');
    } catch (error) {
      await shot(emma, 'order-prints-failure');
      throw new Error(`${String(error)}\n${pageProblems(emma)}`);
    }
  }, 120_000);

  it('on a phone (390x844) the editor reads without serious accessibility findings, and a pickup-point order needs no address', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, storageState: await context.storageState() });
    const page = await phone.newPage();
    try {
      const { bar } = await startOrderPrints(page, 3);
      await bar.getByRole('button', { name: 'Next: Customise 3 photo prints' }).click();
      await page.waitForURL(/\/prints-editor\?/);
      await expect.poll(() => page.getByRole('list', { name: 'Photos to print' }).getByRole('listitem').count()).toBe(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await shot(page, 'prints-editor-phone');
      await expectNoSeriousA11yViolations(page, 'prints editor, 390x844');

      await page.getByRole('radio', { name: 'Collect from a pickup point' }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      await shot(page, 'prints-order-placed-phone');
      await expectNoSeriousA11yViolations(page, 'prints order placed, 390x844');
    } catch (error) {
      await shot(page, 'order-prints-phone-failure');
      throw new Error(`${String(error)}\n${pageProblems(page)}`);
    } finally {
      await phone.close();
    }
  }, 90_000);

  it('an expired or unknown selection says so and leads back to My photos', async () => {
    await emma.goto('/prints-editor?tempSelectionId=00000000-0000-4000-8000-000000000000&autoselectproduct=PAP_910');
    await emma.getByText('This selection is no longer available').waitFor();
    await emma.getByRole('link', { name: 'Back to My photos' }).click();
    await emma.waitForURL(/\/my-photos\/photos$/);
  });
});
