import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import { renderWithServices } from '../../../test/render-with-services';
import { SelectionProvider } from '../stores/selection-context';
import { SelectionToolbar } from './selection-toolbar';

const ALL_ACTIONS = { PhotoManagementOrderPrintsEnabled: true, PhotoManagementCopyToAlbumEnabled: true } as const;

async function openSelecting(path = '/my-photos/photos', options: Parameters<typeof renderApp>[1] = { flags: ALL_ACTIONS }) {
  const view = renderApp(path, options);
  await screen.findByRole('region', { name: 'Photos timeline' });
  await view.user.click(await screen.findByRole('button', { name: 'Select' }));
  const toolbar = screen.getByRole('region', { name: 'Selected photos' });
  return { ...view, toolbar };
}

const action = (toolbar: HTMLElement, name: string) => within(toolbar).getByRole('button', { name });

describe('selection mode', () => {
  test("Select shows the toolbar with Cancel, '0 selected' and Select all; every action is unavailable with nothing selected", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const { toolbar } = await openSelecting();

    expect(within(toolbar).getByRole('status')).toHaveTextContent('0 selected');
    expect(action(toolbar, 'Cancel')).toBeInTheDocument();
    expect(action(toolbar, 'Select all')).toBeInTheDocument();
    expect(action(toolbar, 'Download')).toHaveAttribute('aria-disabled', 'true');
    expect(action(toolbar, 'Copy to album')).toBeDisabled();
    expect(action(toolbar, 'Delete')).toBeDisabled();
    expect(action(toolbar, 'Order prints')).toBeDisabled();
    // Tiles are checkboxes now, not links to the preview.
    expect(screen.getByRole('checkbox', { name: 'p202406-1.jpg' })).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'p202406-1.jpg' })).not.toBeInTheDocument();
  });

  test('tiles toggle, the amount follows, and the actions become available', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const { user, toolbar } = await openSelecting();

    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'p202406-2.jpg' }));
    expect(screen.getByRole('checkbox', { name: 'p202406-1.jpg' })).toBeChecked();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('2 selected');
    expect(action(toolbar, 'Delete')).toBeEnabled();
    expect(action(toolbar, 'Copy to album')).toBeEnabled();
    expect(action(toolbar, 'Download')).not.toHaveAttribute('aria-disabled');
    expect(action(toolbar, 'Order prints')).toBeEnabled();

    // A keyboard user toggles with Space.
    act(() => screen.getByRole('checkbox', { name: 'p202406-2.jpg' }).focus());
    await user.keyboard(' ');
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
  });

  test("a month's Select all selects all its photos, loaded or not, and then reads Deselect all", async () => {
    const library = servePhotoLibrary([...photosTakenIn(2024, 6, 30), ...photosTakenIn(2024, 5, 2)]);
    library.holdMonths.add('2024-5');
    const { user, toolbar } = await openSelecting();

    const june = screen.getByRole('heading', { level: 2, name: 'June 2024' });
    const juneSelectAll = screen.getAllByRole('button', { name: 'Select all' }).find((b) => b.getAttribute('aria-describedby') === june.id)!;
    await user.click(juneSelectAll);
    expect(within(toolbar).getByRole('status')).toHaveTextContent('30 selected');
    expect(juneSelectAll).toHaveTextContent('Deselect all');

    // May has not loaded; its Select all still counts its two photos.
    const may = screen.getByRole('heading', { level: 2, name: 'May 2024' });
    await user.click(screen.getAllByRole('button', { name: 'Select all' }).find((b) => b.getAttribute('aria-describedby') === may.id)!);
    expect(within(toolbar).getByRole('status')).toHaveTextContent('32 selected');
    expect(action(toolbar, 'Deselect all')).toBeInTheDocument();

    await user.click(juneSelectAll);
    expect(within(toolbar).getByRole('status')).toHaveTextContent('2 selected');
  });

  test("with a download action, Download takes 1 to 100 photos; over 100 it says 'Up to 100 photos can be downloaded at a time'", async () => {
    const onDownload = vi.fn();
    const mount = (amount: number) =>
      renderWithServices(
        <SelectionProvider>
          <SelectionToolbar amount={amount} everythingSelected={false} onDownload={onDownload} />
        </SelectionProvider>,
      );
    const download = () => screen.getByRole('button', { name: 'Download' });

    for (const amount of [0, 101]) {
      const { user, unmount } = mount(amount);
      expect(download()).toHaveAttribute('aria-disabled', 'true');
      await user.click(download());
      if (amount > 100) {
        act(() => download().focus());
        expect(await screen.findByRole('tooltip')).toHaveTextContent('Up to 100 photos can be downloaded at a time');
        expect(download()).toHaveAccessibleDescription('Up to 100 photos can be downloaded at a time');
      }
      unmount();
    }
    expect(onDownload).not.toHaveBeenCalled();

    for (const amount of [1, 100]) {
      const { user, unmount } = mount(amount);
      expect(download()).not.toHaveAttribute('aria-disabled');
      await user.click(download());
      unmount();
    }
    expect(onDownload).toHaveBeenCalledTimes(2);
  });

  test('Select all and Deselect all cover the whole library; Cancel leaves selection mode', async () => {
    servePhotoLibrary([...photosTakenIn(2024, 6, 3), ...photosTakenIn(2023, 2, 4)]);
    const { user, toolbar } = await openSelecting();

    await user.click(action(toolbar, 'Select all'));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('7 selected');
    expect(screen.getByRole('checkbox', { name: 'p202406-3.jpg' })).toBeChecked();
    await user.click(action(toolbar, 'Deselect all'));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('0 selected');

    await user.click(action(toolbar, 'Cancel'));
    expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'p202406-1.jpg' })).toBeInTheDocument();
  });

  test('Order prints and Copy to album show only when flagged on, and Order prints not in stripped mode', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 1));
    const plain = await openSelecting('/my-photos/photos', {});
    expect(within(plain.toolbar).queryByRole('button', { name: 'Order prints' })).not.toBeInTheDocument();
    expect(within(plain.toolbar).queryByRole('button', { name: 'Copy to album' })).not.toBeInTheDocument();
    plain.unmount();

    const stripped = await openSelecting('/my-photos/photos?stripped=true', { flags: ALL_ACTIONS });
    expect(within(stripped.toolbar).queryByRole('button', { name: 'Order prints' })).not.toBeInTheDocument();
    expect(within(stripped.toolbar).getByRole('button', { name: 'Copy to album' })).toBeInTheDocument();
  });

  test('changing the sort clears what was selected', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const { user, toolbar } = await openSelecting();
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Upload date');
    await waitFor(() => expect(within(toolbar).getByRole('status')).toHaveTextContent('0 selected'));
  });
});
