import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiUrl, businessCustomerRecord, configuredRoutes } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

/** The overview greets the customer once /customers/me has answered, so the banner has had its chance to show. */
const customerLoaded = (firstName: string) => screen.findByText(`Hello ${firstName}`);

describe('business status banner', () => {
  test('Default: details are missing, with a link to the business settings', async () => {
    const { user } = renderApp('/', { identity: 'business', businessStatus: 'Default' });

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Some of your business details are missing. Complete them to order on account.');
    const link = within(banner).getByRole('link', { name: 'Complete your business settings' });
    expect(link).toHaveAttribute('href', '/settings/b2b');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Business settings' })).toBeInTheDocument();
  });

  test('New: the account awaits validation, with no link', async () => {
    renderApp('/', { identity: 'business', businessStatus: 'New' });

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Your business account is awaiting validation. We will email you once it has been checked.');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  test('Blocked: the account is blocked, with a link to customer care from the storefront configuration', async () => {
    renderApp('/settings', { identity: 'business', businessStatus: 'Blocked' });

    // The screen has live regions of its own; the banner is the one that says the account is blocked.
    const banner = await waitForCondition(() => {
      const found = screen.getAllByRole('status').find((status) => status.textContent?.includes('Your business account is blocked.'));
      if (!found) throw new Error('No blocked-account banner yet');
      return found;
    });
    const link = within(banner).getByRole('link', { name: 'Contact customer care' });
    await waitForCondition(() => expect(link).toHaveAttribute('href', configuredRoutes.customerCare));
  });

  test('Active: a validated account shows no banner', async () => {
    renderApp('/', { identity: 'business', businessStatus: 'Active' });

    await customerLoaded('Grace');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a consumer never sees a business banner, even when the customer record carries business details', async () => {
    const record = { ...businessCustomerRecord('Blocked'), firstName: 'Ada' };
    server.use(http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json(record)));
    renderApp('/', { identity: 'consumer' });

    await customerLoaded('Ada');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Your business account is blocked.')).not.toBeInTheDocument();
  });
});
