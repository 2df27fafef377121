import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';

async function openSelecting() {
  const view = renderApp('/my-photos/photos');
  await screen.findByRole('region', { name: 'Photos timeline' });
  await view.user.click(await screen.findByRole('button', { name: 'Select' }));
  const toolbar = screen.getByRole('region', { name: 'Selected photos' });
  return { ...view, toolbar };
}

const photosTab = () => within(screen.getByRole('navigation', { name: 'Photo library' })).getByRole('link', { name: /^Photos/ });

describe('deleting selected photos', () => {
  test('they leave the grid, the month count and the Photos tab at once, before the server answers; selection mode then ends', async () => {
    const library = servePhotoLibrary([...photosTakenIn(2024, 6, 3), ...photosTakenIn(2024, 5, 2)]);
    let answer!: () => void;
    library.deleteGate = new Promise<void>((resolve) => (answer = resolve));
    const { user, toolbar } = await openSelecting();
    await waitFor(() => expect(photosTab()).toHaveAccessibleName('Photos 5'));

    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'p202406-2.jpg' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 photos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete photos' }));

    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'p202406-1.jpg' })).not.toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: 'p202406-2.jpg' })).not.toBeInTheDocument();
    expect(screen.getByText('1 photo')).toBeInTheDocument();
    expect(photosTab()).toHaveAccessibleName('Photos 3');
    expect(library.photos).toHaveLength(5);

    answer();
    await waitFor(() => expect(library.deleteBatches).toEqual([['p202406-1', 'p202406-2']]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'p202406-3.jpg' })).toBeInTheDocument();
  });

  test("ids the server lists as failed come back (only those), with 'Error: Your photos could not be deleted', and stay selected", async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 4));
    library.failIds.add('p202406-2');
    const { user, toolbar } = await openSelecting();

    for (const n of [1, 2, 3]) await user.click(screen.getByRole('checkbox', { name: `p202406-${n}.jpg` }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photos' }));

    expect(await screen.findByText('Error: Your photos could not be deleted')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'p202406-2.jpg' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'p202406-1.jpg' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'p202406-3.jpg' })).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    await waitFor(() => expect(screen.getByText('2 photos')).toBeInTheDocument());
  });

  test('when every attempt fails, every photo comes back with the error', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 2));
    library.failStatus = 503;
    const { user, toolbar } = await openSelecting();

    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photos' }));

    expect(await screen.findByText('Error: Your photos could not be deleted')).toBeInTheDocument();
    // A batch that fails outright is sent again, up to the retry limit.
    expect(library.deleteBatches).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'p202406-1.jpg' })).toBeChecked();
    expect(screen.getByText('2 photos')).toBeInTheDocument();
  });

  test('a big selection goes in batches of 500, and a batch that fails is sent again', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 1201));
    library.interceptDelete = (ids, attempt) => (ids.length === 500 && ids[0] === library.deleteBatches[1]?.[0] && attempt < 3 ? new HttpResponse('busy', { status: 500 }) : undefined);
    const { user, toolbar } = await openSelecting();

    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    await user.click(screen.getAllByRole('checkbox')[0]!);
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1,200 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete 1,200 photos?' })).getByRole('button', { name: 'Delete photos' }));

    await waitFor(() => expect(library.photos).toHaveLength(1));
    expect(library.deleteBatches.map((b) => b.length)).toEqual([500, 500, 500, 500, 200]);
    expect(await screen.findByText('1 photo')).toBeInTheDocument();
    expect(screen.queryByText('Error: Your photos could not be deleted')).not.toBeInTheDocument();
  });
});

describe('deleting all photos', () => {
  test('with everything selected, Delete asks to type DELETE: checked on submit only, the input focused', async () => {
    const library = servePhotoLibrary([...photosTakenIn(2024, 6, 2), ...photosTakenIn(2023, 1, 1)]);
    const { user, toolbar } = await openSelecting();

    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete all photos?' });
    const input = within(dialog).getByLabelText('Type DELETE to confirm');
    await waitFor(() => expect(input).toHaveFocus());

    await user.type(input, 'delete');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Delete all photos' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Type DELETE in capital letters to confirm');
    expect(library.deletedAll).toBe(0);

    await user.clear(input);
    await user.type(input, 'DELETE{Enter}');
    expect(await screen.findByText('Your photo library is empty')).toBeInTheDocument();
    expect(library.deletedAll).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(photosTab()).toHaveAccessibleName('Photos 0');
  });

  test('the error goes once the right word is typed, before submitting again; a still wrong word keeps it', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 2));
    const { user, toolbar } = await openSelecting();
    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete all photos?' });
    const input = within(dialog).getByLabelText('Type DELETE to confirm');

    await user.type(input, 'DELET{Enter}');
    expect(within(dialog).getByText('Type DELETE in capital letters to confirm')).toBeInTheDocument();
    await user.type(input, 'x');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '{Backspace}E');

    expect(within(dialog).queryByText('Type DELETE in capital letters to confirm')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
    expect(library.deletedAll).toBe(0);
  });

  test('when deleting all fails, the library comes back with the error', async () => {
    const library = servePhotoLibrary(photosTakenIn(2024, 6, 2));
    library.failStatus = 500;
    const { user, toolbar } = await openSelecting();
    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await user.type(within(screen.getByRole('alertdialog')).getByRole('textbox'), 'DELETE{Enter}');

    expect(await screen.findByText('Error: Your photos could not be deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'June 2024' })).toBeInTheDocument();
    expect(screen.getByText('2 photos')).toBeInTheDocument();
  });

  test('/my-photos/photos?delete=all (where the storage status sends) opens the delete-all dialog', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    const { currentUrl } = renderApp('/my-photos/photos?delete=all');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all photos?' });
    expect(within(dialog).getByText(/All 2 photos in your library will be permanently deleted/)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
  });
});
