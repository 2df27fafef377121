import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { businessCustomerRecord, customerRecord } from '../../../test/fixtures';
import { serveCustomerSettings } from '../../../test/customer-settings';
import { renderApp } from '../../../test/render-app';
import { customerChanged } from '../../addresses';

// The §4 flag lives as long as the page: each test starts without it.
afterEach(() => customerChanged.reset());

describe('/settings/b2b', () => {
  test('shows validated details read-only, with links to the business email and address screens', async () => {
    const { user } = renderApp('/settings/b2b', { identity: 'business', businessStatus: 'Active' });
    serveCustomerSettings({ customer: { ...businessCustomerRecord('Active'), business: { companyName: 'Hopper Studio', vatNumber: null, status: 'Active' } } });
    await screen.findByRole('heading', { level: 1, name: 'Business settings' });

    const details = await screen.findByRole('region', { name: 'Business details' });
    expect(details).toHaveTextContent('Company nameHopper Studio');
    expect(details).toHaveTextContent('VAT numberNot given yet');
    expect(details).toHaveTextContent('Account statusValidated');
    expect(details).toHaveTextContent('Customer care checks your company name and VAT number.');
    // Read-only: nothing to type into.
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Change your business email address' })).toHaveAttribute('href', '/settings/b2b/email');
    const addresses = screen.getByRole('region', { name: 'Business delivery addresses' });
    expect(within(addresses).getByRole('link', { name: 'Add a business address' })).toHaveAttribute('href', '/settings/b2b/new-address');
    await user.click(screen.getByRole('link', { name: 'Change your business email address' }));
  });

  test("details missing: the banner's promise is a form; a VAT number not of the country's form is said under its field, a right one is saved and the account awaits validation", async () => {
    const { user } = renderApp('/settings/b2b', { identity: 'business', businessStatus: 'Default' });
    const state = serveCustomerSettings({ customer: { ...businessCustomerRecord('Default'), channel: 'www.printhaven.nl', business: { companyName: null, vatNumber: null, status: 'Default' } } });
    const form = await screen.findByRole('form', { name: 'Complete your business details' });
    // The form asks for what is missing; no list of 'Not given yet' above it.
    expect(screen.getByRole('region', { name: 'Business details' })).not.toHaveTextContent('Not given yet');
    const company = within(form).getByRole('textbox', { name: 'Company name' });
    const vat = within(form).getByRole('textbox', { name: /VAT number/ });
    expect(vat).toHaveAccessibleDescription('With its country code, for example NL123456789B01');

    await user.click(within(form).getByRole('button', { name: 'Save business details' }));
    expect(await within(form).findByText('Please enter your company name')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid VAT number for your country')).toBeInTheDocument();
    await user.type(company, 'Hopper Studio');
    await user.type(vat, 'DE123456789');
    await user.click(within(form).getByRole('button', { name: 'Save business details' }));
    expect(within(form).getByText('Please enter a valid VAT number for your country')).toBeInTheDocument();
    expect(state.businessDetailsUpdates).toEqual([]);

    await user.clear(vat);
    await user.type(vat, 'nl 123456789 b01');
    await user.click(within(form).getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Your business details have been saved. Customer care will check them.')).toBeInTheDocument();
    expect(state.businessDetailsUpdates).toEqual([{ companyName: 'Hopper Studio', vatNumber: 'nl 123456789 b01' }]);
    expect(screen.getByRole('region', { name: 'Business details' })).toHaveTextContent('Account statusAwaiting validation');
  });

  test('a consumer is sent to the overview', async () => {
    serveCustomerSettings({ customer: customerRecord() });
    const { currentUrl } = renderApp('/settings/b2b');
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(currentUrl()).toBe('/');
  });
});
