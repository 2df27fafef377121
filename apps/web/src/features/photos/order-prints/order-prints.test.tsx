import { PRINTS_OVERLAY_MIN_MS, TEMP_SELECTION_MAX_PHOTOS } from '@shoebox/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { serveAlbums } from '../../../test/albums';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import * as printsEditor from './prints-editor';

const FLAGS = { PhotoManagementOrderPrintsEnabled: true } as const;
const EDITOR = 'http://www.printhaven.co.uk/prints-editor';

/** POST /temp-selections as the server answers it; each request's body is kept, and answers wait for `release` while held. */
function serveTempSelections(o: { status?: number; hold?: boolean } = {}) {
  const bodies: unknown[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(apiUrl('photoManagement', '/temp-selections'), async ({ request }) => {
      bodies.push(await request.json());
      if (o.hold) await released;
      if (o.status) return HttpResponse.json({ status: o.status, error: 'internal', message: 'Boom', correlationId: 'c-1' }, { status: o.status });
      return HttpResponse.json({ tempSelectionId: `ts-${bodies.length}` }, { status: 201 });
    }),
  );
  return { bodies, release };
}

/** Opens the timeline, selects the first `count` photos and enters order-prints mode. */
async function orderPrintsOf(count: number, path = '/my-photos/photos') {
  const view = renderApp(path, { flags: FLAGS });
  await view.user.click(await screen.findByRole('button', { name: 'Select' }));
  // A large library's first photos may lie beyond the rows drawn: then any photo drawn will do.
  const tiles = count > 0 && screen.queryByRole('checkbox', { name: 'p202406-1.jpg' }) === null ? screen.getAllByRole('checkbox', { name: /^p202406-/ }).slice(0, count) : null;
  for (let i = 1; i <= count; i++) await view.user.click(tiles?.[i - 1] ?? screen.getByRole('checkbox', { name: `p202406-${i}.jpg` }));
  const toolbar = screen.getByRole('region', { name: 'Selected photos' });
  await view.user.click(within(toolbar).getByRole('button', { name: 'Order prints' }));
  const bar = screen.getByRole('region', { name: 'Order prints' });
  return { ...view, bar, next: () => within(bar).getByRole('button', { name: /^Next: Customise|^Selecting your photos/ }) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('order prints', () => {
  test("Order prints opens its own bar: 'Next: Customise {amount} photo prints', unavailable with none selected; Cancel goes back", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const selections = serveTempSelections();
    const { user, bar, next } = await orderPrintsOf(2);

    expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    expect(next()).toHaveAccessibleName('Next: Customise 2 photo prints');
    expect(next()).not.toHaveAttribute('aria-disabled');
    // Where the customer decides, when the prints would leave.
    expect(await within(bar).findByText(/^Order before 22:00 (today|on \w+) for dispatch on /)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'p202406-3.jpg' }));
    expect(next()).toHaveAccessibleName('Next: Customise 3 photo prints');

    await user.click(within(bar).getByRole('button', { name: 'Deselect all' }));
    expect(next()).toHaveAccessibleName('Next: Customise 0 photo prints');
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    await user.click(next());
    expect(selections.bodies).toEqual([]);

    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Order prints' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Selected photos' })).toBeInTheDocument();
  });

  test(`more than ${TEMP_SELECTION_MAX_PHOTOS} photos cannot be handed over at once, and the button says why`, async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, TEMP_SELECTION_MAX_PHOTOS + 1));
    const selections = serveTempSelections();
    const { user, bar, next } = await orderPrintsOf(1);
    await user.click(within(bar).getByRole('button', { name: 'Select all' }));
    expect(next()).toHaveAccessibleName(`Next: Customise ${TEMP_SELECTION_MAX_PHOTOS + 1} photo prints`);
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    act(() => next().focus());
    await waitFor(() => expect(next()).toHaveAccessibleDescription(`Up to ${TEMP_SELECTION_MAX_PHOTOS} photos can be printed at a time`));
    await user.click(next());
    expect(selections.bodies).toEqual([]);
  });

  test("Next sends the photos and the channel, reads 'Selecting your photos...', shows 'Adding {amount} photos to editor...' for 3 s, then opens the editor with PAP_910", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const selections = serveTempSelections({ hold: true });
    let navigatedAt: number | undefined;
    const go = vi.spyOn(printsEditor, 'goToPrintsEditor').mockImplementation(() => {
      navigatedAt = Date.now();
    });
    const { user, next } = await orderPrintsOf(2);

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const clickedAt = Date.now();
    await user.click(next());

    const overlay = await screen.findByRole('dialog', { name: 'Adding 2 photos to editor...' });
    expect(overlay).toHaveAttribute('aria-modal', 'true');
    expect(overlay).toHaveFocus();
    expect(within(overlay).getByRole('status')).toHaveTextContent('Adding 2 photos to editor...');
    expect(next()).toHaveAccessibleName('Selecting your photos...');
    expect(next()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(selections.bodies).toHaveLength(1));
    expect(selections.bodies[0]).toEqual({ photoIds: ['p202406-1', 'p202406-2'], channel: 'www.printhaven.co.uk' });

    // The selection is made at once; the overlay still stays its full time.
    selections.release();
    await act(() => vi.advanceTimersByTimeAsync(PRINTS_OVERLAY_MIN_MS - 1000));
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Adding 2 photos to editor...' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go).toHaveBeenCalledWith(`${EDITOR}?tempSelectionId=ts-1&autoselectproduct=PAP_910&channel=www.printhaven.co.uk`);
    expect(navigatedAt! - clickedAt).toBeGreaterThanOrEqual(PRINTS_OVERLAY_MIN_MS);
  });

  test("a storefront's channel code goes with the photos and to the editor (the Swedish one is known by another name)", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    const selections = serveTempSelections();
    const go = vi.spyOn(printsEditor, 'goToPrintsEditor').mockImplementation(() => {});
    const { user, next } = await orderPrintsOf(1, '/my-photos/photos?channel=www.printhaven.se');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Adding 1 photo to editor...' });
    await act(() => vi.advanceTimersByTimeAsync(PRINTS_OVERLAY_MIN_MS));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(selections.bodies).toEqual([{ photoIds: ['p202406-1'], channel: 'www.printhaven-nordic.se' }]);
    expect(new URL(go.mock.calls[0]![0]).searchParams.get('channel')).toBe('www.printhaven-nordic.se');
  });

  test("an own album's selection is handed over the same way", async () => {
    serveAlbums({
      photos: photosTakenIn(2024, 6, 3),
      albums: [{ id: 'a-1', name: 'Holiday', photoIds: ['p202406-3', 'p202406-1'] }],
    });
    const selections = serveTempSelections();
    const go = vi.spyOn(printsEditor, 'goToPrintsEditor').mockImplementation(() => {});
    const { user } = renderApp('/my-photos/albums/a-1', { flags: FLAGS });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected photos' })).getByRole('button', { name: 'Select all' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected photos' })).getByRole('button', { name: 'Order prints' }));
    const bar = screen.getByRole('region', { name: 'Order prints' });

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await user.click(within(bar).getByRole('button', { name: 'Next: Customise 2 photo prints' }));
    await screen.findByRole('dialog', { name: 'Adding 2 photos to editor...' });
    await act(() => vi.advanceTimersByTimeAsync(PRINTS_OVERLAY_MIN_MS));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(selections.bodies).toHaveLength(1);
    expect(new Set((selections.bodies[0] as { photoIds: string[] }).photoIds)).toEqual(new Set(['p202406-1', 'p202406-3']));
  });

  test("a failure closes the overlay, says 'Error transferring photos. Try again.' and keeps the selection for another try", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const selections = serveTempSelections({ status: 500 });
    const go = vi.spyOn(printsEditor, 'goToPrintsEditor').mockImplementation(() => {});
    const { user, bar, next } = await orderPrintsOf(2);

    await user.click(next());
    expect(await screen.findByText('Error transferring photos. Try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Adding/ })).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(selections.bodies).toHaveLength(1);
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    expect(next()).toHaveAccessibleName('Next: Customise 2 photo prints');
    expect(next()).not.toHaveAttribute('aria-disabled');
    // Focus comes back to the bar, where the customer tries again.
    expect(next()).toHaveFocus();
  });
});
