import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiUrl, businessIdentity, consumerIdentity } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const requestUrl = (idpSub: string) => apiUrl('identities', `/v2/identities/shoebox/${idpSub}/emailchanges`);
const accepted = () => HttpResponse.json({ expiresAt: '2026-11-25T08:00:00.000Z' }, { status: 202 });
const refusal = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: 'c-1' }, { status });

/** Records every request body to the consumer's email change call; answers with `answer` (202 by default). */
function recordRequests(answer: (call: number) => Response = accepted, idpSub = consumerIdentity.idpSub) {
  const bodies: unknown[] = [];
  server.use(
    http.post(requestUrl(idpSub), async ({ request }) => {
      bodies.push(await request.json());
      return answer(bodies.length);
    }),
  );
  return bodies;
}

async function openPage(path = '/settings/email', identity: 'consumer' | 'business' = 'consumer') {
  const view = renderApp(path, { identity });
  await screen.findByRole('heading', { level: 1, name: 'Change email address' });
  const field = await screen.findByLabelText('New email address');
  return { ...view, field, submit: screen.getByRole('button', { name: 'Change email address' }) };
}

describe('/settings/email', () => {
  test('shows the current address; an empty or malformed new address is refused on submit, nothing sent', async () => {
    const bodies = recordRequests();
    const { user, field, submit } = await openPage();

    expect(screen.getByText(consumerIdentity.email)).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('Please enter your new email address')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'not-an-address');
    expect(screen.getByText('Please enter your new email address')).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  test('sends the new address with the channel, once for a double submit, and says where the link went', async () => {
    const bodies = recordRequests();
    const { user, field, submit } = await openPage('/settings/email?channel=www.printhaven.de');

    await user.type(field, 'ada.new@example.com');
    await user.dblClick(submit);

    expect(await screen.findByText('We sent a confirmation link to ada.new@example.com. Open it to finish changing your email address.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada.new@example.com', channel: 'www.printhaven.de' }]);
  });

  test.each([
    { status: 409, error: 'email_in_use', text: 'This email address is already in use.' },
    { status: 429, error: 'too_many_requests', text: 'Too many requests. Please try again later.' },
  ])('a $status answer says "$text"', async ({ status, error, text }) => {
    recordRequests(() => refusal(status, error));
    const { user, field, submit } = await openPage();

    await user.type(field, 'taken@example.com');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText(/We sent a confirmation link/)).not.toBeInTheDocument();
  });

  test('any other failure says so, and Try again sends the request again', async () => {
    const bodies = recordRequests((call) => (call === 1 ? refusal(503, 'mail_unavailable') : accepted()));
    const { user, field, submit } = await openPage();

    await user.type(field, 'ada.new@example.com');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't send the confirmation email. Please try again.");

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/We sent a confirmation link to ada.new@example.com/)).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
  });
});

describe('/settings/b2b/email', () => {
  test("a business customer changes their address with their own identity's claims", async () => {
    const bodies = recordRequests(accepted, businessIdentity.idpSub);
    const { user, field, submit } = await openPage('/settings/b2b/email', 'business');

    expect(screen.getByText(businessIdentity.email)).toBeInTheDocument();
    await user.type(field, 'grace.new@studio.example.com');
    await user.click(submit);

    expect(await screen.findByText(/We sent a confirmation link to grace.new@studio.example.com/)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'grace.new@studio.example.com', channel: 'www.printhaven.co.uk' }]);
  });

  test('a consumer is sent to the overview', async () => {
    const { currentUrl } = renderApp('/settings/b2b/email', { identity: 'consumer' });
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(currentUrl()).toBe('/');
  });
});
