import type { BackupCreated, DeletionInfo } from '@shoebox/contracts';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../../public/locales/de-DE.json';
import { apiUrl } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { photosTakenIn, servePhotoLibrary } from '../../../../test/photo-library';
import { renderApp } from '../../../../test/render-app';
import { renderWithServices } from '../../../../test/render-with-services';
import { REQUESTED_EXPORTS_KEY } from '../lib/export-requests';
import { StorageStatusButton } from './storage-status-button';

const info: DeletionInfo = {
  lastOrderDate: '2024-09-14T10:00:00.000Z',
  projectCount: 2,
  projectedDeletionDate: '2031-01-01T00:00:00.000Z',
  registrationDate: '2021-02-03T09:00:00.000Z',
};

function backup(o: Partial<BackupCreated> = {}): BackupCreated {
  return { id: 'backup-1', requested: new Date().toISOString(), status: 'requested', ...o };
}

/** Serves the storage information and POST /backups; answers are taken in turn, the last one repeated. */
function setup(...answers: (() => Response | Promise<Response>)[]) {
  const posts: string[] = [];
  server.use(
    http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () => HttpResponse.json(info)),
    http.post(apiUrl('photoManagement', '/backups'), ({ request }) => {
      posts.push(request.headers.get('authorization') ?? '');
      const answer = answers[Math.min(posts.length - 1, answers.length - 1)]!;
      return answer();
    }),
  );
  const view = renderWithServices(<StorageStatusButton />);
  const open = async () => {
    await view.user.click(await screen.findByRole('button', { name: 'Storage: safe' }));
    await view.user.click(await screen.findByRole('button', { name: 'Export photos' }));
    return screen.findByRole('dialog', { name: 'Export your photos' });
  };
  return { view, posts, open };
}

describe('export creation from the storage status modal', () => {
  test('initial: says what an export is, how long it takes and that an email comes; then loading, then success', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { view, posts, open } = setup(async () => {
      await answered;
      return HttpResponse.json(backup(), { status: 201 });
    });
    const dialog = await open();
    expect(dialog).toHaveAccessibleDescription(/Export requests are processed within 48 hours, and we send you an email when your export is ready\. Its download links are then valid for 7 days\./);
    expect(posts).toHaveLength(0);

    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Requesting export...');
    expect(within(dialog).getByRole('button', { name: 'Request export' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();

    release();
    const status = (await within(dialog).findByText("We're processing your export")).closest('[role="status"]');
    expect(within(dialog).queryByText('Requesting export...')).not.toBeInTheDocument();
    expect(status).toHaveTextContent("This can take up to 48 hours. We'll send you an email when it's ready.");
    expect(posts).toEqual(['Bearer test-access-token']);

    await view.user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'Export your photos' })).not.toBeInTheDocument();
    // Back in the storage status modal, where the export was asked for.
    expect(screen.getByRole('button', { name: 'Export photos' })).toHaveFocus();
  });

  test('error: says so and a second try can succeed', async () => {
    const { view, posts, open } = setup(
      () => HttpResponse.json({ status: 500, error: 'internal', message: 'x', correlationId: 'c' }, { status: 500 }),
      () => HttpResponse.json(backup(), { status: 201 }),
    );
    const dialog = await open();
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your export could not be requested. Please try again.');

    await view.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText("We're processing your export")).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(posts).toHaveLength(2);
  });

  test('one export at a time: asked again while one runs, the modal says it is already being prepared', async () => {
    const requested = '2026-03-02T09:30:00.000Z';
    const { view, open } = setup(() => HttpResponse.json(backup({ id: 'backup-7', requested, status: 'in-progress' })));
    const dialog = await open();
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    const status = (await within(dialog).findByText('Your export is already being prepared')).closest('[role="status"]');
    expect(status).toHaveTextContent("You asked for it on 2 March 2026. It can take up to 48 hours; we'll send you an email when it's ready.");
    expect(within(dialog).queryByText("We're processing your export")).not.toBeInTheDocument();
  });

  test('the same browser asking twice before the export has begun is told it is already being prepared', async () => {
    const { view, open } = setup(() => HttpResponse.json(backup({ id: 'backup-9' }), { status: 201 }), () => HttpResponse.json(backup({ id: 'backup-9' })));
    let dialog = await open();
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    await within(dialog).findByText("We're processing your export");
    expect(JSON.parse(window.localStorage.getItem(REQUESTED_EXPORTS_KEY)!)).toEqual(['backup-9']);
    await view.user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await view.user.click(screen.getByRole('button', { name: 'Export photos' }));
    dialog = await screen.findByRole('dialog', { name: 'Export your photos' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    expect(await within(dialog).findByText('Your export is already being prepared')).toBeInTheDocument();
  });

  test('Cancel closes it without asking for anything', async () => {
    const { view, posts, open } = setup(async () => {
      await delay();
      return HttpResponse.json(backup());
    });
    const dialog = await open();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Export your photos' })).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});

test('an empty library: the refusal is said in the customer’s words, not the server’s', async () => {
  const { view, open } = setup(() =>
    HttpResponse.json({ status: 409, error: 'library_empty', message: 'There are no photos to export', correlationId: 'c' }, { status: 409 }),
  );
  const dialog = await open();
  await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('There are no photos in your library, so there is nothing to export.');
});

test('the most ready exports kept: the refusal says how many, in the customer’s words', async () => {
  const { view, open } = setup(() =>
    HttpResponse.json(
      { status: 429, error: 'too_many_exports', message: 'At most 2 exports can be kept', correlationId: 'c', params: { limit: 2 } },
      { status: 429, headers: { 'Retry-After': '3600' } },
    ),
  );
  const dialog = await open();
  await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have 2 exports ready to download.');
});

test('a ready export of the library as it is: no new one is made, and the modal leads to that export', async () => {
  const { view, open } = setup(() =>
    HttpResponse.json(
      { status: 409, error: 'export_up_to_date', message: 'Your latest export already holds your library', correlationId: 'c', params: { exportId: 'backup-7' } },
      { status: 409 },
    ),
  );
  const dialog = await open();
  await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
  const status = await within(dialog).findByRole('status');
  expect(status).toHaveTextContent('Your latest export is ready');
  expect(status).toHaveTextContent('It already holds every photo in your library as it is now, so there is no need for a new one.');
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  await view.user.click(within(status).getByRole('link', { name: 'Go to your export' }));
  expect(view.currentUrl()).toBe('/my-photos/exports/backup-7');
});

describe('the export creation dialog in German', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en-GB');
  });

  test('opened from the storage status of a page opened at its address, it reads in German, its date as German writes it', async () => {
    // The default namespace comes with the page in the app; the dialog's own texts load from public/ as there.
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    servePhotoLibrary(photosTakenIn(2024, 6, 2));
    server.use(
      http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () => HttpResponse.json(info)),
      http.post(apiUrl('photoManagement', '/backups'), () => HttpResponse.json(backup({ requested: '2026-03-02T09:30:00.000Z', status: 'in-progress' }))),
    );
    const view = renderApp('/my-photos/photos');
    // The channel's locale, before the route's loader (which runs after the sign-in check) loads its date formats.
    view.services.locale = 'de-DE';

    await view.user.click(await screen.findByRole('button', { name: 'Speicherung: sicher' }));
    await view.user.click(await screen.findByRole('button', { name: 'Fotos exportieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Fotos exportieren' });
    expect(dialog).toHaveAccessibleDescription(/Exportanfragen werden innerhalb von 48 Stunden bearbeitet/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Export anfordern' }));
    const status = (await within(dialog).findByText('Ihr Export wird bereits vorbereitet')).closest('[role="status"]');
    expect(status).toHaveTextContent('Sie haben ihn am 2. März 2026 angefordert.');
  });
});
