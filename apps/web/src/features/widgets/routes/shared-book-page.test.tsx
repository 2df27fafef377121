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

describe('the shared photo book page', () => {
  test('shows the book to anyone holding the link: title, sender, message and every page’s photos, lazily, with alt text', async () => {
    const requests = serveShared(() => HttpResponse.json(sharedBook()));
    const { auth } = renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer in Porto' })).toBeInTheDocument();
    expect(screen.getByText('Emma Janssen shared this photo book with you.')).toBeInTheDocument();
    expect(screen.getByText('Our trip, for you')).toBeInTheDocument();

    const pages = screen.getAllByRole('region', { name: /^Page \d$/ });
    expect(pages).toHaveLength(2);
    expect(pages[0]).toHaveTextContent('Day one');
    const photos = within(pages[0]!).getAllByRole('img');
    expect(photos.map((p) => p.getAttribute('alt'))).toEqual(['Day one, photo 1 of 2', 'Day one, photo 2 of 2']);
    expect(photos[0]).toHaveAttribute('loading', 'lazy');
    expect(photos[0]).toHaveAttribute('src', 'https://cdn.example.test/p1.jpg');
    expect(photos[0]).toHaveAttribute('width', '1200');
    expect(within(pages[1]!).getByRole('img')).toHaveAttribute('alt', 'Page 2, photo 1 of 1');
    expect(screen.getByText(/This link works until 22 February 2027/)).toBeInTheDocument();

    // No sign-in and no token: the page is public.
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    expect(new URL(requests[0]!.url).pathname).toBe(`/widgets/v1/shared-books/${TOKEN}`);
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
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('The photo book could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer in Porto' })).toBeInTheDocument();
  });

  test('reads in German', async () => {
    serveShared(() => HttpResponse.json(sharedBook()));
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    renderApp(`/shared-photo-book/${TOKEN}`, { identity: undefined });
    expect(await screen.findByText('Emma Janssen hat dieses Fotobuch mit Ihnen geteilt.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: /^Seite \d$/ })).toHaveLength(2);
  });
});
