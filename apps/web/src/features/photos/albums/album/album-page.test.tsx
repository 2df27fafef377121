import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../../../../test/albums';
import { photosTakenIn } from '../../../../test/photo-library';
import { renderApp } from '../../../../test/render-app';

const holiday = () =>
  serveAlbums({
    photos: photosTakenIn(2024, 6, 5),
    albums: [{ id: 'a-1', name: 'Holiday', photoIds: ['p202406-1', 'p202406-2', 'p202406-3'] }],
  });

const grid = () => screen.findByRole('region', { name: 'Photos in Holiday' });

async function selecting(user: ReturnType<typeof renderApp>['user']) {
  await grid();
  await user.click(screen.getByRole('button', { name: 'Select' }));
  return screen.getByRole('region', { name: 'Selected photos' });
}

describe('album screen', () => {
  test('a spinner, then the name, the count, the created text and the album’s photos on the grid, the first section of 24 asked for', async () => {
    const albums = holiday();
    renderApp('/my-photos/albums/a-1');
    expect(await screen.findByText('Loading album…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit album name: Holiday' })).toBeInTheDocument();
    expect(screen.getByText('3 photos')).toBeInTheDocument();
    expect(screen.getByText('Created 01 Mar 2025')).toBeInTheDocument();
    const photos = within(await grid());
    await waitFor(() => expect(photos.getAllByRole('link')).toHaveLength(3));
    expect(albums.requestsTo('GET /albums/:id/photos')[0]?.query).toMatchObject({ limit: '24', sortKey: 'created', sortOrder: 'desc' });
  });

  test('an album that cannot be loaded says so, with the link back to My albums', async () => {
    holiday();
    renderApp('/my-photos/albums/someone-elses');
    expect(await screen.findByText('Unable to display album. Please refresh the page or try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My albums' })).toHaveAttribute('href', '/my-photos/albums');
  });

  test('an own album that is shared opens on the shared-album route when shared albums are on', async () => {
    serveAlbums({ photos: photosTakenIn(2024, 6, 2), albums: [{ id: 'a-2', name: 'Family', photoIds: ['p202406-1'], sharedWith: ['lars@example.com'] }] });
    const { router } = renderApp('/my-photos/albums/a-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/shared-albums/a-2'));
    expect(await screen.findByText('Shared albums are no longer supported')).toBeInTheDocument();
  });

  test('an empty album shows its name, Add photos and Delete album', async () => {
    serveAlbums({ albums: [{ id: 'a-3', name: 'Empty one' }] });
    renderApp('/my-photos/albums/a-3');
    expect(await screen.findByRole('button', { name: 'Edit album name: Empty one' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete album' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos in Empty one' })).not.toBeInTheDocument();
  });

  test('the album’s name is the page’s heading, with no generic “Album” above it', async () => {
    holiday();
    renderApp('/my-photos/albums/a-1');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^Holiday$/);
    expect(within(heading).getByRole('button', { name: 'Edit album name: Holiday' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Album' })).not.toBeInTheDocument();
  });

  test('arriving from the albums list moves focus to the album’s name, as every page’s heading takes it', async () => {
    holiday();
    const { user } = renderApp('/my-photos/albums');
    await user.click(await screen.findByRole('link', { name: /Holiday/ }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Holiday' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('the sort is the timeline’s: the dropdown (Date added, Date taken) with its tooltip and the newest/oldest first toggle', async () => {
    const albums = holiday();
    const { user } = renderApp('/my-photos/albums/a-1');
    await grid();
    const bar = screen.getByRole('group', { name: 'Photos in Holiday' });
    const sortBy = within(bar).getByRole('combobox', { name: 'Sort by' });
    expect(within(sortBy).getAllByRole('option').map((o) => o.textContent)).toEqual(['Date added', 'Date taken']);
    expect(within(bar).queryByRole('combobox', { name: 'Order' })).not.toBeInTheDocument();
    sortBy.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sort by date added');

    await user.selectOptions(sortBy, 'dateTaken');
    await user.click(within(bar).getByRole('button', { name: 'Order: Newest first' }));
    expect(within(bar).getByRole('button', { name: 'Order: Oldest first' })).toBeInTheDocument();
    await waitFor(() => expect(albums.requestsTo('GET /albums/:id/photos').at(-1)?.query).toMatchObject({ sortKey: 'dateTaken', sortOrder: 'asc' }));
  });

  test('removing one photo from the album: it leaves the grid and the count, the library keeps it, and the toast names the album', async () => {
    const albums = holiday();
    const { user } = renderApp('/my-photos/albums/a-1');
    const toolbar = await selecting(user);
    await user.click(await screen.findByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete from album' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from album' }));
    expect(await screen.findByText('Photo removed from Holiday')).toBeInTheDocument();
    await waitFor(() => expect(albums.album('Holiday')?.photoIds).toEqual(['p202406-2', 'p202406-3']));
    expect(albums.library.photos.map((p) => p.imageId)).toContain('p202406-1');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'p202406-1.jpg' })).not.toBeInTheDocument());
    expect(screen.getByText('2 photos')).toBeInTheDocument();
  });

  test('removing several: "{count} photos removed from {albumName}"; a refusal says the photos could not be removed and puts them back', async () => {
    const albums = holiday();
    const { user } = renderApp('/my-photos/albums/a-1');
    const toolbar = await selecting(user);
    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    albums.fail['DELETE /albums/:id/photos'] = 500;
    await user.click(within(toolbar).getByRole('button', { name: 'Delete from album' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove 3 photos?' })).getByRole('button', { name: 'Remove from album' }));
    expect(await screen.findByText('Error: Your photos could not be removed from the album')).toBeInTheDocument();
    expect(albums.album('Holiday')?.photoIds).toHaveLength(3);
    await waitFor(() => expect(screen.getByText('3 photos')).toBeInTheDocument());

    delete albums.fail['DELETE /albums/:id/photos'];
    await user.click(within(screen.getByRole('region', { name: 'Selected photos' })).getByRole('button', { name: 'Delete from album' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove 3 photos?' })).getByRole('button', { name: 'Remove from album' }));
    expect(await screen.findByText('3 photos removed from Holiday')).toBeInTheDocument();
    await waitFor(() => expect(albums.album('Holiday')?.photoIds).toEqual([]));
  });

  test('deleting the album: confirm, the toast, back on the list; a failure keeps the dialog open and says so', async () => {
    const albums = holiday();
    const { user, router } = renderApp('/my-photos/albums/a-1');
    await grid();
    albums.fail['DELETE /albums/:id'] = 500;
    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete album?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete album' }));
    expect(await within(dialog).findByText('Unable to remove album. Please try again')).toBeInTheDocument();
    expect(albums.album('Holiday')).toBeDefined();

    delete albums.fail['DELETE /albums/:id'];
    await user.click(within(dialog).getByRole('button', { name: 'Delete album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(await screen.findByText('Holiday album deleted')).toBeInTheDocument();
    expect(albums.album('Holiday')).toBeUndefined();
    expect(albums.library.photos).toHaveLength(5);
  });

  test('a deleted album is not asked for again: no request for it or its photos after the delete, no failure reported, and the list no longer shows it', async () => {
    const albums = holiday();
    const { user, router, reporter } = renderApp('/my-photos/albums/a-1');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Photos in Holiday' })).getAllByRole('link')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete album?' })).getByRole('button', { name: 'Delete album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(await screen.findByText('Holiday album deleted')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /New album/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Holiday/ })).not.toBeInTheDocument();

    const afterDelete = albums.requests.slice(albums.requests.findIndex((r) => r.route === 'DELETE /albums/:id') + 1);
    expect(afterDelete.filter((r) => r.id === 'a-1')).toEqual([]);
    expect(reporter.report).not.toHaveBeenCalled();
  });

  test('a tile opens the album’s preview, and Escape closes it back to the album', async () => {
    holiday();
    const { user, router } = renderApp('/my-photos/albums/a-1');
    const photos = within(await grid());
    await user.click(await photos.findByRole('link', { name: 'p202406-2.jpg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums/a-1/preview/p202406-2'));
    expect(await screen.findByRole('heading', { name: 'p202406-2.jpg' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums/a-1'));
  });
});
