import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { serveAlbums } from '../../../test/albums';
import { recordSavedFiles, serveDownloads } from '../../../test/downloads';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';

const refusal = (status: number, error: string, params?: Record<string, number | string>) => ({
  status,
  body: { status, error, message: 'SERVER WORDS', correlationId: 'c', ...(params ? { params } : {}) },
});

/** Each refusal a download request can meet, and what the customer reads for it in English and German. */
const REQUEST_REFUSALS = [
  {
    refusal: refusal(429, 'too_many_downloads', { limit: 50 }),
    'en-GB': 'You already have 50 downloads, the most that can be kept at once. Each one expires 72 hours after it is ready: please try again once an older one has expired.',
    'de-DE':
      'Sie haben bereits 50 Downloads, mehr können nicht gleichzeitig aufbewahrt werden. Jeder läuft 72 Stunden nach seiner Fertigstellung ab: Bitte versuchen Sie es erneut, sobald ein älterer abgelaufen ist.',
  },
  {
    refusal: refusal(409, 'download_id_in_use'),
    'en-GB': 'Your download could not be started. Please choose Download again.',
    'de-DE': 'Ihr Download konnte nicht gestartet werden. Bitte wählen Sie erneut Herunterladen.',
  },
  {
    refusal: refusal(429, 'downloads_too_large', { maxBytes: 10 * 1024 ** 3 }),
    'en-GB':
      'Your downloads kept at once may hold at most 10 GB. Each one expires 72 hours after it is ready: please try again once an older one has expired, or select fewer photos.',
    'de-DE':
      'Ihre gleichzeitig aufbewahrten Downloads dürfen höchstens 10 GB umfassen. Jeder läuft 72 Stunden nach seiner Fertigstellung ab: Bitte versuchen Sie es erneut, sobald ein älterer abgelaufen ist, oder wählen Sie weniger Fotos aus.',
  },
  {
    refusal: refusal(429, 'too_many_pending_downloads', { limit: 5, retryAfterSeconds: 30 }),
    'en-GB': 'You already have 5 downloads being prepared. Please try again in a moment.',
    'de-DE': 'Es werden bereits 5 Downloads für Sie vorbereitet. Bitte versuchen Sie es gleich noch einmal.',
  },
] as const;

const WRONG_OWNER = {
  refusal: refusal(400, 'wrong_photo_owner', { photoId: 'p202406-2' }),
  'en-GB': 'Some of the selected photos could not be found in this shared album. Please reload the page and select them again.',
  'de-DE': 'Einige der ausgewählten Fotos wurden in diesem geteilten Album nicht gefunden. Bitte laden Sie die Seite neu und wählen Sie sie erneut aus.',
};

const LINK_NOT_READY = {
  'en-GB': 'This download is still being prepared. Please try again in a moment.',
  'de-DE': 'Dieser Download wird noch vorbereitet. Bitte versuchen Sie es gleich noch einmal.',
};

type Locale = 'en-GB' | 'de-DE';

async function inLocale(locale: Locale) {
  if (locale === 'de-DE') {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
  }
}

async function openSelecting(locale: Locale, path: string, flags = {}) {
  const view = renderApp(path, { flags });
  const select = locale === 'de-DE' ? 'Auswählen' : 'Select';
  // The first screen of the file loads the photo screens' code: on a busy machine that takes a while.
  await view.user.click(await screen.findByRole('button', { name: select }));
  const toolbar = screen.getByRole('region', { name: locale === 'de-DE' ? 'Ausgewählte Fotos' : 'Selected photos' });
  const download = () => within(toolbar).getByRole('button', { name: locale === 'de-DE' ? 'Herunterladen' : 'Download' });
  return { ...view, toolbar, download };
}

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe.each(['en-GB', 'de-DE'] as const)('a refused download request, in %s', (locale) => {
  test('each refusal of the timeline says its own reason, never an id nor the server words, and the selection stays', async () => {
    await inLocale(locale);
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    downloads.refusals.push(...REQUEST_REFUSALS.map((r) => r.refusal));
    const { user, toolbar, download } = await openSelecting(locale, '/my-photos/photos');
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));

    for (const expected of REQUEST_REFUSALS) {
      await user.click(download());
      expect(await screen.findByText(expected[locale])).toBeInTheDocument();
    }
    expect(screen.queryByText(/SERVER WORDS/)).not.toBeInTheDocument();
    expect(toolbar).toBeInTheDocument();
    expect(downloads.requests).toEqual([]);
  });

  test("a shared album's photo named with the wrong owner says so without naming the photo", async () => {
    await inLocale(locale);
    serveAlbums({ photos: photosTakenIn(2024, 6, 3), shared: [{ id: 's-1', name: 'Family', photoIds: ['p202406-1', 'p202406-2'], ownerEmail: 'grandma@example.com' }] });
    const downloads = serveDownloads();
    downloads.refusals.push(WRONG_OWNER.refusal);
    const { user, download } = await openSelecting(locale, '/my-photos/shared-albums/s-1', { PhotoManagementSharedAlbumsViewEnabled: true });
    await user.click(screen.getByRole('checkbox', { name: 'p202406-2.jpg' }));
    await user.click(download());
    const toastText = await screen.findByText(WRONG_OWNER[locale]);
    expect(toastText.textContent).not.toContain('p202406-2');
    expect(downloads.sharedRequests).toEqual([]);
  });

  test('a finished archive whose link is refused says why, and nothing is saved', async () => {
    await inLocale(locale);
    servePhotoLibrary(photosTakenIn(2024, 6, 3));
    const downloads = serveDownloads();
    downloads.finishAtOnce = true;
    server.use(
      http.get(apiUrl('downloads', '/downloads/:id/url'), () =>
        HttpResponse.json({ status: 409, error: 'download_not_ready', message: 'SERVER WORDS', correlationId: 'c' }, { status: 409 }),
      ),
    );
    const saved = recordSavedFiles();
    const { user, download } = await openSelecting(locale, '/my-photos/photos');
    await user.click(screen.getByRole('checkbox', { name: 'p202406-1.jpg' }));
    await user.click(download());
    expect(await screen.findByText(LINK_NOT_READY[locale])).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
