import { FEEDBACK_PATH } from '@shoebox/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import { apiUrl } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

const feedbackButton = () => screen.queryByRole('button', { name: 'Give feedback' });
const TITLE = 'How do you like your account area?';

afterEach(() => {
  toast.dismiss();
});

/** The feedback texts asked for during this test: they are not fetched before the customer reaches for the button. */
function watchFeedbackTexts() {
  const asked: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith('/feedback.json')) asked.push(request.url);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return asked;
}

describe('the Give feedback button in the shell', () => {
  test('sits under the account menu on larger screens, before the support chat and outside the page', async () => {
    const asked = watchFeedbackTexts();
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    const button = feedbackButton()!;
    expect(button).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    const chat = screen.getByRole('complementary', { name: 'Chat with us' });
    expect(menu.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.compareDocumentPosition(chat) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('main')).not.toContainElement(button);
    // The dialog's texts are not part of the first page.
    expect(asked).toEqual([]);
  });

  test.each([
    ['a German storefront (de-DE)', 'www.printhaven.de'],
    ['Albumly’s German storefront (de-DE)', 'www.albumly.de'],
  ])('is not offered on %s', async (_name, channel) => {
    renderApp(`/orders?channel=${channel}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    expect(feedbackButton()).not.toBeInTheDocument();
  });

  test('is offered on the Austrian storefront, which speaks German too', async () => {
    renderApp('/orders?channel=www.printhaven.at');
    await screen.findByRole('heading', { level: 1 });
    expect(feedbackButton()).toBeInTheDocument();
  });

  test('is not offered in stripped mode', async () => {
    renderApp('/orders?stripped=true');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(feedbackButton()).not.toBeInTheDocument();
  });

  test('opens the dialog, and the page is thanked after sending', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('customers', FEEDBACK_PATH), async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    await user.click(feedbackButton()!);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.click(within(dialog).getByRole('radio', { name: 'Very good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ rating: 5, page: '/orders' }]);
  });
});

describe('on phones', () => {
  test('is the last entry of the phone menu, shown with it', async () => {
    const { user } = renderApp('/orders', { smallScreen: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    // Not in the header beside Menu and Sign out, and hidden while the menu is closed.
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Give feedback' })).not.toBeInTheDocument();
    expect(feedbackButton()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const button = await screen.findByRole('button', { name: 'Give feedback' });
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(menu.parentElement).toContainElement(button);
    expect(menu.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('main')).not.toContainElement(button);
  });

  test('Escape closes the dialog opened from the menu, not the menu under it', async () => {
    const { user } = renderApp('/orders', { smallScreen: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('button', { name: 'Give feedback' }));
    await screen.findByRole('dialog', { name: TITLE });

    await user.keyboard('{Escape}');
    await waitForCondition(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give feedback' })).toHaveFocus();

    // The menu itself still closes with Escape.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});
