import { screen } from '@testing-library/react';
import { describe, expect, onTestFinished, test } from 'vitest';
import { server } from '../../../test/msw-server';
import { daysAgo, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

/** Every GET /OrderDeliveryDates/{id} from now on, by order code. */
function watchDeliveryDateRequests(): string[] {
  const asked: string[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const match = /\/OrderDeliveryDates\/([^/?]+)/.exec(request.url);
    if (match) asked.push(decodeURIComponent(match[1]!));
  };
  server.events.on('request:start', onStart);
  onTestFinished(() => server.events.removeListener('request:start', onStart));
  return asked;
}

const dates = { orderCode: 'SO-1001', earliest: daysAgo(-3), latest: daysAgo(-5) };

describe('the expected delivery dates of an order', () => {
  test('are asked for while the order is on its way to being sent', async () => {
    const asked = watchDeliveryDateRequests();
    const fake = serveOrders([superOrder({ status: 'ProductionStarted' })]);
    fake.deliveryDates.set('SO-1001', dates);
    renderApp('/orders/SO-1001');

    expect(await screen.findByText(/^Expected delivery between/)).toBeInTheDocument();
    expect(asked).toEqual(['SO-1001']);
  });

  test.each(['Cancelled', 'Dispatched'] as const)('are not asked for once the order is %s: the service has none (404), and the browser would log it as an error', async (status) => {
    const asked = watchDeliveryDateRequests();
    serveOrders([superOrder({ status, tracking: null })]);
    const { reporter } = renderApp('/orders/SO-1001');

    // The reorder status is asked for beside the dates, from the same screen: once it shows, both have been.
    await screen.findByRole('heading', { level: 2, name: 'Order again' });
    expect(asked).toEqual([]);
    expect(reporter.report).not.toHaveBeenCalled();
  });

  test('an order cancelled while its screen is open shows its dates no more, and they are not asked for again', async () => {
    const asked = watchDeliveryDateRequests();
    const fake = serveOrders([superOrder({ status: 'Confirmed' })]);
    fake.deliveryDates.set('SO-1001', dates);
    renderApp('/orders/SO-1001');
    await screen.findByText(/^Expected delivery between/);
    await waitForCondition(() => expect(fake.listening).toHaveLength(1));

    fake.deliveryDates.delete('SO-1001');
    fake.push('SO-1001', 'Cancelled');

    await waitForCondition(() => expect(screen.queryByText(/^Expected delivery/)).toBeNull());
    expect(asked).toEqual(['SO-1001']);
  });
});
