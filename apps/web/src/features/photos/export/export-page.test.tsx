import type { DeletionInfo, ExportStatus, ExportSuccess } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';

const GB = 1024 ** 3;

function ready(o: Partial<ExportSuccess> = {}): ExportSuccess {
  return {
    requested: '2026-03-01T08:00:00.000Z',
    processed: '2026-03-01T09:00:00.000Z',
    expires: '2026-03-08T09:00:00.000Z',
    // Out of order on purpose: the page lists them by iteration.
    chunks: [
      { id: 'chunk-b', iteration: 2, size: 1_288_490_189 },
      { id: 'chunk-a', iteration: 1, size: 2 * GB },
      { id: 'chunk-c', iteration: 3, size: 524_288 },
    ],
    skippedPhotos: 0,
    photosCount: 2400,
    ...o,
  };
}

const refusal = (status: number) => HttpResponse.json({ status, error: status === 404 ? 'not_found' : 'internal', message: 'x', correlationId: 'c' }, { status });

/** Serves GET /backups/b-1 and its chunk links; records what was asked. */
function serveExport(answer: () => Response, chunkAnswer: (chunk: string) => Response = (chunk) => HttpResponse.json({ url: `http://blobs.test/exports/b-1/${chunk}.zip?sig=1` })) {
  const asked = { status: 0, chunks: [] as string[] };
  server.use(
    http.get(apiUrl('photoManagement', '/backups/:id'), ({ params }) => {
      asked.status += 1;
      return params.id === 'b-1' ? answer() : refusal(404);
    }),
    http.get(apiUrl('photoManagement', '/backups/:id/chunks/:chunk/url'), ({ params }) => {
      asked.chunks.push(String(params.chunk));
      return chunkAnswer(String(params.chunk));
    }),
  );
  return asked;
}

/** The links the page hands to the browser to save. */
function captureSaves() {
  const saves: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saves.push({ href: this.href, download: this.download });
  });
  return saves;
}

afterEach(() => vi.restoreAllMocks());

describe('the export page', () => {
  test('a ready export: the banner with its expiry date, and each chunk in order with its size and Download .zip', async () => {
    serveExport(() => HttpResponse.json(ready()));
    renderApp('/my-photos/exports/b-1');

    expect(await screen.findByRole('heading', { name: 'Your export is ready' })).toBeInTheDocument();
    expect(screen.getByText('Its download links are valid until 8 March 2026.')).toBeInTheDocument();
    expect(screen.getByText('It holds 2,400 photos.')).toBeInTheDocument();
    expect(screen.queryByText(/deleted while your export was being made/)).not.toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Zip files of your export' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ZIPMy Photos export (1 of 3)2 GBDownload .zip',
      'ZIPMy Photos export (2 of 3)1.2 GBDownload .zip',
      'ZIPMy Photos export (3 of 3)512 KBDownload .zip',
    ]);
    expect(within(rows[1]!).getByRole('button', { name: 'Download .zip' })).toHaveAccessibleDescription('My Photos export (2 of 3)');
  });

  test('photos deleted during the export are said to be missing from it', async () => {
    serveExport(() => HttpResponse.json(ready({ skippedPhotos: 3 })));
    renderApp('/my-photos/exports/b-1');
    expect(await screen.findByText('3 photos were deleted while your export was being made, so they are not in it.')).toBeInTheDocument();
  });

  test('Download .zip asks for the chunk’s link when clicked and hands it to the browser to save', async () => {
    const asked = serveExport(() => HttpResponse.json(ready()));
    const saves = captureSaves();
    const { user } = renderApp('/my-photos/exports/b-1');
    const buttons = await screen.findAllByRole('button', { name: 'Download .zip' });
    expect(asked.chunks).toEqual([]);

    await user.click(buttons[0]!);
    await user.click(buttons[2]!);
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(asked.chunks).toEqual(['chunk-a', 'chunk-c']);
    expect(saves).toEqual([
      { href: 'http://blobs.test/exports/b-1/chunk-a.zip?sig=1', download: 'my-photos-export-1-of-3.zip' },
      { href: 'http://blobs.test/exports/b-1/chunk-c.zip?sig=1', download: 'my-photos-export-3-of-3.zip' },
    ]);
  });

  test('a chunk whose link cannot be had says so by that chunk, and can be tried again', async () => {
    let fail = true;
    serveExport(
      () => HttpResponse.json(ready()),
      (chunk) => (fail ? refusal(500) : HttpResponse.json({ url: `http://blobs.test/${chunk}.zip` })),
    );
    const saves = captureSaves();
    const { user } = renderApp('/my-photos/exports/b-1');
    const rows = within(await screen.findByRole('list', { name: 'Zip files of your export' })).getAllByRole('listitem');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Download .zip' }));
    expect(await within(rows[1]!).findByRole('alert')).toHaveTextContent('This file could not be downloaded. Please try again.');
    expect(saves).toEqual([]);

    fail = false;
    await user.click(within(rows[1]!).getByRole('button', { name: 'Download .zip' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(within(rows[1]!).queryByRole('alert')).not.toBeInTheDocument();
  });

  test("404 (older than 7 days): 'Your download link has expired', and its link opens the export-creation modal", async () => {
    serveExport(() => refusal(404));
    server.use(
      http.post(apiUrl('photoManagement', '/backups'), () => HttpResponse.json({ id: 'b-2', requested: new Date().toISOString(), status: 'requested' }, { status: 201 })),
    );
    const { user } = renderApp('/my-photos/exports/b-1');

    expect(await screen.findByRole('heading', { name: 'Your download link has expired' })).toBeInTheDocument();
    expect(screen.getByText('Download links are valid for 7 days. You can ask for a new export of your photos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a new export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export your photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    expect(await within(dialog).findByText("We're processing your export")).toBeInTheDocument();
  });

  test('a chunk link answering 404 while the page is open shows the expired text', async () => {
    serveExport(
      () => HttpResponse.json(ready()),
      () => refusal(404),
    );
    captureSaves();
    const { user } = renderApp('/my-photos/exports/b-1');
    await user.click((await screen.findAllByRole('button', { name: 'Download .zip' }))[0]!);
    expect(await screen.findByRole('heading', { name: 'Your download link has expired' })).toBeInTheDocument();
  });

  test("any other failure: 'Export error' with the problem and a link to the library", async () => {
    serveExport(() => refusal(500));
    renderApp('/my-photos/exports/b-1');
    expect(await screen.findByRole('heading', { name: 'Export error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("We've run into a problem exporting your photos...");
    expect(screen.getByRole('link', { name: 'Go to My photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('an export still being made goes to the photos page', async () => {
    const pending: ExportStatus = { requested: '2026-03-01T08:00:00.000Z', status: 'in-progress' };
    serveExport(() => HttpResponse.json(pending));
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    const { currentUrl } = renderApp('/my-photos/exports/b-1');
    await waitFor(() => expect(currentUrl()).toBe('/my-photos/photos'));
    expect(await screen.findByRole('region', { name: 'Photos timeline' })).toBeInTheDocument();
  });

  test('behind the timeline flag, as the photo library is', async () => {
    const asked = serveExport(() => HttpResponse.json(ready()));
    const { currentUrl } = renderApp('/my-photos/exports/b-1', { flags: { PhotoManagementTimelineViewEnabled: false } });
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(asked.status).toBe(0);
  });
});

describe('the export page in German', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en-GB');
  });

  test('reads in German, its date and sizes as German writes them', async () => {
    // The default namespace comes with the page in the app; the export's own texts load from public/ as there.
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveExport(() => HttpResponse.json(ready({ skippedPhotos: 1 })));
    const deletion: DeletionInfo = { lastOrderDate: null, projectCount: 0, projectedDeletionDate: '2031-01-01T00:00:00Z', registrationDate: '2024-01-01T00:00:00Z' };
    server.use(http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () => HttpResponse.json(deletion)));
    const view = renderApp('/my-photos/exports/b-1');
    // The channel's locale, before the route's loader (which runs after the sign-in check) loads its date formats.
    view.services.locale = 'de-DE';

    expect(await screen.findByRole('heading', { name: 'Ihr Export ist bereit' })).toBeInTheDocument();
    expect(screen.getByText('Die Download-Links sind bis zum 8. März 2026 gültig.')).toBeInTheDocument();
    expect(screen.getByText('1 Foto wurde gelöscht, während Ihr Export erstellt wurde, und ist daher nicht enthalten.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'ZIP-Dateien Ihres Exports' })).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Meine-Fotos-Export (2 von 3)1,2 GB.zip herunterladen');
  });
});
