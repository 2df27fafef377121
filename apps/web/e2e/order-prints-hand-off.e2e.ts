/// <reference types="node" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast } from './support/albums';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { startOrderPrints } from './support/order-prints';
import { DEMO_LIBRARY_OWNER, waitForDemoLibrary } from './support/photos';
import type { TestServer } from './support/server';
import { startSignedInSession, type SignedInSession } from './support/session';

const SEED_TIMEOUT_MS = 240_000;
/** A retailer's own prints editor, answered by the test in place of the real site. */
const RETAILER_EDITOR = 'https://editor.printhaven.example/prints';

const shot = (page: Page, name: string) => screenshot(page, name, { dir: REVIEW_SHOTS_DIR });

describe("order prints hand-off to a retailer's editor (PRINTS_EDITOR_URL)", () => {
  let session: SignedInSession;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    session = await startSignedInSession(DEMO_LIBRARY_OWNER, { path: '/my-photos/photos', env: { PRINTS_EDITOR_URL: RETAILER_EDITOR } });
    ({ server, browser, context } = session);
    await waitForDemoLibrary(session.page, server.baseUrl);
    await session.page.close();
  }, SEED_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await session?.close();
  });

  for (const [label, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`${label}: the bar, the overlay for 3 s, then the editor with the selection, PAP_910 and the channel`, async () => {
      const ctx = viewport ? await newContext(browser, server.baseUrl, { viewport, storageState: await context.storageState() }) : context;
      const page = await ctx.newPage();
      let editorAddress: string | undefined;
      await page.route(`${RETAILER_EDITOR}?**`, (route) => {
        editorAddress = route.request().url();
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Editor</title><h1>Retailer editor</h1></html>' });
      });
      try {
        const { picked, bar } = await startOrderPrints(page, 2);
        const next = bar.getByRole('button', { name: 'Next: Customise 2 photo prints' });
        await next.waitFor();
        await shot(page, `order-prints-bar-${label}`);
        await expectNoSeriousA11yViolations(page, `order-prints bar, ${label}`);

        const created = page.waitForResponse((r) => r.url().endsWith('/api/photo-management/temp-selections') && r.request().method() === 'POST');
        const clickedAt = Date.now();
        await next.click();
        const overlay = page.getByRole('dialog', { name: 'Adding 2 photos to editor...' });
        await overlay.waitFor();
        await shot(page, `order-prints-overlay-${label}`);
        await expectNoSeriousA11yViolations(page, `order-prints overlay, ${label}`);
        const response = await created;
        expect(response.status()).toBe(201);
        expect(response.request().postDataJSON()).toEqual({ photoIds: picked, channel: 'www.printhaven.co.uk' });
        const { tempSelectionId } = (await response.json()) as { tempSelectionId: string };

        await page.getByRole('heading', { name: 'Retailer editor' }).waitFor();
        expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(3_000);
        const url = new URL(editorAddress!);
        expect(`${url.origin}${url.pathname}`).toBe(RETAILER_EDITOR);
        expect(Object.fromEntries(url.searchParams)).toEqual({ tempSelectionId, autoselectproduct: 'PAP_910', channel: 'www.printhaven.co.uk' });
      } catch (error) {
        await shot(page, `order-prints-failure-${label}`);
        throw new Error(`${String(error)}\n${pageProblems(page)}`);
      } finally {
        await page.close();
        if (viewport) await ctx.close();
      }
    }, 90_000);
  }

  it("a refused hand-over closes the overlay and says 'Error transferring photos. Try again.'", async () => {
    const page = await context.newPage();
    await page.route('**/api/photo-management/temp-selections', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, error: 'internal', message: 'Unavailable', correlationId: 'e2e' }) }),
    );
    try {
      const { bar } = await startOrderPrints(page, 1);
      const refused = page.waitForRequest((r) => r.url().endsWith('/api/photo-management/temp-selections') && r.method() === 'POST');
      const reported = page.waitForResponse((r) => r.url().endsWith('/api/error-reporting/reports'));
      await bar.getByRole('button', { name: 'Next: Customise 1 photo print' }).click();
      await toast(page, 'Error transferring photos. Try again.').waitFor();
      // Spec §8: the failure goes to the error service with its correlation id, and the service keeps it.
      const report = await reported;
      expect(report.status()).toBe(202);
      const { reports } = report.request().postDataJSON() as { reports: { correlationId?: string; page: string; context?: Record<string, string> }[] };
      expect(reports).toContainEqual(
        expect.objectContaining({ correlationId: (await refused).headers()['x-correlationid'], page: '/my-photos/photos', context: expect.objectContaining({ method: 'POST' }) }),
      );
      expect(await page.getByRole('dialog', { name: /Adding/ }).count()).toBe(0);
      await bar.getByRole('button', { name: 'Next: Customise 1 photo print' }).waitFor();
      await shot(page, 'order-prints-failed-desktop');
      expect(new URL(page.url()).pathname).toBe('/my-photos/photos');
    } catch (error) {
      await shot(page, 'order-prints-failure-refused');
      throw new Error(`${String(error)}\n${pageProblems(page)}`);
    } finally {
      await page.close();
    }
  }, 90_000);
});
