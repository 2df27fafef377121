import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, DEMO_LIBRARY_SIZE, dismissCookieBanner, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

/** The Photos tab's count as shown. */
async function photosTabCount(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Photo library' }).getByRole('link', { name: /^Photos/ }).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The ids of the first `n` tiles that are fully in view, top to bottom. */
async function visibleTileIds(page: Page, n: number): Promise<string[]> {
  return page.evaluate((count) => {
    const top = document.querySelector('[role="group"]')?.getBoundingClientRect().bottom ?? 0;
    return [...document.querySelectorAll<HTMLElement>('[data-photo-id]')]
      .filter((tile) => {
        const rect = tile.getBoundingClientRect();
        return rect.top >= top && rect.bottom <= window.innerHeight - 80;
      })
      .slice(0, count)
      .map((tile) => tile.dataset.photoId as string);
  }, n);
}

describe('deleting photos (emma, the demo library)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let expected = DEMO_LIBRARY_SIZE;

  const serverCount = async () => (await photoApi<{ photosCount: number }>(page, server.baseUrl, '/users')).photosCount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await signIn(page, DEMO_LIBRARY_OWNER, { path: '/' });
    expected = await waitForDemoLibrary(page, server.baseUrl);
    await page.goto('/my-photos/photos');
    await dismissCookieBanner(page);
    await page.locator('[data-photo-id] img').first().waitFor();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('deletes one photo from its preview, which then shows the neighbouring photo', async () => {
    const [, second] = await visibleTileIds(page, 2);
    await page.locator(`[data-photo-id="${second}"]`).click();
    await page.waitForURL(`**/preview/${second}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete photo?' });
    await expectNoSeriousA11yViolations(page, 'delete photo dialog');
    await confirm.getByRole('button', { name: 'Delete photo' }).click();

    // The preview moves to the photo before it.
    await expect.poll(() => page.url()).not.toContain(second);
    await expect.poll(serverCount).toBe(expected - 1);
    expected -= 1;
    await page.keyboard.press('Escape');
    await page.waitForURL('**/my-photos/photos');
    expect(await page.locator(`[data-photo-id="${second}"]`).count()).toBe(0);
    await expect.poll(() => photosTabCount(page)).toBe(expected);
  });

  it('deletes several selected photos at once, and selection mode ends', async () => {
    const ids = await visibleTileIds(page, 3);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    // In selection mode before the tiles are clicked: a click before it opens the photo's preview instead.
    await toolbar.waitFor();
    for (const id of ids) await page.locator(`[data-photo-id="${id}"]`).click();
    expect(await toolbar.getByRole('status').innerText()).toBe('3 selected');
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 3 photos?' }).getByRole('button', { name: 'Delete photos' }).click();

    await toolbar.waitFor({ state: 'detached' });
    for (const id of ids) expect(await page.locator(`[data-photo-id="${id}"]`).count()).toBe(0);
    await expect.poll(serverCount).toBe(expected - 3);
    expected -= 3;
    await expect.poll(() => photosTabCount(page)).toBe(expected);
  });

  it('puts photos back, with the error, when the server fails to delete them', async () => {
    let attempts = 0;
    await page.route('**/api/photo-management/photos', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return route.fulfill({ status: 500, body: 'Internal Server Error' });
    });
    const ids = await visibleTileIds(page, 2);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    // In selection mode before the tiles are clicked: a click before it opens the photo's preview instead.
    await toolbar.waitFor();
    for (const id of ids) await page.locator(`[data-photo-id="${id}"]`).click();
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 2 photos?' }).getByRole('button', { name: 'Delete photos' }).click();

    // Gone at once (optimistic), back after the retries have failed.
    await expect.poll(() => page.locator(`[data-photo-id="${ids[0]}"]`).count()).toBe(0);
    await page.getByText('Error: Your photos could not be deleted').waitFor();
    for (const id of ids) await page.locator(`[data-photo-id="${id}"][aria-checked="true"]`).waitFor();
    expect(attempts).toBe(3);
    await screenshot(page, 'photos-delete-rolled-back');
    await page.unroute('**/api/photo-management/photos');
    expect(await serverCount()).toBe(expected);
    await toolbar.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deletes everything after DELETE is typed (checked on submit), and shows the empty library', async () => {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    await toolbar.getByRole('button', { name: 'Select all' }).click();
    expect(await toolbar.getByRole('status').innerText()).toBe(`${expected} selected`);
    await toolbar.getByRole('button', { name: 'Delete' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Delete all photos?' });
    const input = dialog.getByLabel('Type DELETE to confirm');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('delete');
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: 'Delete all photos' }).click();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page, 'delete all dialog with its error');
    await screenshot(page, 'photos-delete-all-dialog');

    await input.fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete all photos' }).click();
    await page.getByText('Your photo library is empty').waitFor();
    await expect.poll(serverCount).toBe(0);
    await expectNoSeriousA11yViolations(page, 'empty photo library');
    await screenshot(page, 'photos-empty');
  });
});
