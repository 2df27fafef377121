import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, dismissCookieBanner, photoApi, recordMonthRequests, sectionTitles, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

type Counts = Record<string, Record<string, number>>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthLabel = (year: number, month: number) => (year === 1970 && month === 1 ? 'Unknown Date' : `${MONTHS[month - 1]} ${year}`);

/** The months of the counts in the timeline's order for date taken, newest first: Unknown Date last. */
function newestFirst(counts: Counts): { label: string; count: number }[] {
  const months = Object.entries(counts).flatMap(([y, ms]) => Object.entries(ms).map(([m, count]) => ({ year: Number(y), month: Number(m), count })));
  const known = months.filter((m) => m.year !== 1970).sort((a, b) => b.year - a.year || b.month - a.month);
  const unknown = months.filter((m) => m.year === 1970);
  return [...known, ...unknown].map((m) => ({ label: monthLabel(m.year, m.month), count: m.count }));
}

const domSize = (page: Page) => page.evaluate(() => document.querySelectorAll('*').length);

describe('photos timeline and preview (emma, the demo library)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let counts: Counts;
  let monthRequests: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await signIn(page, DEMO_LIBRARY_OWNER, { path: '/' });
    await waitForDemoLibrary(page, server.baseUrl);
    counts = await photoApi<Counts>(page, server.baseUrl, '/users/timeline?sortKey=dateTaken');
    monthRequests = recordMonthRequests(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("opens at /my-photos on the Photos tab: 'My photos', the counts, and the newest months first", async () => {
    await page.goto('/my-photos');
    await page.waitForURL('**/my-photos/photos');
    await dismissCookieBanner(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('My photos');
    const tabs = page.getByRole('navigation', { name: 'Photo library' });
    await expect.poll(() => tabs.getByRole('link', { name: /^Photos/ }).innerText()).toMatch(/^Photos\s+320$/);
    expect(await tabs.getByRole('link', { name: /^Photos/ }).getAttribute('aria-current')).toBe('page');

    const expected = newestFirst(counts);
    await page.getByRole('heading', { level: 2, name: expected[0]!.label }).waitFor();
    const shown = await sectionTitles(page);
    expect(shown).toEqual(expected.slice(0, shown.length).map((m) => m.label));
    expect(expected.reduce((sum, m) => sum + m.count, 0)).toBe(320);

    // Only the months near the top have been asked for.
    await page.locator('[data-photo-id] img').first().waitFor();
    expect(new Set(monthRequests).size).toBeLessThan(expected.length);
    expect(await domSize(page)).toBeLessThan(3_000);
    await expectNoSeriousA11yViolations(page, 'photos timeline');
    await screenshot(page, 'photos-timeline-desktop');
  });

  it("shows 'Taken on …' when a thumbnail is hovered", async () => {
    const tile = page.locator('[data-photo-id][data-date-taken]').first();
    await tile.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toMatch(/^Taken on \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d:\d\d$/);
    await page.mouse.move(0, 0);
  });

  it('loads the months it scrolls to, and jumps exactly to a month, Unknown Date last', async () => {
    const expected = newestFirst(counts);
    const last = expected[expected.length - 1]!;
    const before = monthRequests.length;
    await page.getByRole('combobox', { name: 'Jump to' }).selectOption({ label: last.label });
    const heading = page.getByRole('heading', { level: 2, name: last.label });
    await heading.waitFor();
    const controls = page.getByRole('group', { name: 'Timeline options' });
    await expect
      .poll(async () => Math.abs((await heading.evaluate((h) => h.parentElement!.getBoundingClientRect().top)) - (await controls.evaluate((c) => c.getBoundingClientRect().bottom))))
      .toBeLessThan(1);
    await page.locator('[data-photo-id] img').last().waitFor();
    expect(monthRequests.length).toBeGreaterThan(before);
    expect(last.label).toBe('Unknown Date');
    expect(await domSize(page)).toBeLessThan(3_000);
  });

  it('opens a preview, moves with the arrow keys, zooms on click, and Escape returns to the same scroll position', async () => {
    const expected = newestFirst(counts);
    await page.getByRole('combobox', { name: 'Jump to' }).selectOption({ label: expected[2]!.label });
    await page.getByRole('heading', { level: 2, name: expected[2]!.label }).waitFor();
    await page.waitForTimeout(300);
    const scrollY = await page.evaluate(() => window.scrollY);
    // A tile fully in view, so clicking it does not scroll.
    const id = await page.evaluate(() => {
      const top = document.querySelector('[role="group"]')?.getBoundingClientRect().bottom ?? 0;
      const tiles = [...document.querySelectorAll<HTMLElement>('[data-photo-id]')].filter((t) => t.getBoundingClientRect().top > top + 20 && t.getBoundingClientRect().bottom < window.innerHeight);
      return tiles[1]?.dataset.photoId;
    });
    const tile = page.locator(`[data-photo-id="${id}"]`);
    const name = (await tile.getAttribute('aria-label')) ?? '';
    await tile.click();

    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    const first = page.url();
    expect(first).toMatch(/\/my-photos\/photos\/preview\/[^/]+$/);
    const image = dialog.getByRole('img', { name });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth >= 800 || img.naturalHeight >= 800)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'photo preview');
    await screenshot(page, 'photos-preview-desktop');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.url()).not.toBe(first);
    // The next photo shown, not only its address: a key pressed before it renders moves from the photo before it.
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.url()).toBe(first);

    const photo = page.getByRole('dialog').getByRole('img');
    await photo.click();
    await expect.poll(() => photo.evaluate((img) => img.style.transform)).toContain('scale(2.5)');
    await photo.click();
    await expect.poll(() => photo.evaluate((img) => img.style.transform)).not.toContain('scale');

    await page.keyboard.press('Escape');
    await page.waitForURL('**/my-photos/photos');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrollY);
    // Focus is back on the photo that was open.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(name);
  });

  it('sends a preview of a photo that is not there back to the grid', async () => {
    await page.goto('/my-photos/photos/preview/no-such-photo');
    await page.waitForURL('**/my-photos/photos');
    await page.locator('[data-photo-id]').first().waitFor();
  });

  it('sorts by upload date, oldest first, and remembers it after a reload', async () => {
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Upload date' });
    await page.getByRole('button', { name: 'Order: Newest first' }).click();
    await page.getByRole('button', { name: 'Order: Oldest first' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Photos timeline' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('created');
    await page.getByRole('button', { name: 'Order: Oldest first' }).waitFor();
    // Every demo photo was uploaded when the server first started: one upload month.
    await expect.poll(() => sectionTitles(page)).toHaveLength(1);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Date taken' });
    await page.getByRole('button', { name: 'Order: Oldest first' }).click();
    await page.getByRole('heading', { level: 2, name: newestFirst(counts)[0]!.label }).waitFor();
  });

  it('selection mode: the toolbar, its rules, and a delete confirmation that can be cancelled', async () => {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    await toolbar.waitFor();
    expect(await toolbar.getByRole('status').innerText()).toBe('0 selected');
    expect(await toolbar.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);

    await page.getByRole('checkbox').nth(0).click();
    await page.getByRole('checkbox').nth(1).click();
    expect(await toolbar.getByRole('status').innerText()).toBe('2 selected');
    await expectNoSeriousA11yViolations(page, 'photos selection mode');
    await screenshot(page, 'photos-selection-desktop');

    // Download and Order prints take the selection (downloads.e2e.ts and order-prints.e2e.ts follow them).
    expect(await toolbar.getByRole('button', { name: 'Download' }).getAttribute('aria-disabled')).toBeNull();
    expect(await toolbar.getByRole('button', { name: 'Order prints' }).isEnabled()).toBe(true);

    await toolbar.getByRole('button', { name: 'Select all' }).click();
    expect(await toolbar.getByRole('status').innerText()).toBe('320 selected');

    await toolbar.getByRole('button', { name: 'Deselect all' }).click();
    await page.getByRole('checkbox').nth(0).click();
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 photo?' });
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page, 'delete selected dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await toolbar.getByRole('button', { name: 'Cancel' }).click();
    await toolbar.waitFor({ state: 'detached' });
  });

  it('on a phone: three columns, the back link, and a preview without arrows', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, hasTouch: true, isMobile: true });
    await phone.addCookies(await context.cookies());
    const small = await phone.newPage();
    await small.goto('/my-photos/photos');
    await dismissCookieBanner(small);
    await small.locator('[data-photo-id] img').first().waitFor();
    await small.getByRole('link', { name: 'Back to my account' }).waitFor();
    // Square tiles 4px apart across the timeline's width (decision 085).
    const tile = (await small.locator('[data-photo-id]').first().boundingBox())!;
    const timeline = (await small.getByRole('region', { name: 'Photos timeline' }).boundingBox())!;
    expect(Math.round((timeline.width + 4) / (tile.width + 4))).toBe(3);
    await expectNoSeriousA11yViolations(small, 'photos timeline (phone)');
    await screenshot(small, 'photos-timeline-phone');

    await small.locator('[data-photo-id]').first().click();
    await small.getByRole('dialog').waitFor();
    expect(await small.getByRole('button', { name: 'Next photo' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(small, 'photo preview (phone)');
    await screenshot(small, 'photos-preview-phone');
    await phone.close();
  });
});
