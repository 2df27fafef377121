import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { configuredRoutes } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

test('change-email success: the message, a way to log in with the new address and a way to continue', async () => {
  const { auth } = renderApp('/change-email-success', { identity: undefined });

  expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address has been changed!' })).toBeInTheDocument();
  expect(screen.getByText('From now on, use your new email address to log in.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in with your new email address' })).toHaveAttribute('href', '/');
  await waitForCondition(() => expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', configuredRoutes.storefront));
  expect(auth.signIn).not.toHaveBeenCalled();
});

test('change-email success: logging in with the new address starts the sign-in', async () => {
  const { auth, user } = renderApp('/change-email-success', { identity: undefined });

  await user.click(await screen.findByRole('link', { name: 'Log in with your new email address' }));

  await waitForCondition(() => expect(auth.signIn).toHaveBeenCalledWith('/'));
});
