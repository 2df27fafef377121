import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const PUBLIC_PAGES: { path: string; title: string; text?: string; link?: string }[] = [
  { path: '/account-deleted', title: 'Your account has been deleted', text: 'All your personal data, photos, projects and order history have been deleted.' },
  { path: '/change-email-success', title: 'Your e-mail address has been changed!', link: 'Log in with your new email address' },
  { path: '/subscription-confirmation-success', title: 'Success!', link: 'Continue shopping' },
  { path: '/subscription-confirmation-error', title: 'Your subscription failed', link: 'Contact customer care' },
  { path: '/delete-account-error', title: "Your account couldn't be deleted", link: 'Try again' },
  { path: '/change-email-error', title: "Your email wasn't changed", link: 'Try again' },
];

describe('anonymous public pages', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const signInRequests: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/oidc')) signInRequests.push(request.url());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const p of PUBLIC_PAGES) {
    it(`${p.path} shows "${p.title}" without asking to sign in`, async () => {
      signInRequests.length = 0;
      await page.goto(p.path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(p.title);
      if (p.text) await page.getByText(p.text).waitFor();
      if (p.link) await page.getByRole('link', { name: p.link }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(p.path);
      expect(signInRequests).toEqual([]);
      expect(await page.title()).toContain(p.title);
      expect(await context.cookies().then((cs) => cs.filter((c) => c.name.startsWith('auth_')))).toEqual([]);
      await expectNoSeriousA11yViolations(page, `${p.path} (desktop)`);
      await screenshot(page, `public${p.path.replace(/\//g, '-')}-desktop`);
    });
  }

  it('/account-deleted offers to create an account and to view products', async () => {
    await page.goto('/account-deleted');
    await page.getByRole('heading', { level: 2, name: 'Create a new account' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Discover our products' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create account' }).getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await page.getByRole('link', { name: 'View products' }).getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('/subscription-confirmation without a token goes to the error page', async () => {
    await page.goto('/subscription-confirmation');
    await page.waitForURL((url) => url.pathname === '/subscription-confirmation-error');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Your subscription failed');
  });

  it('public pages render on a small screen (390x844)', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const small = await phone.newPage();
      for (const path of ['/account-deleted', '/change-email-error']) {
        await small.goto(path);
        await small.getByRole('heading', { level: 1 }).waitFor();
        expect(await small.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
        await expectNoSeriousA11yViolations(small, `${path} (390x844)`);
        await screenshot(small, `public${path.replace(/\//g, '-')}-phone`);
      }
    } finally {
      await phone.close();
    }
  });

  it('a protected page sends an anonymous visitor to sign in, and back to that page afterwards', async () => {
    await page.goto('/settings/personal-details');
    await waitForSignInPage(page);
    await page.locator('#email').fill('emma@example.com');
    await page.locator('#password').fill('shoebox-demo');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/settings/personal-details');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Change personal details');
  });

  it('an unknown address goes to the overview (and so, signed in, stays in the app)', async () => {
    await page.goto('/no-such-page');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My account overview');
  });

  it('with site data blocked, every address shows the cookies-blocked page, and neither the API nor sign-in is asked', async () => {
    const blocked = await newContext(browser, server.baseUrl);
    // As Chromium does when the customer blocks site data: reading localStorage throws.
    await blocked.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    const tab = await blocked.newPage();
    const apiCalls: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // /config.json is preloaded by the page itself (index.html), before any script runs.
      if (pathname.startsWith('/api') || pathname.startsWith('/oidc')) apiCalls.push(pathname);
    });
    try {
      for (const path of ['/', '/my-photos/photos']) {
        await tab.goto(path);
        await expect.poll(() => tab.getByRole('heading', { level: 1 }).innerText()).toBe('Please enable site data and cookies');
        await tab.getByText('Your browser is blocking site data and cookies for this site.').waitFor();
        await tab.getByRole('button', { name: 'Reload' }).waitFor();
      }
      expect(apiCalls).toEqual([]);
      await expectNoSeriousA11yViolations(tab, 'cookies blocked');
    } finally {
      await blocked.close();
    }
  });
});
