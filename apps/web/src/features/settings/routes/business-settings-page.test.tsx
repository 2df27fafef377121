import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { businessCustomerRecord, customerRecord } from '../../../test/fixtures';
import { serveCustomerSettings } from '../../../test/customer-settings';
import { renderApp } from '../../../test/render-app';
import { customerChanged } from '../../addresses';

// The §4 flag lives as long as the page: each test starts without it.
afterEach(() => customerChanged.reset());

describe('/settings/b2b', () => {
  test('shows the company name, VAT number and status read-only, with links to the business email and address screens', async () => {
    const { user } = renderApp('/settings/b2b', { identity: 'business', businessStatus: 'Default' });
    serveCustomerSettings({ customer: { ...businessCustomerRecord('Default'), business: { companyName: 'Hopper Studio', vatNumber: null, status: 'Default' } } });
    await screen.findByRole('heading', { level: 1, name: 'Business settings' });

    const details = await screen.findByRole('region', { name: 'Business details' });
    expect(details).toHaveTextContent('Company nameHopper Studio');
    expect(details).toHaveTextContent('VAT numberNot given yet');
    expect(details).toHaveTextContent('Account statusDetails missing');
    expect(details).toHaveTextContent('Customer care checks your company name and VAT number.');
    // Read-only: nothing to type into.
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Change your business email address' })).toHaveAttribute('href', '/settings/b2b/email');
    const addresses = screen.getByRole('region', { name: 'Business delivery addresses' });
    expect(within(addresses).getByRole('link', { name: 'Add a business address' })).toHaveAttribute('href', '/settings/b2b/new-address');
    await user.click(screen.getByRole('link', { name: 'Change your business email address' }));
  });

  test('a consumer is sent to the overview', async () => {
    serveCustomerSettings({ customer: customerRecord() });
    const { currentUrl } = renderApp('/settings/b2b');
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(currentUrl()).toBe('/');
  });
});
