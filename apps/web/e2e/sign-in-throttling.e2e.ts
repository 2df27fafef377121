import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { authCookies, signIn, submitSignInForm, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const INVALID = 'The email address or password is incorrect.';
const THROTTLED = /^Too many failed sign-in attempts/;

describe('repeated wrong passwords', () => {
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

  it('refuses the 6th attempt for one address, even with the right password', async () => {
    await page.goto('/');
    await waitForSignInPage(page);

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/oidc/interaction/'));
      await submitSignInForm(page, 'nora@example.com', `wrong-${attempt}`);
      expect((await response).status(), `attempt ${attempt}`).toBe(401);
      await expect.poll(() => page.getByRole('alert').innerText(), { message: `attempt ${attempt}` }).toBe(INVALID);
    }

    const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/oidc/interaction/'));
    await submitSignInForm(page, 'nora@example.com', 'shoebox-demo');
    expect((await response).status()).toBe(429);
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(THROTTLED);
    expect(await page.getByRole('alert').innerText()).toMatch(/\d+ minutes/);
    expect(page.url()).toContain('/oidc/interaction/');
    expect(await authCookies(context)).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'sign-in page, throttled');
    await screenshot(page, 'sign-in-throttled');
  });

  it('treats the address case-insensitively', async () => {
    await submitSignInForm(page, 'NORA@Example.com', 'shoebox-demo');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(THROTTLED);
  });

  it('does not lock out another address', async () => {
    const other = await newContext(browser, server.baseUrl);
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, 'daan@example.com');
      await expect.poll(() => otherPage.getByRole('heading', { level: 1 }).innerText()).toBe('My account overview');
    } finally {
      await other.close();
    }
  });
});
