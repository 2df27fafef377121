import { act, screen, waitFor, within } from '@testing-library/react';
import { SHARED_NOTIFICATION_AUTO_CLOSE_MS } from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { businessCustomerRecord, customerRecord } from '../../../test/fixtures';
import { ME_URL, serveCustomerSettings, storedCard } from '../../../test/customer-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { customerChanged } from '../../addresses';

// The §4 flag lives as long as the page: each test starts without it.
afterEach(() => customerChanged.reset());

const section = (name: string) => screen.getByRole('region', { name });

async function openSettings(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp('/settings', options);
  await screen.findByRole('heading', { level: 1, name: 'My settings' });
  await screen.findByRole('region', { name: 'Personal details' });
  return view;
}

describe('/settings', () => {
  test('lists personal details, email, the masked payment method, addresses and account deletion', async () => {
    serveCustomerSettings({
      customer: customerRecord({ phone: '+44 20 7946 0000' }),
      method: storedCard(),
      addresses: [
        { id: 'addr-1', firstName: 'Ada', lastName: 'Lovelace', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null, isDefault: true, createdAt: '2026-01-01T00:00:00.000Z' },
        { id: 'addr-2', firstName: 'Ada', lastName: 'Lovelace', street: 'Dean Street', houseNumber: '7', postalCode: 'W1D 3RA', city: 'London', countryCode: 'GB', phone: null, isDefault: false, createdAt: '2026-02-01T00:00:00.000Z' },
      ],
    });
    await openSettings();

    expect(section('Personal details')).toHaveTextContent('NameAda Lovelace');
    expect(section('Personal details')).toHaveTextContent('Phone number+44 20 7946 0000');
    expect(within(section('Personal details')).getByRole('link', { name: 'Change personal details' })).toHaveAttribute('href', '/settings/personal-details');

    expect(section('Email address')).toHaveTextContent('ada@example.com');
    expect(within(section('Email address')).getByRole('link', { name: 'Change email address' })).toHaveAttribute('href', '/settings/email');

    expect(await within(section('Payment method')).findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(section('Payment method')).toHaveTextContent('Expires 09/2029');
    expect(section('Payment method')).not.toHaveTextContent('4000');
    expect(within(section('Payment method')).getByRole('link', { name: 'Change your payment method' })).toHaveAttribute('href', '/settings/payment-method');

    expect(await within(section('Delivery addresses')).findByText(/Baker Street 221B/)).toBeInTheDocument();
    expect(section('Delivery addresses')).toHaveTextContent('Default delivery address');
    expect(section('Delivery addresses')).toHaveTextContent('NW1 6XE London');
    expect(section('Delivery addresses')).not.toHaveTextContent('Dean Street');
    expect(within(section('Delivery addresses')).getByRole('link', { name: 'See all delivery addresses' })).toHaveAttribute('href', '/settings/addresses/all');
    expect(await screen.findByRole('region', { name: 'Delete my account' })).toBeInTheDocument();
    // Consumers have no business settings.
    expect(screen.queryByRole('region', { name: 'Business details' })).not.toBeInTheDocument();
  });

  test('says when no phone number or payment method is stored', async () => {
    serveCustomerSettings();
    await openSettings();
    expect(section('Personal details')).toHaveTextContent('No phone number given');
    expect(await within(section('Payment method')).findByText('You have no payment method stored.')).toBeInTheDocument();
    expect(await within(section('Delivery addresses')).findByText('You have not saved a delivery address yet.')).toBeInTheDocument();
  });

  test('a business customer sees the business status, a link to the business settings and the business email screen', async () => {
    serveCustomerSettings({ customer: businessCustomerRecord('New') });
    await openSettings({ identity: 'business', businessStatus: 'New' });

    const business = section('Business details');
    expect(business).toHaveTextContent('Hopper Studio');
    expect(business).toHaveTextContent('Account statusAwaiting validation');
    expect(within(business).getByRole('link', { name: 'Open your business settings' })).toHaveAttribute('href', '/settings/b2b');
    expect(within(section('Email address')).getByRole('link', { name: 'Change email address' })).toHaveAttribute('href', '/settings/b2b/email');
  });

  test('a failed load reads the spec text, and Try again loads the settings', async () => {
    let calls = 0;
    server.use(
      http.get(ME_URL, () => {
        calls += 1;
        return calls <= 2 ? HttpResponse.json({ status: 500 }, { status: 500 }) : HttpResponse.json(customerRecord());
      }),
    );
    const { user } = renderApp('/settings');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred loading your settings');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Personal details' })).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByText('An error occurred loading your settings')).not.toBeInTheDocument();
  });

  test('an address change made elsewhere shows the same confirmation', async () => {
    serveCustomerSettings();
    customerChanged.set();
    await openSettings();
    expect(screen.getByText('Your changes have been saved.')).toBeInTheDocument();
  });

  test('the confirmation closes itself 10 seconds after it shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      serveCustomerSettings();
      customerChanged.set();
      await openSettings();
      act(() => vi.advanceTimersByTime(SHARED_NOTIFICATION_AUTO_CLOSE_MS - 100));
      expect(screen.getByText('Your changes have been saved.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByText('Your changes have been saved.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  test('shows the customer-changed confirmation until it is dismissed', async () => {
    serveCustomerSettings();
    const { user } = await openSettings();
    expect(screen.queryByText('Your changes have been saved.')).not.toBeInTheDocument();

    await user.click(within(section('Personal details')).getByRole('link', { name: 'Change personal details' }));
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My settings' })).toBeInTheDocument();
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(section('Personal details')).toHaveTextContent('Augusta Lovelace');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Your changes have been saved.')).not.toBeInTheDocument());
  });
});
