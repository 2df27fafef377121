import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { makePhoto, photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import { buildTimelineLayout } from '../timeline/timeline-layout';

/** June 2024 (3 photos, newest first: -3, -2, -1) then May 2024 (2 photos: -2, -1). */
const library = () => [...photosTakenIn(2024, 6, 3), ...photosTakenIn(2024, 5, 2)];

async function openPreviewOf(name: string, options?: Parameters<typeof renderApp>[1]) {
  const view = renderApp('/my-photos/photos', options);
  await view.user.click(await screen.findByRole('link', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  return { ...view, dialog };
}

const previewedName = () => screen.getByRole('dialog').getAttribute('aria-labelledby') && within(screen.getByRole('dialog')).getByRole('heading', { level: 2 }).textContent;

describe('photo preview', () => {
  test("a tile opens its 1300 thumbnail full screen with 'Taken on', over the grid; Escape goes back to the grid", async () => {
    servePhotoLibrary([makePhoto('a', { dateTaken: '2024-06-03T21:15:09+02:00', name: 'beach.jpg' })]);
    const { dialog, user, currentUrl } = await openPreviewOf('beach.jpg');

    expect(currentUrl()).toBe('/my-photos/photos/preview/a');
    expect(within(dialog).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute('src', 'http://img.test/a-1300.jpg');
    expect(within(dialog).getByText('Taken on 3 June 2024 at 21:15:09')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveFocus());
    // The grid stays underneath.
    expect(document.querySelector('[data-photo-id="a"]')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the photo that was open.
    await waitFor(() => expect(screen.getByRole('link', { name: 'beach.jpg' })).toHaveFocus());
  });

  test('the arrow keys and the arrow buttons move through the photos in the timeline order, across months', async () => {
    servePhotoLibrary(library());
    const { user, currentUrl } = await openPreviewOf('p202406-2.jpg');

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(previewedName()).toBe('p202405-2.jpg'));
    expect(currentUrl()).toBe('/my-photos/photos/preview/p202405-2');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await waitFor(() => expect(previewedName()).toBe('p202406-2.jpg'));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await waitFor(() => expect(previewedName()).toBe('p202406-3.jpg'));
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();

    // Moving replaces the address, so one Back closes the preview.
    await user.click(screen.getByRole('button', { name: 'Back to photos' }));
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
  });

  test('a key pressed before the next photo shows moves on from that photo, not from the one before it', async () => {
    servePhotoLibrary(library());
    const { dialog } = await openPreviewOf('p202406-2.jpg');

    // Right, Right, Left at once, as a quick hand does: one photo on (into May and back).
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    await waitFor(() => expect(previewedName()).toBe('p202405-1.jpg'));
  });

  test('on a phone there are no arrow buttons (swiping moves instead)', async () => {
    servePhotoLibrary(library());
    await openPreviewOf('p202406-2.jpg', { smallScreen: true });
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
  });

  test('on a phone, a swipe past 35% of the width moves, a shorter one does not, a double tap zooms and a drag down past 35% closes', async () => {
    servePhotoLibrary(library());
    const { currentUrl } = await openPreviewOf('p202406-2.jpg', { smallScreen: true });
    const stage = () => within(screen.getByRole('dialog')).getByRole('img').parentElement as HTMLElement;
    const size = { width: 400, height: 800, top: 0, left: 0, right: 400, bottom: 800, x: 0, y: 0, toJSON: () => ({}) };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(size as DOMRect);
    // Each touch carries its own time, so a double tap is two taps 100 ms apart however busy the machine is.
    let clock = 10_000;
    const touch = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', x: number, y: number, after = 100) => {
      const event = createEvent[type](stage(), { pointerId: 1, pointerType: 'touch', button: 0, clientX: x, clientY: y });
      Object.defineProperty(event, 'timeStamp', { value: (clock += after) });
      fireEvent(stage(), event);
    };
    const swipe = (dx: number, dy: number) => {
      touch('pointerDown', 200, 300);
      touch('pointerMove', 200 + dx / 2, 300 + dy / 2);
      touch('pointerMove', 200 + dx, 300 + dy);
      touch('pointerUp', 200 + dx, 300 + dy);
    };

    swipe(-130, 0);
    expect(currentUrl()).toBe('/my-photos/photos/preview/p202406-2');
    swipe(-150, 10);
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos/preview/p202406-1'));
    // The next photo's stage is the one swiped on: a busy machine may show it a while after the address changed.
    await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
    swipe(150, 0);
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos/preview/p202406-2'));
    await waitFor(() => expect(previewedName()).toBe('p202406-2.jpg'));

    const tap = (after: number) => {
      touch('pointerDown', 100, 100, after);
      touch('pointerUp', 100, 100, 10);
    };
    // Two taps 250 ms apart are two single taps, not a double tap.
    tap(1000);
    tap(240);
    expect(within(screen.getByRole('dialog')).getByRole('img').style.transform).not.toContain('scale');
    tap(1000);
    tap(100);
    expect(within(screen.getByRole('dialog')).getByRole('img').style.transform).toContain('scale(2.5)');
    tap(1000);
    tap(100);
    expect(within(screen.getByRole('dialog')).getByRole('img').style.transform).not.toContain('scale');

    swipe(0, 290);
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
  });

  test('zoom toggles between 1 and 2.5', async () => {
    servePhotoLibrary(library());
    const { user, dialog } = await openPreviewOf('p202406-2.jpg');
    const image = within(dialog).getByRole('img');

    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(image.style.transform).toContain('scale(2.5)');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(image.style.transform).not.toContain('scale');
  });

  describe('zoomed, the original', () => {
    /** Browsers decode an image off the page before it is shown; jsdom cannot: record the asks and answer them by hand. */
    function recordDecodes() {
      const asked: { src: string; resolve: () => void; reject: () => void }[] = [];
      const before = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode')!;
      onTestFinished(() => void Object.defineProperty(HTMLImageElement.prototype, 'decode', before));
      Object.defineProperty(HTMLImageElement.prototype, 'decode', {
        configurable: true,
        value(this: HTMLImageElement) {
          return new Promise<void>((resolve, reject) => asked.push({ src: this.src, resolve, reject: () => reject(new Error('EncodingError')) }));
        },
      });
      return asked;
    }
    const originalIn = (dialog: HTMLElement) => dialog.querySelector<HTMLImageElement>('img[src$="-original.jpg"]');

    test('is fetched only once zoomed, and replaces the 1300 thumbnail once decoded, at the same zoom and place; the next photo opens unzoomed', async () => {
      servePhotoLibrary(library());
      const decodes = recordDecodes();
      const { user, dialog } = await openPreviewOf('p202406-2.jpg');
      const thumbnail = within(dialog).getByRole('img', { name: 'p202406-2.jpg' });
      fireEvent.load(thumbnail);
      expect(decodes).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
      await waitFor(() => expect(decodes.map((d) => d.src)).toEqual(['http://img.test/p202406-2-original.jpg']));
      // Until it is decoded the thumbnail stays alone: nothing blank or half-drawn shows.
      expect(originalIn(dialog)).toBeNull();
      decodes[0]!.resolve();
      const original = await waitFor(() => {
        expect(originalIn(dialog)).not.toBeNull();
        return originalIn(dialog)!;
      });
      expect(original.style.transform).toBe(thumbnail.style.transform);
      expect(original.style.transform).toContain('scale(2.5)');
      expect(original.style.transformOrigin).toBe(thumbnail.style.transformOrigin);
      expect(original).toHaveAttribute('alt', '');
      expect(within(dialog).getByRole('img', { name: 'p202406-2.jpg' })).toBe(thumbnail);

      // Zoomed out it stays (no jump back to the softer thumbnail).
      await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
      expect(originalIn(dialog)?.style.transform).toBe('');
      // Moving on while zoomed, the next photo opens unzoomed: its original waits for its own zoom.
      await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
      expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'p202406-1.jpg' }).style.transform).not.toContain('scale');
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-pressed', 'false');
      expect(originalIn(screen.getByRole('dialog'))).toBeNull();
      expect(decodes).toHaveLength(1);
    });

    test('that cannot be shown here (a HEIC original outside Safari) leaves the thumbnail zoomed, and is not fetched again', async () => {
      servePhotoLibrary(library());
      const decodes = recordDecodes();
      const { user, dialog } = await openPreviewOf('p202406-3.jpg');
      await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
      await waitFor(() => expect(decodes).toHaveLength(1));
      decodes[0]!.reject();
      await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
      await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
      expect(within(dialog).getByRole('img', { name: 'p202406-3.jpg' }).style.transform).toContain('scale(2.5)');
      expect(originalIn(dialog)).toBeNull();
      expect(decodes).toHaveLength(1);
    });
  });

  test('a photo that is not in the library goes back to the grid', async () => {
    const photos = servePhotoLibrary(library());
    const { currentUrl } = renderApp('/my-photos/photos/preview/nowhere');
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
    expect(await screen.findByRole('link', { name: 'p202406-1.jpg' })).toBeInTheDocument();
    expect(photos.photoRequests).toEqual(['nowhere']);
  });

  test('opened by its address, a loaded photo shows', async () => {
    servePhotoLibrary(library());
    renderApp('/my-photos/photos/preview/p202405-1');
    expect(await screen.findByRole('dialog', { name: 'p202405-1.jpg' })).toBeInTheDocument();
  });

  test('sorted by upload date, the preview is the creation-date view', async () => {
    localStorage.setItem('shoebox.sort.photos', JSON.stringify({ sortKey: 'created', sortOrder: 'desc' }));
    servePhotoLibrary([makePhoto('a', { dateTaken: '2024-06-03T21:15:09', uploadEnd: '2025-02-03T09:30:00Z', name: 'beach.jpg' })]);
    const { dialog } = await openPreviewOf('beach.jpg');
    expect(within(dialog).getByText(/^Uploaded on 3 February 2025 at \d\d:30:00$/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Taken on/)).not.toBeInTheDocument();
  });
});

describe('opened cold by its address (a reload, a bookmark, a new tab)', () => {
  /**
   * Twelve months of 30 photos, June 2024 back to July 2023: August 2023 is far below the top of the timeline.
   * Days wrap after the 28th, so a month runs newest first from its 28th photo down to its 1st.
   */
  const bigLibrary = () => Array.from({ length: 12 }, (_, i) => photosTakenIn(i < 6 ? 2024 : 2023, i < 6 ? 6 - i : 18 - i, 30)).flat();

  test('shows a photo whose month is not loaded, full screen, and its neighbours work without loading that month', async () => {
    const library = servePhotoLibrary(bigLibrary());
    const { user, currentUrl } = renderApp('/my-photos/photos/preview/p202308-15');

    const dialog = await screen.findByRole('dialog', { name: 'p202308-15.jpg' });
    expect(within(dialog).getByRole('img', { name: 'p202308-15.jpg' })).toHaveAttribute('src', 'http://img.test/p202308-15-1300.jpg');
    expect(within(dialog).getByText('Taken on 15 August 2023 at 12:00:14')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(previewedName()).toBe('p202308-14.jpg'));
    expect(currentUrl()).toBe('/my-photos/photos/preview/p202308-14');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(previewedName()).toBe('p202308-15.jpg'));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await waitFor(() => expect(previewedName()).toBe('p202308-16.jpg'));
    expect(library.requestsFor(2023, 8)).toEqual([]);
    // Still there after the grid underneath has settled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog', { name: 'p202308-16.jpg' })).toBeInTheDocument();
  });

  test('moves across the edges of its month, in the timeline order', async () => {
    servePhotoLibrary(bigLibrary());
    const { user } = renderApp('/my-photos/photos/preview/p202308-28');
    await screen.findByRole('dialog', { name: 'p202308-28.jpg' });
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(previewedName()).toBe('p202309-1.jpg'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(previewedName()).toBe('p202308-28.jpg'));
  });

  test('the last photo of its month moves on to the first of the month after it', async () => {
    servePhotoLibrary(bigLibrary());
    const { user } = renderApp('/my-photos/photos/preview/p202308-1');
    await screen.findByRole('dialog', { name: 'p202308-1.jpg' });
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(previewedName()).toBe('p202307-28.jpg'));
  });

  test('the oldest photo has no next photo', async () => {
    servePhotoLibrary(bigLibrary());
    renderApp('/my-photos/photos/preview/p202307-1');
    await screen.findByRole('dialog', { name: 'p202307-1.jpg' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous photo' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  });

  test('closing lands on the timeline at the photo’s month', async () => {
    const library = servePhotoLibrary(bigLibrary());
    const { user, currentUrl } = renderApp('/my-photos/photos/preview/p202308-15');
    await screen.findByRole('dialog', { name: 'p202308-15.jpg' });
    const scrollTo = vi.spyOn(window, 'scrollTo');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
    const august = buildTimelineLayout(library.counts('dateTaken'), 'desc', 1024).sections.find((s) => s.key === '2023-8')!;
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ top: august.top, behavior: 'instant' }));
  });

  test('deleting moves to the photo before it', async () => {
    const library = servePhotoLibrary(bigLibrary());
    const { user, currentUrl } = renderApp('/my-photos/photos/preview/p202308-15');
    await screen.findByRole('dialog', { name: 'p202308-15.jpg' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photo' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos/preview/p202308-16'));
    await waitFor(() => expect(library.deletedOne).toEqual(['p202308-15']));
    expect(await screen.findByRole('dialog', { name: 'p202308-16.jpg' })).toBeInTheDocument();
  });

  test('sorted by upload date, it opens in that order, as the creation-date view', async () => {
    localStorage.setItem('shoebox.sort.photos', JSON.stringify({ sortKey: 'created', sortOrder: 'desc' }));
    const library = servePhotoLibrary([
      makePhoto('a', { dateTaken: '2024-06-03T21:15:09', uploadEnd: '2025-02-03T09:30:00Z', name: 'beach.jpg' }),
      makePhoto('b', { dateTaken: '2020-01-01T10:00:00', uploadEnd: '2025-02-04T09:30:00Z', name: 'later.jpg' }),
    ]);
    renderApp('/my-photos/photos/preview/a');
    const dialog = await screen.findByRole('dialog', { name: 'beach.jpg' });
    expect(within(dialog).getByText(/^Uploaded on 3 February 2025 at \d\d:30:00$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous photo' })).toBeEnabled());
    expect(library.photoRequests).toContain('a');
  });
});

describe('deleting from the preview', () => {
  test('after deleting, the preview shows the photo before it', async () => {
    const photos = servePhotoLibrary(library());
    const { user, currentUrl } = await openPreviewOf('p202406-1.jpg');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete photo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete photo' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos/preview/p202406-2'));
    await waitFor(() => expect(photos.deletedOne).toEqual(['p202406-1']));
    expect(await screen.findByRole('dialog', { name: 'p202406-2.jpg' })).toBeInTheDocument();
  });

  test('after deleting the first photo, the preview shows the second', async () => {
    servePhotoLibrary(library());
    const { user, currentUrl } = await openPreviewOf('p202406-3.jpg');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photo' }));

    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos/preview/p202406-2'));
    // The confirmation has closed and focus is back in the preview.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'p202406-2.jpg' })).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'p202406-3.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'June 2024' }).parentElement).toHaveTextContent('2 photos');
  });

  test("a delete that fails puts the photo back, with 'Error: Your photo could not be deleted'", async () => {
    const photos = servePhotoLibrary(library());
    photos.failStatus = 500;
    const { user, reporter } = await openPreviewOf('p202406-2.jpg');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photo' }));

    expect(await screen.findByText('Error: Your photo could not be deleted')).toBeInTheDocument();
    // Logged with the spec's internal text, not shown.
    expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to delete photo!' }), { action: 'delete photo' });
    expect(screen.queryByText('Failed to delete photo!')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('link', { name: 'p202406-2.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'June 2024' }).parentElement).toHaveTextContent('3 photos');
  });

  describe('Download', () => {
    /** jsdom neither makes object URLs nor saves files: record what would be saved, under which name. */
    function recordSaves() {
      const saved: { name: string; blob: Blob }[] = [];
      const blobs = new Map<string, Blob>();
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:saved-${blobs.size}`;
        blobs.set(url, blob as Blob);
        return url;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: blobs.get(this.href)! });
      });
      return saved;
    }

    test("saves the photo's original bytes under its uploaded name; the button reads 'Downloading…' meanwhile and a double click saves once", async () => {
      servePhotoLibrary([makePhoto('a', { name: 'beach.heic' })]);
      const saved = recordSaves();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requests = 0;
      server.use(
        http.get('http://img.test/a-original.jpg', async () => {
          requests += 1;
          await held;
          return new HttpResponse(new Uint8Array([1, 2, 3, 4, 5]), { headers: { 'Content-Type': 'image/heic' } });
        }),
      );
      const { user, dialog } = await openPreviewOf('beach.heic');

      await user.dblClick(within(dialog).getByRole('button', { name: 'Download' }));
      await within(dialog).findByRole('button', { name: 'Downloading…' });
      release();
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('beach.heic');
      expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
      expect(requests).toBe(1);
      await within(dialog).findByRole('button', { name: 'Download' });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    test("a download that fails says 'Error: Your photo could not be downloaded', saves nothing, and is forgotten on the next photo", async () => {
      servePhotoLibrary(library());
      const saved = recordSaves();
      server.use(http.get('http://img.test/:name', ({ params }) => (String(params.name).endsWith('-original.jpg') ? new HttpResponse(null, { status: 500 }) : undefined)));
      const { user, dialog } = await openPreviewOf('p202406-2.jpg');

      await user.click(within(dialog).getByRole('button', { name: 'Download' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Your photo could not be downloaded');
      expect(saved).toEqual([]);

      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      // Back on the photo whose download failed: it starts afresh.
      await user.keyboard('{ArrowLeft}');
      await waitFor(() => expect(previewedName()).toBe('p202406-2.jpg'));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    test('moving on while a download runs cancels it: nothing is saved, no error shows, and coming back offers Download again', async () => {
      servePhotoLibrary(library());
      const saved = recordSaves();
      server.use(http.get('http://img.test/:name', ({ params }) => (String(params.name).endsWith('-original.jpg') ? new Promise<never>(() => undefined) : undefined)));
      const { user, dialog } = await openPreviewOf('p202406-2.jpg');

      await user.click(within(dialog).getByRole('button', { name: 'Download' }));
      await within(dialog).findByRole('button', { name: 'Downloading…' });
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(previewedName()).toBe('p202406-1.jpg'));
      await user.keyboard('{ArrowLeft}');
      await waitFor(() => expect(previewedName()).toBe('p202406-2.jpg'));
      expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(saved).toEqual([]);
    });
  });
});
