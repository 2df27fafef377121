import { projectListQuerySchema, type ProjectSummary } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { apiUrl, consumerIdentity } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const EDITOR_URL = 'http://www.printhaven.co.uk/prints-editor';

function project(i: number, o: Partial<ProjectSummary> = {}): ProjectSummary {
  const day = String(28 - i).padStart(2, '0');
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Project ${i}`,
    productCode: 'PAP_910',
    channel: 'www.printhaven.co.uk',
    pageCount: 1,
    thumbnailPhotoId: null,
    cover: null,
    createdAt: `2026-10-${day}T12:00:00.000Z`,
    updatedAt: `2026-10-${day}T12:00:00.000Z`,
    version: 1,
    ...o,
  };
}

/** The projects service as the server runs it: pages by skip and limit, the caller's account only, deletes for real. */
function serveProjects(initial: ProjectSummary[], o: { failDeleteOf?: string[]; failList?: boolean } = {}) {
  const state = { projects: [...initial], deletes: [] as string[], failDeleteOf: new Set(o.failDeleteOf ?? []), failList: o.failList ?? false };
  server.use(
    http.get(apiUrl('projects', '/api/v2/projects/:accountId'), ({ params, request }) => {
      if (state.failList) return HttpResponse.json({ status: 500, error: 'internal', message: 'Boom', correlationId: 'c' }, { status: 500 });
      if (params.accountId !== consumerIdentity.customerId) return HttpResponse.json({ status: 404, error: 'not_found', message: 'Account not found', correlationId: 'c' }, { status: 404 });
      const { skip, limit } = projectListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ projects: state.projects.slice(skip, skip + limit), totalProjectCount: state.projects.length });
    }),
    http.delete(apiUrl('projects', '/api/v2/project/:id'), ({ params }) => {
      const id = String(params.id);
      state.deletes.push(id);
      if (state.failDeleteOf.has(id)) return HttpResponse.json({ status: 500, error: 'internal', message: 'Boom', correlationId: 'c' }, { status: 500 });
      const before = state.projects.length;
      state.projects = state.projects.filter((p) => p.id !== id);
      return before === state.projects.length ? HttpResponse.json({ status: 404, error: 'not_found', message: 'Project not found', correlationId: 'c' }, { status: 404 }) : new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const TWELVE = Array.from({ length: 12 }, (_, i) => project(i + 1, i === 1 ? { productCode: 'PB_A4_HARD', pageCount: 24 } : {}));

async function openPage(path = '/saved-projects') {
  const view = renderApp(path, { config: { printsEditorUrl: EDITOR_URL } });
  await screen.findByRole('heading', { level: 1, name: 'My saved projects' });
  return view;
}
const list = () => screen.findByRole('list', { name: 'Your saved projects' });
const item = (name: string) => screen.getByRole('listitem', { name });

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe('the saved projects page', () => {
  test('shows 10 projects a page with name, product and last saved date, Continue into the editor, and pages on', async () => {
    serveProjects(TWELVE);
    const { user } = await openPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('12 saved projects')).toBeInTheDocument();

    const first = item('Project 1');
    // Named from the merchandise catalogue, which answers after the list.
    await waitForCondition(() => expect(first).toHaveTextContent('Photo prints 10x15'));
    expect(first).toHaveTextContent('Last saved 27 Oct 2026');
    expect(within(first).getByRole('link', { name: 'Continue Project 1' })).toHaveAttribute('href', `${EDITOR_URL}?projectId=${TWELVE[0]!.id}`);
    // Prints have no pages; a photo book says how many it has.
    expect(first).not.toHaveTextContent(/pages?\b/);
    expect(item('Project 2')).toHaveTextContent('Photo product');
    expect(item('Project 2')).toHaveTextContent('24 pages');

    const pager = screen.getByRole('navigation', { name: 'Pages of saved projects' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await user.click(within(pager).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your saved projects' })).getAllByRole('listitem')).toHaveLength(2));
    expect(item('Project 12')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of saved projects' })).toHaveTextContent('Page 2 of 2');
  });

  test('a page opened at its address shows that page', async () => {
    serveProjects(TWELVE);
    await openPage('/saved-projects?page=2');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Project 11' })).toBeInTheDocument());
    expect(screen.queryByRole('listitem', { name: 'Project 1' })).not.toBeInTheDocument();
  });

  test('Delete asks first; while it runs the project shows it is being deleted; then the list is read again without it', async () => {
    const service = serveProjects(TWELVE);
    let release: () => void = () => {};
    server.use(
      http.delete(apiUrl('projects', '/api/v2/project/:id'), async ({ params }) => {
        await new Promise<void>((resolve) => (release = resolve));
        service.projects = service.projects.filter((p) => p.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPage();
    await list();
    await user.click(within(item('Project 3')).getByRole('button', { name: 'Delete Project 3' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this project?' });
    expect(dialog).toHaveTextContent('“Project 3” will be deleted. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(item('Project 3')).not.toHaveTextContent('Deleting…');

    await user.click(within(item('Project 3')).getByRole('button', { name: 'Delete Project 3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(item('Project 3')).toHaveTextContent('Deleting…'));
    expect(item('Project 3')).toHaveAttribute('aria-busy', 'true');
    expect(within(item('Project 3')).queryByRole('link', { name: 'Continue Project 3' })).not.toBeInTheDocument();

    release();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Project 3' })).not.toBeInTheDocument());
    // The page is read again: the first project of page 2 moved up, and the total is one less.
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    expect(item('Project 11')).toBeInTheDocument();
    expect(screen.getByText('11 saved projects')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('“Project 3” was deleted.');
  });

  test('a delete that fails marks that project failed, with Try again, and the list is unchanged', async () => {
    const service = serveProjects(TWELVE, { failDeleteOf: [TWELVE[1]!.id] });
    const { user } = await openPage();
    await list();
    await user.click(within(item('Project 2')).getByRole('button', { name: 'Delete Project 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete project' }));

    const failed = item('Project 2');
    expect(await within(failed).findByRole('alert')).toHaveTextContent('This project could not be deleted.');
    expect(within(item('Project 1')).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);

    service.failDeleteOf.clear();
    await user.click(within(failed).getByRole('button', { name: 'Try deleting Project 2 again' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Project 2' })).not.toBeInTheDocument());
    expect(service.deletes).toEqual([TWELVE[1]!.id, TWELVE[1]!.id]);
  });

  test('deleting the only project of the last page shows the page before', async () => {
    serveProjects(Array.from({ length: 11 }, (_, i) => project(i + 1)));
    const { user } = await openPage('/saved-projects?page=2');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Project 11' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Project 11' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Project 1' })).toBeInTheDocument());
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pages of saved projects' })).not.toBeInTheDocument();
  });

  test('no projects: says so and how to make one', async () => {
    serveProjects([]);
    await openPage();
    expect(await screen.findByText('You have no saved projects')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('a list that cannot be loaded says so, and Try again loads it', async () => {
    const service = serveProjects(TWELVE, { failList: true });
    const { user } = await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Your saved projects could not be loaded');
    service.failList = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
  });

  test('reads in German with a German date', async () => {
    serveProjects(TWELVE);
    // The default namespace comes with the page in the app; the page's own texts load from public/ as there.
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    const view = renderApp('/saved-projects', { config: { printsEditorUrl: EDITOR_URL } });
    // The channel's locale, before the route's loader (which runs after the sign-in check) loads its date formats.
    view.services.locale = 'de-DE';
    const first = await screen.findByRole('listitem', { name: 'Project 1' });
    await waitForCondition(() => expect(first).toHaveTextContent('Fotoabzüge'));
    expect(first).toHaveTextContent('Zuletzt gespeichert am 27. Okt. 2026');
    expect(within(first).getByRole('button', { name: 'Project 1 löschen' })).toBeInTheDocument();
  });

  test('shows each project with its cover or a drawing of its product, named in the page\'s language, never by its article code', async () => {
    const cover = { url: 'https://blobs.example/photos/c1/p1/300.jpg', width: 300, height: 225 };
    serveProjects([
      project(1, { thumbnailPhotoId: 'p1', cover }),
      project(2, { productCode: 'PHB_A4L', pageCount: 40, thumbnailPhotoId: 'p-deleted' }),
      project(3, { productCode: 'CAL_A3', pageCount: 13 }),
      project(4, { productCode: 'PB_A4_HARD', pageCount: 24 }),
    ]);
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    const view = renderApp('/saved-projects', { config: { printsEditorUrl: EDITOR_URL } });
    view.services.locale = 'de-DE';
    const first = await screen.findByRole('listitem', { name: 'Project 1' });

    // The customer's photo, at the left of the project's name.
    const picture = first.querySelector('[data-product-picture]');
    expect(picture).toHaveAttribute('data-product-picture', 'photo');
    expect(picture?.querySelector('img')).toHaveAttribute('src', cover.url);
    expect(first.firstElementChild).toBe(picture);
    await waitForCondition(() => expect(first).toHaveTextContent('Fotoabzüge 10x15'));
    // No photo: a drawing of the kind of product, and the product's German name.
    expect(item('Project 2').querySelector('[data-product-picture]')).toHaveAttribute('data-product-picture', 'photobook');
    expect(item('Project 2')).toHaveTextContent('Fotobuch A4 quer, Hardcover');
    expect(item('Project 2')).toHaveTextContent('40 Seiten');
    expect(item('Project 3')).toHaveTextContent('Wandkalender A3');
    // An article the catalogue does not know is a photo product, not its code.
    expect(item('Project 4')).toHaveTextContent('Fotoprodukt');
    expect(document.body.textContent).not.toMatch(/\b[A-Z]{3}_\w+\b|PB_A4_HARD/);
  });
});
