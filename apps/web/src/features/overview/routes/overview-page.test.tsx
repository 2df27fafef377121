import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render-app';

async function cardTitles() {
  const main = screen.getByRole('main');
  await within(main).findByText(/^Hello /);
  return within(main)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link'));
}

describe('overview', () => {
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
});
