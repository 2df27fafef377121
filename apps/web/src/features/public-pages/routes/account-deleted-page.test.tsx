import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { configuredRoutes } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

test('account deleted: a title, what was deleted, and panels to create an account and to view products', async () => {
  const { auth } = renderApp('/account-deleted', { identity: undefined });

  expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeInTheDocument();
  expect(screen.getByText('All your personal data, photos, projects and order history have been deleted.')).toBeInTheDocument();

  const createAccount = screen.getByRole('region', { name: 'Create a new account' });
  expect(within(createAccount).getByText('Want to start again? Create a new account in a minute.')).toBeInTheDocument();
  const products = screen.getByRole('region', { name: 'Discover our products' });
  expect(within(products).getByText('Photo books, prints, calendars and gifts made from your photos.')).toBeInTheDocument();
  await waitForCondition(() => {
    expect(within(createAccount).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', configuredRoutes.createAccount);
    expect(within(products).getByRole('link', { name: 'View products' })).toHaveAttribute('href', configuredRoutes.products);
  });

  // A public page: no sign-in, no account menu, the storefront's name links back to the shop.
  expect(auth.signIn).not.toHaveBeenCalled();
  expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Printhaven' })).toHaveAttribute('href', configuredRoutes.storefront);
  await waitForCondition(() => expect(document.title).toBe('Your account has been deleted | Printhaven'));
});
