import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { acceptCookies } from './support/cookies';
import { signIn } from './support/auth';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Every demo account (apps/server/src/seed/demo-accounts): consumers, business customers in each status, an older system's customer. */
const ACCOUNTS = ['emma', 'lars', 'sofia', 'daan', 'nora', 'bram', 'ines', 'mila'];
/** Overview, settings, saved projects, my photos and the online photo books (a business customer is sent to the Overview). */
const PAGES = ['/', '/settings', '/saved-projects', '/my-photos/photos', '/online-products'];

/** Everything the page reports as an error from now on, each with the address it was shown at. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const at = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    errors.push(`${at()}: ${message.text().split('\n')[0]}${source ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`${at()}: page error: ${error.message}`));
  return errors;
}

/** Opens `path` and waits until its heading shows and nothing more is being fetched. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('no console errors: each demo account signs in and opens the main pages', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The accounts go side by side, each in its own browser context: most of a visit is waiting for the
  // network to go quiet, which several pages can do at once.
  for (const account of ACCOUNTS) {
    it.concurrent(`${account}@example.com`, async ({ expect }) => {
      const context = await newContext(browser, server.baseUrl);
      const page = await context.newPage();
      const errors = watchErrors(page);
      try {
        // Starting on My orders: its first page is asked for while the screen loads, which must wait for the sign-in.
        await signIn(page, `${account}@example.com`, { path: '/orders' });
        await acceptCookies(page);
        await page.waitForLoadState('networkidle');
        const orders = await page.locator('main a[href^="/orders/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') as string));
        // Each order's details: cancelled and sent ones too, whose delivery dates the service does not have.
        for (const order of new Set(orders)) await visit(page, order);
        for (const path of PAGES) await visit(page, path);
      } finally {
        await context.close();
      }
      expect(errors, `console errors and page errors of ${account}`).toEqual([]);
    }, 120_000);
  }
});
