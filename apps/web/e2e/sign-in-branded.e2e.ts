import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getAsCustomer, submitSignInForm, waitForApp, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { linkFromMailbox } from './support/mailbox';
import { startServer, type TestServer } from './support/server';

type SignInTexts = Record<string, string>;
type Size = typeof DESKTOP | typeof PHONE;

interface Storefront {
  label: string;
  channel: string;
  locale: 'en-GB' | 'de-DE';
  brand: string;
}

const PRINTHAVEN_UK: Storefront = { label: 'en', channel: 'www.printhaven.co.uk', locale: 'en-GB', brand: 'Printhaven' };
const ALBUMLY_DE: Storefront = { label: 'de', channel: 'www.albumly.de', locale: 'de-DE', brand: 'Albumly' };
const NEW_PASSWORD = 'a fresh passphrase 2026';
const sizeName = (size: Size) => (size === PHONE ? 'phone' : 'desktop');

/**
 * The sign-in page as a storefront's customer meets it (decision 091): the brand's name and colours in the
 * storefront's language, "Forgot password?" through the mailed link to a new password that signs in, and
 * "Create an account" through the mailed link to an account that is signed in at once.
 */
describe('the branded sign-in page', () => {
  let server: TestServer;
  let browser: Browser;
  const texts: Partial<Record<Storefront['locale'], SignInTexts>> = {};
  const t = (s: Storefront, key: string) => {
    const value = texts[s.locale]?.[key];
    if (!value) throw new Error(`No signIn.${key} in ${s.locale}`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    for (const locale of ['en-GB', 'de-DE'] as const) {
      const response = await fetch(`${server.baseUrl}/locales/${locale}.json`);
      texts[locale] = ((await response.json()) as { signIn: SignInTexts }).signIn;
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openSignIn(s: Storefront, size: Size): Promise<Page> {
    const context = await newContext(browser, server.baseUrl, { viewport: size, locale: s.locale });
    const page = await context.newPage();
    await page.goto(`/?channel=${s.channel}`);
    await waitForSignInPage(page);
    return page;
  }

  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
  const shot = (page: Page, s: Storefront, size: Size, name: string) => screenshot(page, `sign-in-branded-${s.label}-${sizeName(size)}-${name}`, { dir: REVIEW_SHOTS_DIR, fullPage: true });
  const check = async (page: Page, s: Storefront, size: Size, name: string) => {
    await expectNoSeriousA11yViolations(page, `${name} (${s.label}, ${sizeName(size)})`);
    await shot(page, s, size, name);
  };
  /** The page has room for everything: nothing wider than the viewport. */
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const [s, size] of [
    [PRINTHAVEN_UK, DESKTOP],
    [ALBUMLY_DE, PHONE],
  ] as const) {
    it(`shows ${s.brand} in ${s.locale} at ${size.width}x${size.height}, and a forgotten password is set anew through the mailed link`, async () => {
      const email = s === PRINTHAVEN_UK ? 'lars@example.com' : 'sofia@example.com';
      const page = await openSignIn(s, size);
      expect(await page.locator('.masthead .brand').innerText()).toBe(s.brand);
      expect(await page.locator('body').getAttribute('data-brand')).toBe(s.brand.toLowerCase());
      expect(await page.locator('html').getAttribute('lang')).toBe(s.locale);
      expect(await heading(page)).toBe(t(s, 'heading'));
      expect(await page.title()).toBe(`${t(s, 'title')} | ${s.brand}`);
      expect(await fitsWidth(page)).toBe(true);
      await check(page, s, size, 'sign-in');

      // Keyboard only: from the password field, Tab reaches "Forgot password?".
      await page.locator('#password').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t(s, 'forgotPassword'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/forgot-password\?/);
      expect(await heading(page)).toBe(t(s, 'forgotHeading'));
      await page.locator('#email').fill('not an address');
      await page.getByRole('button', { name: t(s, 'forgotSubmit') }).click();
      await expect.poll(() => page.getByRole('alert').innerText()).toBe(t(s, 'formErrors'));
      expect(await page.locator('#email').getAttribute('aria-invalid')).toBe('true');
      await check(page, s, size, 'forgot-password-refused');

      await page.locator('#email').fill(email);
      await page.getByRole('button', { name: t(s, 'forgotSubmit') }).click();
      await expect.poll(() => heading(page)).toBe(t(s, 'checkEmailHeading'));
      await page.getByText(t(s, 'forgotSentBody').replace('{{email}}', email).replace('{{minutes}}', '60')).waitFor();
      await check(page, s, size, 'forgot-password-sent');

      const link = await linkFromMailbox(page, server.baseUrl, email, '/reset-password');
      expect(new URL(link).searchParams.get('channel')).toBe(s.channel);
      await page.goto(link);
      expect(await heading(page)).toBe(t(s, 'resetHeading'));
      expect(await page.locator('.masthead .brand').innerText()).toBe(s.brand);
      await page.getByLabel(t(s, 'newPassword')).fill('too short');
      await page.getByRole('button', { name: t(s, 'resetSubmit') }).click();
      await page.getByText(t(s, 'passwordTooShort').replace('{{min}}', '10')).waitFor();
      await check(page, s, size, 'new-password-refused');
      await page.getByLabel(t(s, 'newPassword')).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t(s, 'resetSubmit') }).click();
      await expect.poll(() => heading(page)).toBe(t(s, 'resetDoneHeading'));
      await check(page, s, size, 'new-password-set');

      // Back into the same sign-in: the old password no longer works, the new one does.
      await page.getByRole('link', { name: t(s, 'goToSignIn') }).click();
      await waitForSignInPage(page);
      await submitSignInForm(page, email, 'shoebox-demo');
      await expect.poll(() => page.getByRole('alert').innerText()).toBe(t(s, 'invalidCredentials'));
      await submitSignInForm(page, email, NEW_PASSWORD);
      await waitForApp(page);
      expect((await getAsCustomer<{ email: string }>(page, '/api/customer/customers/me')).email).toBe(email);

      // The link is dead.
      await page.goto(link);
      expect(await heading(page)).toBe(t(s, 'linkInvalidHeading'));
      await page.context().close();
    });
  }

  for (const [s, size] of [
    [ALBUMLY_DE, DESKTOP],
    [PRINTHAVEN_UK, PHONE],
  ] as const) {
    it(`creates an account on ${s.brand} in ${s.locale} at ${size.width}x${size.height} and signs it in through the mailed link`, async () => {
      const email = `new-${s.label}-${sizeName(size)}-${Date.now()}@example.com`;
      const page = await openSignIn(s, size);
      await page.getByRole('link', { name: t(s, 'createAccount') }).click();
      await page.waitForURL(/\/register\?/);
      expect(await heading(page)).toBe(t(s, 'registerHeading'));
      await page.getByRole('button', { name: t(s, 'registerSubmit') }).click();
      await page.getByText(t(s, 'firstNameRequired')).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('firstName');
      expect(await fitsWidth(page)).toBe(true);
      await check(page, s, size, 'register-refused');

      await page.getByLabel(t(s, 'firstName')).fill('Jana');
      await page.getByLabel(t(s, 'lastName')).fill('Neu');
      await page.getByLabel(t(s, 'email')).fill(email);
      await page.getByLabel(t(s, 'password'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t(s, 'registerSubmit') }).click();
      await expect.poll(() => heading(page)).toBe(t(s, 'checkEmailHeading'));
      await check(page, s, size, 'register-sent');

      const link = await linkFromMailbox(page, server.baseUrl, email, '/confirm-account');
      await page.goto(link);
      expect(await heading(page)).toBe(t(s, 'confirmHeading'));
      await check(page, s, size, 'confirm-account');
      await page.getByRole('button', { name: t(s, 'confirmSubmit') }).click();
      await waitForApp(page);
      const me = await getAsCustomer<{ email: string; firstName: string; lastName: string }>(page, '/api/customer/customers/me');
      expect(me).toMatchObject({ email, firstName: 'Jana', lastName: 'Neu' });
      await page.context().close();
    });
  }
});
