/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow } from './support/albums';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, pageProblems, PHONE, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, dismissCookieBanner, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
/** The demo account from the older system (apps/server/src/seed/demo-legacy-library.ts): 15 photos of past orders, one damaged. */
const LEGACY_OWNER = 'ines@example.com';
const LEGACY_IMPORTABLE = 14;
const MAIL_TIMEOUT_MS = 180_000;

/** The export page link of the newest export mail to `to`, read from the development mailbox as a customer's mail client would show it. */
async function exportLinkFromMailbox(page: Page, baseUrl: string, to: string): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const html = await (await page.request.get(`${baseUrl}/dev/mailbox`)).text();
    const articles = html.split('<article>').filter((a) => a.includes('Your photo export is ready') && a.includes(`To ${to}`));
    const link = articles.map((a) => /href="([^"]*\/my-photos\/exports\/[^"]+)"/.exec(a)?.[1]).find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`No export mail for ${to} in the development mailbox after ${MAIL_TIMEOUT_MS / 1000} s`);
}

/** The entries of a zip, after `unzip -t` found every one intact. */
function zipEntries(file: string): string[] {
  execFileSync('unzip', ['-tq', file]);
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter(Boolean);
}

describe('full-library export and library activation', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-export-e2e-'));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('export: requested from the storage modal, mailed, opened from the mail in a new tab, every chunk downloaded, every photo once', async () => {
    context = await newContext(browser, server.baseUrl, { acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, DEMO_LIBRARY_OWNER, { path: PHOTOS });
    const photosCount = await waitForDemoLibrary(page, server.baseUrl);
    await dismissCookieBanner(page);

    await page.getByRole('button', { name: /^Storage/ }).click();
    await page.getByRole('button', { name: 'Export photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export your photos' });
    await dialog.getByText('Export requests are processed within 48 hours', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'export-creation modal');
    await dialog.getByRole('button', { name: 'Request export' }).click();
    await dialog.getByText("We're processing your export").waitFor();
    await screenshot(page, 'export-requested');

    // Asked again while it is being made: the running export is answered; once it is made (a quick export of
    // an unchanged library), the modal leads to it instead of making another.
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Export photos' }).click();
    await page.getByRole('dialog', { name: 'Export your photos' }).getByRole('button', { name: 'Request export' }).click();
    await page.getByRole('dialog', { name: 'Export your photos' }).getByText(/Your export is already being prepared|We're processing your export|Your latest export is ready/).waitFor();

    const link = await exportLinkFromMailbox(page, server.baseUrl, DEMO_LIBRARY_OWNER);
    // Opened cold, as from the mail: a new tab that loads the page at its address.
    const exportPage = await context.newPage();
    await exportPage.goto(link);
    await exportPage.getByRole('heading', { name: 'Your export is ready' }).waitFor({ timeout: 30_000 });
    await exportPage.getByText(/^Its download links are valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/).waitFor();
    await exportPage.getByText(`It holds ${photosCount.toLocaleString('en-GB')} photos.`).waitFor();
    const rows = exportPage.getByRole('list', { name: 'Zip files of your export' }).getByRole('listitem');
    const total = await rows.count();
    expect(total).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(exportPage, 'export page');
    await screenshot(exportPage, 'export-page');

    const entries: string[] = [];
    for (let n = 1; n <= total; n += 1) {
      const row = rows.nth(n - 1);
      await row.getByText(`My Photos export (${n} of ${total})`).waitFor();
      expect(await row.innerText()).toMatch(/\d+(\.\d{1,2})? (Bytes|KB|MB|GB)/);
      const [download] = await Promise.all([exportPage.waitForEvent('download'), row.getByRole('button', { name: 'Download .zip' }).click()]);
      const file = path.join(downloads, `chunk-${n}.zip`);
      await download.saveAs(file);
      entries.push(...zipEntries(file));
    }
    // Together the chunks hold every photo of the library, each once.
    expect(entries).toHaveLength(photosCount);
    expect(new Set(entries).size).toBe(photosCount);

    await exportPage.setViewportSize(PHONE);
    await exportPage.getByRole('heading', { name: 'Your export is ready' }).waitFor();
    // Read once the layout has settled at the new width: right after the resize it can still be the wider one.
    await expect.poll(() => horizontalOverflow(exportPage)).toBe(0);
    await expectNoSeriousA11yViolations(exportPage, 'export page (phone)');
    await screenshot(exportPage, 'export-page-phone');
    await context.close();
    context = undefined;
  }, 400_000);

  it("an export link that no longer works: 'Your download link has expired', and its link asks for a new export", async () => {
    context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    // An export the server does not have (or has removed after 7 days) answers 404, as an expired one does.
    await signIn(page, DEMO_LIBRARY_OWNER, { path: `/my-photos/exports/${crypto.randomUUID()}` });
    await dismissCookieBanner(page);
    await page.getByRole('heading', { name: 'Your download link has expired' }).waitFor();
    await page.getByText('Download links are valid for 7 days. You can ask for a new export of your photos.').waitFor();
    await expectNoSeriousA11yViolations(page, 'expired export');
    await page.getByRole('button', { name: 'Request a new export' }).click();
    await page.getByRole('dialog', { name: 'Export your photos' }).getByRole('button', { name: 'Request export' }).waitFor();
    await screenshot(page, 'export-expired');
    await context.close();
    context = undefined;
  }, 120_000);

  it('activation of the demo account from the older system, end to end', async () => {
    context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, LEGACY_OWNER, { path: PHOTOS });
    await dismissCookieBanner(page);

    const offer = page.getByRole('region', { name: 'Bring your earlier photos into your library' });
    await offer.waitFor();
    expect((await photoApi<{ photosCount: number }>(page, server.baseUrl, '/users')).photosCount).toBe(0);
    await expectNoSeriousA11yViolations(page, 'activation offer');
    await screenshot(page, 'activation-offer');
    await offer.getByRole('button', { name: 'Activate my photo library' }).click();

    await page.getByRole('region', { name: 'Bringing your earlier photos into your library' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('shoebox.libraryActivationInProgress'))).not.toBeNull();
    await screenshot(page, 'activation-importing');
    // The import, then the 10 s wait after import.finished, then the status is ACTIVE.
    try {
      await page.getByRole('heading', { name: 'Your photo library is active' }).waitFor({ timeout: 120_000 });
    } catch (error) {
      throw new Error(`Activation did not finish: ${(error as Error).message}\n${pageProblems(page)}`, { cause: error });
    }
    // The damaged camera file is said, not hidden.
    await page.getByText('1 photo could not be brought in: its file could not be read.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('shoebox.libraryActivationInProgress'))).toBeNull();
    // The library's caches were fetched again: the tab count and the timeline show the imported photos.
    await page.getByRole('navigation', { name: 'Photo library' }).getByRole('link', { name: `Photos ${LEGACY_IMPORTABLE}` }).waitFor();
    expect(await page.getByRole('region', { name: 'Photos timeline' }).getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
    expect((await photoApi<{ status: string }>(page, server.baseUrl, '/users/activate')).status).toBe('ACTIVE');
    await expectNoSeriousA11yViolations(page, 'activation done');
    await screenshot(page, 'activation-done');
    await context.close();
    context = undefined;
  }, 240_000);
});
