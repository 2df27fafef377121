import { STORAGE_STATUS_PATH } from '@shoebox/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
const RULE = 'We keep your photos for 18 months after your last order, or after you registered if you have not ordered yet. Each new order starts the 18 months again.';

async function answerCookies(page: Page) {
  const consent = page.getByRole('region', { name: 'Cookies' });
  if (await consent.count()) await consent.getByRole('button', { name: 'Save choices' }).click();
}

describe('storage status', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('safe (emma, ordered 2 months ago): the button says so and the modal explains the rule and the dates', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'emma@example.com', { path: PHOTOS });
    await answerCookies(page);

    const button = page.getByRole('button', { name: 'Storage: safe' });
    await button.waitFor();
    expect(await button.getAttribute('data-tone')).toBe('safe');
    // The flag is on, but only a critical status opens the modal by itself.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Your photos are stored safely' });
    await dialog.getByText(RULE).waitFor();
    await dialog.getByText(/^Your last order was on \d{1,2} [A-Z][a-z]+ \d{4}\.$/).waitFor();
    await dialog.getByText(/^Unless you order before then, your photos will be deleted on \d{1,2} [A-Z][a-z]+ \d{4}\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Export photos' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'storage status modal (safe)');
    await screenshot(page, 'storage-modal-safe');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a reminder mail’s link opens the storage status, after sign-in and when already signed in, and only once', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const dialog = page.getByRole('dialog', { name: 'Your photos are stored safely' });

    // Signed out: the sign-in returns to the link, which opens the modal with its export.
    await signIn(page, 'emma@example.com', { path: STORAGE_STATUS_PATH });
    await dialog.getByRole('button', { name: 'Export photos' }).waitFor();
    await page.waitForURL((url) => url.pathname === PHOTOS && url.search === '');

    // A reload does not open it again.
    await page.reload();
    await page.getByRole('button', { name: 'Storage: safe' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Signed in, the link opened cold in a new tab.
    const tab = await context.newPage();
    await tab.goto(STORAGE_STATUS_PATH);
    await tab.getByRole('dialog', { name: 'Your photos are stored safely' }).getByRole('button', { name: 'Delete photos' }).waitFor();
    await tab.waitForURL((url) => url.pathname === PHOTOS && url.search === '');
    await context.close();
  });

  it('warning (lars, about 6 weeks left): months left on the button and in the title', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'lars@example.com', { path: PHOTOS });
    await answerCookies(page);

    const button = page.getByRole('button', { name: /^Storage: [12] months? left$/ });
    await button.waitFor();
    expect(await button.getAttribute('data-tone')).toBe('warning');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await button.click();
    const dialog = page.getByRole('dialog', { name: /^Your photos will be deleted in [12] months?$/ });
    await dialog.getByText('You have not ordered yet, so the 18 months started when you registered on', { exact: false }).waitFor();
    await dialog.getByRole('link', { name: 'Shop our products' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'storage status modal (warning)');
    await screenshot(page, 'storage-modal-warning');
    await context.close();
  });

  it('critical (sofia, a few days left): the modal opens by itself once per browser session, and the button opens it again', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'sofia@example.com', { path: PHOTOS });

    const title = /^Your photos will be deleted (in \d+ days?|tomorrow|today)$/;
    const dialog = page.getByRole('alertdialog', { name: title });
    await dialog.waitFor();
    await dialog.getByText(RULE).waitFor();
    await expectNoSeriousA11yViolations(page, 'storage status modal (critical)');
    await screenshot(page, 'storage-modal-critical');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await answerCookies(page);

    const button = page.getByRole('button', { name: /^Storage: deleted (in \d+ days?|tomorrow|today)$/ });
    expect(await button.getAttribute('data-tone')).toBe('critical');
    await screenshot(page, 'storage-button-critical');

    // Same browser session: a reload does not open it again.
    await page.reload();
    await button.waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // The button opens it at any time; 'Delete photos' goes to the delete-all flow of the photos page.
    await button.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete photos' }).click();
    await page.waitForURL((url) => url.pathname === PHOTOS && url.searchParams.get('delete') === 'all');
    await context.close();
  });

  it('on a phone the critical modal fills the screen and nothing sticks out sideways', async () => {
    const context = await newContext(browser, server.baseUrl, { viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, 'sofia@example.com', { path: PHOTOS });
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page, 'storage status modal (critical, 390x844)');
    await screenshot(page, 'storage-modal-critical-phone');
    await context.close();
  });
});
