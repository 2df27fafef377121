// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): the upload's files, their bytes and object URLs are made as jsdom makes them, which the tus client and the thumbnail maker read as in a browser.
import { DEFAULT_PHOTOS_SORT } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeTusServer, type FakeTusOptions } from '../../../../test/fake-tus-server';
import { apiUrl } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { TEST_ACCESS_TOKEN } from '../../../../test/render-app';
import { renderWithServices } from '../../../../test/render-with-services';
import { albumKeys, photoKeys } from '../../api/query-keys';
import { photosSortStore } from '../../stores/sort-options';
import { UPLOAD_CHUNK_SIZE } from '../lib/upload-queue';
import { AddPhotosButton } from './add-photos-button';


const ENDPOINT = 'http://api.test/uploads';
const UPLOAD_ON = { PhotoManagementUploadViewEnabled: true } as const;
/** This machine's UTC offset at the test files' modification time, in minutes east, as the metadata carries it. */
const OFFSET_AT_1700000000000 = String(-new Date(1_700_000_000_000).getTimezoneOffset());

function photo(name: string, size = 64, head = [0xff, 0xd8, 0xff, 0xe0]): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.length; i < size; i++) bytes[i] = (i * 7) % 256;
  return new File([bytes], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg', lastModified: 1_700_000_000_000 });
}
const png = (name: string) => photo(name, 80, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function setup(tusOptions: FakeTusOptions = {}, options: Parameters<typeof renderWithServices>[1] = {}, albumId?: string) {
  const tus = fakeTusServer(ENDPOINT, tusOptions);
  const deleted: string[][] = [];
  /** POST /albums/{id}/photos as asked; `addStatus` answers that status instead (e.g. 500), `addGate` holds the answer. */
  const added: { albumId: string; photoIds: string[] }[] = [];
  const album = { addStatus: undefined as number | undefined, addGate: undefined as Promise<void> | undefined };
  server.use(
    ...tus.handlers,
    http.post(apiUrl('photoManagement', '/albums/:id/photos'), async ({ request, params }) => {
      const { photoIds } = (await request.json()) as { photoIds: string[] };
      added.push({ albumId: String(params.id), photoIds });
      await album.addGate;
      if (album.addStatus) return HttpResponse.json({ status: album.addStatus, error: 'failure', message: 'Failure' }, { status: album.addStatus });
      return HttpResponse.json({ failed: [] });
    }),
    http.delete(apiUrl('photoManagement', '/photos'), async ({ request }) => {
      const { photoIds } = (await request.json()) as { photoIds: string[] };
      deleted.push(photoIds);
      return HttpResponse.json({ failed: [] });
    }),
  );
  const view = renderWithServices(<AddPhotosButton albumId={albumId} />, { flags: UPLOAD_ON, ...options });
  return { ...view, tus, deleted, added, album };
}

async function openModal(view: ReturnType<typeof setup>) {
  await view.user.click(await screen.findByRole('button', { name: 'Add photos' }));
  return screen.findByRole('dialog', { name: 'Upload photos' });
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => {
  photosSortStore.set(DEFAULT_PHOTOS_SORT);
});

describe('Add photos', () => {
  test('is not shown when the upload flag is off', async () => {
    renderWithServices(<AddPhotosButton />, { flags: { PhotoManagementUploadViewEnabled: false } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
  });

  test('opens the upload modal with drag-and-drop text, a file picker for JPEG, PNG, HEIC and HEIF, and cancel', async () => {
    const view = setup();
    const dialog = await openModal(view);

    expect(within(dialog).getByText('Drag and drop your photos here')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose photos' })).toHaveFocus();
    expect(fileInput(dialog)).toHaveAttribute('accept', 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif');
    expect(fileInput(dialog)).toHaveAttribute('multiple');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Upload photos' })).toHaveAttribute('aria-disabled', 'true');
  });

  test('on a phone-sized screen there is no drag-and-drop text', async () => {
    const view = setup({}, { smallScreen: true });
    const dialog = await openModal(view);
    expect(within(dialog).queryByText('Drag and drop your photos here')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
  });

  test('uploads chosen files only when asked, each with its own progress, then lists them selected', async () => {
    const view = setup();
    const dialog = await openModal(view);

    await view.user.upload(fileInput(dialog), [photo('beach.jpg'), png('scan.png')]);

    expect(await within(dialog).findAllByText('Ready to upload')).toHaveLength(2);
    expect(view.tus.requests).toEqual([]); // automatic upload is off
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload 2 photos' }));

    await within(dialog).findByText('2 of 2 uploaded');
    const beach = within(dialog).getByRole('checkbox', { name: 'beach.jpg' });
    const scan = within(dialog).getByRole('checkbox', { name: 'scan.png' });
    expect(beach).toBeChecked();
    expect(scan).toBeChecked();
    expect(within(dialog).getByRole('progressbar', { name: 'beach.jpg' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(dialog).getByRole('progressbar', { name: 'scan.png' })).toHaveAttribute('aria-valuenow', '100');
    expect([...view.tus.uploads.values()].map((u) => u.metadata)).toEqual([
      { filename: 'beach.jpg', filetype: 'image/jpeg', lastModified: '1700000000000', lastModifiedOffset: OFFSET_AT_1700000000000 },
      { filename: 'scan.png', filetype: 'image/png', lastModified: '1700000000000', lastModifiedOffset: OFFSET_AT_1700000000000 },
    ]);
    expect(view.tus.requests.every((r) => r.authorization === `Bearer ${TEST_ACCESS_TOKEN}`)).toBe(true);
  });

  test('a file dropped on the modal is added like a chosen one', async () => {
    const view = setup();
    const dialog = await openModal(view);
    const zone = within(dialog).getByText('Drag and drop your photos here').parentElement!;
    const { fireEvent } = await import('@testing-library/react');

    fireEvent.drop(zone, { dataTransfer: { files: [photo('dropped.jpg')], types: ['Files'] } });

    expect(await within(dialog).findByText('dropped.jpg')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload 1 photo' })).toBeEnabled();
  });

  test('a file that is not a photo is refused with a message naming it, and nothing of it is sent', async () => {
    const view = setup();
    const dialog = await openModal(view);

    await view.user.upload(fileInput(dialog), [new File(['shopping list'], 'notes.jpg', { type: 'image/jpeg' }), photo('ok.jpg')]);

    expect(await within(dialog).findByText('notes.jpg: This is not a JPEG, PNG or HEIC photo, so it was not uploaded.')).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload 1 photo' }));
    await within(dialog).findByText('1 of 1 uploaded · 1 file refused');
    expect([...view.tus.uploads.values()].map((u) => u.metadata.filename)).toEqual(['ok.jpg']);
  });

  test('a file the server refuses with a code the web does not know shows "{fileName}:" and a generic text, not the server\'s words', async () => {
    const view = setup({
      complete: (upload) =>
        upload.metadata.filename === 'broken.jpg' ? { refuse: { status: 422, message: 'The file is damaged or is not a JPEG, PNG or HEIC image.' } } : { photoId: 'p-1' },
    });
    const dialog = await openModal(view);

    await view.user.upload(fileInput(dialog), [photo('broken.jpg'), photo('fine.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));

    expect(await within(dialog).findByText('broken.jpg: This file could not be uploaded.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'broken.jpg' })).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('checkbox', { name: 'fine.jpg' })).toBeChecked();
  });

  test('a photo already in the library is shown as stored once and is never deleted on save', async () => {
    const view = setup({ complete: (upload) => (upload.metadata.filename === 'again.jpg' ? { photoId: 'existing-9', duplicate: true } : { photoId: 'new-1' }) });
    const dialog = await openModal(view);

    await view.user.upload(fileInput(dialog), [photo('again.jpg'), photo('new.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));

    expect(await within(dialog).findByText('Already in your library: it is stored only once')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'again.jpg' })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'new.jpg' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to my photos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.deleted).toEqual([['new-1']]);
    expect(view.currentUrl()).toBe('/my-photos/photos');
  });

  test('saving deletes the deselected uploads, goes to the photos page, refreshes the library and sorts by upload date', async () => {
    photosSortStore.set({ sortKey: 'dateTaken', sortOrder: 'asc' });
    const view = setup({}, { path: '/my-photos' });
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    const dialog = await openModal(view);

    await view.user.upload(fileInput(dialog), [photo('keep.jpg'), photo('drop.jpg'), photo('also-keep.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 3 photos' }));
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'drop.jpg' }));
    expect(within(dialog).getByText(/^2 of 3 uploaded photos selected/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to my photos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const dropId = [...view.tus.uploads.values()].find((u) => u.metadata.filename === 'drop.jpg')!.completed;
    expect(view.deleted).toEqual([[(dropId as { photoId: string }).photoId]]);
    expect(view.currentUrl()).toBe('/my-photos/photos');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: photoKeys.all });
    expect(photosSortStore.get()).toEqual({ sortKey: 'created', sortOrder: 'asc' });
  });

  test('when every upload is deselected they are all deleted and the page stays where it was', async () => {
    const view = setup({}, { path: '/my-photos/albums' });
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('a.jpg'), photo('b.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));
    await within(dialog).findByText('2 of 2 uploaded');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deselect all' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to my photos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.deleted).toEqual([['photo-u1', 'photo-u2']]);
    expect(view.currentUrl()).toBe('/my-photos/albums');
    expect(photosSortStore.get()).toEqual(DEFAULT_PHOTOS_SORT);
  });

  test('when deleting fails the modal stays open with the error, and saving again retries', async () => {
    const view = setup();
    let attempts = 0;
    server.use(
      http.delete(apiUrl('photoManagement', '/photos'), async ({ request }) => {
        attempts += 1;
        const { photoIds } = (await request.json()) as { photoIds: string[] };
        return HttpResponse.json({ failed: attempts === 1 ? photoIds : [] });
      }),
    );
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('a.jpg'), photo('b.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'b.jpg' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to my photos' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Your photos could not be deleted');
    expect(view.currentUrl()).toBe('/my-photos/photos');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to my photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(attempts).toBe(2);
  });

  test('cancel stops running uploads, deletes their partial bytes and clears the list', async () => {
    const view = setup({ patchDelayMs: 10_000 });
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('slow.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    await within(dialog).findByText(/^Uploading/);

    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(view.tus.requests.map((r) => r.method)).toContain('DELETE'));
    expect(view.tus.uploads.get('u1')?.terminated).toBe(true);
    const reopened = await openModal(view);
    expect(within(reopened).queryByRole('list')).not.toBeInTheDocument();
    expect(within(reopened).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
  });

  test('Escape closes the modal and returns focus to Add photos', async () => {
    const view = setup();
    await openModal(view);
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
  });

  test('Tab stays inside the modal', async () => {
    const view = setup();
    const dialog = await openModal(view);
    for (let i = 0; i < 6; i++) {
      await view.user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('a dropped connection resumes from the offset the server has instead of starting again', async () => {
    let drops = 1;
    const view = setup({ interceptPatch: (_upload, offset) => (offset > 0 && drops-- > 0 ? HttpResponse.error() : undefined) });
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('big.jpg', UPLOAD_CHUNK_SIZE + 512)]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));

    expect(await within(dialog).findByRole('checkbox', { name: 'big.jpg' })).toBeChecked();
    expect(view.tus.requests.map((r) => `${r.method} ${r.offset ?? ''}`.trim())).toEqual(['POST', 'PATCH 0', `PATCH ${UPLOAD_CHUNK_SIZE}`, 'HEAD', `PATCH ${UPLOAD_CHUNK_SIZE}`]);
  });

  test('a file partly uploaded before a reload says it continues where it stopped', async () => {
    // What tus-js-client left in local storage for this customer's file before the page was reloaded.
    const file = photo('half.jpg', 200);
    const fingerprint = ['shoebox', 'cust-1001', '', file.name, file.type, file.size, file.lastModified, ENDPOINT].join('|');
    window.localStorage.setItem(
      `tus::${fingerprint}::1`,
      JSON.stringify({ size: file.size, metadata: {}, creationTime: new Date().toString(), uploadUrl: `${ENDPOINT}/u1`, urlStorageKey: `tus::${fingerprint}::1` }),
    );
    const view = setup();
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [file]);
    expect(await within(dialog).findByText('Ready: continues where it stopped')).toBeInTheDocument();
  });

  test('with an album, the album goes along as metadata and the kept photos are added to it; the customer stays on the album', async () => {
    const view = setup({ complete: (upload) => (upload.metadata.filename === 'again.jpg' ? { photoId: 'existing-9', duplicate: true } : { photoId: `new-${upload.id}` }) }, { path: '/my-photos/albums/a-1' }, 'a-1');
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('x.jpg'), photo('again.jpg'), photo('drop.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 3 photos' }));
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'drop.jpg' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to album' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.tus.uploads.get('u1')?.metadata).toEqual({ filename: 'x.jpg', filetype: 'image/jpeg', albumId: 'a-1', lastModified: '1700000000000', lastModifiedOffset: OFFSET_AT_1700000000000 });
    expect(view.deleted).toEqual([['new-u3']]);
    // The server does not add uploads to the album by itself: the kept ones (the duplicate too) are added.
    expect(view.added).toEqual([{ albumId: 'a-1', photoIds: ['new-u1', 'existing-9'] }]);
    expect(view.currentUrl()).toBe('/my-photos/albums/a-1');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: albumKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: photoKeys.all });
    expect(photosSortStore.get()).toEqual(DEFAULT_PHOTOS_SORT);
  });

  test('with an album, Add to album is unavailable while uploads run and while saving, and a double click adds once', async () => {
    const view = setup({ patchDelayMs: 300 }, { path: '/my-photos/albums/a-1' }, 'a-1');
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('x.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    expect(await within(dialog).findByRole('button', { name: 'Add to album' })).toHaveAttribute('aria-disabled', 'true');
    await within(dialog).findByRole('checkbox', { name: 'x.jpg' });

    let release!: () => void;
    view.album.addGate = new Promise((resolve) => (release = resolve));
    const save = within(dialog).getByRole('button', { name: 'Add to album' });
    expect(save).not.toHaveAttribute('aria-disabled');
    await view.user.dblClick(save);
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.added).toEqual([{ albumId: 'a-1', photoIds: ['photo-u1'] }]);
  });

  test('with an album, when adding fails the modal stays open with the error, and saving again adds without deleting twice', async () => {
    const view = setup({}, { path: '/my-photos/albums/a-1' }, 'a-1');
    view.album.addStatus = 500;
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('keep.jpg'), photo('drop.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'drop.jpg' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to album' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unable to save changes. Please try again.');
    expect(view.deleted).toEqual([['photo-u2']]);
    // The deleted photo has left the list; the kept one is still there to add.
    expect(within(dialog).queryByText('drop.jpg')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'keep.jpg' })).toBeChecked();

    view.album.addStatus = undefined;
    await view.user.click(within(dialog).getByRole('button', { name: 'Add to album' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.deleted).toEqual([['photo-u2']]);
    expect(view.added.map((a) => a.photoIds)).toEqual([['photo-u1'], ['photo-u1']]);
    expect(view.currentUrl()).toBe('/my-photos/albums/a-1');
  });

  test('without an album nothing is added to any album', async () => {
    const view = setup();
    const dialog = await openModal(view);
    await view.user.upload(fileInput(dialog), [photo('x.jpg')]);
    await view.user.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    await view.user.click(await within(dialog).findByRole('button', { name: 'Add to my photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.added).toEqual([]);
  });

  test('on a phone with an upload address configured, the button goes there instead of opening the modal', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    const redirect = vi.spyOn(await import('../lib/mobile-upload'), 'redirectToMobileUpload').mockImplementation(() => {});
    const view = setup({}, { config: { mobileUploadUrl: 'https://upload.example.test/start' } }, 'a-9');
    await view.user.click(await screen.findByRole('button', { name: 'Add photos' }));

    expect(redirect).toHaveBeenCalledWith('https://upload.example.test/start?album_id=a-9', window.location.href);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('on a phone without an upload address, the modal opens', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)');
    const view = setup();
    expect(await openModal(view)).toBeInTheDocument();
  });
});
