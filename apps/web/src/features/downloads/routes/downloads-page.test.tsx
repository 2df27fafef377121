import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { downloadItem, recordSavedFiles, serveDownloads } from '../../../test/downloads';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const READY = downloadItem({
  name: 'Summer in Porto',
  photosCount: 24,
  size: 52_428_800,
  state: 'ready',
  created: '2026-11-23T09:30:00.000Z',
  expires: '2099-11-26T09:30:00.000Z',
});
const PENDING = downloadItem({ photosCount: 3, state: 'pending' });
const FAILED = downloadItem({ name: 'Holiday', photosCount: 2, state: 'failed', error: 'photos_missing' });
const EXPIRED = downloadItem({ name: 'Old trip', photosCount: 1, size: 1024, state: 'expired', expires: '2026-11-01T00:00:00.000Z' });

const rowNamed = (name: string) => screen.getByRole('listitem', { name });

async function openPage(path = '/downloads') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Downloads' });
  return view;
}

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe('the downloads page', () => {
  test('lists every archive with its name (or how many photos), count, size, date and state; Download only while ready', async () => {
    serveDownloads([READY, PENDING, FAILED, EXPIRED]);
    await openPage();
    const list = await screen.findByRole('list', { name: 'Your downloads' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const ready = rowNamed('Summer in Porto');
    expect(ready).toHaveTextContent('24 photos');
    expect(ready).toHaveTextContent('50 MB');
    expect(ready).toHaveTextContent(/Requested 23 Nov 2026/);
    expect(ready).toHaveTextContent('Ready');
    expect(ready).toHaveTextContent(/Available until 26 Nov 2099/);
    expect(within(ready).getByRole('button', { name: 'Download Summer in Porto' })).toBeEnabled();

    // No name: the page says how many photos it holds.
    const pending = rowNamed('3 photos');
    expect(pending).toHaveTextContent('Preparing');
    expect(pending.textContent?.match(/3 photos/g)).toHaveLength(1);
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();

    const failed = rowNamed('Holiday');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('None of its photos are in your library any more.');
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();

    const expired = rowNamed('Old trip');
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('1 KB');
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
  });

  test('Download fetches the signed link and saves the archive as {downloadId}.zip', async () => {
    serveDownloads([READY]);
    const saved = recordSavedFiles();
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Download Summer in Porto' }));
    await waitFor(() => expect(saved).toEqual([{ href: `http://blobs.test/archives/${READY.id}?signature=abc`, name: `${READY.id}.zip` }]));
  });

  test('an archive that lapsed meanwhile says the download failed and shows as it now is', async () => {
    const downloads = serveDownloads([READY]);
    const saved = recordSavedFiles();
    const { user } = await openPage();
    const button = await screen.findByRole('button', { name: 'Download Summer in Porto' });
    downloads.items = [{ ...READY, state: 'expired' }];
    await user.click(button);
    expect(await screen.findByText('Error: Your photos could not be downloaded')).toBeInTheDocument();
    await waitFor(() => expect(rowNamed('Summer in Porto')).toHaveTextContent('Expired'));
    expect(saved).toEqual([]);
  });

  test.each([
    ['en-GB', 'Download Summer in Porto', 'This download is still being prepared. Please try again in a moment.'],
    ['de-DE', 'Summer in Porto herunterladen', 'Dieser Download wird noch vorbereitet. Bitte versuchen Sie es gleich noch einmal.'],
  ] as const)('a link asked for while the archive is still being made says so (%s), nothing is saved', async (locale, button, text) => {
    if (locale === 'de-DE') {
      i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
      await i18next.changeLanguage('de-DE');
    }
    serveDownloads([READY]);
    server.use(
      http.get(apiUrl('downloads', '/downloads/:id/url'), () =>
        HttpResponse.json({ status: 409, error: 'download_not_ready', message: 'SERVER WORDS', correlationId: 'c' }, { status: 409 }),
      ),
    );
    const saved = recordSavedFiles();
    const { user } = renderApp('/downloads');
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/SERVER WORDS/)).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test('with no archives it says so and leads to My photos', async () => {
    serveDownloads([]);
    await openPage();
    expect(await screen.findByText('You have no downloads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('a list that cannot be loaded says so, and Try again loads it', async () => {
    const downloads = serveDownloads([READY]);
    downloads.listStatus = 500;
    const { user } = await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Your downloads could not be loaded');
    downloads.listStatus = 200;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Summer in Porto' })).toBeInTheDocument();
  });

  test('changes arrive live: an archive asked for in another tab appears, then becomes ready, without a reload', async () => {
    const downloads = serveDownloads([READY]);
    await openPage();
    await screen.findByRole('listitem', { name: 'Summer in Porto' });
    await waitFor(() => expect(downloads.listening).toHaveLength(1));

    // Another tab asks for an archive of 5 photos; its job starts.
    const other = downloadItem({ photosCount: 5, name: null, created: new Date().toISOString() });
    downloads.items.unshift(other);
    downloads.push('archive.generation.started', other.id);
    expect(await screen.findByRole('listitem', { name: '5 photos' })).toHaveTextContent('Preparing');

    downloads.finish(other.id);
    await waitFor(() => expect(rowNamed('5 photos')).toHaveTextContent('Ready'));
    expect(within(rowNamed('5 photos')).getByRole('button', { name: 'Download 5 photos' })).toBeInTheDocument();
    expect(rowNamed('5 photos')).toHaveTextContent('5.2 MB');

    downloads.push('archive.generation.error', READY.id, { state: 'failed', error: 'archive_failed' });
    await waitFor(() => expect(rowNamed('Summer in Porto')).toHaveTextContent('The zip file could not be made.'));
  });

  test('a change made while the channel was down shows once it reconnects', async () => {
    const downloads = serveDownloads([PENDING]);
    await openPage();
    await screen.findByRole('listitem', { name: '3 photos' });
    await waitFor(() => expect(downloads.listening).toHaveLength(1));
    downloads.listening[0]!.client.close(1011, 'Server restarting');
    downloads.items = [{ ...PENDING, state: 'ready', size: 2048, expires: '2099-01-01T00:00:00.000Z' }];
    await waitFor(() => expect(rowNamed('3 photos')).toHaveTextContent('Ready'));
  });

  test('reads in the channel language (German)', async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveDownloads([READY, FAILED]);
    renderApp('/downloads');
    expect(await screen.findByRole('list', { name: 'Ihre Downloads' })).toBeInTheDocument();
    expect(rowNamed('Summer in Porto')).toHaveTextContent('24 Fotos');
    expect(rowNamed('Summer in Porto')).toHaveTextContent('Bereit');
    expect(within(rowNamed('Summer in Porto')).getByRole('button', { name: 'Summer in Porto herunterladen' })).toBeInTheDocument();
    expect(rowNamed('Holiday')).toHaveTextContent('Keines der Fotos ist noch in Ihrer Bibliothek.');
  });
});
