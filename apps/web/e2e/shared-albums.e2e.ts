import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { accountInfo, albumCard, albumId, albumsSection, DEMO_ALBUMS, LARS_LIBRARY_SIZE, ownAlbums, readAlbums, tabCount, toast, visibleTileIds, waitForDemoAlbums } from './support/albums';
import { acceptCookies } from './support/cookies';
import { DEMO_LIBRARY_OWNER, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

const ALBUMS = '/my-photos/albums';
const SHARED = '/my-photos/shared-albums';
const UNAVAILABLE = 'Unavailable for shared albums';
const LARS = 'lars@example.com';

/** A button that shows as unavailable: still focusable, aria-disabled, and its tooltip says why. */
async function expectUnavailable(page: Page, button: Locator, reason = UNAVAILABLE): Promise<void> {
  expect(await button.getAttribute('aria-disabled')).toBe('true');
  await button.focus();
  const tooltip = page.getByRole('tooltip', { name: reason });
  await tooltip.waitFor();
  expect(await tooltip.innerText()).toBe(reason);
  const describedBy = (await button.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await tooltip.getAttribute('id'));
  // Pressing or clicking it does nothing: no dialog opens. (Playwright will not click an aria-disabled
  // button by itself, so the click is forced: a real mouse click on its centre.)
  await page.keyboard.press('Enter');
  await button.click({ force: true });
  await page.waitForTimeout(200);
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  expect(await page.getByRole('dialog', { name: /copy to album|delete/i }).count()).toBe(0);
  await page.keyboard.press('Escape');
}

describe('shared albums (emma owns Family weekend with lars; lars owns Ski trip with emma)', () => {
  let server: TestServer;
  let browser: Browser;
  let emmaContext: BrowserContext;
  let larsContext: BrowserContext;
  let emma: Page;
  let lars: Page;
  let emmaPhotos: number;
  let familyId = '';
  let skiId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    emmaContext = await newContext(browser, server.baseUrl);
    emma = await emmaContext.newPage();
    await signIn(emma, DEMO_LIBRARY_OWNER, { path: '/' });
    emmaPhotos = await waitForDemoLibrary(emma, server.baseUrl);
    await waitForDemoAlbums(emma, server.baseUrl);
    familyId = await albumId(emma, server.baseUrl, DEMO_ALBUMS.family.name);
    skiId = await albumId(emma, server.baseUrl, DEMO_ALBUMS.ski.name);
    await emma.goto(ALBUMS);
    await acceptCookies(emma);

    larsContext = await newContext(browser, server.baseUrl);
    lars = await larsContext.newPage();
    await signIn(lars, LARS, { path: ALBUMS });
    await acceptCookies(lars);
    expect((await accountInfo(lars, server.baseUrl)).photosCount).toBe(LARS_LIBRARY_SIZE);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("owner: 'Family weekend' opens on the shared-album route with the banner, its count and 'Shared with 1 person'", async () => {
    await albumsSection(emma, 'My albums').getByRole('link', { name: DEMO_ALBUMS.family.name, exact: true }).click();
    await emma.waitForURL((url) => url.pathname === `${SHARED}/${familyId}`);

    const banner = emma.getByRole('note');
    await banner.getByText('Shared albums are no longer supported', { exact: true }).waitFor();
    await banner.getByText('You can still view and download the photos in this album.').waitFor();
    // The album's name is the page's heading, with no generic 'Shared album' above it.
    await emma.getByRole('heading', { level: 1, name: DEMO_ALBUMS.family.name, exact: true }).waitFor();
    expect(await emma.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await emma.getByRole('heading', { name: 'Shared album', exact: true }).count()).toBe(0);
    // The timeline's sort bar: its dropdown and the newest/oldest first toggle.
    const bar = emma.getByRole('group', { name: `Photos in ${DEMO_ALBUMS.family.name}` });
    expect(await bar.getByRole('combobox', { name: 'Sort by' }).locator('option').allInnerTexts()).toEqual(['Date added', 'Date taken']);
    await bar.getByRole('button', { name: 'Order: Newest first' }).waitFor();
    await emma.getByText('24 photos', { exact: true }).waitFor();
    await emma.getByText('Created today', { exact: true }).waitFor();
    await emma.getByRole('button', { name: 'Shared with 1 person', exact: true }).waitFor();
    await emma.getByRole('button', { name: 'Delete shared album' }).waitFor();
    // Read-only: no name editing, no adding, not 'Shared by' (she is the owner).
    expect(await emma.getByRole('button', { name: /^Edit album name/ }).count()).toBe(0);
    expect(await emma.getByRole('button', { name: 'Add photos' }).count()).toBe(0);
    expect(await emma.getByText(/^Shared by /).count()).toBe(0);
    await emma.locator('[data-photo-id] img').first().waitFor();
    await expectNoSeriousA11yViolations(emma, 'shared album (owner)');
    await screenshot(emma, 'shared-album-owner');

    // The album's own-album address leads here too.
    await emma.goto(`${ALBUMS}/${familyId}`);
    await emma.waitForURL((url) => url.pathname === `${SHARED}/${familyId}`);
    await emma.getByRole('button', { name: 'Shared with 1 person', exact: true }).waitFor();
  });

  it("owner: 'Shared with 1 person' lists who the album is shared with", async () => {
    await emma.getByRole('button', { name: 'Shared with 1 person', exact: true }).click();
    const dialog = emma.getByRole('dialog', { name: 'Shared with 1 person' });
    await dialog.getByText('The following users can view, download, and use photos in this album:', { exact: true }).waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([LARS]);
    await expectNoSeriousA11yViolations(emma, 'participants dialog');
    await screenshot(emma, 'shared-album-participants');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("in select mode Copy to album and Delete say 'Unavailable for shared albums'; Download is the one action (downloads.e2e.ts follows it)", async () => {
    await emma.getByRole('button', { name: 'Select', exact: true }).click();
    const [photo] = await visibleTileIds(emma, 1);
    await emma.locator(`[data-photo-id="${photo}"]`).click();
    const toolbar = emma.getByRole('region', { name: 'Selected photos' });
    expect(await toolbar.getByRole('status').innerText()).toBe('1 selected');
    expect(await emma.locator(`[data-photo-id="${photo}"]`).getAttribute('aria-checked')).toBe('true');

    expect(await toolbar.getByRole('button', { name: 'Download' }).getAttribute('aria-disabled')).toBeNull();
    expect(await toolbar.getByRole('button', { name: 'Delete from album' }).count()).toBe(0);
    await expectUnavailable(emma, toolbar.getByRole('button', { name: 'Copy to album' }));
    await expectUnavailable(emma, toolbar.getByRole('button', { name: 'Delete', exact: true }));
    // Hovering explains it too (the pointer first leaves, as the forced clicks left it on the button).
    await emma.mouse.move(0, 0);
    expect(await emma.getByRole('tooltip').count()).toBe(0);
    await toolbar.getByRole('button', { name: 'Delete', exact: true }).hover();
    await emma.getByRole('tooltip', { name: UNAVAILABLE }).waitFor();
    await screenshot(emma, 'shared-album-select-unavailable');
    await emma.mouse.move(0, 0);

    await toolbar.getByRole('button', { name: 'Cancel' }).click();
    await toolbar.waitFor({ state: 'detached' });
    expect((await ownAlbums(emma, server.baseUrl)).find((a) => a.albumId === familyId)?.photosCount).toBe(DEMO_ALBUMS.family.photos);
  });

  it('the preview of a shared album photo allows download only', async () => {
    const [photo] = await visibleTileIds(emma, 1);
    await emma.locator(`[data-photo-id="${photo}"]`).click();
    await emma.waitForURL((url) => url.pathname === `${SHARED}/${familyId}/preview/${photo}`);
    const preview = emma.getByRole('dialog');
    await preview.locator('img').first().waitFor();
    expect(await preview.getByRole('button', { name: 'Download' }).getAttribute('aria-disabled')).toBeNull();
    await expectNoSeriousA11yViolations(emma, 'shared album preview');

    // Download saves the original, byte for byte, under the name it was uploaded with.
    const { images } = await photoApi<{ images: { imageId: string; localFileName: string; untouchedUrl: string }[] }>(emma, server.baseUrl, `/shared-albums/${familyId}/photos?limit=500`);
    const original = images.find((p) => p.imageId === photo)!;
    const [download] = await Promise.all([emma.waitForEvent('download'), preview.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(original.localFileName);
    const expected = Buffer.from(await (await emma.request.get(original.untouchedUrl)).body());
    expect(expected.length).toBeGreaterThan(1000);
    expect(fs.readFileSync((await download.path())!).equals(expected)).toBe(true);
    await preview.getByRole('button', { name: 'Download' }).waitFor();
    expect(await preview.getByRole('alert').count()).toBe(0);
    await expectUnavailable(emma, preview.getByRole('button', { name: 'Copy to album' }));
    await expectUnavailable(emma, preview.getByRole('button', { name: 'Delete', exact: true }));
    await screenshot(emma, 'shared-album-preview');
    // Still on the same photo: nothing was deleted.
    expect(new URL(emma.url()).pathname).toBe(`${SHARED}/${familyId}/preview/${photo}`);

    await emma.locator('body').press('Escape');
    await emma.waitForURL((url) => url.pathname === `${SHARED}/${familyId}`);
    await preview.waitFor({ state: 'detached' });
  });

  it('unavailable actions look unavailable: not the same as those actions on an own album (toolbar and preview)', async () => {
    // Text, border and fill colours and opacity: what tells a sighted customer a button will not work.
    const look = (button: Locator) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        return `color ${style.color}, border ${style.borderColor}, background ${style.backgroundColor}, opacity ${style.opacity}`;
      });
    const toolbar = emma.getByRole('region', { name: 'Selected photos' });
    const preview = emma.getByRole('dialog');
    // Order prints is left out: it is not built yet, so it looks unavailable on an own album too.
    const toolbarActions = ['Copy to album', 'Delete'];
    const previewActions = ['Copy to album', 'Delete'];
    const looks = async (where: string) => {
      const found: Record<string, string> = {};
      await emma.getByRole('button', { name: 'Select', exact: true }).click();
      const [photo] = await visibleTileIds(emma, 1);
      await emma.locator(`[data-photo-id="${photo}"]`).click();
      await emma.mouse.move(0, 0);
      for (const name of toolbarActions) found[`toolbar ${name}`] = await look(toolbar.getByRole('button', { name, exact: true }));
      await toolbar.getByRole('button', { name: 'Cancel' }).click();
      await emma.locator(`[data-photo-id="${photo}"]`).click();
      await emma.waitForURL((url) => url.pathname.endsWith(`/preview/${photo}`));
      await preview.locator('img').first().waitFor();
      await emma.mouse.move(640, 400);
      for (const name of previewActions) found[`preview ${name}`] = await look(preview.getByRole('button', { name, exact: true }));
      await emma.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await screenshot(emma, `shared-album-looks-${where}`);
      return found;
    };

    await emma.goto(`${ALBUMS}/${await albumId(emma, server.baseUrl, DEMO_ALBUMS.lisbon.name)}`);
    await emma.locator('[data-photo-id] img').first().waitFor();
    const available = await looks('own');
    await emma.goto(`${SHARED}/${familyId}`);
    await emma.locator('[data-photo-id] img').first().waitFor();
    const unavailable = await looks('shared');

    // Known bugs: the preview has no unavailable look at all (preview.module.css styles no [aria-disabled]
    // action), and the toolbar's Delete keeps its red look (selection-toolbar.module.css: .delete:not(:disabled)
    // comes after, and beats, .action[aria-disabled='true']).
    const lookAlike = Object.keys(available).filter((key) => available[key] === unavailable[key]).map((key) => `${key}: ${unavailable[key]}`);
    expect(lookAlike, 'unavailable buttons on a shared album that look exactly like the available ones').toEqual([]);
  });

  it("participant (lars): 'Family weekend' is shared with him, says 'Shared by …', and offers leaving in the participant's words", async () => {
    await lars.goto(ALBUMS);
    const shared = albumsSection(lars, 'Shared with you');
    const card = albumCard(shared, DEMO_ALBUMS.family.name);
    await card.waitFor();
    await card.getByText(`Shared by ${DEMO_LIBRARY_OWNER}`, { exact: true }).waitFor();
    expect(await card.getByText(/photos?$/).innerText()).toBe('24 photos');

    await card.getByRole('link').click();
    await lars.waitForURL((url) => url.pathname === `${SHARED}/${familyId}`);
    await lars.getByText(`Shared by ${DEMO_LIBRARY_OWNER}`, { exact: true }).waitFor();
    await lars.getByRole('note').getByText('Shared albums are no longer supported').waitFor();
    expect(await lars.getByRole('button', { name: /^Shared with/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(lars, 'shared album (participant)');
    await screenshot(lars, 'shared-album-participant');

    await lars.getByRole('button', { name: 'Delete shared album' }).click();
    const dialog = lars.getByRole('alertdialog', { name: 'Delete shared album?' });
    await dialog
      .getByText('The album will be deleted for you only. The photos you uploaded to it are removed from the album and stay in your own photo library.', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("participant (emma) leaves 'Ski trip': gone from her list, her photos leave the album, and lars keeps it", async () => {
    await emma.goto(ALBUMS);
    const shared = albumsSection(emma, 'Shared with you');
    await albumCard(shared, DEMO_ALBUMS.ski.name).getByRole('link').click();
    await emma.waitForURL((url) => url.pathname === `${SHARED}/${skiId}`);
    await emma.getByText(`Shared by ${LARS}`, { exact: true }).waitFor();
    await emma.getByText('13 photos', { exact: true }).waitFor();

    await emma.getByRole('button', { name: 'Delete shared album' }).click();
    const dialog = emma.getByRole('alertdialog', { name: 'Delete shared album?' });
    await dialog
      .getByText('The album will be deleted for you only. The photos you uploaded to it are removed from the album and stay in your own photo library.', { exact: true })
      .waitFor();
    await screenshot(emma, 'shared-album-leave-dialog');
    await dialog.getByRole('button', { name: 'Delete shared album' }).click();

    await emma.waitForURL((url) => url.pathname === ALBUMS);
    await toast(emma, `${DEMO_ALBUMS.ski.name} album deleted`).waitFor();
    await albumCard(albumsSection(emma, 'My albums'), DEMO_ALBUMS.lisbon.name).waitFor();
    await expect.poll(() => emma.getByRole('link', { name: DEMO_ALBUMS.ski.name }).count()).toBe(0);
    // Nothing is shared with her any more: the section goes.
    await expect.poll(() => albumsSection(emma, 'Shared with you').count()).toBe(0);
    await expect.poll(() => tabCount(emma, 'Albums')).toBe(2);
    await expect.poll(() => tabCount(emma, 'Photos')).toBe(emmaPhotos);
    expect(await readAlbums(emma, server.baseUrl)).toEqual([]);

    // Lars still has it, without Emma's 5 photos; with nobody left to share it with, it is his own again.
    await lars.goto(ALBUMS);
    const card = albumCard(albumsSection(lars, 'My albums'), DEMO_ALBUMS.ski.name);
    await card.waitFor();
    expect(await card.getByText(/photos?$/).innerText()).toBe(`${DEMO_ALBUMS.ski.ownerPhotos} photos`);
    await card.getByRole('link').click();
    await lars.waitForURL((url) => url.pathname === `${ALBUMS}/${skiId}` || url.pathname === `${SHARED}/${skiId}`);
    await lars.getByText(`${DEMO_ALBUMS.ski.ownerPhotos} photos`, { exact: true }).waitFor();
    await expect.poll(() => lars.locator('[data-photo-id]').count()).toBe(DEMO_ALBUMS.ski.ownerPhotos);
  });

  it('owner (emma) deletes Family weekend: gone for lars too, and every photo stays in both libraries', async () => {
    await emma.goto(`${SHARED}/${familyId}`);
    await emma.getByRole('button', { name: 'Delete shared album' }).click();
    const dialog = emma.getByRole('alertdialog', { name: 'Delete shared album for everyone?' });
    await dialog
      .getByText('The album will be deleted for you and for all participants. Every photo stays in the account of the person who uploaded it.', { exact: true })
      .waitFor();
    await screenshot(emma, 'shared-album-owner-delete-dialog');
    // Nothing asks for the deleted album again (it would answer 404).
    const askedAfterDelete: string[] = [];
    const record = (request: Request) => {
      if (request.method() === 'GET' && request.url().includes(familyId)) askedAfterDelete.push(request.url());
    };
    emma.on('request', record);
    await dialog.getByRole('button', { name: 'Delete shared album' }).click();

    await emma.waitForURL((url) => url.pathname === ALBUMS);
    await toast(emma, `${DEMO_ALBUMS.family.name} album deleted`).waitFor();
    const mine = albumsSection(emma, 'My albums');
    await albumCard(mine, DEMO_ALBUMS.lisbon.name).waitFor();
    await emma.waitForTimeout(500);
    emma.off('request', record);
    expect(askedAfterDelete).toEqual([]);
    await expect.poll(() => mine.getByRole('link', { name: DEMO_ALBUMS.family.name }).count()).toBe(0);
    await expect.poll(() => tabCount(emma, 'Albums')).toBe(1);
    await expect.poll(() => tabCount(emma, 'Photos')).toBe(emmaPhotos);

    // Lars: not shared with him any more, and his photos are all still his.
    await lars.goto(ALBUMS);
    await albumCard(albumsSection(lars, 'My albums'), DEMO_ALBUMS.ski.name).waitFor();
    await expect.poll(() => lars.getByRole('link', { name: DEMO_ALBUMS.family.name }).count()).toBe(0);
    expect(await albumsSection(lars, 'Shared with you').count()).toBe(0);
    await expect.poll(() => tabCount(lars, 'Photos')).toBe(LARS_LIBRARY_SIZE);
    expect((await accountInfo(lars, server.baseUrl)).photosCount).toBe(LARS_LIBRARY_SIZE);
    // Its old address now says it cannot be shown, with the way back.
    await lars.goto(`${SHARED}/${familyId}`);
    await lars.getByText('Unable to display album. Please refresh the page or try again later.').waitFor();
    await lars.getByRole('link', { name: 'Back to My albums' }).waitFor();
  });
});
