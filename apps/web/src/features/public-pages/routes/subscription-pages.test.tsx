import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiUrl, configuredRoutes } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { waitForCondition } from '../../../test/wait';

const CONFIRM_URL = apiUrl('emailGateway', '/api/v1/Profiles/:email/subscription/confirm/:token');
const QUERY = '?confirmation-token=tok-123&email=ada%2Bnews%40example.com';

function confirmAnswers(answer: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.post(CONFIRM_URL, ({ request }) => {
      requests.push(request);
      return answer();
    }),
  );
  return requests;
}

describe('newsletter double opt-in', () => {
  test('with a token and an email, confirms on the email gateway without a token and lands on Success!', async () => {
    const requests = confirmAnswers(() => new HttpResponse(null, { status: 204 }));
    const { auth, currentUrl } = renderApp(`/subscription-confirmation${QUERY}`, { identity: undefined, strictMode: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('Your subscription to our newsletter is confirmed.')).toBeInTheDocument();
    await waitForCondition(() => expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', configuredRoutes.storefront));
    expect(currentUrl()).toBe('/subscription-confirmation-success');

    // Once, even under StrictMode's double effects.
    expect(requests).toHaveLength(1);
    const request = requests[0] as Request;
    expect(new URL(request.url).pathname).toBe('/email-gateway/api/v1/Profiles/ada%2Bnews%40example.com/subscription/confirm/tok-123');
    expect(request.headers.has('authorization')).toBe(false);
    expect(request.headers.get('x-correlationid')).toBeTruthy();
    expect(auth.accessToken).not.toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  test('shows that it is confirming while the call is under way', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(CONFIRM_URL, async () => {
        await answered;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp(`/subscription-confirmation${QUERY}`, { identity: undefined });

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your subscription' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We are confirming your subscription…');

    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
  });

  test('a failing call lands on "Your subscription failed", whose Try again keeps the query', async () => {
    const requests = confirmAnswers(() => new HttpResponse('token expired', { status: 410 }));
    const { user, reporter, currentUrl } = renderApp(`/subscription-confirmation${QUERY}`, { identity: undefined });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your subscription failed' })).toBeInTheDocument();
    expect(screen.getByText('We could not confirm your subscription. The link may have expired.')).toBeInTheDocument();
    expect(currentUrl()).toBe(`/subscription-confirmation-error${QUERY}`);
    const tryAgain = screen.getByRole('link', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('href', `/subscription-confirmation${QUERY}`);
    await waitForCondition(() => expect(screen.getByRole('link', { name: 'Contact customer care' })).toHaveAttribute('href', configuredRoutes.customerCare));
    expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ status: 410 }), expect.anything());

    // Trying again confirms once more; this time it works.
    server.use(http.post(CONFIRM_URL, () => new HttpResponse(null, { status: 204 })));
    await user.click(tryAgain);

    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  test.each([
    ['without a token', '?email=ada%40example.com'],
    ['without an email', '?confirmation-token=tok-123'],
    ['without either', ''],
  ])('%s, no call is made and the error page is shown without Try again', async (_, query) => {
    const requests = confirmAnswers(() => new HttpResponse(null, { status: 204 }));
    renderApp(`/subscription-confirmation${query}`, { identity: undefined });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your subscription failed' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer care' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
