import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { submitSignInForm, waitForApp, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

type Messages = { [key: string]: string | Messages };
const text = (messages: Messages, key: string): string => {
  const value = key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);
  if (typeof value !== 'string') throw new Error(`No message ${key}`);
  return value;
};

const GERMAN_CHANNEL = 'www.printhaven.de';
const CONSUMER_MENU = ['overview', 'orders', 'settings', 'savedProjects', 'photos', 'widgets', 'faq', 'signOut'];

describe('second locale (German channel via ?channel=www.printhaven.de)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let de: Messages;
  let en: Messages;
  const localeRequests: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const load = async (locale: string) => {
      const response = await fetch(`${server.baseUrl}/locales/${locale}.json`);
      if (!response.ok) throw new Error(`GET /locales/${locale}.json answered ${response.status}`);
      return (await response.json()) as Messages;
    };
    [de, en] = await Promise.all([load('de-DE'), load('en-GB')]);
    context = await newContext(browser, server.baseUrl, { locale: 'de-DE' });
    page = await context.newPage();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/locales/')) localeRequests.push(pathname);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves a German translation that differs from the English one', () => {
    for (const key of ['menu.overview', 'menu.orders', 'menu.settings', 'menu.signOut', 'titles.overview', 'signIn.heading', 'signIn.invalidCredentials']) {
      expect(text(de, key), key).not.toBe(text(en, key));
    }
    // The words a German customer expects to see.
    expect(text(de, 'menu.settings')).toMatch(/Einstellungen/);
    expect(text(de, 'menu.orders')).toMatch(/Bestellungen/);
    expect(text(de, 'menu.signOut')).toMatch(/Abmelden|Ausloggen/);
    expect(text(de, 'signIn.password')).toMatch(/Passwort|Kennwort/);
  });

  it('shows the sign-in page in German', async () => {
    await page.goto(`/?channel=${GERMAN_CHANNEL}`);
    await waitForSignInPage(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await expect.poll(() => page.locator('h1').innerText()).toBe(text(de, 'signIn.heading'));
    expect(await page.locator('label[for="password"]').innerText()).toBe(text(de, 'signIn.password'));
    expect(await page.locator('form button[type="submit"]').innerText()).toBe(text(de, 'signIn.submit'));

    await submitSignInForm(page, 'emma@example.com', 'falsch');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(text(de, 'signIn.invalidCredentials'));
    await expectNoSeriousA11yViolations(page, 'German sign-in page');
    await screenshot(page, 'sign-in-de');
  });

  it('shows the account area in German with html lang de-DE', async () => {
    await submitSignInForm(page, 'emma@example.com', 'shoebox-demo');
    await waitForApp(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text(de, 'titles.overview'));
    await page.getByText(text(de, 'overview.greeting').replace('{{name}}', 'Emma')).waitFor();

    const menu = page.getByRole('navigation', { name: text(de, 'menu.label') });
    const labels = await Promise.all((await menu.getByRole('link').all()).map(async (l) => (await l.innerText()).replace(/\s+/g, ' ').trim()));
    const hint = ` ${text(de, 'menu.opensInNewTab')}`;
    expect(labels.map((l) => l.replace(hint, ''))).toEqual(CONSUMER_MENU.map((k) => text(de, `menu.${k}`)));
    expect(labels).toEqual(expect.arrayContaining(['Einstellungen', 'Abmelden']));
    // Spec §9 lists de-AT among the feedback widget's locales, not de-DE: the German storefront does not ask.
    expect(await page.getByRole('button', { name: text(de, 'feedback.open') }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'German overview');
    await screenshot(page, 'overview-de-desktop');
  });

  it('keeps the channel while navigating and after a reload', async () => {
    await page.getByRole('navigation', { name: text(de, 'menu.label') }).getByRole('link', { name: text(de, 'menu.settings') }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text(de, 'titles.settings'));
    // The settings screen itself, in German: its texts load with it.
    await page.getByRole('heading', { level: 2, name: 'Persönliche Daten' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text(de, 'titles.settings'));
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
  });

  it('shows public pages in German', async () => {
    await page.goto('/account-deleted');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text(de, 'titles.accountDeleted'));
    await expectNoSeriousA11yViolations(page, 'German /account-deleted');
  });

  it('loaded the German catalogue, never the English one; a feature\'s texts in German with English underneath (decision 039)', () => {
    const catalogues = localeRequests.filter((path) => /^\/locales\/[\w-]+\.json$/.test(path));
    expect(new Set(catalogues)).toEqual(new Set(['/locales/de-DE.json']));
    const features = [...new Set(localeRequests.filter((path) => !catalogues.includes(path)))];
    const namespaces = (locale: string) => features.filter((path) => path.startsWith(`/locales/${locale}/`)).map((path) => path.split('/').pop()).sort();
    expect(features.every((path) => /^\/locales\/(de-DE|en-GB)\/[\w-]+\.json$/.test(path))).toBe(true);
    expect(namespaces('en-GB')).toEqual(namespaces('de-DE'));
  });
});
