import fs from 'node:fs';
import { CONSENT_COOKIE, DEFAULT_CONSENT } from '@shoebox/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** The first page of the invoice, as Chromium's PDF viewer shows it, for a person to look at. */
const INVOICE_PAGE_SHOT = '/tmp/shots/invoice-page1.png';
/** About an A4 page at the viewer's fit-to-page zoom. */
const PDF_VIEWPORT = { width: 900, height: 1240 };

const invoiceList = (page: Page) => page.getByRole('list', { name: 'Your invoices' });

describe('a business customer’s invoices', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    // Cookie choices made before: the consent banner would lie over the pager.
    await context.addCookies([{ name: CONSENT_COOKIE, value: DEFAULT_CONSENT, url: server.baseUrl }]);
    page = await context.newPage();
    await signIn(page, 'nora@example.com', { path: '/invoices' });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists them ten to a page, and pages to the rest', async () => {
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('B2B invoices');
    await invoiceList(page).getByRole('listitem').first().waitFor();
    expect(await invoiceList(page).getByRole('listitem').count()).toBe(10);
    const pager = page.getByRole('navigation', { name: 'Invoice pages' });
    expect(await pager.innerText()).toContain('Page 1 of 2');
    await expectNoSeriousA11yViolations(page, '/invoices at 1280x800');
    await screenshot(page, 'invoices-desktop');

    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => invoiceList(page).getByRole('listitem').count()).toBe(4);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => invoiceList(page).getByRole('listitem').count()).toBe(10);
  });

  it('opens an invoice as a PDF in a new tab, named in the language of the storefront it was bought on', async () => {
    // The second newest is Nora's invoice from the Dutch storefront.
    const row = invoiceList(page).getByRole('listitem').nth(1);
    const number = (await row.getByRole('heading').innerText()).replace('Invoice ', '');
    // In euros on the list too: the page shows each invoice in its own currency.
    expect(await row.innerText()).toMatch(/Total incl\. VAT: €[\d.,]+/);
    const opened = context.waitForEvent('page');
    await row.getByRole('button', { name: `Get the PDF of invoice ${number}` }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/api\/invoices\/pdf-links\/historical\//);
    expect(await row.getByRole('link', { name: `Open the PDF of invoice ${number}` }).getAttribute('href')).toBe(tab.url());
    // The viewer shows the PDF, not its bytes: the same link fetched plainly, without a token, while it lasts.
    const answer = await context.request.get(tab.url(), { headers: { cookie: '' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    const bytes = await answer.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Its document title names the invoice in Dutch, the language of the storefront it was bought on.
    expect(bytes.toString('latin1')).toContain(`(Factuur ${number})`);

    // The same link, the page fitted to the viewer: page 1 as its customer sees it.
    await tab.setViewportSize(PDF_VIEWPORT);
    await tab.goto(`${tab.url()}#view=Fit`);
    await tab.waitForTimeout(2_500);
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await tab.screenshot({ path: INVOICE_PAGE_SHOT });
    expect(fs.statSync(INVOICE_PAGE_SHOT).size).toBeGreaterThan(10_000);
    await tab.close();
  });

  it('has no serious accessibility problems on a phone', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, storageState: await context.storageState(), isMobile: true, hasTouch: true });
    try {
      const small = await phone.newPage();
      await small.goto('/invoices');
      await invoiceList(small).getByRole('listitem').first().waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(small, '/invoices at 390x844');
      await screenshot(small, 'invoices-phone');
    } finally {
      await phone.close();
    }
  });
});
