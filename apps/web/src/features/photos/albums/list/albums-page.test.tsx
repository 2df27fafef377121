import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums, type OwnAlbumSeed } from '../../../../test/albums';
import { photosTakenIn } from '../../../../test/photo-library';
import { renderApp, type RenderAppOptions } from '../../../../test/render-app';

const LOAD_ERROR = 'Unable to display albums. Please refresh the page or try again later.';
const SHARED_LOAD_ERROR = 'Unable to display shared albums. Please refresh the page or try again later.';

async function openAlbums(options?: RenderAppOptions) {
  const view = renderApp('/my-photos/albums', options);
  const mine = await screen.findByRole('region', { name: 'My albums' });
  return { ...view, mine };
}

/** The album cards' links of a section, in order (the 'New album' tile is a button). */
const albumLinks = (section: HTMLElement) => within(section).queryAllByRole('link').map((link) => link.textContent);

const manyAlbums = (count: number): OwnAlbumSeed[] => Array.from({ length: count }, (_, i) => ({ id: `a${i + 1}`, name: `Album ${i + 1}` }));

describe('albums list', () => {
  test("the photo library header with its tabs, a 'New album' tile, then a card per album, newest first", async () => {
    const albums = serveAlbums({
      photos: photosTakenIn(2024, 6, 3),
      albums: [
        { id: 'summer', name: 'Summer 2024', created: '2025-02-14T10:00:00Z', photoIds: ['p202406-2', 'p202406-1'] },
        { id: 'empty', name: 'Nothing yet', created: '2024-11-03T10:00:00Z' },
      ],
    });
    const { mine } = await openAlbums();

    expect(screen.getByRole('heading', { level: 1, name: 'My photos' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Photo library' });
    expect(within(tabs).getByRole('link', { name: /^Albums/ })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(within(tabs).getByRole('link', { name: /^Albums/ })).toHaveAccessibleName('Albums 2'));

    const items = await within(mine).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('button', { name: 'New album' })).toBeInTheDocument();

    const summer = items[1]!;
    expect(within(summer).getByRole('heading', { level: 3, name: 'Summer 2024' })).toBeInTheDocument();
    expect(within(summer).getByRole('link', { name: 'Summer 2024' })).toHaveAttribute('href', '/my-photos/albums/summer');
    expect(within(summer).getByText('2 photos')).toBeInTheDocument();
    expect(within(summer).getByText('Created 14 Feb 2025')).toBeInTheDocument();
    // The cover is the 300 thumbnail of the photo added last.
    expect(summer.querySelector('img')).toHaveAttribute('src', 'http://img.test/p202406-2-300.jpg');

    const empty = items[2]!;
    expect(within(empty).getByRole('link', { name: 'Nothing yet' })).toHaveAttribute('href', '/my-photos/albums/empty');
    expect(within(empty).getByText('0 photos')).toBeInTheDocument();
    expect(within(empty).getByText('Created 03 Nov 2024')).toBeInTheDocument();
    expect(empty.querySelector('img')).toBeNull();

    expect(albums.requestsTo('GET /albums').map((r) => r.query)).toEqual([{ limit: '49', displaySharedData: 'true' }]);
  });

  test("the first page asks for 49 albums (the tile takes a place), 'Show more albums' for 50 more, and focus goes to the first new album", async () => {
    const albums = serveAlbums({ albums: manyAlbums(120) });
    const { mine, user } = await openAlbums();

    await waitFor(() => expect(albumLinks(mine)).toHaveLength(49));
    expect(albumLinks(mine)[0]).toBe('Album 1');
    await user.click(within(mine).getByRole('button', { name: 'Show more albums' }));
    await waitFor(() => expect(albumLinks(mine)).toHaveLength(99));
    expect(within(mine).getByRole('link', { name: 'Album 50' })).toHaveFocus();

    await user.click(within(mine).getByRole('button', { name: 'Show more albums' }));
    await waitFor(() => expect(albumLinks(mine)).toHaveLength(120));
    expect(albumLinks(mine).at(-1)).toBe('Album 120');
    expect(within(mine).queryByRole('button', { name: 'Show more albums' })).not.toBeInTheDocument();

    const pages = albums.requestsTo('GET /albums').map((r) => [r.query.limit, r.query.cursor]);
    expect(pages).toEqual([
      ['49', undefined],
      ['50', 'after-49'],
      ['50', 'after-99'],
    ]);
    // 120 cards' accessible names are slow to compute in jsdom on a busy machine.
  }, 30_000);

  test("'Shared with you' lists the albums shared with the customer, each opening the shared-album route", async () => {
    serveAlbums({
      albums: [{ id: 'mine', name: 'Garden', sharedWith: ['bob@example.com'] }],
      shared: [{ id: 'from-eve', name: "Eve's wedding", ownerEmail: 'eve@example.com', photoIds: ['w1', 'w2', 'w3'] }],
    });
    await openAlbums();

    const shared = await screen.findByRole('region', { name: 'Shared with you' });
    expect(within(shared).getByRole('heading', { level: 2, name: 'Shared with you' })).toBeInTheDocument();
    const link = await within(shared).findByRole('link', { name: "Eve's wedding" });
    expect(link).toHaveAttribute('href', '/my-photos/shared-albums/from-eve');
    expect(within(shared).getByText('Shared by eve@example.com')).toBeInTheDocument();
    expect(within(shared).getByText('3 photos')).toBeInTheDocument();
    // An own album that is shared opens the shared-album route too.
    expect(within(screen.getByRole('region', { name: 'My albums' })).getByRole('link', { name: 'Garden' })).toHaveAttribute('href', '/my-photos/shared-albums/mine');
  });

  test("without the shared-albums flag there is no 'Shared with you', nothing is asked for it, and shared own albums open as albums", async () => {
    const albums = serveAlbums({
      albums: [{ id: 'mine', name: 'Garden', sharedWith: ['bob@example.com'] }],
      shared: [{ id: 'from-eve', name: "Eve's wedding" }],
    });
    const { mine } = await openAlbums({ flags: { PhotoManagementSharedAlbumsViewEnabled: false } });

    expect(await within(mine).findByRole('link', { name: 'Garden' })).toHaveAttribute('href', '/my-photos/albums/mine');
    await waitFor(() => expect(albums.requestsTo('GET /users').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Shared with you' })).not.toBeInTheDocument();
    expect(albums.requestsTo('GET /shared-albums')).toHaveLength(0);
  });

  test("with no albums shared with the customer (readAlbumsCount 0) there is no 'Shared with you'", async () => {
    const albums = serveAlbums({ albums: [{ name: 'Garden', sharedWith: ['bob@example.com'] }] });
    const { mine } = await openAlbums();

    await within(mine).findByRole('link', { name: 'Garden' });
    await waitFor(() => expect(albums.requestsTo('GET /users').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Shared with you' })).not.toBeInTheDocument();
    expect(albums.requestsTo('GET /shared-albums')).toHaveLength(0);
  });

  test("a loader, then 'Unable to display albums…' when they cannot be loaded; Try again loads them", async () => {
    const albums = serveAlbums({ albums: [{ name: 'Garden' }] });
    albums.fail['GET /albums'] = 500;
    const { mine, user } = await openAlbums();

    expect(within(mine).getByRole('status')).toHaveTextContent('Loading your albums…');
    expect(await within(mine).findByRole('alert')).toHaveTextContent(LOAD_ERROR);
    // Creating an album stays possible.
    expect(within(mine).getByRole('button', { name: 'New album' })).toBeInTheDocument();

    delete albums.fail['GET /albums'];
    await user.click(within(mine).getByRole('button', { name: 'Try again' }));
    expect(await within(mine).findByRole('link', { name: 'Garden' })).toBeInTheDocument();
    expect(within(mine).queryByRole('alert')).not.toBeInTheDocument();
  });

  test("'Unable to display shared albums…' when the shared albums cannot be loaded; the own albums still show", async () => {
    const albums = serveAlbums({ albums: [{ name: 'Garden' }], shared: [{ name: "Eve's wedding" }] });
    albums.fail['GET /shared-albums'] = 500;
    const { mine } = await openAlbums();

    const shared = await screen.findByRole('region', { name: 'Shared with you' });
    expect(await within(shared).findByRole('alert')).toHaveTextContent(SHARED_LOAD_ERROR);
    expect(within(mine).getByRole('link', { name: 'Garden' })).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
  });

  test("the 'New album' tile opens 'Create new album'; creating goes to the new album", async () => {
    const albums = serveAlbums({ albums: [{ name: 'Garden' }] });
    const { mine, user, currentUrl } = await openAlbums();

    await user.click(within(mine).getByRole('button', { name: 'New album' }));
    const dialog = screen.getByRole('dialog', { name: 'Create new album' });
    const input = within(dialog).getByRole('textbox', { name: 'Album name' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'Summer{Enter}');

    await waitFor(() => expect(currentUrl()).toBe(`/my-photos/albums/${albums.album('Summer')?.albumId}`));
    expect(albums.requestsTo('POST /albums').map((r) => r.body)).toEqual([{ name: 'Summer' }]);
  });
});
