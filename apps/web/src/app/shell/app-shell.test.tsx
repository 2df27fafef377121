import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiUrl } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { serveAlbums } from '../../test/albums';
import { servePhotoLibrary } from '../../test/photo-library';
import { renderApp } from '../../test/render-app';
import { waitForCondition } from '../../test/wait';

const chatLink = () => screen.queryByRole('link', { name: /^Chat with us/ });

describe('stripped mode', () => {
  test('stripped=true hides the header and the side menu', async () => {
    renderApp('/?stripped=true');

    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Printhaven account' })).not.toBeInTheDocument();
  });

  test('going to another screen keeps stripped=true in the address', async () => {
    const { user, currentUrl } = renderApp('/?stripped=true');

    // The overview's cards are the only way around without a menu.
    await user.click(await screen.findByRole('link', { name: /^My orders/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/orders?stripped=true');
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  test('is remembered for the browser session: an address without the parameter gets it back', async () => {
    sessionStorage.setItem('shoebox.stripped', '1');
    const { currentUrl } = renderApp('/settings?tab=email');

    expect(await screen.findByRole('heading', { level: 1, name: 'My settings' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/settings?tab=email&stripped=true');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('without it the header and side menu are there', async () => {
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Printhaven account' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
  });
});

describe('a deleted account', () => {
  test('a customer whose /customers/me answers 404 is signed out', async () => {
    server.use(http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'No such customer', correlationId: 'c' }, { status: 404 })));
    const { auth, router } = renderApp('/orders');

    await waitForCondition(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    // Signing out leaves the page (to the identity provider), so the router stays on its way to /logout.
    expect(router.state.navigation.location?.pathname).toBe('/logout');
  });

  test('another failure of /customers/me does not sign the customer out', async () => {
    server.use(http.get(apiUrl('customers', '/customers/me'), () => new HttpResponse('nope', { status: 403 })));
    const { auth, reporter } = renderApp('/orders');

    await waitForCondition(() => expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }), expect.anything()));
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();
  });
});

describe('support chat', () => {
  test('is offered on account screens and opens in a new tab', async () => {
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    expect(screen.getByRole('complementary', { name: 'Chat with us' })).toContainElement(chatLink());
    expect(chatLink()).toHaveAttribute('href', 'https://chat.example.test/');
    expect(chatLink()).toHaveAttribute('target', '_blank');
  });

  // It never floats over the page (decision 086): it has a place of its own in each layout.
  test('sits under the account menu on larger screens, outside the page', async () => {
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    expect(chatLink()).toHaveAccessibleName('Chat with us (opens in a new tab)');
    expect(chatLink()).toHaveTextContent(/^Chat with us/);
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(menu.compareDocumentPosition(chatLink()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('main')).not.toContainElement(chatLink());
  });

  test('is a round icon button in the header on phones, with its name still read out', async () => {
    renderApp('/orders', { smallScreen: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    const launcher = within(screen.getByRole('banner')).getByRole('link', { name: 'Chat with us (opens in a new tab)' });
    expect(launcher).toHaveAttribute('href', 'https://chat.example.test/');
    expect(launcher.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // The header is a landmark already: no landmark inside it.
    expect(screen.queryByRole('complementary', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  test('follows the page in stripped mode, which has no header and no menu', async () => {
    renderApp('/orders?stripped=true');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    const region = screen.getByRole('complementary', { name: 'Chat with us' });
    expect(region).toContainElement(chatLink());
    expect(screen.getByRole('main').compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test.each(['/my-photos', '/my-photos/photos', '/my-photos/albums/al-1', '/my-photos/shared-albums/sa-1'])('is hidden on the photo route %s', async (path) => {
    serveAlbums({ library: servePhotoLibrary([]), albums: [{ id: 'al-1', name: 'Holiday' }], shared: [{ id: 'sa-1', name: 'Ski trip' }] });
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(chatLink()).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  test('is hidden when configuration turns it off', async () => {
    renderApp('/orders', { config: { supportChat: { enabled: false, url: 'https://chat.example.test/' } } });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(chatLink()).not.toBeInTheDocument();
  });

  test('leaves no empty "Chat with us" landmark behind when configuration turns it off', async () => {
    renderApp('/orders', { config: { supportChat: { enabled: false, url: null } } });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(screen.queryByRole('complementary', { name: 'Chat with us' })).not.toBeInTheDocument();
  });
});

describe('page chrome', () => {
  test('a skip link leads to the main content', async () => {
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  test('the browser tab is titled after the screen and the channel brand', async () => {
    renderApp('/saved-projects?channel=www.albumly.nl');
    await screen.findByRole('heading', { level: 1, name: 'My saved projects' });

    await waitForCondition(() => expect(document.title).toBe('My saved projects | Albumly'));
    expect(screen.getByRole('link', { name: 'Albumly account' })).toBeInTheDocument();
  });
});
