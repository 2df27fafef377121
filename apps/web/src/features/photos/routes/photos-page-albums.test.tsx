import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums, type AlbumsSeed } from '../../../test/albums';
import { photosTakenIn } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';

const COPY_ON = { PhotoManagementCopyToAlbumEnabled: true } as const;
const SAVE_FAILED = 'Unable to save changes. Please try again.';

/** June 2024: 30 photos (the first page of 24 loads, the rest only when needed); May 2024: 2. */
const library = () => [...photosTakenIn(2024, 6, 30), ...photosTakenIn(2024, 5, 2)];

async function openTimeline(path: string, seed: AlbumsSeed = {}, flags: NonNullable<Parameters<typeof renderApp>[1]>['flags'] = COPY_ON) {
  const albums = serveAlbums({ photos: library(), ...seed });
  const view = renderApp(path, { flags });
  await screen.findByRole('region', { name: 'Photos timeline' });
  return { ...view, albums };
}

/** Where the app is, without the flag overrides a test puts in the address. */
const place = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const addTo = searchParams.get('addTo');
  return addTo === null ? pathname : `${pathname}?addTo=${addTo}`;
};

const monthSelectAll = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return screen.getAllByRole('button', { name: /^(Select|Deselect) all$/ }).find((b) => b.getAttribute('aria-describedby') === heading.id)!;
};

describe('Copy to album from the timeline', () => {
  test("the toolbar's Copy to album copies the selection, whole months fetched, then selection mode ends", async () => {
    const { user, albums } = await openTimeline('/my-photos/photos', { albums: [{ id: 'trip', name: 'Trip' }] });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    const toolbar = screen.getByRole('region', { name: 'Selected photos' });
    // A whole month of 30 (only 24 loaded) and one photo of May.
    await user.click(monthSelectAll('June 2024'));
    await user.click(await screen.findByRole('checkbox', { name: 'p202405-1.jpg' }));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('31 selected');

    await user.click(within(toolbar).getByRole('button', { name: 'Copy to album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to album' });
    expect(dialog).toHaveAccessibleDescription('31 photos selected');
    await user.click(await within(dialog).findByRole('radio', { name: /^Trip/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    const link = await screen.findByRole('link', { name: 'Trip' });
    expect(link.parentElement).toHaveTextContent('Photos copied to Trip');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(albums.album('trip')?.photoIds.sort()).toEqual([...photosTakenIn(2024, 6, 30), photosTakenIn(2024, 5, 1)[0]!].map((p) => p.imageId).sort());
    // After a successful bulk action selection mode ends.
    expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeInTheDocument();
  });

  test('closing the dialog without copying keeps the selection', async () => {
    const { user, albums } = await openTimeline('/my-photos/photos', { albums: [{ id: 'trip', name: 'Trip' }] });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));
    const toolbar = screen.getByRole('region', { name: 'Selected photos' });
    await user.click(within(toolbar).getByRole('button', { name: 'Copy to album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to album' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: 'p202406-1.jpg' })).toBeChecked();
    expect(albums.requestsTo('POST /albums/:id/photos')).toEqual([]);
  });
});

describe("Add photos to an album from the library (?addTo={albumId})", () => {
  const addToHoliday = (seed: AlbumsSeed = {}) =>
    openTimeline('/my-photos/photos?addTo=holiday', { albums: [{ id: 'holiday', name: 'Holiday', photoIds: ['p202406-2'] }], ...seed });

  test("selection mode starts with 'Select the photos to add to {name}'; Add to album is unavailable until a photo is selected", async () => {
    const { user } = await addToHoliday();
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });

    expect(within(bar).getByRole('status')).toHaveTextContent('0 selected');
    expect(within(bar).getByRole('button', { name: 'Add to album' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // It takes the place of the toolbar: no delete or copy here.
    expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('1 selected');
    expect(within(bar).getByRole('button', { name: 'Add to album' })).toBeEnabled();
  });

  test('Add to album adds the selection once however often it is clicked, goes back to the album and says how many were added', async () => {
    const { user, albums, currentUrl } = await addToHoliday();
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'p202406-3.jpg' }));
    await user.click(monthSelectAll('May 2024'));
    expect(within(bar).getByRole('status')).toHaveTextContent('4 selected');

    let release!: () => void;
    albums.gate = new Promise((resolve) => (release = resolve));
    const add = within(bar).getByRole('button', { name: 'Add to album' });
    await user.dblClick(add);
    expect(add).toBeDisabled();
    release();

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/albums/holiday'));
    expect(await screen.findByText('4 photos added to Holiday')).toBeInTheDocument();
    expect(albums.requestsTo('POST /albums/:id/photos')).toHaveLength(1);
    expect(albums.album('holiday')?.photoIds.sort()).toEqual(['p202405-1', 'p202405-2', 'p202406-1', 'p202406-2', 'p202406-3']);
  });

  test('Select all in the bar adds the whole library, months not loaded included', async () => {
    const { user, albums, currentUrl } = await addToHoliday();
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    await user.click(within(bar).getByRole('button', { name: 'Select all' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('32 selected');
    expect(within(bar).getByRole('button', { name: 'Deselect all' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/albums/holiday'));
    expect(albums.album('holiday')?.photoIds).toHaveLength(32);
  });

  test("a failure says 'Unable to save changes. Please try again.' and stays with the selection; trying again adds", async () => {
    const { user, albums, currentUrl } = await addToHoliday();
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));
    albums.fail['POST /albums/:id/photos'] = 500;

    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));

    expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument();
    expect(place(currentUrl())).toBe('/my-photos/photos?addTo=holiday');
    expect(within(bar).getByRole('status')).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: 'p202406-1.jpg' })).toBeChecked();

    delete albums.fail['POST /albums/:id/photos'];
    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/albums/holiday'));
    expect(albums.album('holiday')?.photoIds.sort()).toEqual(['p202406-1', 'p202406-2']);
  });

  test('a month whose ids cannot be fetched adds nothing and says so', async () => {
    const albums = serveAlbums({ photos: library(), albums: [{ id: 'holiday', name: 'Holiday' }] });
    albums.library.failMonths.add('2024-5');
    const { user, currentUrl } = renderApp('/my-photos/photos?addTo=holiday', { flags: COPY_ON });
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    await user.click(monthSelectAll('May 2024'));

    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));

    expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument();
    expect(albums.requestsTo('POST /albums/:id/photos')).toEqual([]);
    expect(place(currentUrl())).toBe('/my-photos/photos?addTo=holiday');
  });

  test('Cancel goes back to the album and adds nothing', async () => {
    const { user, albums, currentUrl } = await addToHoliday();
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));

    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/albums/holiday'));
    expect(albums.requestsTo('POST /albums/:id/photos')).toEqual([]);
  });

  test('an album that does not load (404) leaves the normal timeline', async () => {
    const { albums, currentUrl } = await openTimeline('/my-photos/photos?addTo=gone', { albums: [{ id: 'holiday', name: 'Holiday' }] });

    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    await waitFor(() => expect(place(currentUrl())).toBe('/my-photos/photos'));
    expect(screen.queryByRole('region', { name: /^Select the photos to add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'p202406-1.jpg' })).toBeInTheDocument();
    expect(albums.requestsTo('GET /albums/:id').map((r) => r.id)).toEqual(['gone']);
    expect(screen.queryByText('Unable to display album. Please refresh the page or try again later.')).not.toBeInTheDocument();
  });

  test('an album that fails to load for another reason says so and leaves the normal timeline', async () => {
    const albums = serveAlbums({ photos: library(), albums: [{ id: 'holiday', name: 'Holiday' }] });
    albums.fail['GET /albums/:id'] = 500;
    // In StrictMode too, where effects run twice: one toast.
    const { currentUrl } = renderApp('/my-photos/photos?addTo=holiday', { flags: COPY_ON, strictMode: true });

    expect(await screen.findByText('Unable to display album. Please refresh the page or try again later.')).toBeInTheDocument();
    await waitFor(() => expect(place(currentUrl())).toBe('/my-photos/photos'));
    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getAllByText('Unable to display album. Please refresh the page or try again later.')).toHaveLength(1);
  });

  test('a shared album (read-only) is not offered: the normal timeline', async () => {
    const { currentUrl } = await openTimeline('/my-photos/photos?addTo=ours', { albums: [{ id: 'ours', name: 'Ours', sharedWith: ['bob@example.com'] }] });

    await waitFor(() => expect(place(currentUrl())).toBe('/my-photos/photos'));
    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Select the photos to add/ })).not.toBeInTheDocument();
  });
});
