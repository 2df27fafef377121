import { screen } from '@testing-library/react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { serveAlbums } from '../test/albums';
import { servePhotoLibrary } from '../test/photo-library';
import { fakeAuth, renderApp, testServices } from '../test/render-app';
import { waitForCondition } from '../test/wait';
import type { AppServices } from '../lib/services';
import { appRoutes } from './router';

/** The app's services for a visitor who is not signed in, its HTTP client watched. */
function signedOutServices() {
  const services = testServices(fakeAuth(undefined));
  const http = vi.fn(services.http);
  return { ...services, http: http as unknown as AppServices['http'] & typeof http };
}

function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    const found = route.path === path ? route : route.children && findRoute(route.children, path);
    if (found) return found;
  }
  return undefined;
}

/** Runs the loader of the route at `path` alone, as the router starts it beside its parents' loaders. */
function callLoader(routes: RouteObject[], path: string) {
  const loader = findRoute(routes, path.slice(1))?.loader;
  if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
  return loader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as LoaderFunctionArgs);
}

const overviewShown = () => screen.findByRole('heading', { level: 1, name: 'My account overview' });

describe('routes a customer may not use send them to the overview', () => {
  test.each(['/invoices', '/integration', '/settings/b2b', '/settings/b2b/email', '/settings/b2b/new-address'])('%s as a consumer', async (path) => {
    const { currentUrl } = renderApp(path, { identity: 'consumer' });
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });

  test.each(['/online-products', '/online-products/PB-123'])('%s as a business customer', async (path) => {
    const { currentUrl } = renderApp(path, { identity: 'business' });
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });

  test('/my-photos/photos when the timeline flag is off', async () => {
    const { currentUrl } = renderApp('/my-photos/photos', { flags: { PhotoManagementTimelineViewEnabled: false } });
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });

  test('a photo preview when the preview flag is off, though the timeline is on', async () => {
    servePhotoLibrary([]);
    const { currentUrl } = renderApp('/my-photos/photos/preview/ph-1', { flags: { PhotoManagementPreviewEnabled: false } });
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });

  test('an unknown address', async () => {
    const { currentUrl } = renderApp('/no/such/page');
    await overviewShown();
    expect(currentUrl()).toBe('/');
  });
});

describe('routes a customer may use', () => {
  test.each([
    ['business', '/invoices', 'B2B invoices'],
    ['business', '/integration', 'FTP instructions'],
    ['business', '/settings/b2b', 'Business settings'],
    ['consumer', '/online-products', 'My online photo books'],
    ['consumer', '/my-photos/photos', 'My photos'],
    ['business', '/my-photos/albums', 'My photos'],
  ] as const)('a %s customer opens %s', async (identity, path, title) => {
    serveAlbums({ library: servePhotoLibrary([]) });
    const { currentUrl } = renderApp(path, { identity });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(currentUrl()).toBe(path);
  });
});

describe('signed-out visitors', () => {
  test('a signed-in screen starts the sign-in and asks to come back to the same address', async () => {
    const { auth } = renderApp('/orders?page=2', { identity: undefined });

    await waitForCondition(() => expect(auth.signIn).toHaveBeenCalledWith('/orders?page=2'));
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  test('/orders asks for no orders before the sign-in: its loader runs beside the sign-in one, and the call could only answer 401', async () => {
    const services = signedOutServices();

    const data = (await callLoader(appRoutes(services), '/orders')) as { firstPage?: Promise<unknown> };
    // A first page on its way has been asked for once it settles.
    await data.firstPage?.catch(() => undefined);

    expect(services.http).not.toHaveBeenCalled();
  });
});
