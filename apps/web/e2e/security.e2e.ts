import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { authCookies, submitSignInForm, waitForApp, waitForSignInPage } from './support/auth';
import { launchBrowser, newContext, watchCspViolations } from './support/browser';
import { startServer, type TestServer } from './support/server';

function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

describe('security', () => {
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

  it('serves the app with a Content-Security-Policy whose script-src allows no inline script', async () => {
    for (const path of ['/', '/orders', '/account-deleted']) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      const csp = parseCsp(response.headers.get('content-security-policy'));
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
      expect(scriptSrc, `${path}: script-src`).toBeDefined();
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(scriptSrc, path).not.toContain('*');
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');

      // The page itself carries no inline script that such a policy would have to allow.
      const html = await response.text();
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs ?? '') && (body ?? '').trim() !== '');
      expect(inlineScripts, path).toEqual([]);
    }
  });

  it('protects the sign-in page with a CSP too', async () => {
    await page.goto('/');
    await waitForSignInPage(page);
    const response = await page.request.get(page.url());
    const scriptSrc = parseCsp(response.headers()['content-security-policy'] ?? null).get('script-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('reports no CSP violation while signing in, navigating and signing out', async () => {
    const p = await context.newPage();
    const violations = await watchCspViolations(p);
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(`${p.url()}: ${error.message}`));

    await p.goto('/');
    await waitForSignInPage(p);
    await submitSignInForm(p, 'emma@example.com', 'wrong');
    await p.getByRole('alert').waitFor();
    await submitSignInForm(p, 'emma@example.com', 'shoebox-demo');
    await waitForApp(p);
    await p.getByText('Hello Emma').waitFor();

    const menu = p.getByRole('navigation', { name: 'Account menu' });
    for (const [entry, title] of [
      ['My orders', 'Orders'],
      ['Settings', 'My settings'],
      ['My photos', 'My photos'],
      ['Overview', 'My account overview'],
    ] as const) {
      await menu.getByRole('link', { name: entry }).click();
      await expect.poll(() => p.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    }
    await p.reload();
    await p.getByText('Hello Emma').waitFor();
    await p.goto('/account-deleted');
    await p.getByRole('heading', { level: 1 }).waitFor();
    await p.goto('/');
    await p.getByText('Hello Emma').waitFor();

    await menu.getByRole('link', { name: 'Sign out' }).click();
    await waitForSignInPage(p);
    expect(await authCookies(context)).toEqual([]);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses to be framed and does not index test hosts', async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: { Accept: 'text/html' } });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(await response.text()).toContain('<meta name="robots" content="noindex">');
    const robots = await fetch(`${server.baseUrl}/robots.txt`).then((r) => r.text());
    expect(robots).toContain('Disallow: /');
  });
});
