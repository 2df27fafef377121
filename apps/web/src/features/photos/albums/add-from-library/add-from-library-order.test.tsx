import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../../../../test/albums';
import { photosTakenIn } from '../../../../test/photo-library';
import { renderApp } from '../../../../test/render-app';

const monthSelectAll = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return screen.getAllByRole('button', { name: /^(Select|Deselect) all$/ }).find((b) => b.getAttribute('aria-describedby') === heading.id)!;
};

describe('the order photos are chosen in reaches the album (docs/decisions/042)', () => {
  test('photos picked one by one go in the order they were picked, then whole months in the timeline’s order', async () => {
    const albums = serveAlbums({ photos: [...photosTakenIn(2024, 6, 5), ...photosTakenIn(2024, 5, 3)], albums: [{ id: 'holiday', name: 'Holiday' }] });
    const { user, currentUrl } = renderApp('/my-photos/photos?addTo=holiday');
    const bar = await screen.findByRole('region', { name: 'Select the photos to add to Holiday' });
    for (const name of ['p202406-4.jpg', 'p202406-1.jpg', 'p202406-5.jpg']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(monthSelectAll('May 2024'));
    const mayInTimelineOrder = screen
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label') ?? '')
      .filter((name) => name.startsWith('p202405'))
      .map((name) => name.replace('.jpg', ''));
    expect(mayInTimelineOrder).toHaveLength(3);

    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/albums/holiday'));
    expect(albums.requestsTo('POST /albums/:id/photos').map((r) => r.body)).toEqual([{ photoIds: ['p202406-4', 'p202406-1', 'p202406-5', ...mayInTimelineOrder] }]);
  });
});
