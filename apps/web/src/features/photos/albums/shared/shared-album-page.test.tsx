import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../../../../test/albums';
import { photosTakenIn } from '../../../../test/photo-library';
import { renderApp } from '../../../../test/render-app';

const SHARED_ON = { PhotoManagementSharedAlbumsViewEnabled: true } as const;

const family = () =>
  serveAlbums({ photos: photosTakenIn(2024, 6, 3), albums: [{ id: 'f-1', name: 'Family', photoIds: ['p202406-1', 'p202406-2'], sharedWith: ['lars@example.com'] }] });

describe('shared album screen', () => {
  test('the album’s name is the page’s heading, with no generic “Shared album” above it', async () => {
    family();
    renderApp('/my-photos/shared-albums/f-1', { flags: SHARED_ON });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Family' });
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([heading]);
    expect(screen.queryByRole('heading', { name: 'Shared album' })).not.toBeInTheDocument();
    expect(screen.getByText('Shared albums are no longer supported')).toBeInTheDocument();
  });

  test('the sort is the timeline’s: the Date added / Date taken dropdown and the newest/oldest first toggle', async () => {
    const albums = family();
    const { user } = renderApp('/my-photos/shared-albums/f-1', { flags: SHARED_ON });
    const bar = await screen.findByRole('group', { name: 'Photos in Family' });
    expect(within(within(bar).getByRole('combobox', { name: 'Sort by' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Date added', 'Date taken']);
    await user.click(within(bar).getByRole('button', { name: 'Order: Newest first' }));
    await waitFor(() => expect(albums.requestsTo('GET /shared-albums/:id/photos').at(-1)?.query).toMatchObject({ sortKey: 'created', sortOrder: 'asc' }));
  });

  test('the owner deletes it: back on the list, and the deleted album is not asked for again nor a failure reported', async () => {
    const albums = family();
    const { user, router, reporter } = renderApp('/my-photos/shared-albums/f-1', { flags: SHARED_ON });
    await screen.findByRole('group', { name: 'Photos in Family' });
    await user.click(screen.getByRole('button', { name: 'Delete shared album' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(await screen.findByText('Family album deleted')).toBeInTheDocument();
    const afterDelete = albums.requests.slice(albums.requests.findIndex((r) => r.route === 'DELETE /shared-albums/:id') + 1);
    expect(afterDelete.filter((r) => r.id === 'f-1')).toEqual([]);
    expect(reporter.report).not.toHaveBeenCalled();
  });

  test("an empty shared album says 'This album is empty', with no grid", async () => {
    serveAlbums({ photos: photosTakenIn(2024, 6, 3), albums: [{ id: 'e-1', name: 'Nothing yet', photoIds: [], sharedWith: ['lars@example.com'] }] });
    renderApp('/my-photos/shared-albums/e-1', { flags: SHARED_ON });
    expect(await screen.findByText('This album is empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nothing yet' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Photos in Nothing yet' })).not.toBeInTheDocument();
  });

  test("photos that cannot be loaded say 'Unable to display album photos. Please refresh the page or try again later.', and Try again loads them", async () => {
    const albums = family();
    albums.fail['GET /shared-albums/:id/photos'] = 500;
    const { user } = renderApp('/my-photos/shared-albums/f-1', { flags: SHARED_ON });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to display album photos. Please refresh the page or try again later.');
    delete albums.fail['GET /shared-albums/:id/photos'];
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Photos in Family' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unable to display album photos. Please refresh the page or try again later.')).not.toBeInTheDocument());
  });
});
