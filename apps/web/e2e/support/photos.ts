import type { BrowserContext, Page } from 'playwright-core';
import { getAsCustomer } from './auth';

/** The demo consumer's library: there at once on a server started from the demo world (support/server.ts), seeded in the background on one that starts empty. */
export const DEMO_LIBRARY_OWNER = 'emma@example.com';
export const DEMO_LIBRARY_SIZE = 320;

const SEED_TIMEOUT_MS = 180_000;

/** GET on the photo-management service as the signed-in customer. */
export function photoApi<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  return getAsCustomer<T>(page, `${baseUrl}/api/photo-management${path}`);
}

/** Waits until the seeded library is complete (at once on the demo world), so counts and months no longer change under the test. */
export async function waitForDemoLibrary(page: Page, baseUrl: string): Promise<number> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let count = 0;
  while (Date.now() < deadline) {
    count = (await photoApi<{ photosCount: number }>(page, baseUrl, '/users')).photosCount;
    if (count >= DEMO_LIBRARY_SIZE) return count;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`The demo library has ${count} photos after ${SEED_TIMEOUT_MS / 1000} s, not ${DEMO_LIBRARY_SIZE}`);
}

/** The timeline's month headings as shown, in order. */
export async function sectionTitles(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Photos timeline' }).getByRole('heading', { level: 2 }).allInnerTexts();
}

/** Accepts the cookie banner when it shows, so it covers nothing. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept all' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** From now on, every timeline month page the page or context asks for, as 'YYYY-M' in request order (the list fills as they go). */
export function recordMonthRequests(target: Page | BrowserContext): string[] {
  const months: string[] = [];
  target.on('request', (request) => {
    const match = /\/photos\/timeline\/(\d+)\/(\d+)/.exec(request.url());
    if (match) months.push(`${match[1]}-${match[2]}`);
  });
  return months;
}
