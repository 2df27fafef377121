import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { waitForCondition } from '../test/wait';

const CATCH_ALL = 'An unexpected error has occurred, please contact us if you continue to have problems.';

test('a route that throws shows the catch-all message and reports the error', async () => {
  const failure = new Error('session store unavailable');
  const { reporter } = renderApp('/orders', {
    auth: {
      currentIdentity: async () => {
        throw failure;
      },
    },
  });

  expect(await screen.findByRole('heading', { name: CATCH_ALL })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  await waitForCondition(() => expect(reporter.report).toHaveBeenCalledWith(failure, { boundary: 'root' }));
});

test("a failure in a screen's own access check ends in the catch-all message too", async () => {
  // Signed in (the shell's check passes), then the business-settings access check cannot read the session.
  const { reporter } = renderApp('/settings/b2b', {
    identity: 'business',
    auth: {
      currentIdentity: vi
        .fn()
        .mockResolvedValueOnce({ customerId: 'cust-2002', email: 'grace@studio.example.com', idpType: 'shoebox', idpSub: 'sub-grace', isBusiness: true })
        .mockRejectedValue(new TypeError('Failed to fetch')),
    },
  });

  expect(await screen.findByRole('heading', { name: CATCH_ALL })).toBeInTheDocument();
  // Reported from an effect, so just after the message shows.
  await waitForCondition(() => expect(reporter.report).toHaveBeenCalledWith(expect.any(TypeError), { boundary: 'root' }));
});
