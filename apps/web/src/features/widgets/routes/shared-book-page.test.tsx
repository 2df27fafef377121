import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { problem, sharedBook, widgetsUrl } from '../test/serve-widgets';

const TOKEN = 'k7Qp2v9XbN4sLm8RtY6wZa3cDe5fGh1J';
const SHARED_URL = widgetsUrl('/shared-books/:token');

function serveShared(answer: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.get(SHARED_URL, ({ request }) => {
      requests.push(request);
      return answer();
    }),
  );
  return requests;
}

afterEach(async () => {
  await i18next.changeLanguage('en-GB');
});

const turnPages = () => screen.getByRole('navigation', { name: 'Turn the pages' });
/** The numbers of the pages shown (not those lying unseen under them, which nobody reads). */
const shownPages = () => [1, 2, 3, 4, 5].filter((n) => screen.queryByRole('region', { name: `Page ${n}` }));
/** The images drawn (seen, or lying unseen under what is shown), by their page-size address: pages put away are not drawn, so theirs are not fetched. */
const drawnImages = () => [...document.querySelectorAll('img')].filter((img) => !img.closest('[hidden]')).map((img) => img.getAttribute('src'));

describe('the shared photo book page', () => {
  test('opens on the book’s cover, for anyone holding the link: title, sender, message and the cover photo in the sizes it has', async () => {
    const requests = serveShared(() => HttpResponse.json(sharedBook()));
    const { auth } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer in Porto' })).toBeInTheDocument();
    expect(screen.getByText('Emma Janssen shared this photo book with you.')).toBeInTheDocument();
    expect(screen.getByText('Our trip, for you')).toBeInTheDocument();
    expect(screen.getByText(/This link works until 22 February 2027/)).toBeInTheDocument();

    const cover = screen.getByRole('img', { name: 'Cover of Summer in Porto' });
    expect(cover).toHaveAttribute('src', 'https://cdn.example.test/cover.jpg');
    expect(cover).toHaveAttribute('srcset', 'https://cdn.example.test/cover.jpg?size=300 300w, https://cdn.example.test/cover.jpg 800w, https://cdn.example.test/cover.jpg?size=1300 1300w');
    expect(cover.getAttribute('sizes')).toMatch(/^auto, /);
    expect(within(turnPages()).getByText('Cover')).toBeInTheDocument();
    expect(within(turnPages()).getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(turnPages()).getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'false');
    // No page is shown yet; only the first spread's photos lie ready under the cover, not the whole book's.
    expect(shownPages()).toEqual([]);
    expect(drawnImages().sort()).toEqual(['https://cdn.example.test/cover.jpg', 'https://cdn.example.test/p1.jpg', 'https://cdn.example.test/p2.jpg', 'https://cdn.example.test/p3.jpg']);

    // No sign-in and no token: the page is public.
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    expect(new URL(requests[0]!.url).pathname).toBe(`/widgets/v1/shared-books/${TOKEN}`);
  });

  test('on a wide screen, shows two facing pages at a time, turned with the buttons and the arrow keys, and says which', async () => {
    serveShared(() => HttpResponse.json(sharedBook()));
    const { user } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    await screen.findByRole('img', { name: 'Cover of Summer in Porto' });

    await user.click(within(turnPages()).getByRole('button', { name: 'Next page' }));
    expect(await within(turnPages()).findByText('Pages 1–2 of 5')).toBeInTheDocument();
    expect(shownPages()).toEqual([1, 2]);
    expect(screen.queryByRole('img', { name: /^Cover of/ })).not.toBeInTheDocument();
    const [first, second] = screen.getAllByRole('region', { name: /^Page \d$/ });
    expect(first).toHaveTextContent('Day one');
    const photos = within(first!).getAllByRole('img');
    expect(photos.map((p) => p.getAttribute('alt'))).toEqual(['Day one, photo 1 of 2', 'Day one, photo 2 of 2']);
    expect(photos[0]).toHaveAttribute('loading', 'lazy');
    expect(photos[0]).toHaveAttribute('src', 'https://cdn.example.test/p1.jpg');
    expect(photos[0]).toHaveAttribute('srcset', 'https://cdn.example.test/p1.jpg?size=300 300w, https://cdn.example.test/p1.jpg 800w, https://cdn.example.test/p1.jpg?size=1300 1300w');
    expect(photos[0]).toHaveAttribute('width', '800');
    expect(within(second!).getByRole('img')).toHaveAttribute('alt', 'Page 2, photo 1 of 1');
    expect(within(turnPages()).getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'false');

    await user.keyboard('{ArrowRight}');
    expect(await within(turnPages()).findByText('Pages 3–4 of 5')).toBeInTheDocument();
    expect(shownPages()).toEqual([3, 4]);
    // The odd last page stands alone; there is nothing after it.
    await user.keyboard('{ArrowRight}');
    expect(await within(turnPages()).findByText('Page 5 of 5')).toBeInTheDocument();
    expect(shownPages()).toEqual([5]);
    const next = within(turnPages()).getByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await user.keyboard('{ArrowRight}');
    expect(within(turnPages()).getByText('Page 5 of 5')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(await within(turnPages()).findByText('Pages 3–4 of 5')).toBeInTheDocument();
    await user.click(within(turnPages()).getByRole('button', { name: 'Previous page' }));
    await user.click(within(turnPages()).getByRole('button', { name: 'Previous page' }));
    expect(await within(turnPages()).findByText('Cover')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Summer in Porto' })).toBeInTheDocument();
  });

  test('on a phone, shows one page at a time', async () => {
    serveShared(() => HttpResponse.json(sharedBook()));
    const { user } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined, smallScreen: true });
    await screen.findByRole('img', { name: 'Cover of Summer in Porto' });
    await user.keyboard('{ArrowRight}');
    expect(await within(turnPages()).findByText('Page 1 of 5')).toBeInTheDocument();
    expect(shownPages()).toEqual([1]);
    await user.click(within(turnPages()).getByRole('button', { name: 'Next page' }));
    expect(await within(turnPages()).findByText('Page 2 of 5')).toBeInTheDocument();
    expect(shownPages()).toEqual([2]);
  });

  test('a book whose cover photo is gone still opens on its cover, with its title', async () => {
    serveShared(() => HttpResponse.json(sharedBook({ cover: null })));
    renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await within(await screen.findByRole('navigation', { name: 'Turn the pages' })).findByText('Cover')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Cover of/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('Summer in Porto')).toHaveLength(2);
  });

  test('a message left empty is not shown as an empty quote', async () => {
    serveShared(() => HttpResponse.json(sharedBook({ personalMessage: '' })));
    renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    await screen.findByRole('heading', { level: 1, name: 'Summer in Porto' });
    expect(document.querySelector('blockquote')).toBeNull();
  });

  test.each([
    ['expired or unknown', 404],
    ['malformed', 400],
  ])('a %s link says the link no longer opens a book', async (_label, status) => {
    serveShared(() => problem(status, status === 404 ? 'not_found' : 'bad_request'));
    renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText('The link may have expired, or the photo book was deleted. Ask the person who shared it to send it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('a failure of the service says so, and Try again loads the book', async () => {
    let fail = true;
    serveShared(() => (fail ? problem(500, 'internal') : HttpResponse.json(sharedBook())));
    const { user } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The photo book could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer in Porto' })).toBeInTheDocument();
  });

  test('reads in German', async () => {
    serveShared(() => HttpResponse.json(sharedBook()));
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    const { user } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await screen.findByText('Emma Janssen hat dieses Fotobuch mit Ihnen geteilt.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Blättern' });
    expect(within(nav).getByText('Einband')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Nächste Seite' }));
    expect(await within(nav).findByText('Seiten 1–2 von 5')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: /^Seite \d$/ })).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: 'Vorherige Seite' })).toHaveAttribute('aria-disabled', 'false');
  });
});
