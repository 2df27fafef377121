import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { badRequest, PAYMENT_METHOD_URL, serveCustomerSettings, storedCard } from '../../../test/customer-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const CARD = '5555 5555 5555 4444';

async function openPage() {
  const view = renderApp('/settings/payment-method');
  await screen.findByRole('heading', { level: 1, name: 'Payment method' });
  await screen.findByRole('group', { name: 'Pay with' });
  return view;
}

const stored = () => screen.getByRole('region', { name: 'Your stored payment method' });

/** Everything the app keeps: every query's data and every mutation's variables. */
const everythingCached = (view: Awaited<ReturnType<typeof openPage>>) =>
  JSON.stringify([view.queryClient.getQueryCache().getAll().map((q) => q.state.data), view.queryClient.getMutationCache().getAll().map((m) => m.state.variables)]);

describe('/settings/payment-method', () => {
  test('shows the stored card masked and changes it to another card; the number is kept nowhere afterwards', async () => {
    const fake = serveCustomerSettings({ method: storedCard(), available: ['card', 'paypal'] });
    const view = await openPage();
    const { user } = view;
    expect(stored()).toHaveTextContent('Visa •••• 4242');
    expect(stored()).toHaveTextContent('Expires 09/2029');
    expect(stored()).toHaveTextContent('Holder: Ada Lovelace');
    // Only the storefront's kinds are offered.
    const kinds = within(screen.getByRole('group', { name: 'Pay with' })).getAllByRole('radio');
    expect(kinds.map((k) => k.getAttribute('value'))).toEqual(['card', 'paypal']);

    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), CARD);
    await user.type(screen.getByRole('textbox', { name: 'Expiry month (MM)' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Expiry year (YYYY)' }), '2031');
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    expect(await screen.findByText('Your payment method has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(stored()).toHaveTextContent('Mastercard •••• 4444'));
    expect(stored()).toHaveTextContent('Expires 03/2031');
    expect(fake.paymentUpdates).toEqual([{ kind: 'card', number: CARD, expiryMonth: 3, expiryYear: 2031, holder: 'Ada King' }]);
    expect((screen.getByRole('textbox', { name: 'Card number' }) as HTMLInputElement).value).toBe('');
    expect(everythingCached(view)).not.toContain('5555');
  });

  test('changes to PayPal and shows the address masked', async () => {
    const fake = serveCustomerSettings({ method: storedCard() });
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'PayPal email address' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    await waitFor(() => expect(stored()).toHaveTextContent('PayPal'));
    expect(stored()).toHaveTextContent('a•••@example.com');
    expect(fake.paymentUpdates).toEqual([{ kind: 'paypal', email: 'ada@example.com' }]);
  });

  test('offers SEPA and Klarna where the storefront does; Klarna needs no details', async () => {
    const fake = serveCustomerSettings({ method: null, available: ['card', 'sepaDirectDebit', 'paypal', 'klarna'] });
    const { user } = await openPage();
    expect(stored()).toHaveTextContent('You have no payment method stored.');
    await user.click(screen.getByRole('radio', { name: 'SEPA direct debit' }));
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 00');
    await user.type(screen.getByRole('textbox', { name: 'Account holder' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    await waitFor(() => expect(stored()).toHaveTextContent('SEPA direct debit'));
    expect(stored()).toHaveTextContent('Account •••• 3000');

    await user.click(screen.getByRole('radio', { name: 'Klarna' }));
    expect(screen.getByText('You confirm Klarna with your bank or provider when you pay for an order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    await waitFor(() => expect(fake.paymentUpdates).toHaveLength(2));
    expect(fake.paymentUpdates[1]).toEqual({ kind: 'klarna' });
  });

  test('checks the fields on submit with a message for each, and sends nothing', async () => {
    const fake = serveCustomerSettings();
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '12ab');
    await user.type(screen.getByRole('textbox', { name: 'Expiry month (MM)' }), '13');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    expect(await screen.findByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the month as a number from 1 to 12')).toBeInTheDocument();
    expect(screen.getByText('Please enter the year with four digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter the name of the holder')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription('Please enter a valid card number');
    expect(fake.paymentUpdates).toEqual([]);

    // A card that ran out last year is refused before it is sent.
    await user.clear(screen.getByRole('textbox', { name: 'Expiry month (MM)' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiry month (MM)' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Expiry year (YYYY)' }), String(new Date().getFullYear() - 1));
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    expect(await screen.findByText('This card has expired')).toBeInTheDocument();
    expect(fake.paymentUpdates).toEqual([]);
  });

  test("the server's 400 is shown on the fields it names; the number is cleared", async () => {
    serveCustomerSettings();
    server.use(http.put(PAYMENT_METHOD_URL, () => badRequest([{ path: 'number', message: 'cardNumber' }, { path: 'holder', message: 'Too small' }])));
    const view = await openPage();
    const { user } = view;
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0001');
    await user.type(screen.getByRole('textbox', { name: 'Expiry month (MM)' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Expiry year (YYYY)' }), '2027');
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    expect(await screen.findByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the name of the holder')).toBeInTheDocument();
    expect(screen.queryByText('Unable to save changes. Please try again')).not.toBeInTheDocument();
    expect((screen.getByRole('textbox', { name: 'Card number' }) as HTMLInputElement).value).toBe('');
    expect(everythingCached(view)).not.toContain('4000 0000');
  });

  test("the server's words for an expired card and a brand it does not take are said on their fields", async () => {
    serveCustomerSettings();
    server.use(http.put(PAYMENT_METHOD_URL, () => badRequest([{ path: 'number', message: 'cardBrand' }, { path: 'expiryMonth', message: 'cardExpiry' }])));
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '6011 1111 1111 1117');
    await user.type(screen.getByRole('textbox', { name: 'Expiry month (MM)' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Expiry year (YYYY)' }), String(new Date().getFullYear() + 1));
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    expect(await screen.findByText('We do not accept this kind of card')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Expiry month (MM)' })).toHaveAccessibleDescription('This card has expired');
  });

  test('any other failure reads the spec text', async () => {
    serveCustomerSettings();
    server.use(
      http.put(PAYMENT_METHOD_URL, async () => {
        await delay(10);
        return new Response('down', { status: 503 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.type(screen.getByRole('textbox', { name: 'PayPal email address' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save changes. Please try again');
  });
});
