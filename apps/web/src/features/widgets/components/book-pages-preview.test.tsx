import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp, TEST_ACCESS_TOKEN } from '../../../test/render-app';
import { book, bookPhoto, serveWidgets } from '../test/serve-widgets';

const BOOK = book(1, { title: 'Summer in Porto', productCode: 'ORD-PORTO' });
/** Eight pages: a caption on the first and the fourth, one or two photos on each but the last. */
const PAGES = [
  { caption: 'Day one', photos: [bookPhoto('p1', 800, 533), bookPhoto('p2', 533, 800)] },
  ...[2, 3].map((n) => ({ caption: null, photos: [bookPhoto(`p${n + 1}`, 800, 533)] })),
  { caption: 'The river', photos: [bookPhoto('p5', 800, 533)] },
  ...[5, 6, 7].map((n) => ({ caption: null, photos: [bookPhoto(`p${n + 1}`, 800, 533)] })),
  { caption: null, photos: [] },
];

const pagesSection = () => screen.findByRole('region', { name: 'Pages of this book' });
const bookReads = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname.endsWith(`/v1/widget/${BOOK.widgetId}`));

describe('the pages of the book on its share screen', () => {
  test('reads the book by its id and shows its first six pages, each by its first photo and caption, then how many more there are', async () => {
    const service = serveWidgets([BOOK], { pages: { [BOOK.widgetId]: PAGES } });
    renderApp('/online-products/ORD-PORTO');

    const section = await pagesSection();
    const pages = await within(section).findAllByRole('listitem');
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual(['Page 1: Day one', 'Page 2', 'Page 3', 'Page 4: The river', 'Page 5', 'Page 6']);
    expect(pages[0]!.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.test/p1.jpg');
    expect(pages[0]!.querySelector('img')?.getAttribute('srcset')).toContain('https://cdn.example.test/p1.jpg?size=300 300w');
    expect(within(section).getByText('…and 2 more pages')).toBeInTheDocument();
    const [read] = bookReads(service.requests);
    expect(read!.headers.get('authorization')).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });

  test('a refused token (401) reads as no book: the screen says the customer was signed out and signs them in again back to it, without reporting a failure', async () => {
    const service = serveWidgets([BOOK], { pages: { [BOOK.widgetId]: PAGES } });
    service.bookStatus = 401;
    const { user, auth, reporter } = renderApp('/online-products/ORD-PORTO');

    const section = await pagesSection();
    expect(await within(section).findByText('You have been signed out, so the pages of this book cannot be shown. Sign in again to see them.')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
    // The rest of the screen stands: the share form is still there to be used once signed in.
    expect(screen.getByRole('form', { name: 'Share “Summer in Porto”' })).toBeInTheDocument();
    expect(reporter.report).not.toHaveBeenCalled();
    expect(auth.signOut).not.toHaveBeenCalled();

    await user.click(within(section).getByRole('button', { name: 'Sign in again' }));
    expect(auth.signIn).toHaveBeenCalledWith('/online-products/ORD-PORTO');
  });

  test('says so while the pages load; a failure other than 401 is a failure, offered again', async () => {
    const service = serveWidgets([BOOK], { pages: { [BOOK.widgetId]: PAGES } });
    let release = () => {};
    service.bookGate = new Promise<void>((resolve) => (release = resolve));
    const { user, reporter } = renderApp('/online-products/ORD-PORTO');

    const section = await pagesSection();
    expect(within(section).getByRole('status')).toHaveTextContent('Loading the pages of this book…');
    service.bookStatus = 500;
    release();
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The pages of this book could not be loaded.');
    expect(reporter.report).toHaveBeenCalled();

    service.bookStatus = undefined;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByRole('listitem')).toHaveLength(6);
    expect(within(section).queryByText(/more page/)).toBeInTheDocument();
  });

  test('a book of a few pages shows them all, with no count of more', async () => {
    serveWidgets([BOOK], { pages: { [BOOK.widgetId]: PAGES.slice(0, 2) } });
    renderApp('/online-products/ORD-PORTO');

    const section = await pagesSection();
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    expect(within(section).queryByText(/more page/)).toBeNull();
  });
});
