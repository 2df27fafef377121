import { screen, within } from '@testing-library/react';
import { EXPERIMENTS_PATH } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { makePhoto, servePhotoLibrary } from '../../../test/photo-library';
import { daysAgo, serveOrders, superOrder } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';

async function cardTitles() {
  const main = screen.getByRole('main');
  await within(main).findByText(/^Hello /);
  return within(main)
    .getAllByRole('listitem')
    .filter((item) => !item.closest('section'))
    .map((item) => within(item).getByRole('link'));
}

const uploadedDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('overview', () => {
  beforeEach(() => {
    servePhotoLibrary(Array.from({ length: 8 }, (_, i) => makePhoto(`p${i + 1}`, { uploadEnd: uploadedDaysAgo(i + 1), name: `IMG_${i + 1}.jpg` })));
  });

  test('greets the consumer by first name and offers their areas', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account overview' })).toBeInTheDocument();

    const cards = await cardTitles();

    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/orders', '/my-photos', '/saved-projects', '/online-products', '/settings']);
    // The title and the sentence are separate flex items: a browser reads them with a space between.
    expect(cards[0]).toHaveAccessibleName(/^My orders\s?Follow your orders and see their delivery status\.$/);
    expect(cards[3]).toHaveTextContent('My online photo books');
  });

  test('a business customer gets invoices and no online photo books', async () => {
    renderApp('/', { identity: 'business' });
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });

    const cards = await cardTitles();

    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/orders', '/invoices', '/my-photos', '/saved-projects', '/settings']);
    expect(cards[1]).toHaveTextContent('Find and download your business invoices.');
  });

  test('leaves out photos when the timeline flag is off', async () => {
    renderApp('/', { flags: { PhotoManagementTimelineViewEnabled: false } });
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });

    const cards = await cardTitles();

    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/orders', '/saved-projects', '/online-products', '/settings']);
  });

  test("shows the photos' storage status and the six newest, each leading to its preview", async () => {
    renderApp('/');
    const photos = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(photos).findByText('Your photos are stored safely')).toBeInTheDocument();
    const newest = await within(photos).findByRole('list', { name: 'Your newest photos' });
    const links = within(newest).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => `/my-photos/photos/preview/${id}`));
    expect(within(newest).getByRole('img', { name: 'IMG_1.jpg' })).toHaveAttribute('src', 'http://img.test/p1-300.jpg');
    expect(within(photos).getByRole('link', { name: 'See all photos' })).toHaveAttribute('href', '/my-photos/photos');
  });

  test('a customer in the A/B test of the newest photos sees the two rows of their variation; one whose answer fails sees the control', async () => {
    servePhotoLibrary(Array.from({ length: 14 }, (_, i) => makePhoto(`p${i + 1}`, { uploadEnd: uploadedDaysAgo(i + 1), name: `IMG_${i + 1}.jpg` })));
    const limits: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/photos')) limits.push(new URL(request.url).searchParams.get('limit') ?? '');
    });
    server.use(http.get(apiUrl('customers', EXPERIMENTS_PATH), () => HttpResponse.json({ assignments: { 'overview-recent-photos': 1 } })));
    const { unmount } = renderApp('/');

    const photos = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(photos).findAllByRole('link', { name: /^IMG_/ })).toHaveLength(12);
    // One request, for the variation's number: the card waited for the answer rather than change under the customer's eyes.
    expect(limits).toEqual(['12']);
    unmount();

    server.use(http.get(apiUrl('customers', EXPERIMENTS_PATH), () => HttpResponse.json({ status: 500 }, { status: 500 })));
    renderApp('/');
    const control = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(control).findAllByRole('link', { name: /^IMG_/ })).toHaveLength(6);
    server.events.removeAllListeners();
  });

  test("on a small screen the account menu takes the overview's place, with the latest order and the newest photos under it", async () => {
    serveOrders([superOrder({ orderCode: 'SO-MAKING', createdAt: daysAgo(5), status: 'ProductionStarted' })]);
    renderApp('/', { smallScreen: true });
    await screen.findByRole('navigation', { name: 'Account menu' });
    expect(screen.queryByText('Here you can follow your orders, keep your photos and manage your account.')).not.toBeInTheDocument();
    const order = await screen.findByRole('region', { name: 'Your latest order' });
    expect(within(order).getByRole('link', { name: 'View order SO-MAKING' })).toHaveAttribute('href', '/orders/SO-MAKING');
    const photos = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(photos).findAllByRole('link', { name: /^IMG_/ })).toHaveLength(6);
  });

  test('a library about to be deleted says so on the Overview too, with the way to keep it', async () => {
    const inTenDays = new Date(Date.now() + 10.5 * 86_400_000).toISOString();
    server.use(
      http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () =>
        HttpResponse.json({ lastOrderDate: null, projectCount: 0, projectedDeletionDate: inTenDays, registrationDate: '2024-01-01T00:00:00Z' }),
      ),
    );
    renderApp('/');
    const photos = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(photos).findByRole('status')).toHaveTextContent(/^Your photos will be deleted in 1\d days$/);
    expect(within(photos).getByRole('link', { name: 'Shop our products' })).toBeInTheDocument();
  });

  test('a customer without photos is invited to add their first', async () => {
    servePhotoLibrary([]);
    renderApp('/');
    const photos = await screen.findByRole('region', { name: 'My photos' });
    expect(await within(photos).findByText(/^You have no photos yet\./)).toBeInTheDocument();
    expect(within(photos).getByRole('link', { name: 'Add photos' })).toHaveAttribute('href', '/my-photos/photos');
  });
});
