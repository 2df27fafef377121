/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { authCookies, submitSignInForm, waitForApp, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const OPENS_IN_NEW_TAB = ' (opens in a new tab)';
/** The built command a retailer reads feedback with (npm test builds before it tests). */
const FEEDBACK_CLI = fileURLToPath(new URL('../../server/dist/cli/feedback.js', import.meta.url));

/** The visible labels of the side menu, in order (the hidden "opens in a new tab" hint left out). */
async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Account menu' }).first();
  await menu.getByRole('link').first().waitFor();
  const links = await menu.getByRole('link').all();
  return Promise.all(links.map(async (l) => (await l.innerText()).replace(/\s+/g, ' ').replace(OPENS_IN_NEW_TAB, '').trim()));
}

describe('consumer customer (emma)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends an anonymous visitor of / to the sign-in page', async () => {
    await page.goto('/');
    await waitForSignInPage(page);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Sign in to your account');
    await expectNoSeriousA11yViolations(page, 'sign-in page');
    await screenshot(page, 'sign-in');
  });

  it('says the credentials are wrong after a wrong password, and keeps the email address', async () => {
    await submitSignInForm(page, 'emma@example.com', 'not-the-password');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('The email address or password is incorrect.');
    expect(page.url()).toMatch(/\/oidc\/interaction\//);
    expect(await page.locator('#email').inputValue()).toBe('emma@example.com');
    await expectNoSeriousA11yViolations(page, 'sign-in page with error');
    await screenshot(page, 'sign-in-wrong-password');
  });

  it('lands on the overview after the right password', async () => {
    await submitSignInForm(page, 'emma@example.com', 'shoebox-demo');
    await waitForApp(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My account overview');
    await page.getByText('Hello Emma').waitFor();
    expect(await page.title()).toContain('My account overview');
    await expectNoSeriousA11yViolations(page, 'overview (desktop)');
    await screenshot(page, 'overview-consumer-desktop');
  });

  it('shows exactly the consumer menu entries', async () => {
    expect(await menuLabels(page)).toEqual(['Overview', 'My orders', 'Settings', 'Saved projects', 'My photos', 'My online photo books', 'FAQs', 'Sign out']);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    expect(await menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: /^FAQs/ }).getAttribute('target')).toBe('_blank');
  });

  it('keeps the tokens in auth_access_token and auth_refresh_token cookies (SameSite Lax)', async () => {
    const cookies = await authCookies(context);
    expect(cookies.map((c) => c.name).sort()).toEqual(['auth_access_token', 'auth_refresh_token']);
    for (const cookie of cookies) {
      expect(cookie.sameSite, cookie.name).toBe('Lax');
      expect(cookie.value.length, cookie.name).toBeGreaterThan(20);
      expect(cookie.path, cookie.name).toBe('/');
    }
  });

  it('stays signed in across a reload without passing the sign-in page', async () => {
    const visited: string[] = [];
    const onRequest = (request: { url(): string; isNavigationRequest(): boolean }) => {
      if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    await page.reload();
    await page.getByText('Hello Emma').waitFor();
    page.off('request', onRequest);
    expect(visited).toEqual(['/']);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('redirects a consumer from the business-only /invoices to the overview', async () => {
    await page.goto('/invoices');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My account overview');
  });

  it('opens /settings directly with its title and the customer\'s details', async () => {
    await page.goto('/settings');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My settings');
    await page.getByRole('region', { name: 'Personal details' }).getByText('Emma Janssen').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await expectNoSeriousA11yViolations(page, '/settings (desktop)');
    await screenshot(page, 'settings-desktop');
  });

  it('navigates with the side menu and marks the current entry', async () => {
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await menu.getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Orders');
    expect(await menu.getByRole('link', { name: 'My orders' }).getAttribute('aria-current')).toBe('page');
    // Focus moves to the new page's heading so screen readers announce the navigation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectNoSeriousA11yViolations(page, '/orders (desktop)');
  });

  describe('on a small screen (390x844)', () => {
    let phone: BrowserContext;
    let small: Page;

    beforeAll(async () => {
      phone = await newContext(browser, server.baseUrl, { viewport: PHONE, storageState: await context.storageState(), isMobile: true, hasTouch: true });
      small = await phone.newPage();
    });
    afterAll(async () => {
      await phone?.close();
    });

    it('replaces the overview content with the menu and shows Menu and Sign out in the header', async () => {
      await small.goto('/');
      const main = small.getByRole('main');
      await main.getByRole('navigation', { name: 'Account menu' }).waitFor();
      expect(await small.getByText('Hello Emma').count()).toBe(0);
      const header = small.getByRole('banner');
      expect(await header.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
      const signOut = header.getByRole('link', { name: 'Sign out' }).or(header.getByRole('button', { name: 'Sign out' }));
      expect(await signOut.isVisible()).toBe(true);
      // Nothing sticks out sideways.
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(small, 'overview (390x844)');
      await screenshot(small, 'overview-consumer-phone');

      // Once the cookie question is answered nothing covers the menu, and the chat launcher shows.
      await small.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Save choices' }).click();
      await small.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' });
      await small.getByRole('link', { name: /^Chat with us/ }).waitFor();
      await screenshot(small, 'overview-consumer-phone-consent-answered');
    });

    it('toggles the menu with the Menu button (aria-expanded)', async () => {
      await small.goto('/settings');
      await small.getByRole('region', { name: 'Personal details' }).waitFor();
      const toggle = small.getByRole('banner').getByRole('button', { name: /menu/i });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await small.getByRole('navigation', { name: 'Account menu' }).count()).toBe(0);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const controlled = small.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await controlled.getByRole('navigation', { name: 'Account menu' }).waitFor();
      expect(await menuLabels(small)).toContain('My orders');
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(small, '/settings with the menu open (390x844)');
      await screenshot(small, 'settings-phone-menu-open');

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await controlled.isHidden()).toBe(true);
      await screenshot(small, 'settings-phone-menu-closed');
    });

    it('offers feedback at the foot of the phone menu, in a dialog that fits the screen', async () => {
      await small.goto('/orders');
      const toggle = small.getByRole('banner').getByRole('button', { name: /menu/i });
      await toggle.click();
      const controlled = small.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await controlled.getByRole('button', { name: 'Give feedback' }).click();
      const dialog = small.getByRole('dialog', { name: 'How do you like your account area?' });
      await dialog.getByRole('radio', { name: 'Very good' }).check();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(small, 'feedback dialog (390x844)');
      await screenshot(small, 'feedback-dialog-phone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await toggle.click();
    });

    it('closes the menu after choosing an entry', async () => {
      const toggle = small.getByRole('banner').getByRole('button', { name: /menu/i });
      await toggle.click();
      await small.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Saved projects' }).click();
      await small.waitForURL((url) => url.pathname === '/saved-projects');
      await expect.poll(() => small.getByRole('heading', { level: 1 }).innerText()).toBe('My saved projects');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('gives feedback from under the menu: a rating and a comment, thanked, and kept for the retailer', async () => {
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Give feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'How do you like your account area?' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Good', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Tell us more (optional)' }).fill('Quick to find my orders.\nMore photo books please.');
    await expectNoSeriousA11yViolations(page, 'feedback dialog (desktop)');
    await screenshot(page, 'feedback-dialog-desktop');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/customer/feedback') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(204);
    await page.getByText('Thank you for your feedback!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // What the retailer reads: npm run feedback, beside the server, on its database.
    const read = spawnSync(process.execPath, [FEEDBACK_CLI, '--json', '--last', '1'], { env: { PATH: process.env.PATH, DATA_DIR: server.dataDir }, encoding: 'utf8' });
    expect(read.status, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ rating: 4, comment: 'Quick to find my orders.\nMore photo books please.', page: '/orders', channel: 'www.printhaven.co.uk' });
  });

  it('signs out from the menu: the auth cookies are gone and / asks to sign in again', async () => {
    await page.goto('/');
    await page.getByText('Hello Emma').waitFor();
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Sign out' }).click();
    await waitForSignInPage(page);
    expect(await authCookies(context)).toEqual([]);

    await page.goto('/');
    await waitForSignInPage(page);
    expect(await authCookies(context)).toEqual([]);
  });
});
