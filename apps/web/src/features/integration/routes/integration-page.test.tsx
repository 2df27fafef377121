import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { businessCustomerRecord, customerRecord } from '../../../test/fixtures';
import { ME_URL, serveCustomerSettings } from '../../../test/customer-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

async function openPage(integration: { callbackUrl: string | null; callbackFormat: 'json' | 'xml' | null } | null = { callbackUrl: null, callbackFormat: null }) {
  const view = renderApp('/integration', { identity: 'business' });
  const fake = serveCustomerSettings({ customer: { ...businessCustomerRecord('Active'), integration } });
  await screen.findByRole('heading', { level: 1, name: 'FTP instructions' });
  await screen.findByRole('region', { name: 'Order-ready callback' });
  return { ...view, fake };
}

const urlField = () => screen.getByRole('textbox', { name: 'Callback address' }) as HTMLInputElement;

describe('/integration', () => {
  test('gives the FTP connection, folders and file naming, with the customer number as user name', async () => {
    await openPage();
    const connection = screen.getByRole('region', { name: 'Connecting' });
    expect(connection).toHaveTextContent('Serverftp.printhaven.co.uk');
    expect(connection).toHaveTextContent('Port21');
    expect(connection).toHaveTextContent('FTPS (FTP with explicit TLS)');
    expect(connection).toHaveTextContent('User namecust-2002');
    const folders = screen.getByRole('region', { name: 'Folders' });
    for (const folder of ['/incoming', '/processing', '/done', '/rejected']) expect(folders).toHaveTextContent(folder);
    expect(folders).toHaveTextContent('kept for 30 days');
    expect(screen.getByRole('region', { name: 'File names' })).toHaveTextContent('Example: PO-2026-0142_PHOTOBOOK-A4_25.pdf');
    expect(screen.getByRole('region', { name: 'Order-ready callback' })).toHaveTextContent('No callbacks are sent.');
  });

  test('saves an https callback address and format through PATCH /customers/me', async () => {
    const { user, fake } = await openPage();
    await user.type(urlField(), 'https://erp.hopper.example/orders/ready');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'xml');
    await user.click(screen.getByRole('button', { name: 'Save callback' }));

    expect(await screen.findByText('Your callback settings have been saved.')).toBeInTheDocument();
    expect(fake.integrationUpdates).toEqual([{ callbackUrl: 'https://erp.hopper.example/orders/ready', callbackFormat: 'xml' }]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Order-ready callback' })).toHaveTextContent('Callbacks go to https://erp.hopper.example/orders/ready as XML.'));
  });

  test('refuses an http:// address with a clear message, and anything that is not an address', async () => {
    const { user, fake } = await openPage();
    await user.type(urlField(), 'http://erp.hopper.example/ready');
    await user.click(screen.getByRole('button', { name: 'Save callback' }));
    expect(await screen.findByText('The address must start with https:// — order details are never sent over plain http.')).toBeInTheDocument();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(urlField());
    await user.type(urlField(), 'erp dot example');
    await user.click(screen.getByRole('button', { name: 'Save callback' }));
    expect(await screen.findByText('Please enter a full web address that starts with https://')).toBeInTheDocument();
    expect(fake.integrationUpdates).toEqual([]);
  });

  test('stops the callbacks (both null)', async () => {
    const { user, fake } = await openPage({ callbackUrl: 'https://erp.hopper.example/ready', callbackFormat: 'json' });
    const callback = screen.getByRole('region', { name: 'Order-ready callback' });
    expect(callback).toHaveTextContent('Callbacks go to https://erp.hopper.example/ready as JSON.');
    expect(urlField().value).toBe('https://erp.hopper.example/ready');
    await user.click(within(callback).getByRole('button', { name: 'Stop callbacks' }));

    expect(await screen.findByText('Callbacks are switched off.')).toBeInTheDocument();
    expect(fake.integrationUpdates).toEqual([{ callbackUrl: null, callbackFormat: null }]);
    await waitFor(() => expect(callback).toHaveTextContent('No callbacks are sent.'));
    expect(within(callback).queryByRole('button', { name: 'Stop callbacks' })).not.toBeInTheDocument();
  });

  test('a refused save reads the spec text', async () => {
    const { user } = await openPage();
    server.use(http.patch(ME_URL, () => HttpResponse.json({ status: 500, error: 'internal', message: 'x', correlationId: 'c' }, { status: 500 })));
    await user.type(urlField(), 'https://erp.hopper.example/ready');
    await user.click(screen.getByRole('button', { name: 'Save callback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save changes. Please try again');
  });

  test('a consumer is sent to the overview', async () => {
    serveCustomerSettings({ customer: customerRecord() });
    const { currentUrl } = renderApp('/integration');
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(currentUrl()).toBe('/');
  });
});
