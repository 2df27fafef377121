import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import deDE from '../../../../public/locales/de-DE.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { ADDRESS_URL, ADDRESSES_URL, savedAddress, serveAddresses } from '../test/serve-addresses';

const BAKER = 'Ada Lovelace, Baker Street 1, NW1 6XE London';
const SECOND = 'Ada Lovelace, Street B 2, NW1 6XE London';

async function openList(identity: 'consumer' | 'business' = 'consumer') {
  const view = renderApp('/settings/addresses/all', { identity });
  await screen.findByRole('heading', { level: 1, name: 'Delivery addresses' });
  return view;
}

afterEach(async () => {
  window.sessionStorage.clear();
  await i18next.changeLanguage('en-GB');
});

describe('all addresses', () => {
  test('lists every address, the default one marked and first, each with Change and Delete; Make default only on the others', async () => {
    serveAddresses();
    await openList();
    const list = await screen.findByRole('list', { name: 'Your addresses' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label') ?? row.textContent)).toHaveLength(2);
    const first = screen.getByRole('listitem', { name: BAKER });
    expect(first).toHaveTextContent('Default address');
    expect(within(first).queryByRole('button', { name: /default/i })).toBeNull();
    expect(within(first).getByRole('link', { name: `Change ${BAKER}` })).toHaveAttribute('href', '/settings/address/addr-1');
    const second = screen.getByRole('listitem', { name: SECOND });
    expect(second).not.toHaveTextContent('Default address');
    expect(within(second).getByRole('button', { name: `Make ${SECOND} the default address` })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `Delete ${SECOND}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/settings/new-address');
  });

  test('a business customer adds and changes addresses on the business screens', async () => {
    serveAddresses();
    await openList('business');
    const first = await screen.findByRole('listitem', { name: BAKER });
    expect(within(first).getByRole('link', { name: `Change ${BAKER}` })).toHaveAttribute('href', '/settings/b2b/address/addr-1');
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/settings/b2b/new-address');
  });

  test('shows that it is loading, then an empty address book with the way to add one', async () => {
    server.use(http.get(ADDRESSES_URL, async () => {
      await delay(150);
      return HttpResponse.json({ items: [] });
    }));
    await openList();
    expect(await screen.findByText('Loading your addresses…')).toBeInTheDocument();
    expect(await screen.findByText('You have no saved addresses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/settings/new-address');
  });

  test('a list that cannot be read says so, and Try again reads it again', async () => {
    let failing = true;
    server.use(http.get(ADDRESSES_URL, () => (failing ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ items: [savedAddress(1)] }))));
    const { user } = await openList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your addresses could not be loaded.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: BAKER })).toBeInTheDocument();
  });

  test('Delete asks first; Keep it changes nothing; confirmed, the address is shown as being deleted, then gone', async () => {
    const state = serveAddresses();
    server.use(http.delete(ADDRESS_URL, async () => {
      await delay(150);
      state.items = state.items.filter((a) => a.id !== 'addr-2');
      return new HttpResponse(null, { status: 204 });
    }));
    const { user } = await openList();
    const row = await screen.findByRole('listitem', { name: SECOND });
    await user.click(within(row).getByRole('button', { name: `Delete ${SECOND}` }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent(SECOND);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.deletes).toEqual([]);

    await user.click(within(row).getByRole('button', { name: `Delete ${SECOND}` }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await within(row).findByText('Deleting…')).toBeInTheDocument();
    expect(row).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: SECOND })).toBeNull());
    expect(screen.getByRole('listitem', { name: BAKER })).toBeInTheDocument();
  });

  test('a delete that fails puts the address back as it was and says so in a toast', async () => {
    serveAddresses();
    server.use(http.delete(ADDRESS_URL, async () => {
      await delay(100);
      return new HttpResponse(null, { status: 500 });
    }));
    const { user } = await openList();
    const row = await screen.findByRole('listitem', { name: SECOND });
    await user.click(within(row).getByRole('button', { name: `Delete ${SECOND}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete address' }));
    expect(await within(row).findByText('Deleting…')).toBeInTheDocument();
    expect(await screen.findByText('The address could not be deleted. Please try again.')).toBeInTheDocument();
    const back = screen.getByRole('listitem', { name: SECOND });
    expect(back).not.toHaveAttribute('aria-busy');
    expect(within(back).getByRole('button', { name: `Delete ${SECOND}` })).toBeEnabled();
  });

  test('Make default moves the mark to that address and sends it with its fields unchanged', async () => {
    const state = serveAddresses();
    const { user } = await openList();
    const row = await screen.findByRole('listitem', { name: SECOND });
    await user.click(within(row).getByRole('button', { name: `Make ${SECOND} the default address` }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: SECOND })).toHaveTextContent('Default address'));
    expect(screen.getByRole('listitem', { name: BAKER })).not.toHaveTextContent('Default address');
    const fields = { firstName: 'Ada', lastName: 'Lovelace', street: 'Street B', houseNumber: '2', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null };
    expect(state.puts).toEqual([{ id: 'addr-2', body: { ...fields, isDefault: true } }]);
    const items = within(screen.getByRole('list', { name: 'Your addresses' })).getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName(SECOND);
  });

  test('a Make default that fails leaves the default where it was and says so', async () => {
    serveAddresses();
    server.use(http.put(ADDRESS_URL, () => new HttpResponse(null, { status: 500 })));
    const { user } = await openList();
    const row = await screen.findByRole('listitem', { name: SECOND });
    await user.click(within(row).getByRole('button', { name: `Make ${SECOND} the default address` }));
    expect(await screen.findByText('The default address could not be changed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: BAKER })).toHaveTextContent('Default address');
  });

  test('reads in the channel language (German)', async () => {
    i18next.addResourceBundle('de-DE', 'translation', deDE, true, true);
    await i18next.changeLanguage('de-DE');
    serveAddresses([savedAddress(1, { countryCode: 'DE', postalCode: '10115', city: 'Berlin' })]);
    renderApp('/settings/addresses/all?channel=www.printhaven.de');
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace, Baker Street 1, 10115 Berlin' });
    expect(row).toHaveTextContent('Standardadresse');
    expect(screen.getByRole('link', { name: 'Adresse hinzufügen' })).toBeInTheDocument();
  });
});
