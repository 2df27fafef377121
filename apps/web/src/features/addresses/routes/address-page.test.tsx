import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { ME_URL, serveCustomerSettings } from '../../../test/customer-settings';
import { customerRecord } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { customerChanged } from '../lib/customer-changed';
import { ADDRESS_URL, ADDRESSES_URL, refusedFields, savedAddress, serveAddresses } from '../test/serve-addresses';

type View = ReturnType<typeof renderApp>;

async function openForm(path: string, identity: 'consumer' | 'business' = 'consumer') {
  const view = renderApp(path, { identity });
  const form = await screen.findByRole('form');
  return { ...view, form };
}

const field = (form: HTMLElement, name: string) => within(form).getByRole('textbox', { name });

async function fill(view: View, form: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await view.user.clear(field(form, name));
    if (value) await view.user.type(field(form, name), value);
  }
}

const HOME = { 'First name': 'Ada', 'Last name': 'Lovelace', 'Street name': 'Abbey Road', 'Street number': '3', 'Postal code': 'NW8 9AY', 'Town or city': 'London' };
/** Spec §4: the customer counts as changed, which /settings confirms, until it is reset. */
async function settingsConfirmsAChange(view: View) {
  serveCustomerSettings();
  await view.router.navigate('/settings');
  // The notice renders with the page, from the flag alone: once the page's details show, its absence is final.
  await screen.findByRole('heading', { level: 2, name: 'Personal details' });
  return screen.queryByText('Your changes have been saved.') !== null;
}

const save = (view: View, form: HTMLElement) => view.user.click(within(form).getByRole('button', { name: 'Save address' }));

afterEach(async () => {
  window.sessionStorage.clear();
  customerChanged.reset();
  await i18next.changeLanguage('en-GB');
});

describe('add an address', () => {
  test('is an empty form in the storefront’s country, with the default box, and nothing is checked before Save', async () => {
    serveAddresses([]);
    const { form } = await openForm('/settings/new-address');
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery address' })).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Add an address' })).toBeInTheDocument();
    expect(field(form, 'First name')).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('United Kingdom');
    expect(within(form).getAllByRole('option')).toHaveLength(1);
    expect(within(form).getByRole('checkbox', { name: 'make this my default address' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to your addresses' })).toHaveAttribute('href', '/settings/addresses/all');
  });

  test('each of the four spec messages shows under its field on Save, and nothing is sent', async () => {
    const state = serveAddresses([]);
    const view = await openForm('/settings/new-address');
    const { form } = view;
    await fill(view, form, { ...HOME, 'Street name': '<b>', 'Street number': 'abc', 'Postal code': '12', 'Phone number (optional)': 'call me' });
    expect(within(form).queryByText('Street name must be valid')).toBeNull();
    await save(view, form);
    expect(await within(form).findByText('Street name must be valid')).toBeInTheDocument();
    expect(field(form, 'Street name')).toHaveAccessibleDescription('Street name must be valid');
    expect(field(form, 'Street number')).toHaveAccessibleDescription('Street number must be valid');
    expect(field(form, 'Postal code')).toHaveAccessibleDescription('Postal Code must be valid');
    expect(field(form, 'Phone number (optional)')).toHaveAccessibleDescription('Phone number must be valid');
    expect(field(form, 'First name')).not.toHaveAccessibleDescription();
    expect(field(form, 'Street name')).toHaveFocus();
    expect(state.posts).toEqual([]);
  });

  test('an empty field the spec gives no message says to fill it in', async () => {
    serveAddresses([]);
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, { ...HOME, 'First name': '' });
    await save(view, view.form);
    expect(await within(view.form).findByText('Please fill in this field')).toBeInTheDocument();
    expect(field(view.form, 'First name')).toHaveAccessibleDescription('Please fill in this field');
  });

  test('saved: sent once even when Save is pressed twice, marked as sending meanwhile, then the list shows it and the customer counts as changed', async () => {
    const state = serveAddresses([savedAddress(1)]);
    server.use(http.post(ADDRESSES_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.posts.push(body as never);
      await delay(150);
      const saved = { ...body, id: 'new-1', isDefault: true, createdAt: '2026-06-01T00:00:00.000Z' };
      state.items = [...state.items.map((a) => ({ ...a, isDefault: false })), saved as never];
      return HttpResponse.json(saved, { status: 201 });
    }));
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, { ...HOME, 'Phone number (optional)': '+44 20 7946 0000' });
    await view.user.click(within(view.form).getByRole('checkbox', { name: 'make this my default address' }));
    const button = within(view.form).getByRole('button', { name: 'Save address' });
    await view.user.click(button);
    expect(await within(view.form).findByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    await view.user.click(within(view.form).getByRole('button', { name: 'Saving…' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    expect(state.posts).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', street: 'Abbey Road', houseNumber: '3', postalCode: 'NW8 9AY', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0000', isDefault: true },
    ]);
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace, Abbey Road 3, NW8 9AY London' });
    expect(row).toHaveTextContent('Default address');
    expect(screen.getByRole('status')).toHaveTextContent('Your address has been saved.');
    expect(await settingsConfirmsAChange(view)).toBe(true);
  });

  test('saved, then Change on an address of the list opens its form (it once left a blank page)', async () => {
    serveAddresses([savedAddress(1)]);
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, HOME);
    await save(view, view.form);
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace, Abbey Road 3, NW8 9AY London' });
    await view.user.click(within(row).getByRole('link', { name: /Change/ }));
    const form = await screen.findByRole('form', { name: 'Change address' });
    expect(field(form, 'Street name')).toHaveValue('Abbey Road');
  });

  test('sent, the form says so while the address book is read again, then shows the list', async () => {
    const state = serveAddresses([savedAddress(1)]);
    let reads = 0;
    server.use(http.get(ADDRESSES_URL, async () => {
      // The read after the save is held a moment, so the state between sent and updated can be seen.
      if (++reads > 1) await delay(200);
      return HttpResponse.json({ items: state.items });
    }));
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, HOME);
    await save(view, view.form);
    expect(await within(view.form).findByRole('status')).toHaveTextContent('Your address has been sent. Updating your addresses…');
    expect(field(view.form, 'Street name')).toHaveAttribute('readonly');
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    expect(await screen.findByRole('listitem', { name: 'Ada Lovelace, Abbey Road 3, NW8 9AY London' })).toBeInTheDocument();
  });

  test('a field the server refuses shows that field’s message; the customer has not changed', async () => {
    serveAddresses([]);
    server.use(http.post(ADDRESSES_URL, () => refusedFields('postalCode')));
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, HOME);
    await save(view, view.form);
    expect(await within(view.form).findByText('Postal Code must be valid')).toBeInTheDocument();
    expect(field(view.form, 'Postal code')).toHaveAccessibleDescription('Postal Code must be valid');
    expect(view.currentUrl()).toBe('/settings/new-address');
    expect(await settingsConfirmsAChange(view)).toBe(false);
  });

  test('the country is that of the customer’s own storefront, whichever site shows the page; a country the server refuses says so on the field', async () => {
    serveAddresses([]);
    server.use(http.post(ADDRESSES_URL, () => refusedFields('countryCode')));
    const view = renderApp('/settings/new-address?channel=www.printhaven.de');
    const form = await screen.findByRole('form');
    const country = within(form).getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('GB');
    await fill(view, form, HOME);
    await save(view, form);
    await waitFor(() => expect(country).toHaveAccessibleDescription('Please check this field'));
  });

  test('a full address book is said plainly, with the limit', async () => {
    serveAddresses(Array.from({ length: 20 }, (_, i) => savedAddress(i + 1)));
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, HOME);
    await save(view, view.form);
    expect(await screen.findByRole('alert')).toHaveTextContent('You have reached the limit of 20 saved addresses. Delete one you no longer need to add another.');
    expect(view.currentUrl()).toBe('/settings/new-address');
  });

  test('a save that fails says so and keeps what was typed, ready to try again', async () => {
    serveAddresses([]);
    let calls = 0;
    server.use(http.post(ADDRESSES_URL, () => (++calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ ...savedAddress(9), street: 'Abbey Road' }, { status: 201 }))));
    const view = await openForm('/settings/new-address');
    await fill(view, view.form, HOME);
    await save(view, view.form);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your address could not be saved. Please try again.');
    expect(field(view.form, 'Street name')).toHaveValue('Abbey Road');
    await save(view, view.form);
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    expect(calls).toBe(2);
  });

  test('reads in the channel language (German); a customer of the German storefront saves a German address', async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveAddresses([]);
    server.use(http.get(ME_URL, () => HttpResponse.json(customerRecord({ channel: 'www.printhaven.de' }))));
    const view = renderApp('/settings/new-address?channel=www.printhaven.de');
    const form = await screen.findByRole('form');
    expect(within(form).getByRole('combobox', { name: 'Land' })).toHaveDisplayValue('Deutschland');
    await view.user.type(within(form).getByRole('textbox', { name: 'Postleitzahl' }), 'NW1 6XE');
    await view.user.click(within(form).getByRole('button', { name: 'Adresse speichern' }));
    expect(await within(form).findByText('Die Postleitzahl muss gültig sein')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Diese Adresse als meine Standardadresse verwenden' })).toBeInTheDocument();
  });
});

describe('change an address', () => {
  test('opens filled with the address; the saved change goes to that address and back to the list', async () => {
    const state = serveAddresses();
    const view = await openForm('/settings/address/addr-2');
    const { form } = view;
    expect(within(form).getByRole('heading', { name: 'Change address' })).toBeInTheDocument();
    expect(field(form, 'Street name')).toHaveValue('Street B');
    expect(field(form, 'Postal code')).toHaveValue('NW1 6XE');
    await fill(view, form, { 'Street name': 'Oxford Road' });
    await save(view, form);
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    expect(state.puts).toEqual([
      { id: 'addr-2', body: { firstName: 'Ada', lastName: 'Lovelace', street: 'Oxford Road', houseNumber: '2', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null, isDefault: false } },
    ]);
    expect(await screen.findByRole('listitem', { name: 'Ada Lovelace, Oxford Road 2, NW1 6XE London' })).toBeInTheDocument();
    expect(await settingsConfirmsAChange(view)).toBe(true);
  });

  test('the default address shows its box ticked and fixed: the default can only be moved, not unset', async () => {
    serveAddresses();
    const { form } = await openForm('/settings/address/addr-1');
    const box = within(form).getByRole('checkbox', { name: 'make this my default address' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });

  test('an address that is not in the book (deleted, or another customer’s) says it cannot be found', async () => {
    const state = serveAddresses();
    renderApp('/settings/address/someone-elses');
    expect(await screen.findByRole('heading', { level: 2, name: 'This address could not be found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted, or it belongs to another account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your addresses' })).toHaveAttribute('href', '/settings/addresses/all');
    expect(screen.queryByRole('form')).toBeNull();
    expect(state.puts).toEqual([]);
  });

  test('an address deleted meanwhile (404 on save) says it cannot be found', async () => {
    serveAddresses();
    server.use(http.put(ADDRESS_URL, () => HttpResponse.json({ status: 404, error: 'not_found', message: 'Not found', correlationId: 'c' }, { status: 404 })));
    const view = await openForm('/settings/address/addr-2');
    await save(view, view.form);
    expect(await screen.findByRole('alert')).toHaveTextContent('This address could not be found');
  });

  test('a business customer changes on the business screen and goes back to the list', async () => {
    const state = serveAddresses();
    const view = await openForm('/settings/b2b/address/addr-2', 'business');
    expect(screen.getByRole('link', { name: 'Back to your addresses' })).toHaveAttribute('href', '/settings/addresses/all');
    await fill(view, view.form, { 'Street number': '12' });
    await save(view, view.form);
    await waitFor(() => expect(view.currentUrl()).toBe('/settings/addresses/all'));
    expect(state.puts[0]?.body.houseNumber).toBe('12');
  });

  test('the business screens are not offered to a consumer', async () => {
    serveAddresses();
    const view = renderApp('/settings/b2b/new-address', { identity: 'consumer' });
    await waitFor(() => expect(view.currentUrl()).toBe('/'));
  });
});
