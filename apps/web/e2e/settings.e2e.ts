import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptCookies } from './support/cookies';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

type Messages = { [key: string]: string | Messages };
const text = (messages: Messages, key: string): string => {
  const value = key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);
  if (typeof value !== 'string') throw new Error(`No message ${key}`);
  return value;
};

const GERMAN = '?channel=www.printhaven.de';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
const review = (page: Page, name: string) => screenshot(page, name, { dir: REVIEW_SHOTS_DIR, fullPage: true });

/** Answers the cookie question in German. */
async function acceptCookiesInGerman(page: Page, de: Messages): Promise<void> {
  const banner = page.getByRole('region', { name: text(de, 'consent.title') });
  await banner.getByRole('button', { name: text(de, 'consent.acceptAll') }).click();
  await banner.waitFor({ state: 'detached' });
}

/** The screen shows its German title and one of its German texts. */
async function germanScreen(page: Page, de: { shell: Messages; settings: Messages }, title: string, marker: string): Promise<void> {
  await expect.poll(() => h1(page)).toBe(text(de.shell, title));
  await page.getByText(text(de.settings, marker), { exact: true }).first().waitFor();
}

/** Opens `path` in a fresh load (as a bookmark would), waits for `ready`, then checks axe at both sizes and saves both screenshots. */
async function openCold(page: Page, path: string, ready: (page: Page) => Promise<unknown>, name: string): Promise<void> {
  await page.goto(path);
  await page.reload();
  await ready(page);
  await expectNoSeriousA11yViolations(page, `${name} (1280x800)`);
  await review(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await ready(page);
  // Read once the layout has settled at the new width: right after the resize it can still be the wider one.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page, `${name} (390x844)`);
  await review(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('settings screens', () => {
  let server: TestServer;
  let browser: Browser;
  let de: { shell: Messages; settings: Messages };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const load = async (file: string) => (await (await fetch(`${server.baseUrl}/locales/${file}`)).json()) as Messages;
    de = { shell: await load('de-DE.json'), settings: await load('de-DE/settings.json') };
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('a consumer (emma)', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser, server.baseUrl);
      page = await context.newPage();
      await signIn(page, 'emma@example.com', { path: '/settings' });
      await acceptCookies(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('lists personal details, email, payment method, addresses and account deletion', async () => {
      await expect.poll(() => h1(page)).toBe('My settings');
      const personal = page.getByRole('region', { name: 'Personal details' });
      await personal.getByText('Emma Janssen').waitFor();
      await page.getByRole('region', { name: 'Email address' }).getByText('emma@example.com').waitFor();
      await page.getByRole('region', { name: 'Payment method' }).getByText('Visa •••• 4242').waitFor();
      await page.getByRole('region', { name: 'Delivery addresses' }).getByText('Default delivery address').waitFor();
      await page.getByRole('region', { name: 'Delete my account' }).waitFor();
      expect(await page.getByRole('link', { name: 'Change email address' }).getAttribute('href')).toBe('/settings/email');
      await review(page, 'settings-consumer-desktop');
    });

    it('changes the personal details and still shows them after a reload', async () => {
      await page.getByRole('link', { name: 'Change personal details' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/personal-details');
      await expect.poll(() => h1(page)).toBe('Change personal details');
      const lastName = page.getByRole('textbox', { name: 'Last name' });
      await lastName.fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Please enter your last name').waitFor();
      await review(page, 'personal-details-problem-desktop');

      await lastName.fill('Janssen-Smit');
      await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('+44 20 7946 0123');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await page.getByText('Your changes have been saved.').waitFor();
      await page.getByRole('region', { name: 'Personal details' }).getByText('Emma Janssen-Smit').waitFor();
      await review(page, 'settings-changed-desktop');

      await page.reload();
      const personal = page.getByRole('region', { name: 'Personal details' });
      await personal.getByText('Emma Janssen-Smit').waitFor();
      await personal.getByText('+44 20 7946 0123').waitFor();
    });

    it('changes the payment method: a refused card number is said on its field, a good one is stored masked', async () => {
      await page.goto('/settings/payment-method');
      await expect.poll(() => h1(page)).toBe('Payment method');
      const stored = page.getByRole('region', { name: 'Your stored payment method' });
      await stored.getByText('Visa •••• 4242').waitFor();

      await page.getByRole('radio', { name: 'Card' }).check();
      // Passes the form's shape check; the server's Luhn check refuses it.
      await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4241');
      await page.getByRole('textbox', { name: 'Expiry month (MM)' }).fill('12');
      await page.getByRole('textbox', { name: 'Expiry year (YYYY)' }).fill('2031');
      await page.getByRole('textbox', { name: 'Name on the card' }).fill('Emma Janssen');
      await page.getByRole('button', { name: 'Save payment method' }).click();
      await page.getByText('Please enter a valid card number').waitFor();
      expect(await page.getByRole('textbox', { name: 'Card number' }).inputValue()).toBe('');
      await review(page, 'payment-method-refused-desktop');

      await page.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
      await page.getByRole('button', { name: 'Save payment method' }).click();
      await page.getByText('Your payment method has been changed.').waitFor();
      await stored.getByText('Mastercard •••• 4444').waitFor();
      await stored.getByText('Expires 12/2031').waitFor();
      expect(await page.getByRole('textbox', { name: 'Card number' }).inputValue()).toBe('');
      // The number is nowhere in the page's storage.
      const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      for (const typed of ['5555 5555 5555 4444', '5555555555554444']) expect(storage).not.toContain(typed);
      await review(page, 'payment-method-changed-desktop');

      await page.reload();
      await page.getByRole('region', { name: 'Your stored payment method' }).getByText('Mastercard •••• 4444').waitFor();
    });

    it('opens every consumer settings screen cold, at both sizes, with no serious axe findings', async () => {
      await openCold(page, '/settings', (p) => p.getByRole('region', { name: 'Personal details' }).getByText('Janssen-Smit').waitFor(), 'settings');
      await openCold(page, '/settings/personal-details', (p) => p.getByRole('textbox', { name: 'First name' }).waitFor(), 'personal-details');
      await openCold(page, '/settings/payment-method', (p) => p.getByRole('group', { name: 'Pay with' }).waitFor(), 'payment-method');
    });
  });

  it('a consumer opens the settings screens cold in German', async () => {
    const context = await newContext(browser, server.baseUrl, { locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await signIn(page, 'lars@example.com', { path: `/settings${GERMAN}` });
      await acceptCookiesInGerman(page, de.shell);
      const screens: [string, string, string][] = [
        ['/settings', 'titles.settings', 'personal.heading'],
        ['/settings/personal-details', 'titles.personalDetails', 'form.save'],
        ['/settings/payment-method', 'titles.paymentMethod', 'payment.stored'],
      ];
      for (const [path, title, marker] of screens) {
        await openCold(page, path, (p) => germanScreen(p, de, title, marker), `de${path.replaceAll('/', '-')}`);
        expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
      }
      await page.getByText(text(de.settings, 'payment.none')).waitFor();
    } finally {
      await context.close();
    }
  });

  describe('a business customer (nora, awaiting validation)', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser, server.baseUrl);
      page = await context.newPage();
      await signIn(page, 'nora@example.com', { path: '/settings' });
      await acceptCookies(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('sees the business details on /settings and opens the business settings', async () => {
      const business = page.getByRole('region', { name: 'Business details' });
      await business.getByText('Bakker Events BV').waitFor();
      await business.getByText('Awaiting validation').waitFor();
      expect(await page.getByRole('region', { name: 'Email address' }).getByRole('link').getAttribute('href')).toBe('/settings/b2b/email');
      await business.getByRole('link', { name: 'Open your business settings' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/b2b');
      await expect.poll(() => h1(page)).toBe('Business settings');
      const details = page.getByRole('region', { name: 'Business details' });
      await details.getByText('NL123456789B01').waitFor();
      expect(await page.getByRole('link', { name: 'Change your business email address' }).getAttribute('href')).toBe('/settings/b2b/email');
      expect(await page.getByRole('link', { name: 'Add a business address' }).getAttribute('href')).toBe('/settings/b2b/new-address');
      await review(page, 'business-settings-desktop');
    });

    it('sets the FTP callback (https only), sees it after a reload, and stops it', async () => {
      await page.goto('/integration');
      await expect.poll(() => h1(page)).toBe('FTP instructions');
      const callback = page.getByRole('region', { name: 'Order-ready callback' });
      await callback.getByText('No callbacks are sent.').waitFor();
      await page.getByRole('region', { name: 'Connecting' }).getByText('ftp.printhaven.co.uk').waitFor();

      const address = page.getByRole('textbox', { name: 'Callback address' });
      await address.fill('http://erp.bakker-events.example/ready');
      await page.getByRole('button', { name: 'Save callback' }).click();
      await page.getByText('The address must start with https:// — order details are never sent over plain http.').waitFor();
      await review(page, 'integration-http-refused-desktop');

      await address.fill('https://erp.bakker-events.example/ready');
      await page.getByRole('combobox', { name: 'Format' }).selectOption('xml');
      await page.getByRole('button', { name: 'Save callback' }).click();
      await page.getByText('Your callback settings have been saved.').waitFor();
      await page.reload();
      await callback.getByText('Callbacks go to https://erp.bakker-events.example/ready as XML.').waitFor();
      await review(page, 'integration-saved-desktop');

      await callback.getByRole('button', { name: 'Stop callbacks' }).click();
      await page.getByText('Callbacks are switched off.').waitFor();
      await page.reload();
      await callback.getByText('No callbacks are sent.').waitFor();
    });

    it('opens the business screens cold, at both sizes, with no serious axe findings', async () => {
      await openCold(page, '/settings/b2b', (p) => p.getByRole('region', { name: 'Business details' }).getByText('Bakker Events BV').waitFor(), 'business-settings');
      await openCold(page, '/integration', (p) => p.getByRole('region', { name: 'Order-ready callback' }).waitFor(), 'integration');
    });
  });

  it('a business customer (daan) opens the business screens cold in German', async () => {
    const context = await newContext(browser, server.baseUrl, { locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await signIn(page, 'daan@example.com', { path: `/settings/b2b${GERMAN}` });
      await acceptCookiesInGerman(page, de.shell);
      for (const [path, title, marker] of [
        ['/settings/b2b', 'titles.businessSettings', 'businessForm.title'],
        ['/integration', 'titles.ftp', 'ftp.callbackHeading'],
      ] as const) {
        await openCold(page, path, (p) => germanScreen(p, de, title, marker), `de${path.replaceAll('/', '-')}`);
      }
      await page.getByRole('region', { name: text(de.settings, 'ftp.connectionHeading') }).getByText('ftp.printhaven.de').waitFor();
    } finally {
      await context.close();
    }
  });
});
