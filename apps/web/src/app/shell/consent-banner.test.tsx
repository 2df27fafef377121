import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deleteCookie, getCookie } from '../../lib/storage';
import { configuredRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

const banner = () => screen.findByRole('region', { name: 'Cookies' });

describe('cookie consent banner', () => {
  test('is shown when no choice has been stored, with both kinds of cookies off', async () => {
    renderApp('/');

    const region = await banner();
    expect(within(region).getByRole('checkbox', { name: 'Analytics cookies' })).not.toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Marketing cookies' })).not.toBeChecked();
    await waitForCondition(() => expect(within(region).getByRole('link', { name: 'Privacy statement' })).toHaveAttribute('href', configuredRoutes.privacy));
  });

  test('"Save choices" with only Analytics ticked stores cookie_consent=10 and closes', async () => {
    const { user } = renderApp('/');
    const region = await banner();

    await user.click(within(region).getByRole('checkbox', { name: 'Analytics cookies' }));
    await user.click(within(region).getByRole('button', { name: 'Save choices' }));

    expect(getCookie('cookie_consent')).toBe('10');
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  test('"Save choices" with only Marketing ticked stores 01; with nothing ticked 00', async () => {
    const first = renderApp('/');
    await first.user.click(within(await banner()).getByRole('checkbox', { name: 'Marketing cookies' }));
    await first.user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(getCookie('cookie_consent')).toBe('01');
    first.unmount();

    deleteCookie('cookie_consent');
    const second = renderApp('/');
    await second.user.click(within(await banner()).getByRole('button', { name: 'Save choices' }));
    expect(getCookie('cookie_consent')).toBe('00');
  });

  test('"Accept all" stores cookie_consent=11 whatever is ticked', async () => {
    const { user } = renderApp('/account-deleted', { identity: undefined });
    const region = await banner();

    await user.click(within(region).getByRole('checkbox', { name: 'Analytics cookies' }));
    await user.click(within(region).getByRole('button', { name: 'Accept all' }));

    expect(getCookie('cookie_consent')).toBe('11');
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  test('is not shown once the cookie exists', async () => {
    document.cookie = 'cookie_consent=00; Path=/';
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept all' })).not.toBeInTheDocument();
  });

  test('the choice is kept across screens', async () => {
    const { user } = renderApp('/');
    await user.click(within(await banner()).getByRole('button', { name: 'Accept all' }));

    await user.click(screen.getByRole('link', { name: 'My orders' }));

    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });
});
