import type { AccountOrderList } from '@shoebox/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test } from 'vitest';
import { apiUrl, consumerIdentity } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';
import { serveWidgets } from '../test/serve-widgets';

const group = (code: string, articleNames: string[]) => ({ code, name: code, articleNames, orderCutoff: '14:00', timeZone: 'Europe/London', productionDays: 3 });
const item = (n: number, articleName: string, createdAt: string) => ({ id: `SO-${n}-01`, orderCode: `SO-${n}`, articleName, status: 'Dispatched' as const, createdAt });

/** The article groups, and the orders service's products by account: what each request asked, and an answer per call. */
function serveOrdersByAccount(groups: ReturnType<typeof group>[], answer: () => Response | Promise<Response>) {
  const asked: URL[] = [];
  server.use(
    http.get(apiUrl('orders', '/v1/ArticleGroup'), () => HttpResponse.json({ items: groups })),
    http.get(apiUrl('orders', '/orders/byAccount/:accountId'), ({ request }) => {
      asked.push(new URL(request.url));
      return answer();
    }),
  );
  return asked;
}
const list = (o: AccountOrderList) => () => HttpResponse.json(o);
const section = () => screen.findByRole('region', { name: 'Photo books you ordered' });

describe('the photo books the customer ordered, on My online photo books', () => {
  test("asks for the customer's products of the photo-book group's articles only, and shows each by its name with the day and the way to its order", async () => {
    serveWidgets([]);
    const asked = serveOrdersByAccount(
      [group('PRINTS', ['PAP_910']), group('PHOTO_BOOKS', ['PHB_A4L', 'PHB_NEW'])],
      list({ items: [item(2, 'PHB_A4L', '2026-07-02T10:00:00.000Z'), item(1, 'PHB_NEW', '2026-03-15T10:00:00.000Z')], total: 2 }),
    );
    renderApp('/online-products');

    const found = await section();
    const rows = await within(found).findAllByRole('listitem');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe(`/orders/orders/byAccount/${consumerIdentity.customerId}`);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ articleNames: 'PHB_A4L,PHB_NEW', offset: '0', limit: '10' });

    // Named from the merchandise catalogue once it has answered.
    expect(await within(rows[0]!).findByText('Photo book A4 landscape, hardcover')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Ordered on 2 July 2026');
    expect(within(rows[0]!).getByRole('link', { name: 'View the order of Photo book A4 landscape, hardcover, ordered on 2 July 2026' })).toHaveAttribute('href', '/orders/SO-2');
    // An article the catalogue does not know is named for what it is, never by its code.
    expect(rows[1]).toHaveTextContent('Photo book');
    expect(rows[1]).not.toHaveTextContent('PHB_NEW');
    expect(within(found).queryByRole('link', { name: 'See them all in My orders' })).toBeNull();
  });

  test('more than the newest ten lead to My orders', async () => {
    serveWidgets([]);
    serveOrdersByAccount([group('PHOTO_BOOKS', ['PHB_A4L'])], list({ items: Array.from({ length: 10 }, (_, i) => item(i, 'PHB_A4L', '2026-07-02T10:00:00.000Z')), total: 12 }));
    renderApp('/online-products');

    const found = await section();
    expect(await within(found).findAllByRole('listitem')).toHaveLength(10);
    expect(within(found).getByRole('link', { name: 'See them all in My orders' })).toHaveAttribute('href', '/orders');
  });

  test('a customer who never ordered a photo book sees nothing of it; without a photo-book group nothing is asked', async () => {
    serveWidgets([]);
    const asked = serveOrdersByAccount([group('PHOTO_BOOKS', ['PHB_A4L'])], list({ items: [], total: 0 }));
    renderApp('/online-products');
    await screen.findByText('You have no online photo books yet');
    await waitForCondition(() => expect(asked).toHaveLength(1));
    await waitForCondition(() => expect(screen.queryByRole('region', { name: 'Photo books you ordered' })).toBeNull());
  });

  test('a catalogue without photo books asks nothing and shows nothing', async () => {
    serveWidgets([]);
    const asked = serveOrdersByAccount([group('PRINTS', ['PAP_910'])], list({ items: [item(1, 'PAP_910', '2026-07-02T10:00:00.000Z')], total: 1 }));
    const groupsRead = new Promise<void>((resolve) => {
      const onEnd = ({ request }: { request: Request }) => {
        if (request.url.includes('/v1/ArticleGroup')) resolve();
      };
      server.events.on('response:mocked', onEnd);
      onTestFinished(() => server.events.removeListener('response:mocked', onEnd));
    });
    renderApp('/online-products');
    await screen.findByText('You have no online photo books yet');
    await groupsRead;
    await waitForCondition(() => expect(screen.queryByText('Loading the photo books you ordered…')).toBeNull());
    expect(asked).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Photo books you ordered' })).toBeNull();
  });

  test('says so while they load, and a failure offers to try again', async () => {
    serveWidgets([]);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    serveOrdersByAccount([group('PHOTO_BOOKS', ['PHB_A4L'])], async () => {
      await gate;
      return fail ? HttpResponse.json({ status: 500, error: 'internal', message: 'internal', correlationId: 'c' }, { status: 500 }) : HttpResponse.json({ items: [item(1, 'PHB_A4L', '2026-07-02T10:00:00.000Z')], total: 1 });
    });
    const { user } = renderApp('/online-products');

    const found = await section();
    expect(within(found).getByRole('status')).toHaveTextContent('Loading the photo books you ordered…');
    release();
    const alert = await within(found).findByRole('alert');
    expect(alert).toHaveTextContent('The photo books you ordered could not be loaded.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(found).findByRole('link', { name: /^View the order of Photo book A4 landscape/ })).toHaveAttribute('href', '/orders/SO-1');
  });
});
