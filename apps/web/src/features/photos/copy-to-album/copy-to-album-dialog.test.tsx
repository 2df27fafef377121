import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { serveAlbums, type AlbumsSeed } from '../../../test/albums';
import { photosTakenIn } from '../../../test/photo-library';
import { renderWithServices } from '../../../test/render-with-services';
import { AlbumNameDialog } from '../albums/name-dialog/album-name-dialog';
import { CopyToAlbumDialog, type CopyToAlbumDialogProps } from './copy-to-album-dialog';

const SAVE_FAILED = 'Unable to save changes. Please try again.';

const library = () => photosTakenIn(2024, 6, 5);

async function openCopy(seed: AlbumsSeed, props: Partial<CopyToAlbumDialogProps> = {}) {
  const albums = serveAlbums({ photos: library(), ...seed });
  const resolvePhotoIds = vi.fn<CopyToAlbumDialogProps['resolvePhotoIds']>(async () => ['p202406-1', 'p202406-2', 'p202406-3']);
  const onClose = vi.fn();
  const onCopied = vi.fn();
  const view = renderWithServices(
    <>
      <CopyToAlbumDialog amount={3} resolvePhotoIds={resolvePhotoIds} onClose={onClose} onCopied={onCopied} {...props} />
      <Toaster />
    </>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Copy to album' });
  return { ...view, albums, dialog, resolvePhotoIds, onClose, onCopied };
}

const copyButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Copy' });

describe('copy to album dialog', () => {
  test("'Copy to album' with '3 photos selected' and the own albums that are not shared, with their covers", async () => {
    const { dialog } = await openCopy({
      albums: [
        { id: 'garden', name: 'Garden', photoIds: ['p202406-4'] },
        { id: 'shared', name: 'Shared garden', sharedWith: ['bob@example.com'] },
        { id: 'empty', name: 'Empty' },
      ],
      shared: [{ id: 'eve', name: "Eve's wedding" }],
    });

    expect(dialog).toHaveAccessibleDescription('3 photos selected');
    const group = within(dialog).getByRole('group', { name: 'Choose an album' });
    await within(group).findByRole('radio', { name: /^Garden/ });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Create new album', 'Garden1 photo', 'Empty0 photos']);
    expect(within(group).getByRole('radio', { name: /^Garden/ }).closest('label')?.querySelector('img')).toHaveAttribute('src', 'http://img.test/p202406-4-300.jpg');
  });

  test('Copy resolves the selected ids, copies them into the chosen album, closes and shows the toast with a link to the album', async () => {
    const { user, dialog, albums, resolvePhotoIds, onClose, onCopied } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }, { id: 'trip', name: 'Trip' }] });

    await user.click(await within(dialog).findByRole('radio', { name: /^Trip/ }));
    expect(resolvePhotoIds).not.toHaveBeenCalled();
    await user.click(copyButton(dialog));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(resolvePhotoIds).toHaveBeenCalledWith(expect.any(AbortSignal));
    expect(onCopied).toHaveBeenCalledWith('trip');
    expect(albums.requestsTo('POST /albums/:id/photos').map((r) => [r.id, r.body])).toEqual([['trip', { photoIds: ['p202406-1', 'p202406-2', 'p202406-3'] }]]);
    expect(albums.album('trip')?.photoIds.sort()).toEqual(['p202406-1', 'p202406-2', 'p202406-3']);

    const link = await screen.findByRole('link', { name: 'Trip' });
    expect(link).toHaveAttribute('href', '/my-photos/albums/trip');
    expect(link.parentElement).toHaveTextContent('Photos copied to Trip');
  });

  test('photos the album holds already are not added twice and do not count as failed', async () => {
    const { user, dialog, albums } = await openCopy({ albums: [{ id: 'garden', name: 'Garden', photoIds: ['p202406-2', 'p202406-5'] }] });

    await user.click(await within(dialog).findByRole('radio', { name: /^Garden/ }));
    await user.click(copyButton(dialog));

    const link = await screen.findByRole('link', { name: 'Garden' });
    expect(link.closest('[data-sonner-toast]')).not.toHaveTextContent(/could not be copied/);
    expect(albums.album('garden')?.photoIds.sort()).toEqual(['p202406-1', 'p202406-2', 'p202406-3', 'p202406-5']);
  });

  test('photos that could not be copied are counted in the toast', async () => {
    const { user, dialog } = await openCopy(
      { albums: [{ id: 'garden', name: 'Garden' }] },
      { resolvePhotoIds: async () => ['p202406-1', 'gone-1', 'gone-2'] },
    );

    await user.click(await within(dialog).findByRole('radio', { name: /^Garden/ }));
    await user.click(copyButton(dialog));

    const toast = (await screen.findByRole('link', { name: 'Garden' })).closest('[data-sonner-toast]');
    expect(toast).toHaveTextContent('2 photos could not be copied: they are no longer in your library.');
  });

  test("'Create new album' inline: the name is checked on submit, then the album is created and the photos copied into it", async () => {
    const { user, dialog, albums, onCopied } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }] });

    await user.click(within(dialog).getByRole('radio', { name: 'Create new album' }));
    const input = within(dialog).getByRole('textbox', { name: 'Album name' });
    expect(input).toHaveAttribute('placeholder', 'Untitled album');
    await user.click(copyButton(dialog));
    expect(input).toHaveAccessibleDescription('Please give your album a name');
    await user.type(input, 'a>b');
    expect(input).toHaveAccessibleDescription('Please give your album a name');
    await user.click(copyButton(dialog));
    expect(input).toHaveAccessibleDescription('Name not valid');
    expect(albums.requestsTo('POST /albums')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Beach{Enter}');
    const link = await screen.findByRole('link', { name: 'Beach' });
    const beach = albums.album('Beach');
    expect(link).toHaveAttribute('href', `/my-photos/albums/${beach?.albumId}`);
    expect(beach?.photoIds).toHaveLength(3);
    expect(onCopied).toHaveBeenCalledWith(beach?.albumId);
    expect(albums.requestsTo('POST /albums').map((r) => r.body)).toEqual([{ name: 'Beach' }]);
  });

  test.each([
    ['a blank name', ''],
    ['a name of spaces', '   '],
    ['a name with a control character', 'Trip\u0007'],
    ['a name longer than 100 characters', 'a'.repeat(101)],
  ])("%s gets the album name dialog's message on submit, takes the focus and sends nothing", async (_, name) => {
    serveAlbums();
    const named = renderWithServices(<AlbumNameDialog mode="create" onClose={vi.fn()} />, { path: '/my-photos/albums' });
    const nameDialog = await screen.findByRole('dialog', { name: 'Create new album' });
    const nameDialogInput = within(nameDialog).getByRole('textbox', { name: 'Album name' });
    if (name) await named.user.type(nameDialogInput, name);
    await named.user.click(within(nameDialog).getByRole('button', { name: 'Create album' }));
    const describedBy = nameDialogInput.getAttribute('aria-describedby');
    const nameDialogMessage = describedBy ? document.getElementById(describedBy)?.textContent : undefined;
    expect(nameDialogMessage).toMatch(/^(Please give your album a name|Name not valid)$/);
    cleanup();

    const { user, dialog, albums, resolvePhotoIds } = await openCopy({});
    const input = await within(dialog).findByRole('textbox', { name: 'Album name' });
    if (name) await user.type(input, name);
    await user.click(copyButton(dialog));
    expect(input).toHaveAccessibleDescription(nameDialogMessage ?? '');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(resolvePhotoIds).not.toHaveBeenCalled();
    expect(albums.requestsTo('POST /albums')).toHaveLength(0);
  });

  test('with no albums yet, creating one is the choice', async () => {
    const { dialog } = await openCopy({});
    expect(await within(dialog).findByText('You have no albums yet. Create one to copy the photos into.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Create new album' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Album name' })).toBeInTheDocument();
  });

  test('Copy with no album chosen asks for one and sends nothing', async () => {
    const { user, dialog, albums, resolvePhotoIds } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }] });
    await within(dialog).findByRole('radio', { name: /^Garden/ });
    await user.click(copyButton(dialog));
    expect(within(dialog).getByText('Please choose an album to copy the photos to')).toBeInTheDocument();
    expect(resolvePhotoIds).not.toHaveBeenCalled();
    expect(albums.requestsTo('POST /albums/:id/photos')).toHaveLength(0);
  });

  test("a failed copy keeps the dialog open with 'Unable to save changes. Please try again.'; trying again copies", async () => {
    const { user, dialog, albums, onClose } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }] });
    albums.fail['POST /albums/:id/photos'] = 500;

    await user.click(await within(dialog).findByRole('radio', { name: /^Garden/ }));
    await user.click(copyButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(onClose).not.toHaveBeenCalled();
    expect(copyButton(dialog)).toBeEnabled();

    delete albums.fail['POST /albums/:id/photos'];
    await user.click(copyButton(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(albums.album('garden')?.photoIds).toHaveLength(3);
  });

  test('when copying into a just-created album fails, trying again copies into that album rather than creating another', async () => {
    const { user, dialog, albums } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }] });
    albums.fail['POST /albums/:id/photos'] = 500;

    await user.click(within(dialog).getByRole('radio', { name: 'Create new album' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Album name' }), 'Beach');
    await user.click(copyButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    const beach = albums.album('Beach');
    expect(within(dialog).getByRole('radio', { name: /^Beach/ })).toBeChecked();

    delete albums.fail['POST /albums/:id/photos'];
    await user.click(copyButton(dialog));
    expect(await screen.findByRole('link', { name: 'Beach' })).toHaveAttribute('href', `/my-photos/albums/${beach?.albumId}`);
    expect(albums.requestsTo('POST /albums')).toHaveLength(1);
    expect(albums.album('Beach')?.photoIds).toHaveLength(3);
  });

  test('when the selected ids cannot be resolved, nothing is copied and the dialog shows the failure', async () => {
    const { user, dialog, albums, onClose } = await openCopy({ albums: [{ id: 'garden', name: 'Garden' }] }, { resolvePhotoIds: () => Promise.reject(new Error('month failed')) });

    await user.click(await within(dialog).findByRole('radio', { name: /^Garden/ }));
    await user.click(copyButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(albums.requestsTo('POST /albums/:id/photos')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  test("more albums come with 'Show more albums' (49, then 50)", async () => {
    const { user, dialog, albums } = await openCopy({ albums: Array.from({ length: 60 }, (_, i) => ({ id: `a${i + 1}`, name: `Album ${i + 1}` })) });

    const names = () => within(dialog).queryAllByRole('radio').map((radio) => radio.closest('label')?.querySelector('span span')?.textContent);
    await waitFor(() => expect(names()).toHaveLength(50));
    expect(names().at(-1)).toBe('Album 49');
    await user.click(within(dialog).getByRole('button', { name: 'Show more albums' }));
    await waitFor(() => expect(names()).toHaveLength(61));
    expect(names().at(-1)).toBe('Album 60');
    expect(within(dialog).queryByRole('button', { name: 'Show more albums' })).not.toBeInTheDocument();
    expect(albums.requestsTo('GET /albums').map((r) => r.query.limit)).toEqual(['49', '50']);
  });
});
