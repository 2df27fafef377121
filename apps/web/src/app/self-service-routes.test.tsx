import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { serveCustomerSettings } from '../test/customer-settings';
import { renderApp } from '../test/render-app';

const overviewShown = () => screen.findByRole('heading', { level: 1, name: 'My account overview' });
const settingsShown = () => screen.findByRole('heading', { level: 1, name: 'My settings' });

const routePaths = (routes: readonly RouteObject[]): string[] => routes.flatMap((r) => [...(r.path ? [r.path] : []), ...routePaths(r.children ?? [])]);

describe('the self-service screens join the route table when first opened', () => {
  test('the Overview starts without them; the side menu opens Settings; back and forward work', async () => {
    serveCustomerSettings();
    const { router, user, currentUrl } = renderApp('/');
    await overviewShown();
    expect(routePaths(router.routes)).not.toContain('settings');

    await user.click(within(screen.getByRole('navigation', { name: 'Account menu' })).getByRole('link', { name: 'Settings' }));
    await settingsShown();
    expect(currentUrl()).toBe('/settings');
    expect(routePaths(router.routes)).toEqual(expect.arrayContaining(['settings', 'settings/addresses/all', 'online-products', 'shared-photo-book/:shareToken']));

    await router.navigate(-1);
    await overviewShown();
    await router.navigate(1);
    await settingsShown();
  });

  test.each(['/settings/no-such-screen', '/online-products/PB-1/more', '/integration/x'])('an unknown address under a self-service prefix (%s) goes to the overview', async (path) => {
    const { currentUrl } = renderApp(path);
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });

  test('an unknown address under /settings after Settings was opened goes to the overview', async () => {
    serveCustomerSettings();
    const { router, currentUrl } = renderApp('/settings');
    await settingsShown();
    await router.navigate('/settings/no-such-screen');
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });
});
