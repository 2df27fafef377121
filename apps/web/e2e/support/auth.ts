import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { pageProblems } from './browser';

export const DEMO_PASSWORD = 'shoebox-demo';
export const AUTH_COOKIE_NAMES = ['auth_access_token', 'auth_refresh_token'] as const;

const SIGN_IN_PATH = /\/oidc\/interaction\/[^/]+$/;

/** Resolves once the server-rendered sign-in form is shown. */
export async function waitForSignInPage(page: Page): Promise<void> {
  await page.waitForURL((url) => SIGN_IN_PATH.test(url.pathname));
  await page.locator('#email').waitFor({ state: 'visible' });
}

/** Fills the sign-in form and submits it; does not wait for what comes next. */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Resolves once the browser is back in the account area (not sign-in, not the callback) with its heading shown. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
  await page.locator('main h1').first().waitFor({ state: 'visible' });
}

/**
 * Signs in through the real sign-in page: opens a protected URL, fills the form, and waits until
 * the account area shows that URL.
 */
export async function signIn(page: Page, email: string, options: { path?: string; password?: string } = {}): Promise<void> {
  try {
    await page.goto(options.path ?? '/');
    await waitForSignInPage(page);
    await submitSignInForm(page, email, options.password ?? DEMO_PASSWORD);
    await waitForApp(page);
  } catch (error) {
    throw new Error(`Signing in as ${email} failed: ${(error as Error).message}\n${pageProblems(page)}`, { cause: error });
  }
}

/** The signed-in customer's Authorization header, from the access token cookie the sign-in left. */
export async function bearerHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth_access_token');
  if (!cookie) throw new Error('Not signed in: no auth_access_token cookie');
  return { Authorization: `Bearer ${decodeURIComponent(cookie.value)}` };
}

/** GET `url` as the signed-in customer; anything but a 2xx answer throws. */
export async function getAsCustomer<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: await bearerHeaders(page.context()) });
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
  return (await response.json()) as T;
}

export async function authCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return cookies.filter((c) => (AUTH_COOKIE_NAMES as readonly string[]).includes(c.name));
}

export async function expectSignedOutCookies(context: BrowserContext): Promise<void> {
  expect((await authCookies(context)).map((c) => c.name)).toEqual([]);
}
