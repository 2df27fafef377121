import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { serveAlbums } from '../../../../test/albums';
import { apiUrl } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderWithServices } from '../../../../test/render-with-services';
import { AlbumNameDialog, type AlbumNameDialogProps } from './album-name-dialog';

const SAVE_FAILED = 'Unable to save changes. Please try again.';

async function openDialog(props: AlbumNameDialogProps) {
  const view = renderWithServices(<AlbumNameDialog {...props} />, { path: '/my-photos/albums' });
  const dialog = await screen.findByRole('dialog', { name: props.mode === 'create' ? 'Create new album' : 'Edit album name' });
  const input = within(dialog).getByRole('textbox', { name: 'Album name' });
  const submit = within(dialog).getByRole('button', { name: props.mode === 'create' ? 'Create album' : 'Save' });
  return { ...view, dialog, input, submit };
}

describe('create album dialog', () => {
  test("'Create new album' with an empty field (placeholder 'Untitled album') that has focus", async () => {
    serveAlbums();
    const { input } = await openDialog({ mode: 'create', onClose: vi.fn() });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Untitled album');
    await waitFor(() => expect(input).toHaveFocus());
  });

  test("an empty name says 'Please give your album a name' under the field on submit, and sends nothing", async () => {
    const albums = serveAlbums();
    const { user, input, submit, dialog } = await openDialog({ mode: 'create', onClose: vi.fn() });

    await user.click(submit);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please give your album a name');
    expect(input).toHaveFocus();
    expect(dialog).toBeInTheDocument();
    expect(albums.requestsTo('POST /albums')).toHaveLength(0);
  });

  test.each([
    ['a name that starts with whitespace', '  x'],
    ['a name with <', 'a<b'],
    ['a name with ;', 'one;two'],
    // The contracts' rule, the one the server applies: a name others see carries no text-direction controls.
    ['a name with a right-to-left override', 'photo\u202Egpj.exe'],
    ['a name longer than 100 characters', 'a'.repeat(101)],
  ])("%s is 'Name not valid' on submit, and sends nothing", async (_, name) => {
    const albums = serveAlbums();
    const { user, input, submit } = await openDialog({ mode: 'create', onClose: vi.fn() });

    await user.type(input, name);
    await user.click(submit);
    // The check runs as the form submits, a moment after the click on a busy machine.
    await waitFor(() => expect(input).toHaveAccessibleDescription('Name not valid'));
    expect(albums.requestsTo('POST /albums')).toHaveLength(0);
  });

  test('the name is checked on submit only: not while typing, not on blur', async () => {
    serveAlbums();
    const { user, input, submit, dialog } = await openDialog({ mode: 'create', onClose: vi.fn() });

    await user.type(input, 'a<b');
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Name not valid')).not.toBeInTheDocument();

    await user.click(submit);
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
    // Correcting it does not clear the message either: the next submit decides.
    await user.clear(input);
    await user.type(input, 'ab');
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
  });

  test('a good name creates the album and goes to it', async () => {
    const albums = serveAlbums();
    const onClose = vi.fn();
    const { user, input, currentUrl } = await openDialog({ mode: 'create', onClose });

    await user.type(input, 'Summer 2024{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const created = albums.album('Summer 2024');
    expect(created).toBeDefined();
    await waitFor(() => expect(currentUrl()).toBe(`/my-photos/albums/${created?.albumId}`));
    expect(albums.requestsTo('POST /albums').map((r) => r.body)).toEqual([{ name: 'Summer 2024' }]);
  });

  test("when the server fails, 'Unable to save changes. Please try again.' shows in the dialog, which stays open; trying again works", async () => {
    const albums = serveAlbums();
    albums.fail['POST /albums'] = 500;
    const onClose = vi.fn();
    const { user, input, submit, dialog, currentUrl } = await openDialog({ mode: 'create', onClose });

    await user.type(input, 'Summer');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(onClose).not.toHaveBeenCalled();
    expect(submit).toBeEnabled();
    expect(input).toHaveValue('Summer');

    delete albums.fail['POST /albums'];
    await user.click(submit);
    await waitFor(() => expect(currentUrl()).toMatch(/^\/my-photos\/albums\/album-/));
    expect(albums.requestsTo('POST /albums')).toHaveLength(2);
  });

  test('an account with the most albums it may have is told so, not asked to try again', async () => {
    serveAlbums();
    server.use(
      http.post(apiUrl('photoManagement', '/albums'), () =>
        HttpResponse.json(
          { status: 409, error: 'too_many_albums', message: 'You have 5000 albums', correlationId: 'c', params: { maxAlbums: 5000 } },
          { status: 409 },
        ),
      ),
    );
    const { user, input, submit, dialog } = await openDialog({ mode: 'create', onClose: vi.fn() });
    await user.type(input, 'One more');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have 5,000 albums, the most an account can have. Delete an album to make a new one.');
  });

  test('while saving the button is disabled and the dialog cannot be closed: a double click creates one album', async () => {
    const albums = serveAlbums();
    let answer!: () => void;
    albums.gate = new Promise<void>((resolve) => (answer = resolve));
    const onClose = vi.fn();
    const { user, input, submit, dialog } = await openDialog({ mode: 'create', onClose });

    await user.type(input, 'Summer');
    await user.dblClick(submit);
    await waitFor(() => expect(albums.requestsTo('POST /albums')).toHaveLength(1));
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(albums.requestsTo('POST /albums')).toHaveLength(1);
    expect(albums.ownAlbums()).toHaveLength(1);
  });

  test('Cancel closes without saving', async () => {
    const albums = serveAlbums();
    const onClose = vi.fn();
    const { user, dialog, input } = await openDialog({ mode: 'create', onClose });
    await user.type(input, 'Summer');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(albums.requestsTo('POST /albums')).toHaveLength(0);
  });
});

describe('rename album dialog', () => {
  test("'Edit album name' filled with the name; 'Save' renames and closes", async () => {
    const albums = serveAlbums({ albums: [{ id: 'garden', name: 'Garden' }] });
    const onClose = vi.fn();
    const { user, input, submit } = await openDialog({ mode: 'rename', album: { albumId: 'garden', albumName: 'Garden' }, onClose });

    expect(input).toHaveValue('Garden');
    await user.clear(input);
    await user.type(input, 'Our garden');
    await user.click(submit);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(albums.requestsTo('PATCH /albums/:id')).toEqual([{ route: 'PATCH /albums/:id', id: 'garden', query: {}, body: { name: 'Our garden' } }]);
    expect(albums.album('garden')?.albumName).toBe('Our garden');
  });

  test('the same rule on submit: an emptied name is refused and nothing is sent', async () => {
    const albums = serveAlbums({ albums: [{ id: 'garden', name: 'Garden' }] });
    const { user, input, submit } = await openDialog({ mode: 'rename', album: { albumId: 'garden', albumName: 'Garden' }, onClose: vi.fn() });

    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    expect(input).toHaveAccessibleDescription('Please give your album a name');
    expect(albums.requestsTo('PATCH /albums/:id')).toHaveLength(0);
  });

  test('a failed rename keeps the dialog open with the save failure', async () => {
    const albums = serveAlbums({ albums: [{ id: 'garden', name: 'Garden' }] });
    albums.fail['PATCH /albums/:id'] = 500;
    const onClose = vi.fn();
    const { user, input, submit, dialog } = await openDialog({ mode: 'rename', album: { albumId: 'garden', albumName: 'Garden' }, onClose });

    await user.type(input, ' party');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(onClose).not.toHaveBeenCalled();
    expect(albums.album('garden')?.albumName).toBe('Garden');
  });

  test('an unchanged name closes without a request', async () => {
    const albums = serveAlbums({ albums: [{ id: 'garden', name: 'Garden' }] });
    const onClose = vi.fn();
    const { user, submit } = await openDialog({ mode: 'rename', album: { albumId: 'garden', albumName: 'Garden' }, onClose });
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(albums.requestsTo('PATCH /albums/:id')).toHaveLength(0);
  });
});
