import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { daysAgo, orderProduct, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

describe("the Overview's latest order", () => {

  test('shows the newest order in progress with its status and a link to it', async () => {
    serveOrders([
      superOrder({ orderCode: 'SO-SENT', createdAt: daysAgo(1), status: 'Dispatched', products: [orderProduct({ status: 'Dispatched', paymentChangedDate: daysAgo(20) })] }),
      superOrder({
        orderCode: 'SO-MAKING',
        createdAt: daysAgo(5),
        status: 'ProductionStarted',
        picture: { url: 'https://photos.example/p1-300.jpg', width: 300, height: 225 },
        products: [orderProduct({ articleName: 'CAL_A3', title: 'Wall calendar A3' }), orderProduct({ code: 'P-2', articleName: 'PAP_910', title: 'Photo prints 10x15' })],
      }),
      superOrder({ orderCode: 'SO-OLDER', createdAt: daysAgo(8), status: 'Confirmed' }),
    ]);
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'Your latest order' });
    expect(within(card).getByText('In production')).toBeInTheDocument();
    expect(within(card).getByText('Wall calendar A3 and 1 more')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://photos.example/p1-300.jpg');
    expect(within(card).getByRole('link', { name: 'View order SO-MAKING' })).toHaveAttribute('href', '/orders/SO-MAKING');
  });

  test('shows nothing when no order is in progress', async () => {
    const fake = serveOrders([superOrder({ orderCode: 'SO-OLD', createdAt: daysAgo(45), status: 'Dispatched' })]);
    renderApp('/');
    await screen.findByText('Hello Ada');
    await waitForCondition(() => expect(fake.listRequests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Your latest order' })).toBeNull();
  });
});
