import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { accountInfo, albumCard, albumId, albumPhotoIds, albumsSection, DEMO_ALBUMS, horizontalOverflow, ownAlbums, pickVisibleTiles, renderedTileIds, tabCount, toast, visibleTileIds, waitForDemoAlbums } from './support/albums';
import { acceptCookies } from './support/cookies';
import { DEMO_LIBRARY_OWNER, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

const ALBUMS = '/my-photos/albums';
const NEW_NAME = 'Porto 2024';
const RENAMED = 'Porto trip';

/** 'Created dd MMM yyyy' for today, as the albums list writes it (the month's short name is not pinned). */
function createdToday(): RegExp {
  const now = new Date();
  return new RegExp(`^Created ${String(now.getDate()).padStart(2, '0')} [A-Z][a-z]{2,3} ${now.getFullYear()}$`);
}

const GERMAN_CHANNEL = 'www.printhaven.de';

/** How the grid bar's newest/oldest first toggle looks: the same on the timeline and on an album. */
function orderToggleLook(page: Page) {
  return page.evaluate(async () => {
    const find = () => [...document.querySelectorAll<HTMLElement>('[role="group"] button')].find((b) => b.querySelector('.visually-hidden'));
    for (let i = 0; i < 100 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const toggle = find()!;
    const style = getComputedStyle(toggle);
    return { height: toggle.offsetHeight, radius: style.borderRadius, border: style.borderColor, background: style.backgroundColor, weight: style.fontWeight };
  });
}

/** The top of the page (an album's header) as /tmp/shots/<name>.png. */
async function headerShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { dir: REVIEW_SHOTS_DIR });
}

describe('albums (emma, the demo library and albums)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let photosCount: number;
  /** The album made by the create test and used by the later ones. */
  let newAlbumId = '';
  /** Photos put into the new album, in the order they were picked. */
  let added: string[] = [];
  const albumPosts: string[] = [];
  /** The phone tests' page (390x844). */
  let small: Page;

  const albumPhotos = () => albumPhotoIds(page, server.baseUrl, newAlbumId);
  const nameButton = (name: string) => page.getByRole('button', { name: `Edit album name: ${name}`, exact: true });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/photo-management/albums') albumPosts.push(request.postData() ?? '');
    });
    await signIn(page, DEMO_LIBRARY_OWNER, { path: '/' });
    photosCount = await waitForDemoLibrary(page, server.baseUrl);
    await waitForDemoAlbums(page, server.baseUrl);
    await page.goto(ALBUMS);
    await acceptCookies(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists the 'New album' tile and a card per album (name, count, 'Created …'), and 'Shared with you' with Ski trip", async () => {
    const mine = albumsSection(page, 'My albums');
    await mine.getByRole('button', { name: 'New album' }).waitFor();
    await albumCard(mine, DEMO_ALBUMS.lisbon.name).waitFor();

    const lisbon = albumCard(mine, DEMO_ALBUMS.lisbon.name);
    const lisbonId = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    expect(await lisbon.getByRole('link').getAttribute('href')).toBe(`${ALBUMS}/${lisbonId}`);
    expect(await lisbon.getByText(/photos?$/).innerText()).toBe('48 photos');
    expect(await lisbon.getByText(/^Created /).innerText()).toMatch(createdToday());
    // Its cover is its newest photo's thumbnail.
    expect(await lisbon.locator('img').getAttribute('src')).toMatch(/\S/);

    // Emma's own shared album is among her albums, marked, and opens the shared-album route.
    const family = albumCard(mine, DEMO_ALBUMS.family.name);
    const familyId = await albumId(page, server.baseUrl, DEMO_ALBUMS.family.name);
    expect(await family.getByRole('link').getAttribute('href')).toBe(`/my-photos/shared-albums/${familyId}`);
    expect(await family.getByText(/photos?$/).innerText()).toBe('24 photos');
    await family.getByText('Shared', { exact: true }).waitFor();
    expect(await mine.getByRole('link').allInnerTexts()).toHaveLength(2);

    const shared = albumsSection(page, 'Shared with you');
    const ski = albumCard(shared, DEMO_ALBUMS.ski.name);
    await ski.waitFor();
    const skiId = await albumId(page, server.baseUrl, DEMO_ALBUMS.ski.name);
    expect(await ski.getByRole('link').getAttribute('href')).toBe(`/my-photos/shared-albums/${skiId}`);
    await ski.getByText('Shared by lars@example.com', { exact: true }).waitFor();
    expect(await ski.getByText(/photos?$/).innerText()).toBe('13 photos');
    expect(await shared.getByRole('link').allInnerTexts()).toEqual([DEMO_ALBUMS.ski.name]);

    // The Albums tab counts own albums plus albums shared with her.
    await expect.poll(() => tabCount(page, 'Albums')).toBe(3);
    expect(await page.getByRole('navigation', { name: 'Photo library' }).getByRole('link', { name: /^Albums/ }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page, 'albums list');
    await screenshot(page, 'albums-list');
  });

  it('creates an album: the name is checked on submit only, bad names are refused, a good one leads to the empty album', async () => {
    await albumsSection(page, 'My albums').getByRole('button', { name: 'New album' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new album' });
    const input = dialog.getByRole('textbox', { name: 'Album name' });
    const submit = dialog.getByRole('button', { name: 'Create album' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('placeholder')).toBe('Untitled album');
    expect(await input.inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page, 'create album dialog');
    await screenshot(page, 'albums-create-dialog');

    // Empty: required.
    await submit.click();
    await dialog.getByText('Please give your album a name', { exact: true }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((el) => el.getAttribute('aria-describedby') && document.getElementById(el.getAttribute('aria-describedby')!)?.textContent)).toBe(
      'Please give your album a name',
    );

    // Typing and leaving the field decide nothing; the next submit does.
    await input.fill('a<b');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(200);
    expect(await dialog.getByText('Name not valid').count()).toBe(0);
    await submit.click();
    await dialog.getByText('Name not valid', { exact: true }).waitFor();
    expect(await dialog.getByText('Please give your album a name').count()).toBe(0);

    // Whitespace first is not valid either.
    await input.fill('');
    await submit.click();
    await dialog.getByText('Please give your album a name', { exact: true }).waitFor();
    await input.fill('  x');
    await submit.click();
    await dialog.getByText('Name not valid', { exact: true }).waitFor();
    await screenshot(page, 'albums-create-invalid');
    expect(albumPosts).toEqual([]);
    expect((await ownAlbums(page, server.baseUrl)).length).toBe(2);

    await input.fill(NEW_NAME);
    await submit.click();
    await page.waitForURL((url) => /^\/my-photos\/albums\/[^/]+$/.test(url.pathname));
    newAlbumId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(albumPosts.map((body) => JSON.parse(body))).toEqual([{ name: NEW_NAME }]);
    await dialog.waitFor({ state: 'detached' });

    // The empty album: its name, Add photos and Delete album, no grid.
    await nameButton(NEW_NAME).waitFor();
    await page.getByText('This album has no photos yet. Add photos from your library or upload new ones.').waitFor();
    await page.getByText('Created today', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add photos' }).waitFor();
    await page.getByRole('button', { name: 'Delete album' }).waitFor();
    expect(await page.getByRole('button', { name: 'Select', exact: true }).count()).toBe(0);
    expect(await page.locator('[data-photo-id]').count()).toBe(0);
    const stored = await photoApi<{ albumName: string; photosCount: number }>(page, server.baseUrl, `/albums/${newAlbumId}`);
    expect(stored).toMatchObject({ albumName: NEW_NAME, photosCount: 0 });
    await expectNoSeriousA11yViolations(page, 'empty album');
    await screenshot(page, 'albums-empty-album');
  });

  it('renames the album from its name: an invalid name is refused, a good one is shown and saved', async () => {
    await nameButton(NEW_NAME).click();
    const dialog = page.getByRole('dialog', { name: 'Edit album name' });
    const input = dialog.getByRole('textbox', { name: 'Album name' });
    expect(await input.inputValue()).toBe(NEW_NAME);

    await input.fill('Porto; 2024');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name not valid', { exact: true }).waitFor();
    expect((await photoApi<{ albumName: string }>(page, server.baseUrl, `/albums/${newAlbumId}`)).albumName).toBe(NEW_NAME);

    await input.fill(RENAMED);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await nameButton(RENAMED).waitFor();
    expect(await nameButton(RENAMED).innerText()).toBe(RENAMED);
    expect((await photoApi<{ albumName: string }>(page, server.baseUrl, `/albums/${newAlbumId}`)).albumName).toBe(RENAMED);
  });

  it("fills it with 'Add photos' → 'From my photos': the timeline picks photos, 'Add to album' goes back to the album with them", async () => {
    const addButton = page.getByRole('button', { name: 'Add photos' });
    expect(await addButton.getAttribute('aria-expanded')).toBe('false');
    await addButton.click();
    expect(await addButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'From my photos' }).click();
    await page.waitForURL((url) => url.pathname === '/my-photos/photos' && url.searchParams.get('addTo') === newAlbumId);

    const bar = page.getByRole('region', { name: `Select the photos to add to ${RENAMED}` });
    await bar.waitFor();
    const add = bar.getByRole('button', { name: 'Add to album' });
    expect(await bar.getByRole('status').innerText()).toBe('0 selected');
    expect(await add.isDisabled()).toBe(true);
    // The normal selection toolbar is not there in this mode.
    expect(await page.getByRole('region', { name: 'Selected photos' }).count()).toBe(0);

    await page.locator('[data-photo-id][role="checkbox"] img').first().waitFor();
    // Picked against the timeline's order, so the album's order can only be the order they were picked in.
    const [first, second, third] = await pickVisibleTiles(page, 3);
    added = [second!, third!, first!];
    for (const id of added) await page.locator(`[data-photo-id="${id}"]`).click();
    for (const id of added) expect(await page.locator(`[data-photo-id="${id}"]`).getAttribute('aria-checked')).toBe('true');
    expect(await bar.getByRole('status').innerText()).toBe('3 selected');
    await screenshot(page, 'albums-add-from-library');
    await add.click();

    await page.waitForURL((url) => url.pathname === `${ALBUMS}/${newAlbumId}`);
    await toast(page, `3 photos added to ${RENAMED}`).waitFor();
    await page.getByText('3 photos', { exact: true }).waitFor();
    for (const id of added) await page.locator(`[data-photo-id="${id}"]`).waitFor();
    expect(await page.locator('[data-photo-id]').count()).toBe(3);
    // Added in one go: under 'Date added' they keep the order they were picked in, on the server and on screen.
    expect(await albumPhotos()).toEqual(added);
    await expect.poll(() => renderedTileIds(page)).toEqual(added);
  });

  it("copies photos to the album from the timeline's selection toolbar; copying them again adds nothing", async () => {
    await page.goto('/my-photos/photos');
    await page.locator('[data-photo-id] img').first().waitFor();
    // Two photos that are not in the album yet.
    const more = (await pickVisibleTiles(page, 2, added)).reverse();

    const copy = async () => {
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      for (const id of more) await page.locator(`[data-photo-id="${id}"]`).click();
      const toolbar = page.getByRole('region', { name: 'Selected photos' });
      expect(await toolbar.getByRole('status').innerText()).toBe('2 selected');
      await toolbar.getByRole('button', { name: 'Copy to album' }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy to album' });
      await dialog.getByText('2 photos selected', { exact: true }).waitFor();
      await dialog.getByRole('radio', { name: new RegExp(`^${RENAMED}`) }).check();
      // A shared album cannot take photos, so it is not offered.
      await dialog.getByRole('radio', { name: new RegExp(`^${DEMO_ALBUMS.lisbon.name}`) }).waitFor();
      expect(await dialog.getByRole('radio', { name: new RegExp(`^${DEMO_ALBUMS.family.name}`) }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await toolbar.waitFor({ state: 'detached' });
      const shown = toast(page, `Photos copied to ${RENAMED}`);
      await shown.waitFor();
      return shown;
    };

    const first = await copy();
    await screenshot(page, 'albums-copied-toast');
    await expect.poll(async () => (await albumPhotos()).length).toBe(5);
    // The latest addition comes first, each addition in the order its photos were picked.
    expect(await albumPhotos()).toEqual([...more, ...added]);
    added = [...added, ...more];

    // The toast's link leads to the album.
    const link = first.getByRole('link', { name: RENAMED });
    expect(await link.getAttribute('href')).toBe(`${ALBUMS}/${newAlbumId}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `${ALBUMS}/${newAlbumId}`);
    await page.getByText('5 photos', { exact: true }).waitFor();

    // The same photos again: the album keeps one of each.
    await page.goto('/my-photos/photos');
    await page.locator('[data-photo-id] img').first().waitFor();
    await copy();
    await page.waitForTimeout(300);
    expect((await albumPhotos()).length).toBe(5);
    await page.goto(`${ALBUMS}/${newAlbumId}`);
    await page.getByText('5 photos', { exact: true }).waitFor();
    // The count comes with the album; its tiles come with the photos page after it.
    for (const id of added) await page.locator(`[data-photo-id="${id}"]`).waitFor();
    expect(await page.locator('[data-photo-id]').count()).toBe(5);
  });

  it("an album's name is its page's heading, and its sort bar is the timeline's (header screenshots in English)", async () => {
    await page.goto('/my-photos/photos');
    const timelineToggle = await orderToggleLook(page);
    const id = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    await page.goto(`${ALBUMS}/${id}`);
    await page.locator('[data-photo-id] img').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([DEMO_ALBUMS.lisbon.name]);
    expect(await page.getByRole('heading', { name: 'Album', exact: true }).count()).toBe(0);
    const bar = page.getByRole('group', { name: `Photos in ${DEMO_ALBUMS.lisbon.name}` });
    await bar.getByRole('combobox', { name: 'Sort by' }).waitFor();
    expect(await orderToggleLook(page)).toEqual(timelineToggle);
    await headerShot(page, 'album-header-en-1280x800');
  });

  it("sorts the album by date taken, oldest first, which reorders the tiles (and back to 'Date added', newest first)", async () => {
    const id = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    await page.goto(`${ALBUMS}/${id}`);
    await page.locator('[data-photo-id] img').first().waitFor();
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    expect(await sortBy.inputValue()).toBe('created');
    await page.getByRole('button', { name: 'Order: Newest first' }).waitFor();
    const before = (await renderedTileIds(page)).slice(0, 12);
    expect(before).toEqual((await albumPhotoIds(page, server.baseUrl, id)).slice(0, 12));
    await page.getByText('48 photos', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'album');
    await screenshot(page, 'albums-album');

    await sortBy.selectOption({ label: 'Date taken' });
    await page.getByRole('button', { name: 'Order: Newest first' }).click();
    await page.getByRole('button', { name: 'Order: Oldest first' }).waitFor();
    const expected = (await albumPhotoIds(page, server.baseUrl, id, 'sortKey=dateTaken&sortOrder=asc')).slice(0, 12);
    await expect.poll(async () => (await renderedTileIds(page)).slice(0, 12)).toEqual(expected);
    expect(expected).not.toEqual(before);
    // Oldest first: the dates taken shown go up.
    const dates = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-photo-id][data-date-taken]')].map((t) => t.dataset.dateTaken as string).filter((d) => !d.startsWith('1970')),
    );
    expect(dates.length).toBeGreaterThan(3);
    expect([...dates].sort()).toEqual(dates);
    await screenshot(page, 'albums-album-oldest-first');

    await sortBy.selectOption({ label: 'Date added' });
    await page.getByRole('button', { name: 'Order: Oldest first' }).click();
    await expect.poll(async () => (await renderedTileIds(page)).slice(0, 12)).toEqual(before);
  });

  it('opens the album preview on a tile click and closes it with Escape', async () => {
    const id = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    const [photo] = await visibleTileIds(page, 1);
    await page.locator(`[data-photo-id="${photo}"]`).click();
    await page.waitForURL((url) => url.pathname === `${ALBUMS}/${id}/preview/${photo}`);
    const preview = page.getByRole('dialog');
    await preview.locator('img').first().waitFor();
    expect(await preview.getByRole('heading', { level: 2 }).innerText()).toMatch(/^IMG_\d+\.jpg$/);
    // An own album's photo can be copied and deleted.
    for (const name of ['Download', 'Copy to album', 'Delete']) {
      expect(await preview.getByRole('button', { name, exact: true }).getAttribute('aria-disabled')).toBeNull();
    }
    await expectNoSeriousA11yViolations(page, 'album preview');
    await screenshot(page, 'albums-preview');

    // A download the storage refuses is told, not saved as a broken file.
    await page.route('**/original.*', (route) => route.fulfill({ status: 500, body: 'storage unavailable' }));
    const saved = page.waitForEvent('download', { timeout: 2_000 }).then(() => true, () => false);
    await preview.getByRole('button', { name: 'Download' }).click();
    expect(await preview.getByRole('alert').innerText()).toBe('Error: Your photo could not be downloaded');
    await screenshot(page, 'albums-preview-download-failed');
    expect(await saved).toBe(false);
    await page.unroute('**/original.*');

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `${ALBUMS}/${id}`);
    await preview.waitFor({ state: 'detached' });
    await page.getByText('48 photos', { exact: true }).waitFor();
  });

  it("removes a photo from the album only ('Photo removed from …'), then several ('2 photos removed from …')", async () => {
    await page.goto(`${ALBUMS}/${newAlbumId}`);
    await page.getByText('5 photos', { exact: true }).waitFor();
    await page.locator('[data-photo-id] img').first().waitFor();
    const [one, two, three] = await renderedTileIds(page);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.locator(`[data-photo-id="${one}"]`).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    expect(await toolbar.getByRole('status').innerText()).toBe('1 selected');
    await toolbar.getByRole('button', { name: 'Delete from album' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this photo?' });
    await dialog.getByText('Remove the photo from this album only, or delete it from your photo library and every album it is in.').waitFor();
    await dialog.getByRole('button', { name: 'Remove from album' }).click();

    await toast(page, `Photo removed from ${RENAMED}`).waitFor();
    await toolbar.waitFor({ state: 'detached' });
    await page.getByText('4 photos', { exact: true }).waitFor();
    await page.locator(`[data-photo-id="${one}"]`).waitFor({ state: 'detached' });
    expect(await albumPhotos()).not.toContain(one);
    expect((await albumPhotos()).length).toBe(4);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.locator(`[data-photo-id="${two}"]`).click();
    await page.locator(`[data-photo-id="${three}"]`).click();
    expect(await toolbar.getByRole('status').innerText()).toBe('2 selected');
    await toolbar.getByRole('button', { name: 'Delete from album' }).click();
    await page.getByRole('alertdialog', { name: 'Remove 2 photos?' }).getByRole('button', { name: 'Remove from album' }).click();
    await toast(page, `2 photos removed from ${RENAMED}`).waitFor();
    await page.getByText('2 photos', { exact: true }).waitFor();
    expect((await albumPhotos()).sort()).toEqual(added.filter((id) => ![one, two, three].includes(id)).sort());

    // Only the album lost them: they are still in the library and on the timeline.
    expect((await accountInfo(page, server.baseUrl)).photosCount).toBe(photosCount);
    await page.goto('/my-photos/photos');
    await expect.poll(() => tabCount(page, 'Photos')).toBe(photosCount);
    for (const id of [one, two, three]) await page.locator(`[data-photo-id="${id}"]`).waitFor();
  });

  it("deletes the album: '… album deleted', back on the list without it, and the photos stay", async () => {
    await page.goto(`${ALBUMS}/${newAlbumId}`);
    await page.getByRole('button', { name: 'Delete album' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete album?' });
    await dialog.getByText(`The album ${RENAMED} will be deleted. Its photos stay in your photo library.`).waitFor();
    // Nothing asks for the deleted album again (it would answer 404 and log 'Request failure').
    const afterDelete: string[] = [];
    const record = (request: Request) => {
      if (request.url().includes(newAlbumId) && request.method() === 'GET') afterDelete.push(request.url());
    };
    const errors: string[] = [];
    const recordError = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    page.on('request', record);
    page.on('console', recordError);
    await dialog.getByRole('button', { name: 'Delete album' }).click();

    await page.waitForURL((url) => url.pathname === ALBUMS);
    await toast(page, `${RENAMED} album deleted`).waitFor();
    await albumCard(albumsSection(page, 'My albums'), DEMO_ALBUMS.lisbon.name).waitFor();
    await page.waitForTimeout(500);
    page.off('request', record);
    page.off('console', recordError);
    expect(afterDelete).toEqual([]);
    expect(errors.filter((e) => e.includes('Request failure'))).toEqual([]);
    await screenshot(page, 'albums-deleted');
    const mine = albumsSection(page, 'My albums');
    await albumCard(mine, DEMO_ALBUMS.lisbon.name).waitFor();
    expect(await mine.getByRole('link', { name: RENAMED }).count()).toBe(0);
    expect((await ownAlbums(page, server.baseUrl)).map((a) => a.albumName)).not.toContain(RENAMED);
    await expect.poll(() => tabCount(page, 'Albums')).toBe(3);
    await expect.poll(() => tabCount(page, 'Photos')).toBe(photosCount);
    expect((await accountInfo(page, server.baseUrl)).photosCount).toBe(photosCount);
  });

  it('on a phone (390x844) the albums list and an album fit the width and pass axe', async () => {
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, isMobile: true, hasTouch: true });
    small = await phone.newPage();
    await signIn(small, DEMO_LIBRARY_OWNER, { path: ALBUMS });
    await acceptCookies(small);
    const mine = albumsSection(small, 'My albums');
    await albumCard(mine, DEMO_ALBUMS.lisbon.name).waitFor();
    await albumsSection(small, 'Shared with you').getByRole('link', { name: DEMO_ALBUMS.ski.name }).waitFor();
    expect(await horizontalOverflow(small)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(small, 'albums list (390x844)');
    await screenshot(small, 'albums-list-phone');

    await mine.getByRole('link', { name: DEMO_ALBUMS.lisbon.name }).click();
    await small.waitForURL((url) => url.pathname.startsWith(`${ALBUMS}/`));
    await small.getByText('48 photos', { exact: true }).waitFor();
    await small.locator('[data-photo-id] img').first().waitFor();
    expect(await horizontalOverflow(small)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(small, 'album (390x844)');
    await screenshot(small, 'albums-album-phone');
    expect(await small.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([DEMO_ALBUMS.lisbon.name]);
    await headerShot(small, 'album-header-en-390x844');
  });

  it("on a phone the album's buttons follow its name and count, without an empty gap", async () => {
    const meta = small.getByText('48 photos', { exact: true });
    const add = small.getByRole('button', { name: 'Add photos' });
    const metaBox = await meta.boundingBox();
    const addBox = await add.boundingBox();
    expect(metaBox && addBox).toBeTruthy();
    // The header's gap is 12 px. (Known bug: the name block's flex basis of 320px becomes its height once
    // the header is a column, leaving about 270 px of nothing above the buttons.)
    expect(addBox!.y - (metaBox!.y + metaBox!.height)).toBeLessThanOrEqual(40);
  });
  it("on a German channel the album's name is the heading and the bar speaks German (header screenshots)", async () => {
    const id = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    for (const viewport of [DESKTOP, PHONE]) {
      const german = await newContext(browser, server.baseUrl, { locale: 'de-DE', viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });
      try {
        const de = await german.newPage();
        await signIn(de, DEMO_LIBRARY_OWNER, { path: `/?channel=${GERMAN_CHANNEL}` });
        await de.goto(`${ALBUMS}/${id}`);
        const cookies = de.getByRole('region', { name: 'Cookies' });
        await cookies.getByRole('button', { name: 'Alle akzeptieren' }).click();
        await cookies.waitFor({ state: 'detached' });
        await de.locator('[data-photo-id] img').first().waitFor();
        expect(await de.locator('html').getAttribute('lang')).toBe('de-DE');
        expect(await de.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([DEMO_ALBUMS.lisbon.name]);
        const bar = de.getByRole('group', { name: `Fotos in ${DEMO_ALBUMS.lisbon.name}` });
        const sortBy = bar.getByRole('combobox', { name: 'Sortieren nach' });
        expect(await sortBy.locator('option').allInnerTexts()).toEqual(['Hinzufügedatum', 'Aufnahmedatum']);
        await bar.getByRole('button', { name: /^Reihenfolge: / }).waitFor();
        await headerShot(de, `album-header-de-${viewport.width}x${viewport.height}`);
      } finally {
        await german.close();
      }
    }
  });
});
