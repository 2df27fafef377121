import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { serveAlbums } from '../test/albums';
import { servePhotoLibrary } from '../test/photo-library';
import { renderApp } from '../test/render-app';
import { waitForCondition } from '../test/wait';

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
});
