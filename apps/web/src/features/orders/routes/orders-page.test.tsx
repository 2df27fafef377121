import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { describe, expect, test } from 'vitest';
import { daysAgo, orderProduct, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';
import { CONDITION_TIMEOUT_MS } from '../../../test/wait';

const section = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) => within(within(section(name)).getByRole('list')).getAllByRole('listitem');

describe('/orders', () => {
  test('splits the orders into in progress and history by the 30-day and 14-day rules, each row with its code, products by name, date, count, total, source and status', async () => {
    const newestDate = daysAgo(3);
    serveOrders([
      superOrder({ orderCode: 'SO-NEW', createdAt: newestDate, status: 'Received', source: 'Resnap' }),
      superOrder({
        orderCode: 'SO-SENT-RECENTLY',
        createdAt: daysAgo(20),
        status: 'Dispatched',
        products: [orderProduct({ status: 'Dispatched', paymentChangedDate: daysAgo(10) }), orderProduct({ code: 'P-2', status: 'Dispatched' })],
      }),
      superOrder({ orderCode: 'SO-SENT-LONG-AGO', createdAt: daysAgo(25), status: 'Dispatched', products: [orderProduct({ status: 'Dispatched', paymentChangedDate: daysAgo(15) })] }),
      superOrder({ orderCode: 'SO-OLD', createdAt: daysAgo(31), status: 'Cancelled' }),
    ]);
    renderApp('/orders');

    await screen.findByRole('heading', { level: 2, name: 'Orders in progress' });
    expect(rowsOf('Orders in progress').map((row) => within(row).getByRole('heading').textContent)).toEqual(['Order SO-NEW', 'Order SO-SENT-RECENTLY']);
    expect(rowsOf('Order history').map((row) => within(row).getByRole('heading').textContent)).toEqual(['Order SO-SENT-LONG-AGO', 'Order SO-OLD']);

    const [newest, sentRecently] = rowsOf('Orders in progress') as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole('link', { name: 'Order SO-NEW' })).toHaveAttribute('href', '/orders/SO-NEW');
    expect(newest).toHaveTextContent('1 product');
    expect(newest).toHaveTextContent('Source: Reorder');
    expect(newest).toHaveTextContent('Photo book A4');
    expect(newest).toHaveTextContent('£29.99');
    expect(newest).toHaveTextContent('Awaiting payment');
    expect(newest).toHaveTextContent(`Ordered on ${format(new Date(newestDate), 'PPP', { locale: enGB })}`);
    expect(sentRecently).toHaveTextContent('2 products');
    expect(sentRecently).toHaveTextContent('Photo book A4 and 1 more');
    expect(sentRecently).not.toHaveTextContent('Source:');
    expect(sentRecently).toHaveTextContent('Sent');
    expect(within(section('Order history')).getByText('Cancelled')).toBeInTheDocument();
  });

  test('reads every order in pages of 100 until the total', async () => {
    const orders = Array.from({ length: 201 }, (_, i) => superOrder({ orderCode: `SO-${String(i).padStart(3, '0')}`, createdAt: daysAgo(40 + i) }));
    const fake = serveOrders(orders);
    // No push channel: its (re)authentication reads the list again, which is not what this test counts.
    fake.authenticateAtOnce = false;
    renderApp('/orders');

    // Role queries over 250 rows are slow in jsdom; the text is as good a sign that the last page is shown.
    // Three pages of 250 rows each rendered in jsdom: twice a condition's usual wait on a busy machine.
    await screen.findByText('Order SO-200', undefined, { timeout: 2 * CONDITION_TIMEOUT_MS });
    expect(fake.listRequests.map((q) => [q.get('Offset'), q.get('Limit'), q.get('OrderState')])).toEqual([
      ['0', '100', 'notExpired'],
      ['100', '100', 'notExpired'],
      ['200', '100', 'notExpired'],
    ]);
    expect(within(section('Order history')).getAllByRole('link')).toHaveLength(201);
    expect(within(section('Orders in progress')).getByText('You have no orders in progress.')).toBeInTheDocument();
    expect(screen.queryByText('Loading more orders…')).not.toBeInTheDocument();
  }, 30_000);

  test('a customer without orders is told so', async () => {
    serveOrders([]);
    renderApp('/orders');
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('list')).toBeNull();
  });

  test('a list that cannot be read says so and can be tried again', async () => {
    const fake = serveOrders([superOrder()]);
    fake.listStatus = 500;
    const { user } = renderApp('/orders');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded. Please try again.');
    fake.listStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Order SO-1001' })).toBeInTheDocument();
  });

  test('shows a spinner while the orders load', async () => {
    serveOrders([superOrder()]);
    renderApp('/orders');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your orders…');
    expect(await screen.findByRole('link', { name: 'Order SO-1001' })).toBeInTheDocument();
  });
});
