import { WIDGETS_PAGE_SIZE } from '@shoebox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { book, entryFor, problem, serveWidgets, widgetsUrl } from '../test/serve-widgets';

const THIRTEEN = Array.from({ length: 13 }, (_, i) => book(i + 1, i === 1 ? { productType: 'calendar', coverUrl: null } : {}));

async function openPage(path = '/online-products') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'My online photo books' });
  return view;
}
const list = () => screen.findByRole('list', { name: 'Your online photo books' });
const item = (name: string) => screen.getByRole('listitem', { name });
const searchOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

describe('My online photo books', () => {
  test(`shows ${WIDGETS_PAGE_SIZE} books a page with cover, title, page count and product type, Share, and pages on by offset`, async () => {
    const service = serveWidgets(THIRTEEN);
    const { user } = await openPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(WIDGETS_PAGE_SIZE);
    expect(screen.getByText('13 photo books')).toBeInTheDocument();

    const first = item('Book 1');
    expect(within(first).getByRole('img', { name: 'Cover of Book 1' })).toHaveAttribute('src', 'https://cdn.example.test/cover-1.jpg');
    expect(first).toHaveTextContent('Photo book');
    expect(first).toHaveTextContent('21 pages');
    expect(within(first).getByRole('link', { name: 'Share Book 1' })).toHaveAttribute('href', '/online-products/ORD-1001');
    // A book whose cover photo is gone says so instead of a broken image.
    expect(item('Book 2')).toHaveTextContent('Calendar');
    expect(within(item('Book 2')).queryByRole('img')).not.toBeInTheDocument();
    expect(item('Book 2')).toHaveTextContent('No cover photo');

    const lists = () => service.requests.filter((r) => new URL(r.url).pathname.endsWith('/widgets/me'));
    expect(searchOf(lists()[0]!)).toEqual({ offset: '0', limit: String(WIDGETS_PAGE_SIZE) });
    const pager = screen.getByRole('navigation', { name: 'Pages of photo books' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await user.click(within(pager).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Book 13' })).toBeInTheDocument());
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
    expect(searchOf(lists().at(-1)!)).toEqual({ offset: String(WIDGETS_PAGE_SIZE), limit: String(WIDGETS_PAGE_SIZE) });
  });

  test('says it is loading while the list is on its way', async () => {
    serveWidgets(THIRTEEN);
    let release: () => void = () => {};
    server.use(
      http.get(widgetsUrl('/widgets/me'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ items: [book(1)], total: 1 });
      }),
    );
    await openPage();
    expect((await screen.findByText('Loading your photo books…')).closest('[role=status]')).not.toBeNull();
    release();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  });

  test('no books: says so and where they come from', async () => {
    serveWidgets([]);
    await openPage();
    expect(await screen.findByText('You have no online photo books yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('a list that cannot be loaded says so, and Try again loads it', async () => {
    const service = serveWidgets(THIRTEEN, { failList: true });
    const { user } = await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Your photo books could not be loaded');
    service.failList = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(WIDGETS_PAGE_SIZE);
  });

  test('Delete asks first, then deletes the book and reads the list again without it', async () => {
    const service = serveWidgets(THIRTEEN);
    const { user } = await openPage();
    await list();
    await user.click(within(item('Book 3')).getByRole('button', { name: 'Delete Book 3' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this photo book?' });
    expect(dialog).toHaveTextContent('“Book 3” will be deleted, with its share links and its gallery entry. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(service.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(item('Book 3')).getByRole('button', { name: 'Delete Book 3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete photo book' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Book 3' })).not.toBeInTheDocument());
    expect(item('Book 13')).toBeInTheDocument();
    expect(screen.getByText('12 photo books')).toBeInTheDocument();
    expect(screen.getByText('“Book 3” was deleted.')).toBeInTheDocument();
  });

  test('a delete that fails says so on that book, with Try again, and the book stays', async () => {
    const service = serveWidgets(THIRTEEN, { failDeleteOf: [THIRTEEN[1]!.widgetId] });
    const { user } = await openPage();
    await list();
    await user.click(within(item('Book 2')).getByRole('button', { name: 'Delete Book 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete photo book' }));
    expect(await within(item('Book 2')).findByText('This photo book could not be deleted.')).toBeInTheDocument();
    expect(within(item('Book 1')).queryByText('This photo book could not be deleted.')).not.toBeInTheDocument();

    service.failDeleteOf.clear();
    await user.click(within(item('Book 2')).getByRole('button', { name: 'Try deleting Book 2 again' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Book 2' })).not.toBeInTheDocument());
  });

  test('Add to gallery: picks a category from the service, shows the creation in progress, then the book in the gallery', async () => {
    const service = serveWidgets(THIRTEEN);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const posted: unknown[] = [];
    server.use(
      http.post(widgetsUrl('/galleryentries'), async ({ request }) => {
        const body = (await request.json()) as { categoryId: string; title: string };
        posted.push(body);
        await gate;
        const entry = { ...entryFor(THIRTEEN[0]!, body.categoryId), title: body.title };
        service.entries.set(entry.id, entry);
        return HttpResponse.json(entry, { status: 201 });
      }),
    );
    const { user } = await openPage();
    await list();
    expect(item('Book 1')).toHaveTextContent('Not in the gallery');
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Add Book 1 to the gallery' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to the gallery' });
    const category = await within(dialog).findByRole('combobox', { name: 'Category' });
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a category', 'Family', 'Travel', 'Wedding', 'Baby', 'Celebrations', 'Nature', 'Pets', 'Other']);
    expect(within(dialog).getByRole('textbox', { name: 'Title in the gallery' })).toHaveValue('Book 1');
    // Checked on submit: a category is needed.
    await user.click(within(dialog).getByRole('button', { name: 'Add to gallery' }));
    expect(within(dialog).getByText('Please choose a category')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.selectOptions(category, 'Travel');
    await user.click(within(dialog).getByRole('button', { name: 'Add to gallery' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(item('Book 1')).findByText('Adding to the gallery…')).toBeInTheDocument();
    await waitFor(() => expect(posted).toEqual([{ widgetId: THIRTEEN[0]!.widgetId, categoryId: 'travel', title: 'Book 1', channel: 'www.printhaven.co.uk' }]));
    release();
    expect(await within(item('Book 1')).findByText('Added to the gallery.')).toBeInTheDocument();
    await waitFor(() => expect(item('Book 1')).toHaveTextContent('In the gallery under Travel'));
    expect(within(item('Book 1')).getByRole('button', { name: 'Change the gallery entry of Book 1' })).toBeInTheDocument();
    expect(within(item('Book 1')).queryByRole('button', { name: 'Add Book 1 to the gallery' })).not.toBeInTheDocument();
    expect(within(item('Book 2')).queryByText('Added to the gallery.')).not.toBeInTheDocument();
  });

  test('a published book reads its entry (reading, then its category); a read that fails says so and can be retried', async () => {
    const published = book(1, { galleryEntryId: 'entry-0001' });
    const service = serveWidgets([published, book(2)], { entries: [entryFor(published, 'family')] });
    service.galleryFailure.read = 500;
    const { user } = await openPage();
    await list();
    const failed = await within(item('Book 1')).findByText('The gallery entry could not be read.');
    expect(failed).toBeInTheDocument();
    delete service.galleryFailure.read;
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Try reading the gallery entry of Book 1 again' }));
    await waitFor(() => expect(item('Book 1')).toHaveTextContent('In the gallery under Family'));
    expect(within(item('Book 1')).queryByText('The gallery entry could not be read.')).not.toBeInTheDocument();
    expect(item('Book 2')).toHaveTextContent('Not in the gallery');
  });

  test('changing the entry’s category saves it with the storefront, and a failed save says so without touching the other books', async () => {
    const published = book(1, { galleryEntryId: 'entry-0001' });
    const service = serveWidgets([published, book(2)], { entries: [entryFor(published, 'family')] });
    service.galleryFailure.update = 500;
    const { user } = await openPage();
    await waitFor(() => expect(item('Book 1')).toHaveTextContent('In the gallery under Family'));

    await user.click(within(item('Book 1')).getByRole('button', { name: 'Change the gallery entry of Book 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the gallery entry' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Category' }), 'Nature');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(item('Book 1')).findByText('The gallery entry could not be saved.')).toBeInTheDocument();
    expect(item('Book 1')).toHaveTextContent('In the gallery under Family');

    delete service.galleryFailure.update;
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Change the gallery entry of Book 1' }));
    const again = await screen.findByRole('dialog', { name: 'Change the gallery entry' });
    await user.selectOptions(await within(again).findByRole('combobox', { name: 'Category' }), 'Nature');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(item('Book 1')).findByText('Gallery entry saved.')).toBeInTheDocument();
    expect(item('Book 1')).toHaveTextContent('In the gallery under Nature');
    const put = service.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(searchOf(put)).toEqual({ channel: 'www.printhaven.co.uk' });
    expect(await put.json()).toEqual({ categoryId: 'nature', title: 'Book 1' });
    expect(within(item('Book 2')).queryByRole('status')).not.toBeInTheDocument();
  });

  test('Remove from gallery removes the entry; a removal that fails keeps it and says so', async () => {
    const published = book(1, { galleryEntryId: 'entry-0001' });
    const service = serveWidgets([published], { entries: [entryFor(published, 'family')] });
    service.galleryFailure.delete = 500;
    const { user } = await openPage();
    await waitFor(() => expect(item('Book 1')).toHaveTextContent('In the gallery under Family'));
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Remove Book 1 from the gallery' }));
    expect(await within(item('Book 1')).findByText('Could not remove this photo book from the gallery.')).toBeInTheDocument();
    expect(item('Book 1')).toHaveTextContent('In the gallery under Family');

    delete service.galleryFailure.delete;
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Remove Book 1 from the gallery' }));
    expect(await within(item('Book 1')).findByText('Removed from the gallery.')).toBeInTheDocument();
    await waitFor(() => expect(item('Book 1')).toHaveTextContent('Not in the gallery'));
    expect(within(item('Book 1')).getByRole('button', { name: 'Add Book 1 to the gallery' })).toBeInTheDocument();
    expect(service.entries.size).toBe(0);
  });

  test('a book whose order is blocked says it cannot be published and offers no Add to gallery', async () => {
    const service = serveWidgets([book(1), book(2)], { blockedOrders: ['ORD-1002'] });
    await openPage();
    await list();
    expect(await within(item('Book 2')).findByText('This photo book cannot be published in the gallery.')).toBeInTheDocument();
    expect(within(item('Book 2')).queryByRole('button', { name: 'Add Book 2 to the gallery' })).not.toBeInTheDocument();
    expect(within(item('Book 1')).getByRole('button', { name: 'Add Book 1 to the gallery' })).toBeInTheDocument();
    // The blocked-order lookup is public: it carries no token.
    const lookup = service.requests.find((r) => new URL(r.url).pathname.endsWith('/blockedorders/ORD-1002'))!;
    expect(lookup.headers.has('authorization')).toBe(false);
  });

  test('an order blocked meanwhile: the refused creation says it cannot be published', async () => {
    const service = serveWidgets([book(1)]);
    const { user } = await openPage();
    await list();
    service.blocked.add('ORD-1001');
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Add Book 1 to the gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the gallery' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Category' }), 'Family');
    await user.click(within(dialog).getByRole('button', { name: 'Add to gallery' }));
    expect(await within(item('Book 1')).findByText('This photo book cannot be published in the gallery.')).toBeInTheDocument();
    expect(within(item('Book 1')).getByText('Could not add this photo book to the gallery.')).toBeInTheDocument();
  });

  test('a business customer is sent to the overview', async () => {
    serveWidgets(THIRTEEN);
    const { currentUrl } = renderApp('/online-products', { identity: 'business' });
    await waitFor(() => expect(currentUrl()).toBe('/'));
  });

  test('reads in German', async () => {
    serveWidgets(THIRTEEN);
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    renderApp('/online-products');
    const first = await screen.findByRole('listitem', { name: 'Book 1' });
    expect(first).toHaveTextContent('Fotobuch');
    expect(first).toHaveTextContent('21 Seiten');
    expect(within(first).getByRole('link', { name: 'Book 1 teilen' })).toBeInTheDocument();
  });

  test('an unknown failure of the categories says so in the dialog', async () => {
    serveWidgets([book(1)]);
    server.use(http.get(widgetsUrl('/categories'), () => problem(500, 'internal')));
    const { user } = await openPage();
    await list();
    await user.click(within(item('Book 1')).getByRole('button', { name: 'Add Book 1 to the gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the gallery' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The categories could not be loaded.');
  });
});
