import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Account menu' }).first();
  await menu.getByRole('link').first().waitFor();
  const links = await menu.getByRole('link').all();
  return Promise.all(links.map(async (l) => (await l.innerText()).replace(/\s+/g, ' ').replace(' (opens in a new tab)', '').trim()));
}

/** The business-status banner: the status region inside the main content. */
const banner = (page: Page) => page.getByRole('main').getByRole('status');

describe('business customers', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('daan (status Default)', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser, server.baseUrl);
      page = await context.newPage();
      await signIn(page, 'daan@example.com');
    });
    afterAll(async () => {
      await context?.close();
    });

    it('sees the business menu: Invoices, FTP instructions, Business settings, and no online photo books', async () => {
      await page.getByText('Hello Daan').waitFor();
      expect(await menuLabels(page)).toEqual([
        'Overview',
        'My orders',
        'Invoices',
        'FTP instructions',
        'Business settings',
        'Settings',
        'Saved projects',
        'My photos',
        'FAQs',
        'Sign out',
      ]);
      expect(await page.getByRole('link', { name: 'My online photo books' }).count()).toBe(0);
    });

    it('sees the Default banner that links to the business settings', async () => {
      await banner(page).getByText('Some of your business details are missing. Complete them to order on account.').waitFor();
      const link = banner(page).getByRole('link', { name: 'Complete your business settings' });
      expect(await link.getAttribute('href')).toBe('/settings/b2b');
      await expectNoSeriousA11yViolations(page, 'overview of a Default business customer');
      await screenshot(page, 'overview-business-default-desktop');

      await link.click();
      await page.waitForURL((url) => url.pathname === '/settings/b2b');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Business settings');
      await expectNoSeriousA11yViolations(page, '/settings/b2b');
    });

    it('opens the business-only screens', async () => {
      const menu = page.getByRole('navigation', { name: 'Account menu' });
      await menu.getByRole('link', { name: 'Invoices' }).click();
      await page.waitForURL((url) => url.pathname === '/invoices');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('B2B invoices');
      await expectNoSeriousA11yViolations(page, '/invoices');

      await menu.getByRole('link', { name: 'FTP instructions' }).click();
      await page.waitForURL((url) => url.pathname === '/integration');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('FTP instructions');
    });

    it('is redirected from the consumer-only /online-products to the overview', async () => {
      await page.goto('/online-products');
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My account overview');
      await page.goto('/online-products/PB-123');
      await page.waitForURL((url) => url.pathname === '/');
    });

    it('keeps the banner readable on a small screen', async () => {
      const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, storageState: await context.storageState(), isMobile: true, hasTouch: true });
      try {
        const small = await phone.newPage();
        await small.goto('/');
        await banner(small).getByRole('link', { name: 'Complete your business settings' }).waitFor();
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await expectNoSeriousA11yViolations(small, 'overview of a Default business customer (390x844)');
        await screenshot(small, 'overview-business-default-phone');
      } finally {
        await phone.close();
      }
    });
  });

  it('nora (status New) sees that her account awaits validation', async () => {
    const context = await newContext(browser, server.baseUrl);
    try {
      const page = await context.newPage();
      await signIn(page, 'nora@example.com');
      await banner(page).getByText('Your business account is awaiting validation. We will email you once it has been checked.').waitFor();
      expect(await banner(page).getByRole('link').count()).toBe(0);
      expect(await menuLabels(page)).toContain('Invoices');
      await expectNoSeriousA11yViolations(page, 'overview of a New business customer');
      await screenshot(page, 'overview-business-new-desktop');
    } finally {
      await context.close();
    }
  });

  it('bram (status Blocked) sees that his account is blocked and a link to customer care', async () => {
    const context = await newContext(browser, server.baseUrl);
    try {
      const page = await context.newPage();
      await signIn(page, 'bram@example.com');
      await banner(page).getByText('Your business account is blocked.').waitFor();
      const care = banner(page).getByRole('link', { name: 'Contact customer care' });
      expect(await care.getAttribute('href')).toMatch(/^https?:\/\//);
      await expectNoSeriousA11yViolations(page, 'overview of a Blocked business customer');
      await screenshot(page, 'overview-business-blocked-desktop');
    } finally {
      await context.close();
    }
  });
});
