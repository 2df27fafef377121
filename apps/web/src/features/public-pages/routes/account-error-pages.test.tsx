import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { configuredRoutes } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

describe.each([
  {
    path: '/change-email-error',
    title: "Your email wasn't changed",
    body: 'Something went wrong while changing your email address. Your old address still works.',
    retryTo: '/settings/email',
    retryTitle: 'Change email address',
  },
  {
    path: '/delete-account-error',
    title: "Your account couldn't be deleted",
    body: 'Something went wrong while deleting your account. Nothing has been deleted.',
    retryTo: '/settings',
    retryTitle: 'My settings',
  },
])('$path', ({ path, title, body, retryTo, retryTitle }) => {
  test('shows the title, what happened, Try again and Contact customer care', async () => {
    renderApp(path, { identity: undefined });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', retryTo);
    await waitForCondition(() => expect(screen.getByRole('link', { name: 'Contact customer care' })).toHaveAttribute('href', configuredRoutes.customerCare));
  });

  test('Try again takes a signed-in customer back to where the change starts', async () => {
    const { user, currentUrl } = renderApp(path, { identity: 'consumer' });

    await user.click(await screen.findByRole('link', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: retryTitle })).toBeInTheDocument();
    expect(currentUrl()).toBe(retryTo);
  });
});
