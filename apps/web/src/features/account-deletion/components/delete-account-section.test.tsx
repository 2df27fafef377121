import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { apiUrl, consumerIdentity } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithServices } from '../../../test/render-with-services';
import { DeleteAccountSection } from '..';

const REQUEST_URL = apiUrl('identities', '/v2/identities/shoebox/sub-ada/deleteaccount');
const accepted = () => HttpResponse.json({ expiresAt: '2026-11-25T08:00:00.000Z' }, { status: 202 });
const refusal = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: 'c-1' }, { status });

async function openDialog() {
  const view = renderWithServices(<DeleteAccountSection />, { path: '/settings?channel=www.printhaven.co.uk' });
  await view.user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  return { ...view, dialog };
}

describe('Delete my account (settings)', () => {
  test('explains what is deleted, and Cancel sends nothing', async () => {
    let calls = 0;
    server.use(http.post(REQUEST_URL, () => (calls++, accepted())));
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByText(/All your personal data, photos, albums, projects and order history will be deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test("asks for the deletion mail with the customer's own identity and the channel, once, and says it was sent", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(REQUEST_URL, async ({ request }) => {
        bodies.push(await request.json());
        return accepted();
      }),
    );
    const { user, dialog } = await openDialog();

    const send = within(dialog).getByRole('button', { name: 'Send confirmation email' });
    await user.dblClick(send);

    expect(await within(dialog).findByText(`We sent a confirmation link to ${consumerIdentity.email}. Open it to delete your account.`)).toBeInTheDocument();
    expect(bodies).toEqual([{ channel: 'www.printhaven.co.uk' }]);
    expect(within(dialog).queryByRole('button', { name: 'Send confirmation email' })).not.toBeInTheDocument();
  });

  test.each([
    { status: 429, error: 'too_many_requests', text: 'Too many requests. Please try again later.' },
    { status: 503, error: 'mail_unavailable', text: "We couldn't send the confirmation email. Please try again." },
    { status: 500, error: 'internal', text: "We couldn't send the confirmation email. Please try again." },
  ])('a $status answer says "$text" and the request can be sent again', async ({ status, error, text }) => {
    let calls = 0;
    server.use(http.post(REQUEST_URL, () => (++calls === 1 ? refusal(status, error) : accepted())));
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation email' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);

    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation email' }));
    expect(await within(dialog).findByText(/We sent a confirmation link to/)).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
