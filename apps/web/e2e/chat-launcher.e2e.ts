import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, newContext, pageProblems, PHONE, screenshot } from './support/browser';
import { startOrderPrints } from './support/order-prints';
import { DEMO_LIBRARY_OWNER, waitForDemoLibrary } from './support/photos';
import type { TestServer } from './support/server';
import { startSignedInSession, type SignedInSession } from './support/session';

const SEED_TIMEOUT_MS = 240_000;
/** Less than the height of the smallest button, so none can pass under the launcher between two steps. */
const SCROLL_STEP_PX = 40;

const launcher = (page: Page) => page.getByRole('link', { name: /^Chat with us/ });

/**
 * Scrolls the page from top to bottom in small steps and answers every visible control (link, button, form
 * field) whose box meets the launcher's box at some step, named with the scroll position. The launcher must be
 * in view at the top of the page, so the check cannot pass by it being gone.
 */
async function controlsUnderLauncher(link: Locator): Promise<string[]> {
  const box = await link.boundingBox();
  expect(box, 'the launcher is shown at the top of the page').not.toBeNull();
  return link.evaluate(async (chat, step) => {
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const label = (el: Element) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? (el as HTMLElement).innerText ?? '';
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${label(el).trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const found = new Map<string, number>();
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    if (bottom <= 0) return ['the page does not scroll: nothing was checked'];
    for (let y = 0; ; y = Math.min(y + step, bottom)) {
      window.scrollTo(0, y);
      await frame();
      const c = chat.getBoundingClientRect();
      for (const el of document.querySelectorAll(controls)) {
        if (el === chat || el.contains(chat) || chat.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
        if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
        const meets = r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
        if (meets && !found.has(name(el))) found.set(name(el), y);
      }
      if (y >= bottom) break;
    }
    window.scrollTo(0, 0);
    return [...found].map(([what, y]) => `${what} at scrollY ${y}`);
  }, SCROLL_STEP_PX);
}

describe('the support chat launcher covers no control, at any scroll position (emma: saved projects, the prints editor)', () => {
  let session: SignedInSession;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    session = await startSignedInSession(DEMO_LIBRARY_OWNER, { path: '/saved-projects' });
    ({ server, browser, context } = session);
    await waitForDemoLibrary(session.page, server.baseUrl);
    await session.page.close();
  }, SEED_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await session?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    const size = `${viewport.width}x${viewport.height}`;
    // As many photos as a phone shows at once above the selection bar; the page is long either way.
    const photos = viewport === PHONE ? 3 : 6;

    describe(size, () => {
      let profile: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        profile = await newContext(browser, server.baseUrl, { viewport, storageState: await context.storageState() });
        page = await profile.newPage();
      });

      afterAll(async () => {
        await profile?.close();
      });

      it('saved projects: no Continue or Delete button, nor the pager, passes under it', async () => {
        try {
          await page.goto('/saved-projects');
          await page.getByRole('list', { name: 'Your saved projects' }).getByRole('listitem').nth(9).waitFor();
          await page.getByRole('button', { name: /^Delete/ }).first().waitFor();
          expect(await controlsUnderLauncher(launcher(page))).toEqual([]);
          await screenshot(page, `chat-launcher-saved-projects-${size}`);
          await expectNoSeriousA11yViolations(page, `saved projects, ${size}`);
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${pageProblems(page)}`, { cause: error });
        }
      });

      it('prints editor: no size, quantity, address field or order button passes under it', async () => {
        try {
          const { bar } = await startOrderPrints(page, photos);
          await bar.getByRole('button', { name: `Next: Customise ${photos} photo prints` }).click();
          await page.waitForURL(/\/prints-editor\?/);
          await expect.poll(() => page.getByRole('list', { name: 'Photos to print' }).getByRole('listitem').count()).toBe(photos);
          await page.getByRole('button', { name: 'Place order' }).waitFor();
          expect(await controlsUnderLauncher(launcher(page))).toEqual([]);
          await screenshot(page, `chat-launcher-prints-editor-${size}`);
          await expectNoSeriousA11yViolations(page, `prints editor, ${size}`);
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${pageProblems(page)}`, { cause: error });
        }
      }, 120_000);
    });
  }
});
