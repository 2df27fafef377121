import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const RETRY_KEY = 'shoebox.signInRetries';

describe('returning from the sign-in page', () => {
  test('a completed sign-in goes to the address the customer started from', async () => {
    sessionStorage.setItem(RETRY_KEY, '1');
    const { currentUrl } = renderApp('/auth/callback?code=abc&state=xyz', { auth: { completeSignIn: async () => '/orders?page=2' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/orders?page=2');
    expect(sessionStorage.getItem(RETRY_KEY)).toBeNull();
  });

  test('a failed sign-in without a state says so, offers Try again, and is reported as an Auth Error', async () => {
    const failure = new Error('No matching state found in storage');
    const { reporter } = renderApp('/auth/callback?error=access_denied', {
      identity: undefined,
      auth: {
        completeSignIn: async () => {
          throw failure;
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not sign you in. Please try again.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    expect(reporter.report).toHaveBeenCalledWith(failure, { kind: 'Auth Error' });
  });

  test('a failed sign-in with a state starts again from scratch (a page reload) and counts the attempt', async () => {
    // jsdom cannot load a new page; it says so on the console.
    const notImplemented = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/auth/callback?code=abc&state=xyz', {
      identity: undefined,
      auth: { completeSignIn: () => Promise.reject(new Error('invalid_grant')) },
    });

    await waitForCondition(() => expect(sessionStorage.getItem(RETRY_KEY)).toBe('1'));
    expect(screen.queryByRole('heading', { name: 'We could not sign you in. Please try again.' })).not.toBeInTheDocument();
    notImplemented.mockRestore();
  });

  test('after repeated failures the loop stops and the customer is told', async () => {
    sessionStorage.setItem(RETRY_KEY, '2');
    renderApp('/auth/callback?code=abc&state=xyz', {
      identity: undefined,
      auth: { completeSignIn: () => Promise.reject(new Error('invalid_grant')) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not sign you in. Please try again.' })).toBeInTheDocument();
    expect(sessionStorage.getItem(RETRY_KEY)).toBeNull();
  });
});

describe('signing out', () => {
  test('/logout ends the session', async () => {
    const { auth } = renderApp('/logout');
    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
  });

  test('Sign out in the side menu ends the session', async () => {
    const { auth, user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Sign out' }));
    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
  });
});
