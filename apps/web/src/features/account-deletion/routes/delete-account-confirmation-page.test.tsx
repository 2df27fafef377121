import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { ME_URL } from '../../../test/customer-settings';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const TOKEN = 'tok_0123456789abcdefghij';
const CONFIRM_URL = apiUrl('identities', `/v2/identities/shoebox/sub-ada/deleteaccount/${TOKEN}/actions/confirm`);
const PAGE = `/delete-account-confirmation?confirmation-token=${TOKEN}`;
const refusal = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: 'c-1' }, { status });

function countConfirms(answer: () => Response) {
  const calls = { count: 0 };
  server.use(http.post(CONFIRM_URL, () => (calls.count++, answer())));
  return calls;
}

describe('/delete-account-confirmation', () => {
  test('confirms once (even with StrictMode effects), then signs the customer out towards the account-deleted page', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { auth } = renderApp(PAGE, { strictMode: true });

    expect(await screen.findByText('Deleting your account…')).toBeInTheDocument();
    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledWith('/account-deleted'));
    expect(calls.count).toBe(1);
  });

  test.each([
    { status: 400, error: 'confirmation_token_invalid' },
    { status: 404, error: 'not_found' },
    { status: 503, error: 'unavailable' },
  ])('a $status answer goes to the delete-account error page, still signed in', async ({ status, error }) => {
    countConfirms(() => refusal(status, error));
    const { auth, currentUrl } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: "Your account couldn't be deleted" })).toBeInTheDocument();
    expect(currentUrl()).toBe('/delete-account-error');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  test("the account's record gone before the confirmation answers still ends on the account-deleted page, not the sign-in", async () => {
    // The deletion is done; its answer is slower than the shell's read of the customer, which finds no one.
    server.use(
      http.get(ME_URL, () => refusal(404, 'not_found')),
      http.post(CONFIRM_URL, async () => {
        await delay(300);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { auth, currentUrl } = renderApp(PAGE);
    const seen: string[] = [];
    await waitForCondition(() => {
      seen.push(currentUrl());
      expect(auth.signOut).toHaveBeenCalledWith('/account-deleted');
    });
    expect(seen.filter((url) => url.startsWith('/logout'))).toEqual([]);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  test('a link without a token goes to the error page without calling anything', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { currentUrl } = renderApp('/delete-account-confirmation');

    expect(await screen.findByRole('heading', { level: 1, name: "Your account couldn't be deleted" })).toBeInTheDocument();
    expect(currentUrl()).toBe('/delete-account-error');
    expect(calls.count).toBe(0);
  });

  test('a signed-out visitor signs in and comes back to the same link', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { auth } = renderApp(PAGE, { identity: undefined });

    await waitForCondition(() => expect(auth.signIn).toHaveBeenCalledWith(PAGE));
    expect(calls.count).toBe(0);
  });
});
