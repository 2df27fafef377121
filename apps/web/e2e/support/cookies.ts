import { CONSENT_COOKIE } from '@shoebox/contracts';
import type { Page } from 'playwright-core';

/** Whether the browser context answered the cookie question: the banner shows exactly when it has not. */
async function cookiesAnswered(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name === CONSENT_COOKIE);
}

/**
 * Accepts the cookie banner of a page of the account area, so it covers nothing: waits for it where the
 * context has not answered yet (it renders after the page has loaded), and expects none where it has.
 * `acceptAll` is the button's text in the page's language.
 */
export async function acceptCookies(page: Page, acceptAll = 'Accept all'): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookies' });
  if (await cookiesAnswered(page)) {
    if ((await banner.count()) !== 0) throw new Error('The cookie banner shows although this browser answered it');
    return;
  }
  await banner.getByRole('button', { name: acceptAll }).click();
  await banner.waitFor({ state: 'detached' });
}
