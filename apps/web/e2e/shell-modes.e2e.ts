import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const chatLink = (page: Page) => page.getByRole('link', { name: /^Chat with us/ });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('shell modes', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await signIn(page, 'emma@example.com');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('support chat', () => {
    it('is offered on the overview', async () => {
      await page.goto('/');
      await page.getByText('Hello Emma').waitFor();
      await chatLink(page).waitFor();
      expect(await chatLink(page).getAttribute('target')).toBe('_blank');
    });

    it('is hidden on the photo and album routes', async () => {
      for (const path of ['/my-photos', '/my-photos/photos', '/my-photos/albums']) {
        await page.goto(path);
        // /my-photos opens its Photos tab.
        await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe(path === '/my-photos' ? '/my-photos/photos' : path);
        await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
        expect(await chatLink(page).count(), path).toBe(0);
      }
      await expectNoSeriousA11yViolations(page, '/my-photos/albums');
    });

    it('comes back when leaving the photo routes through the menu', async () => {
      await page.goto('/my-photos');
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My orders' }).click();
      await expect.poll(() => heading(page)).toBe('Orders');
      await chatLink(page).waitFor();
    });
  });

  describe('stripped mode', () => {
    let stripped: BrowserContext;
    let sp: Page;

    beforeAll(async () => {
      stripped = await newContext(browser, server.baseUrl);
      sp = await stripped.newPage();
      await signIn(sp, 'emma@example.com', { path: '/?stripped=true' });
    });
    afterAll(async () => {
      await stripped?.close();
    });

    it('comes back from sign-in with stripped=true, without header and side menu', async () => {
      const url = new URL(sp.url());
      expect(url.pathname).toBe('/');
      expect(url.searchParams.get('stripped')).toBe('true');
      await expect.poll(() => heading(sp)).toBe('My account overview');
      expect(await sp.getByRole('banner').count()).toBe(0);
      expect(await sp.getByRole('navigation', { name: 'Account menu' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(sp, 'overview, stripped');
      await screenshot(sp, 'overview-stripped-desktop');
    });

    it('keeps stripped=true after clicking to another page', async () => {
      await sp.getByRole('main').getByRole('link', { name: /^My orders/ }).click();
      await expect.poll(() => heading(sp)).toBe('Orders');
      const url = new URL(sp.url());
      expect(url.pathname).toBe('/orders');
      expect(url.searchParams.get('stripped')).toBe('true');
      expect(await sp.getByRole('navigation', { name: 'Account menu' }).count()).toBe(0);
    });

    it('puts stripped=true back on an address typed without it, for the rest of the session', async () => {
      await sp.goto('/settings');
      await expect.poll(() => new URL(sp.url()).searchParams.get('stripped')).toBe('true');
      await expect.poll(() => heading(sp)).toBe('My settings');
      expect(await sp.getByRole('banner').count()).toBe(0);
    });

    it('stripped=false turns it off again', async () => {
      await sp.goto('/?stripped=false');
      await sp.getByRole('navigation', { name: 'Account menu' }).waitFor();
      await sp.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My orders' }).click();
      await expect.poll(() => heading(sp)).toBe('Orders');
      expect(new URL(sp.url()).searchParams.has('stripped')).toBe(false);
    });
  });

  describe('cookie consent', () => {
    it('asks once, stores "Save choices" as two digits and stays away afterwards', async () => {
      const fresh = await newContext(browser, server.baseUrl);
      try {
        const p = await fresh.newPage();
        await p.goto('/account-deleted');
        const consent = p.getByRole('region', { name: 'Cookies' });
        await consent.waitFor();
        expect(await consent.getByRole('checkbox', { name: 'Analytics cookies' }).isChecked()).toBe(false);
        expect(await consent.getByRole('checkbox', { name: 'Marketing cookies' }).isChecked()).toBe(false);
        await consent.getByRole('checkbox', { name: 'Marketing cookies' }).check();
        await consent.getByRole('button', { name: 'Save choices' }).click();
        await consent.waitFor({ state: 'detached' });
        const cookie = (await fresh.cookies()).find((c) => c.name === 'cookie_consent');
        expect(cookie?.value).toBe('01');
        await p.reload();
        await p.getByRole('heading', { level: 1 }).waitFor();
        expect(await p.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
        await screenshot(p, 'public-account-deleted-consent-answered');
      } finally {
        await fresh.close();
      }
    });

    it('"Accept all" stores 11', async () => {
      const fresh = await newContext(browser, server.baseUrl);
      try {
        const p = await fresh.newPage();
        await p.goto('/change-email-success');
        await p.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept all' }).click();
        await expect.poll(async () => (await fresh.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('11');
      } finally {
        await fresh.close();
      }
    });
  });

  describe('configuration: support chat off and the timeline flag off', () => {
    let other: TestServer;
    let ctx: BrowserContext;
    let p: Page;

    beforeAll(async () => {
      other = await startServer({ SUPPORT_CHAT_ENABLED: 'false', FEATURE_FLAGS: JSON.stringify({ PhotoManagementTimelineViewEnabled: [] }) });
      ctx = await newContext(browser, other.baseUrl);
      p = await ctx.newPage();
      await signIn(p, 'emma@example.com');
    });
    afterAll(async () => {
      await ctx?.close();
      await other?.stop();
    });

    it('shows no support chat anywhere', async () => {
      await p.getByText('Hello Emma').waitFor();
      expect(await chatLink(p).count()).toBe(0);
    });

    it('leaves My photos out of the menu and sends the timeline routes to the overview', async () => {
      const menu = p.getByRole('navigation', { name: 'Account menu' });
      await menu.getByRole('link', { name: 'Overview' }).waitFor();
      expect(await menu.getByRole('link', { name: 'My photos' }).count()).toBe(0);
      for (const path of ['/my-photos', '/my-photos/photos']) {
        await p.goto(path);
        await p.waitForURL((url) => url.pathname === '/');
        await expect.poll(() => heading(p), { message: path }).toBe('My account overview');
      }
    });

    it('a URL override turns the flag on for this browser', async () => {
      await p.goto('/my-photos?ff.PhotoManagementTimelineViewEnabled=on');
      await expect.poll(() => heading(p)).toBe('My photos');
      await p.goto('/');
      await p.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My photos' }).waitFor();
    });
  });
});
