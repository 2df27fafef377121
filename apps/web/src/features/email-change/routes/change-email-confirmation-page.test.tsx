import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const TOKEN = 'tok_0123456789abcdefghij';
const CONFIRM_URL = apiUrl('identities', `/v2/identities/shoebox/sub-ada/emailchanges/${TOKEN}/actions/confirm`);
const PAGE = `/change-email-confirmation?confirmation-token=${TOKEN}`;
const refusal = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: 'c-1' }, { status });

function countConfirms(answer: () => Response) {
  const calls = { count: 0 };
  server.use(http.post(CONFIRM_URL, () => (calls.count++, answer())));
  return calls;
}

describe('/change-email-confirmation', () => {
  test('confirms once (even with StrictMode effects), then signs the customer out towards the success page', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { auth } = renderApp(PAGE, { strictMode: true });

    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledWith('/change-email-success'));
    expect(calls.count).toBe(1);
  });

  test('an address taken meanwhile: the error page says it is in use', async () => {
    countConfirms(() => refusal(409, 'email_in_use'));
    const { auth, currentUrl } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: "Your email wasn't changed" })).toBeInTheDocument();
    expect(screen.getByText('This email address is already used by another account. Your old address still works.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/change-email-error?reason=email_in_use');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  test.each([
    { status: 400, error: 'confirmation_token_invalid' },
    { status: 404, error: 'not_found' },
    { status: 500, error: 'internal' },
  ])('a $status answer (replayed, expired or foreign link, or a fault) goes to the error page', async ({ status, error }) => {
    countConfirms(() => refusal(status, error));
    const { auth, currentUrl } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: "Your email wasn't changed" })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while changing your email address. Your old address still works.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/change-email-error');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  test('a link without a token goes to the error page without calling anything', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { currentUrl } = renderApp('/change-email-confirmation');

    expect(await screen.findByRole('heading', { level: 1, name: "Your email wasn't changed" })).toBeInTheDocument();
    expect(currentUrl()).toBe('/change-email-error');
    expect(calls.count).toBe(0);
  });

  test('a signed-out visitor (the link opened in another browser) signs in and comes back to the same link', async () => {
    const calls = countConfirms(() => new HttpResponse(null, { status: 204 }));
    const { auth } = renderApp(PAGE, { identity: undefined });

    await waitForCondition(() => expect(auth.signIn).toHaveBeenCalledWith(PAGE));
    expect(calls.count).toBe(0);
  });
});
