import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../../../test/albums';
import { recordSavedFiles, serveDownloads } from '../../../test/downloads';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openSelecting(path = '/my-photos/photos', flags = {}) {
  const view = renderApp(path, { flags });
  // The first screen of the file loads the photo screens' code: on a busy machine that takes a while.
  await view.user.click(await screen.findByRole('button', { name: 'Select' }));
  const toolbar = screen.getByRole('region', { name: 'Selected photos' });
  const download = () => within(toolbar).getByRole('button', { name: 'Download' });
  return { ...view, toolbar, download };
}

/** Selects one photo of the timeline and chooses Download; answers the archive's id once its push connection listens. */
async function downloadOnePhoto(downloads: ReturnType<typeof serveDownloads>): Promise<string> {
  const { user, download } = await openSelecting();
  await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
  await user.click(download());
  await waitFor(() => expect(downloads.listening).toHaveLength(1));
  return downloads.requests[0]!.id;
}

/** Downloads one photo whose archive is ready before the push connection could hear of it (a job quicker than the socket). */
async function downloadArchiveFinishedAtOnce() {
  servePhotoLibrary(photosTakenIn(2024, 6, 3));
  const downloads = serveDownloads();
  const saved = recordSavedFiles();
  const { user, download } = await openSelecting();
  downloads.finishAtOnce = true;
  await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
  await user.click(download());
  await waitFor(() => expect(downloads.requests).toHaveLength(1));
  return { user, downloads, saved, id: downloads.requests[0]!.id };
}

describe("a selection's Download", () => {
  test('0 selected: unavailable; 1 selected: asks for the archive under a new uuid and selection mode ends', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    const { user, download } = await openSelecting();

    expect(download()).toHaveAttribute('aria-disabled', 'true');
    await user.click(download());
    expect(downloads.requests).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'p202406-2.jpg' }));
    expect(download()).not.toHaveAttribute('aria-disabled');
    await user.click(download());

    await waitFor(() => expect(downloads.requests).toHaveLength(1));
    expect(downloads.requests[0]).toEqual({ id: expect.stringMatching(UUID), photos: ['p202406-2'] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument());
  });

  test("100 selected can be downloaded; 101 cannot, and the button says 'Up to 100 photos can be downloaded at a time'", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 101));
    const downloads = serveDownloads();
    const { user, toolbar, download } = await openSelecting();

    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('101 selected');
    expect(download()).toHaveAttribute('aria-disabled', 'true');
    act(() => download().focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Up to 100 photos can be downloaded at a time');
    expect(download()).toHaveAccessibleDescription('Up to 100 photos can be downloaded at a time');
    await user.click(download());
    expect(downloads.requests).toEqual([]);

    const left = screen.getAllByRole('checkbox', { name: /^p202406-\d+\.jpg$/ })[0]!;
    const leftName = left.getAttribute('aria-label');
    await user.click(left);
    expect(within(toolbar).getByRole('status')).toHaveTextContent('100 selected');
    expect(download()).not.toHaveAttribute('aria-disabled');
    await user.click(download());
    await waitFor(() => expect(downloads.requests).toHaveLength(1));
    const photos = downloads.requests[0]!.photos as string[];
    expect(new Set(photos).size).toBe(100);
    expect(photos.map((id) => `${id}.jpg`)).not.toContain(leftName);
  });

  test("toasts follow the archive: 'Preparing download...', then 'Downloading photos' and the zip saved as {downloadId}.zip", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    // Only the events tell here: the list cannot be read.
    downloads.listStatus = 500;
    const saved = recordSavedFiles();
    const id = await downloadOnePhoto(downloads);

    // Messages about other archives, and messages that are not valid, change nothing.
    downloads.push('archive.generation.started', crypto.randomUUID());
    downloads.push('archive.generation.finished', crypto.randomUUID());
    downloads.sendRaw('{"key":"archive.generation.finished","message":{"downloadId":"' + id + '"}}');
    downloads.sendRaw('not json');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Preparing download...')).not.toBeInTheDocument();
    expect(screen.queryByText('Downloading photos')).not.toBeInTheDocument();
    downloads.push('archive.generation.started', id);
    expect(await screen.findByText('Preparing download...')).toBeInTheDocument();
    expect(screen.queryByText('Downloading photos')).not.toBeInTheDocument();
    expect(saved).toEqual([]);

    downloads.finish(id);
    expect(await screen.findByText('Downloading photos')).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([{ href: `http://blobs.test/archives/${id}?signature=abc`, name: `${id}.zip` }]));
    // Done with this archive: its connection is closed.
    await waitFor(() => expect(downloads.listening).toHaveLength(0));
  });

  test('the same photos downloaded again while their archive lives follow that archive, and save it under its id', async () => {
    const { user, downloads, saved, id: first } = await downloadArchiveFinishedAtOnce();
    await waitFor(() => expect(saved).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected photos' })).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads.requests).toHaveLength(2));
    expect(downloads.requests[1]!.id).not.toBe(first);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ href: `http://blobs.test/archives/${first}?signature=abc`, name: `${first}.zip` });
    expect(downloads.items).toHaveLength(1);
  });

  test("an error event says 'Download failed' and nothing is saved", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    const saved = recordSavedFiles();
    const id = await downloadOnePhoto(downloads);

    downloads.push('archive.generation.error', crypto.randomUUID());
    downloads.push('archive.generation.started', id);
    await screen.findByText('Preparing download...');
    downloads.push('archive.generation.error', id, { state: 'failed', error: 'archive_failed' });
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    await waitFor(() => expect(downloads.listening).toHaveLength(0));
    expect(saved).toEqual([]);
  });

  test("an archive whose job started before the push connection was ready shows 'Preparing download...' all the same", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    const { user, download } = await openSelecting();
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(download());
    expect(await screen.findByText('Preparing download...')).toBeInTheDocument();
    await waitFor(() => expect(downloads.listening).toHaveLength(1));
    // Its started event arriving late shows nothing twice.
    downloads.push('archive.generation.started', downloads.requests[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('Preparing download...')).toHaveLength(1);
  });

  test('an archive finished before the push connection was ready is saved all the same', async () => {
    const { saved, id } = await downloadArchiveFinishedAtOnce();
    await waitFor(() => expect(saved).toEqual([{ href: `http://blobs.test/archives/${id}?signature=abc`, name: `${id}.zip` }]));
    expect(screen.getByText('Downloading photos')).toBeInTheDocument();
  });

  test("a refused request says 'Error: Your photos could not be downloaded' (or why), and the selection stays", async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    downloads.refusals.push(
      { status: 429, body: { status: 429, error: 'too_many_pending_downloads', message: 'SERVER WORDS', correlationId: 'c', params: { limit: 5, retryAfterSeconds: 30 } } },
      { status: 400, body: { status: 400, error: 'something_new', message: 'SERVER WORDS', correlationId: 'c' } },
    );
    const { user, toolbar, download } = await openSelecting();
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));

    await user.click(download());
    expect(await screen.findByText('You already have 5 downloads being prepared. Please try again in a moment.')).toBeInTheDocument();
    await user.click(download());
    expect(await screen.findByText('Error: Your photos could not be downloaded')).toBeInTheDocument();
    expect(screen.queryByText(/SERVER WORDS/)).not.toBeInTheDocument();
    expect(toolbar).toBeInTheDocument();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    expect(downloads.requests).toEqual([]);
  });

  test('a request that got no answer is sent again under the same id, so it is one archive', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    downloads.refusals.push({ status: 503, body: { status: 503, error: 'busy', message: 'Busy', correlationId: 'c' } });
    const seen: string[] = [];
    server.use(
      http.post(apiUrl('downloads', '/downloads'), async ({ request }) => {
        seen.push(((await request.clone().json()) as { id: string }).id);
        return undefined;
      }),
    );
    const { user, download } = await openSelecting();
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(download());
    await waitFor(() => expect(downloads.requests).toHaveLength(1));
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(downloads.requests[0]!.id).toBe(seen[0]);
  });

  test("in an album, the archive is named after it; Download follows the same rule", async () => {
    serveAlbums({ photos: photosTakenIn(2024, 6, 3), albums: [{ id: 'a-1', name: 'Porto', photoIds: ['p202406-1', 'p202406-3'] }] });
    const downloads = serveDownloads();
    const { user, toolbar, download } = await openSelecting('/my-photos/albums/a-1');
    expect(download()).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    await user.click(download());
    await waitFor(() => expect(downloads.requests).toHaveLength(1));
    expect(downloads.requests[0]).toEqual({ id: expect.stringMatching(UUID), name: 'Porto', photos: expect.arrayContaining(['p202406-1', 'p202406-3']) });
    expect(downloads.requests[0]!.photos).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument());
  });

  test("in a shared album, Download is the one action: it asks for the album's photos with each one's owner", async () => {
    serveAlbums({ photos: photosTakenIn(2024, 6, 3), shared: [{ id: 's-1', name: 'Family', photoIds: ['p202406-1', 'p202406-2'], ownerEmail: 'grandma@example.com' }] });
    const downloads = serveDownloads();
    const { user, toolbar, download } = await openSelecting('/my-photos/shared-albums/s-1', { PhotoManagementSharedAlbumsViewEnabled: true });
    await user.click(screen.getByRole('checkbox', { name: 'p202406-2.jpg' }));
    expect(within(toolbar).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(download());
    await waitFor(() => expect(downloads.sharedRequests).toHaveLength(1));
    expect(downloads.sharedRequests[0]).toEqual({ id: expect.stringMatching(UUID), name: 'Family', photos: [{ photoId: 'p202406-2', ownerId: 'owner-1' }] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected photos' })).not.toBeInTheDocument());
  });
});
