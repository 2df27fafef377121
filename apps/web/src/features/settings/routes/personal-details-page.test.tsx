import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { customerRecord } from '../../../test/fixtures';
import { ME_URL, serveCustomerSettings } from '../../../test/customer-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { customerChanged } from '../../addresses';

// The §4 flag lives as long as the page: each test starts without it.
afterEach(() => customerChanged.reset());

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function openForm() {
  const view = renderApp('/settings/personal-details');
  await screen.findByRole('heading', { level: 1, name: 'Change personal details' });
  await screen.findByRole('textbox', { name: 'First name' });
  return view;
}

describe('/settings/personal-details', () => {
  test('is filled with the present details and saves the change through PUT /customers/me', async () => {
    const fake = serveCustomerSettings({ customer: customerRecord({ phone: '+44 20 7946 0000' }) });
    const { user, currentUrl } = await openForm();
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Lovelace');
    expect(field('Phone number (optional)').value).toBe('+44 20 7946 0000');

    await user.clear(field('Last name'));
    await user.type(field('Last name'), '  King ');
    await user.clear(field('Phone number (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentUrl()).toBe('/settings'));
    expect(fake.updates).toEqual([{ firstName: 'Ada', lastName: 'King', phone: null }]);
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal details' })).toHaveTextContent('Ada King');
  });

  test('checks on submit only, with a message per field, and sends nothing while a field is wrong', async () => {
    const fake = serveCustomerSettings();
    const { user } = await openForm();
    await user.clear(field('First name'));
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'x'.repeat(101));
    // Nothing is said while typing.
    expect(screen.queryByText('Please enter your first name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('This is too long')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveAccessibleDescription('Please enter your first name');
    expect(fake.updates).toEqual([]);
  });

  test('a refused save reads the spec text, keeps what was typed and can be sent again', async () => {
    const fake = serveCustomerSettings();
    let refuse = true;
    server.use(http.put(ME_URL, () => (refuse ? HttpResponse.json({ status: 500, error: 'internal', message: 'x', correlationId: 'c' }, { status: 500 }) : undefined)));
    const { user, currentUrl } = await openForm();
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save changes. Please try again');
    expect(field('First name').value).toBe('Augusta');
    expect(currentUrl()).toBe('/settings/personal-details');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings'));
    expect(fake.updates).toEqual([{ firstName: 'Augusta', lastName: 'Lovelace', phone: null }]);
  });

  test('a double submit sends one request', async () => {
    serveCustomerSettings();
    let puts = 0;
    server.use(
      http.put(ME_URL, async () => {
        puts += 1;
        await delay(100);
        return undefined;
      }),
    );
    const { user, currentUrl } = await openForm();
    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.dblClick(save);
    await user.click(save);
    await waitFor(() => expect(currentUrl()).toBe('/settings'));
    expect(puts).toBe(1);
  });
});
