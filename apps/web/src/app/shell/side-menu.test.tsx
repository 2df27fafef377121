import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { configuredRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

/** A link that opens a new tab says so to screen readers (jsdom's name computation drops the space before it). */
const opensNewTab = (name: string) => new RegExp(`^${name}\\s?\\(opens in a new tab\\)$`);

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Account menu' });
  return within(nav).getAllByRole('link');
}

function expectEntries(links: HTMLElement[], expected: [name: string, href: string][]) {
  const isExternal = (href: string) => href.startsWith('http');
  expect(links.map((link) => link.textContent)).toEqual(expected.map(([name, href]) => (isExternal(href) ? `${name} (opens in a new tab)` : name)));
  links.forEach((link, i) => {
    const [name, href] = expected[i] as [string, string];
    expect(link).toHaveAccessibleName(isExternal(href) ? opensNewTab(name) : name);
    expect(link).toHaveAttribute('href', href);
  });
}

describe('side menu', () => {
  test('a consumer sees Overview, My orders, Settings, Saved projects, My photos, My online photo books, FAQs, Sign out', async () => {
    renderApp('/', { identity: 'consumer' });

    const links = await menuLinks();

    // The FAQ link comes from the storefront's configuration once it has loaded.
    await waitForCondition(() => expect(screen.getByRole('link', { name: opensNewTab('FAQs') })).toHaveAttribute('href', configuredRoutes.faq));
    expectEntries(links, [
      ['Overview', '/'],
      ['My orders', '/orders'],
      ['Settings', '/settings'],
      ['Saved projects', '/saved-projects'],
      ['My photos', '/my-photos'],
      ['My online photo books', '/online-products'],
      ['FAQs', configuredRoutes.faq],
      ['Sign out', '/logout'],
    ]);
    expect(screen.getByRole('link', { name: opensNewTab('FAQs') })).toHaveAttribute('target', '_blank');
  });

  test('a business customer sees Invoices, FTP instructions and Business settings, and no online photo books', async () => {
    renderApp('/', { identity: 'business' });

    const links = await menuLinks();

    await waitForCondition(() => expect(screen.getByRole('link', { name: opensNewTab('FAQs') })).toHaveAttribute('href', configuredRoutes.faq));
    expectEntries(links, [
      ['Overview', '/'],
      ['My orders', '/orders'],
      ['Invoices', '/invoices'],
      ['FTP instructions', '/integration'],
      ['Business settings', '/settings/b2b'],
      ['Settings', '/settings'],
      ['Saved projects', '/saved-projects'],
      ['My photos', '/my-photos'],
      ['FAQs', configuredRoutes.faq],
      ['Sign out', '/logout'],
    ]);
  });

  test.each(['consumer', 'business'] as const)('My photos disappears for a %s when the timeline flag is off', async (identity) => {
    renderApp('/', { identity, flags: { PhotoManagementTimelineViewEnabled: false } });

    const links = await menuLinks();

    expect(links.map((link) => link.textContent)).not.toContain('My photos');
    expect(links.map((link) => link.textContent)).toContain('Saved projects');
  });

  test('the current page is marked, and choosing an entry opens it and moves focus to its heading', async () => {
    const { user, currentUrl } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Saved projects' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'My saved projects' });
    expect(currentUrl()).toBe('/saved-projects');
    expect(screen.getByRole('link', { name: 'Saved projects' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    // Focus moves once the new screen has rendered, a moment after its heading is there.
    await waitForCondition(() => expect(heading).toHaveFocus());
  });

  test('Settings is not marked as current on the business settings page of a business customer', async () => {
    renderApp('/settings/b2b', { identity: 'business' });

    await screen.findByRole('heading', { level: 1, name: 'Business settings' });

    expect(screen.getByRole('link', { name: 'Business settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });
});

describe('side menu on a small screen', () => {
  test('the home page shows the menu instead of the overview, and the header has Menu and a Sign out button', async () => {
    const { user, auth } = renderApp('/', { smallScreen: true });

    // On the home page the account menu takes the overview's place.
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    const navs = screen.getAllByRole('navigation', { name: 'Account menu' });
    expect(navs).toHaveLength(1);
    expect(screen.queryByText('Here you can follow your orders, keep your photos and manage your account.')).not.toBeInTheDocument();

    const header = screen.getByRole('banner');
    const toggle = within(header).getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(within(header).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('navigation', { name: 'Account menu' })).toHaveLength(2);

    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
  });

  test('choosing an entry in the opened menu closes it', async () => {
    const { user } = renderApp('/orders', { smallScreen: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));

    await user.click(within(screen.getByRole('navigation', { name: 'Account menu' })).getByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  test('Escape closes the opened menu and gives the focus back to its button', async () => {
    const { user } = renderApp('/orders', { smallScreen: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab();
    await user.keyboard('{Escape}');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
    await waitForCondition(() => expect(toggle).toHaveFocus());
  });
});
