import type { Locator, Page } from 'playwright-core';
import { photoApi } from './photos';

/** The demo albums (apps/server/src/seed/demo-albums.ts), seeded right after the demo photo libraries. */
export const DEMO_ALBUMS = {
  /** Emma's own album: her 48 newest photos. */
  lisbon: { name: 'Summer in Lisbon', owner: 'emma@example.com', photos: 48 },
  /** Emma's album shared with Lars: 18 of her photos and 6 of his. */
  family: { name: 'Family weekend', owner: 'emma@example.com', participant: 'lars@example.com', photos: 24, ownerPhotos: 18 },
  /** Lars's album shared with Emma: 8 of his photos and 5 of hers. */
  ski: { name: 'Ski trip', owner: 'lars@example.com', participant: 'emma@example.com', photos: 13, ownerPhotos: 8 },
} as const;

/** Lars's small demo library (the photos of his that the shared albums use). */
export const LARS_LIBRARY_SIZE = 12;

const SEED_TIMEOUT_MS = 120_000;

interface AlbumSummary {
  albumId: string;
  albumName: string;
  photosCount: number;
  isShared?: boolean;
}

export interface AccountPhotoInfo {
  photosCount: number;
  albumsCount: number;
  readAlbumsCount: number;
}

/** The signed-in customer's own albums, from the service (first page). */
export async function ownAlbums(page: Page, baseUrl: string): Promise<AlbumSummary[]> {
  return (await photoApi<{ albums: AlbumSummary[] }>(page, baseUrl, '/albums?limit=50')).albums;
}

/** The albums shared with the signed-in customer, from the service (first page). */
export async function readAlbums(page: Page, baseUrl: string): Promise<AlbumSummary[]> {
  return (await photoApi<{ albums: AlbumSummary[] }>(page, baseUrl, '/shared-albums?limit=50')).albums;
}

export function accountInfo(page: Page, baseUrl: string): Promise<AccountPhotoInfo> {
  return photoApi<AccountPhotoInfo>(page, baseUrl, '/users');
}

/**
 * Waits until the demo albums exist (they are made after every demo library, Lars's 'Ski trip' last):
 * the signed-in customer (Emma) owns 2 albums and reads 1.
 */
export async function waitForDemoAlbums(page: Page, baseUrl: string): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let info: AccountPhotoInfo | undefined;
  while (Date.now() < deadline) {
    info = await accountInfo(page, baseUrl);
    if (info.albumsCount >= 2 && info.readAlbumsCount >= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`The demo albums are not there after ${SEED_TIMEOUT_MS / 1000} s: ${JSON.stringify(info)}`);
}

/** The id of an album by its name, among the signed-in customer's own albums or those shared with them. */
export async function albumId(page: Page, baseUrl: string, name: string): Promise<string> {
  const album = [...(await ownAlbums(page, baseUrl)), ...(await readAlbums(page, baseUrl))].find((a) => a.albumName === name);
  if (!album) throw new Error(`No album named ${name}`);
  return album.albumId;
}

/** The ids of an album's photos in the service's order for a sort. */
export async function albumPhotoIds(page: Page, baseUrl: string, id: string, sort = 'sortKey=created&sortOrder=desc', kind = 'albums'): Promise<string[]> {
  const body = await photoApi<{ images: { imageId: string }[] }>(page, baseUrl, `/${kind}/${id}/photos?limit=500&${sort}`);
  return body.images.map((p) => p.imageId);
}

/** The count shown on a photo library tab ('Photos' or 'Albums'). */
export async function tabCount(page: Page, tab: 'Photos' | 'Albums'): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Photo library' }).getByRole('link', { name: new RegExp(`^${tab}`) }).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** A section of the albums list by its heading ('My albums', 'Shared with you'). */
export function albumsSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** An album card (its list item) of a section, by the album's name. */
export function albumCard(section: Locator, name: string): Locator {
  return section.getByRole('listitem').filter({ has: section.page().getByRole('link', { name, exact: true }) });
}

/** A toast (sonner) showing exactly this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/**
 * The ids of the first `n` photo tiles that are wholly in view (under any sticky top, above a bottom
 * bar of up to `bottomMargin` pixels), top to bottom, left to right.
 */
export async function visibleTileIds(page: Page, n: number, bottomMargin = 200): Promise<string[]> {
  return page.evaluate(
    ({ count, margin }) => {
      // The grid's controls (a group) may stick to the top.
      const top = Math.max(0, document.querySelector('[role="group"]')?.getBoundingClientRect().bottom ?? 0);
      return [...document.querySelectorAll<HTMLElement>('[data-photo-id]')]
        .filter((tile) => {
          const rect = tile.getBoundingClientRect();
          return rect.top >= top && rect.bottom <= window.innerHeight - margin && rect.width > 0;
        })
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left)
        .slice(0, count)
        .map((tile) => tile.dataset.photoId as string);
    },
    { count: n, margin: bottomMargin },
  );
}

/**
 * `n` photo tiles wholly in view and not in `exclude`, scrolling down a little at a time until there are
 * enough (the newest month may hold only a photo or two).
 */
export async function pickVisibleTiles(page: Page, n: number, exclude: readonly string[] = [], bottomMargin = 200): Promise<string[]> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const ids = (await visibleTileIds(page, 100, bottomMargin)).filter((id) => !exclude.includes(id)).slice(0, n);
    if (ids.length === n) return ids;
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(200);
  }
  throw new Error(`Fewer than ${n} photo tiles came into view`);
}

/** Every photo tile's id in the grid's order (top to bottom, left to right); the grid is virtualized, so only those rendered. */
export async function renderedTileIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-photo-id]')]
      .map((tile) => ({ id: tile.dataset.photoId as string, rect: tile.getBoundingClientRect() }))
      .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left)
      .map((t) => t.id),
  );
}

/** The page does not scroll sideways (nothing sticks out at a phone's width). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
