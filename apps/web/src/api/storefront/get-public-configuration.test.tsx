import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { HttpError } from '../../lib/http/errors';
import { apiUrl, configuredRoutes } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

const faqLink = () => screen.getByRole('link', { name: /^FAQs/ });

describe('storefront public configuration', () => {
  test('is fetched per vendor without a token, and its FAQ address is used in the menu', async () => {
    const requests: Request[] = [];
    server.use(
      http.get(apiUrl('configuration', '/:vendorId'), ({ request, params }) => {
        requests.push(request);
        return HttpResponse.json({ vendorId: params.vendorId, menus: { top: [], main: [], footer: [] }, routes: configuredRoutes });
      }),
    );
    renderApp('/');

    await screen.findByRole('navigation', { name: 'Account menu' });
    await waitForCondition(() => expect(faqLink()).toHaveAttribute('href', 'https://shop.example.test/support/faq'));
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/configuration/printhaven-gb']);
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  test('when the call fails, the fallback is used: the FAQ still points to the storefront FAQ of the default channel', async () => {
    server.use(http.get(apiUrl('configuration', '/:vendorId'), () => new HttpResponse('upstream down', { status: 503 })));
    const { reporter } = renderApp('/');

    await screen.findByRole('navigation', { name: 'Account menu' });
    // The failure reaches the error reporter, and the screen carries on with the conventional addresses.
    await waitForCondition(() =>
      expect(reporter.report).toHaveBeenCalledWith(expect.any(HttpError), expect.objectContaining({ url: 'http://api.test/configuration/printhaven-gb' })),
    );
    expect(faqLink()).toHaveAttribute('href', 'https://www.printhaven.co.uk/help/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'My account overview' })).toBeInTheDocument();
  });

  test('when the configuration service cannot be reached, the fallback follows the channel of the host', async () => {
    const requests: string[] = [];
    server.use(
      http.get(apiUrl('configuration', '/:vendorId'), ({ request }) => {
        requests.push(new URL(request.url).pathname);
        return HttpResponse.error();
      }),
    );
    renderApp('/?channel=www.albumly.nl');

    await screen.findByRole('navigation', { name: 'Account menu' });
    await waitForCondition(() => expect(requests).toEqual(['/configuration/albumly-nl']));
    await waitForCondition(() => expect(faqLink()).toHaveAttribute('href', 'https://www.albumly.nl/help/faq'));
  });

  test('an answer that does not match the contract also falls back', async () => {
    server.use(http.get(apiUrl('configuration', '/:vendorId'), () => HttpResponse.json({ vendorId: 'printhaven-gb', routes: { faq: 'not a url' } })));
    const { reporter } = renderApp('/');

    await screen.findByRole('navigation', { name: 'Account menu' });
    await waitForCondition(() => expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to parse response!' }), expect.anything()));
    expect(faqLink()).toHaveAttribute('href', 'https://www.printhaven.co.uk/help/faq');
  });
});
