import { IMPORT_FINISHED_WAIT_MS, type ActivationStatus, type ImportEventType, type ImportPushMessage } from '@shoebox/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse, ws, type WebSocketHandlerConnection } from 'msw';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../test/photo-library';
import { renderApp } from '../../../test/render-app';
import { albumKeys } from '../api/query-keys';
import { ACTIVATION_IN_PROGRESS_KEY } from './in-progress-flag';

const REACTIVATION = { PhotoManagementReactivationEnabled: true };
const push = ws.link('ws://api.test/push');

function importMessage(type: ImportEventType, imported: number, total: number, timestamp: string, failed = 0): ImportPushMessage {
  return { id: crypto.randomUUID(), type, data: { payload: { imported, total, failed }, timestamp } };
}

/**
 * The photo-management server's activation calls and its push channel: GET/POST /users/activate over a
 * status the test sets, a push socket that answers a good authenticate action 'OK', and a log of every
 * request, to see what the page fetched again.
 */
function serveActivation(initial: ActivationStatus) {
  const state = {
    status: initial,
    statusRequests: 0,
    posts: 0,
    postStatus: 202,
    authenticated: [] as string[],
    clients: [] as WebSocketHandlerConnection['client'][],
    closed: 0,
    requests: [] as string[],
  };
  server.use(
    http.get(apiUrl('photoManagement', '/users/activate'), () => {
      state.statusRequests += 1;
      return HttpResponse.json({ status: state.status });
    }),
    http.post(apiUrl('photoManagement', '/users/activate'), () => {
      state.posts += 1;
      if (state.postStatus >= 400) return HttpResponse.json({ status: 500, error: 'internal', message: 'x', correlationId: 'c' }, { status: state.postStatus });
      const started = state.status === 'NOT_ACTIVE';
      if (started) state.status = 'IMPORTING';
      return HttpResponse.json({ started }, { status: state.postStatus });
    }),
    push.addEventListener('connection', ({ client }) => {
      state.clients.push(client);
      client.addEventListener('close', () => (state.closed += 1));
      client.addEventListener('message', (event) => {
        const data = JSON.parse(String(event.data)) as { action: string; token: string };
        state.authenticated.push(data.token);
        client.send('OK');
      });
    }),
  );
  const log = ({ request }: { request: Request }) => void state.requests.push(`${request.method} ${new URL(request.url).pathname}`);
  server.events.on('request:start', log);
  onTestFinished(() => void server.events.removeListener('request:start', log));
  return {
    state,
    send: (message: unknown) => state.clients.at(-1)!.send(typeof message === 'string' ? message : JSON.stringify(message)),
    requestsSince: (mark: number) => state.requests.slice(mark),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

const offerHeading = () => screen.findByRole('heading', { name: 'Bring your earlier photos into your library' });
const importingHeading = () => screen.findByRole('heading', { name: 'Bringing your earlier photos into your library' });

describe('library activation', () => {
  test('with the reactivation flag off nothing is asked and nothing offered', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    // No handler for /users/activate: asking would fail the test.
    renderApp('/my-photos/photos');
    await screen.findByRole('region', { name: 'Photos timeline' });
    expect(screen.queryByRole('heading', { name: 'Bring your earlier photos into your library' })).not.toBeInTheDocument();
  });

  test('an active library shows no offer', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    const activation = serveActivation('ACTIVE');
    renderApp('/my-photos/photos', { flags: REACTIVATION });
    await screen.findByRole('region', { name: 'Photos timeline' });
    await waitFor(() => expect(activation.state.statusRequests).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Bring your earlier photos into your library' })).not.toBeInTheDocument();
    expect(activation.state.clients).toHaveLength(0);
  });

  test('NOT_ACTIVE: the offer starts activation and follows it over the push socket to the end, as spec §4 says', async () => {
    servePhotoLibrary([]);
    const activation = serveActivation('NOT_ACTIVE');
    const view = renderApp('/my-photos/photos', { flags: REACTIVATION });
    // An album list cached earlier in the visit: it must be fetched again once the library is active.
    view.queryClient.setQueryData(albumKeys.list('albums'), { pages: [], pageParams: [] });

    expect(await offerHeading()).toBeInTheDocument();
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Activate my photo library' }));

    // The in-progress flag is set, a push socket opens and authenticates with the access token.
    expect(await importingHeading()).toBeInTheDocument();
    expect(activation.state.posts).toBe(1);
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).not.toBeNull();
    await waitFor(() => expect(activation.state.authenticated).toEqual(['test-access-token']));
    // 'OK' triggers the callback: it looks at the status, in case the import ended before the socket was there.
    await waitFor(() => expect(activation.state.statusRequests).toBe(2));
    expect(screen.getByRole('status')).toHaveTextContent('Getting your photos ready...');

    // Progress, then an older message arriving late (ignored), then garbage and a wrong shape (ignored).
    activation.send(importMessage('import.progress', 9, 15, '2026-03-01T10:00:09.000Z'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 of 15 photos brought in'));
    expect(screen.getByRole('progressbar', { name: 'Photos brought in' })).toHaveAttribute('aria-valuenow', '60');
    activation.send(importMessage('import.progress', 4, 15, '2026-03-01T10:00:04.000Z'));
    activation.send('not json');
    activation.send({ id: crypto.randomUUID(), type: 'import.progress', data: { payload: { imported: 1 }, timestamp: '2026-03-01T10:00:59.000Z' } });
    activation.send({ ...importMessage('import.progress', 2, 15, '2026-03-01T10:00:59.000Z'), type: 'import.exploded' });
    activation.send(importMessage('import.progress', 12, 15, '2026-03-01T10:00:12.000Z'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('12 of 15 photos brought in'));

    // import.finished: wait 10 seconds, then refresh the status, clear the flag, close the socket.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    activation.state.status = 'ACTIVE';
    const beforeFinish = activation.state.requests.length;
    activation.send(importMessage('import.finished', 14, 15, '2026-03-01T10:00:15.000Z', 1));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All your photos are in. Getting your library ready...'));
    await act(() => vi.advanceTimersByTimeAsync(IMPORT_FINISHED_WAIT_MS - 500));
    expect(activation.requestsSince(beforeFinish)).not.toContain('GET /photo-management/users/activate');
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).not.toBeNull();
    expect(activation.state.closed).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(500));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Your photo library is active' })).toBeInTheDocument();
    expect(screen.getByText('1 photo could not be brought in: its file could not be read.')).toBeInTheDocument();
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).toBeNull();
    await waitFor(() => expect(activation.state.closed).toBe(1));

    // ACTIVE: the library's cached data is fetched again (user, timeline counts), and the album list is stale.
    await waitFor(() =>
      expect(activation.requestsSince(beforeFinish)).toEqual(
        expect.arrayContaining(['GET /photo-management/users/activate', 'GET /photo-management/users', 'GET /photo-management/users/timeline']),
      ),
    );
    expect(view.queryClient.getQueryState(albumKeys.list('albums'))?.isInvalidated).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Bring your earlier photos into your library' })).not.toBeInTheDocument();
  });

  test('a reload while importing carries on following (the in-progress flag), and so does a tab that finds it IMPORTING', async () => {
    servePhotoLibrary([]);
    const activation = serveActivation('IMPORTING');
    window.localStorage.setItem(ACTIVATION_IN_PROGRESS_KEY, '2026-03-01T10:00:00.000Z');
    renderApp('/my-photos/photos', { flags: REACTIVATION });
    expect(await importingHeading()).toBeInTheDocument();
    await waitFor(() => expect(activation.state.authenticated).toHaveLength(1));
    activation.send(importMessage('import.progress', 3, 15, '2026-03-01T10:00:03.000Z'));
    expect(await screen.findByText('3 of 15 photos brought in')).toBeInTheDocument();
  });

  test('IMPORTING on load without the flag (another tab started it): shows the progress and follows it', async () => {
    servePhotoLibrary([]);
    const activation = serveActivation('IMPORTING');
    renderApp('/my-photos/photos', { flags: REACTIVATION });
    expect(await importingHeading()).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).not.toBeNull());
    await waitFor(() => expect(activation.state.authenticated).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Activate my photo library' })).not.toBeInTheDocument();
  });

  test('the flag left from an import that ended while no page followed it is cleared, and the library is said to be active', async () => {
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    const activation = serveActivation('ACTIVE');
    window.localStorage.setItem(ACTIVATION_IN_PROGRESS_KEY, '2026-03-01T10:00:00.000Z');
    renderApp('/my-photos/photos', { flags: REACTIVATION });
    expect(await screen.findByRole('heading', { name: 'Your photo library is active' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).toBeNull();
    await waitFor(() => expect(activation.state.closed).toBe(activation.state.clients.length));
  });

  test('an import that failed says so and offers activation again', async () => {
    servePhotoLibrary([]);
    const activation = serveActivation('NOT_ACTIVE');
    const { user } = renderApp('/my-photos/photos', { flags: REACTIVATION });
    await user.click(await screen.findByRole('button', { name: 'Activate my photo library' }));
    await waitFor(() => expect(activation.state.authenticated).toHaveLength(1));
    activation.state.status = 'NOT_ACTIVE';
    activation.send(importMessage('import.failed', 2, 15, '2026-03-01T10:00:05.000Z'));
    const offer = (await offerHeading()).closest('section')!;
    expect(within(offer).getByRole('alert')).toHaveTextContent('Your earlier photos could not all be brought in. Please try again.');
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).toBeNull();
    expect(within(offer).getByRole('button', { name: 'Activate my photo library' })).toBeEnabled();
  });

  test('when activation cannot be started it says so, and nothing is followed', async () => {
    servePhotoLibrary([]);
    const activation = serveActivation('NOT_ACTIVE');
    activation.state.postStatus = 500;
    const { user } = renderApp('/my-photos/photos', { flags: REACTIVATION });
    await user.click(await screen.findByRole('button', { name: 'Activate my photo library' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your photo library could not be activated. Please try again.');
    expect(window.localStorage.getItem(ACTIVATION_IN_PROGRESS_KEY)).toBeNull();
    expect(activation.state.clients).toHaveLength(0);
  });
});

describe('library activation in German', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en-GB');
  });

  test('the offer and the progress read in German on a page opened at its address', async () => {
    // The default namespace comes with the page in the app; the panel's own texts load from public/ as there.
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    servePhotoLibrary([]);
    const activation = serveActivation('NOT_ACTIVE');
    const { user } = renderApp('/my-photos/photos', { flags: REACTIVATION });

    expect(await screen.findByRole('heading', { name: 'Holen Sie Ihre früheren Fotos in Ihre Bibliothek' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meine Fotobibliothek aktivieren' }));
    expect(await screen.findByRole('heading', { name: 'Ihre früheren Fotos werden in Ihre Bibliothek übernommen' })).toBeInTheDocument();
    await waitFor(() => expect(activation.state.authenticated).toHaveLength(1));
    activation.send(importMessage('import.progress', 9, 15, '2026-03-01T10:00:09.000Z'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 von 15 Fotos übernommen'));
    expect(screen.getByRole('progressbar', { name: 'Übernommene Fotos' })).toBeInTheDocument();
  });
});
