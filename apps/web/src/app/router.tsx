import { SHARED_BOOK_WEB_PATH } from '@shoebox/contracts';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AuthCallbackPage, authCallbackLoader } from '../features/auth/routes/auth-callback';
import { LogoutPage, logoutLoader } from '../features/auth/routes/logout';
import { prefetchFirstOrdersPage } from '../features/orders';
import { paths } from '../lib/paths';
import type { AppServices } from '../lib/services';
import { HomeRoute } from './home-route';
import { RootErrorBoundary } from './root-error-boundary';
import { RootLayout } from './root-layout';
import { accessLoader, rootLoader, signedInLoader } from './route-access';
import type { AccessRule, RouteHandle, TitleKey } from './route-handle';
import { AppShell } from './shell/app-shell';
import { PublicLayout } from './shell/public-layout';

const TIMELINE = 'PhotoManagementTimelineViewEnabled';
const ALBUMS = 'PhotoManagementAlbumViewEnabled';
const SHARED_ALBUMS = 'PhotoManagementSharedAlbumsViewEnabled';
const PREVIEW = 'PhotoManagementPreviewEnabled';
const PHOTO_ROUTE = { hideSupportChat: true };
/** An album's name is its screen's heading, under its preview too (the shell's title would shift the grid). */
const ALBUM_ROUTE = { ...PHOTO_ROUTE, ownHeading: true };

/**
 * The photo library (photo-library §2): /my-photos goes to the Photos tab; the timeline, the albums list, an
 * album and a shared album. Each preview is a child of its grid, so the grid stays mounted under it.
 */
function photoLibraryRoutes(services: AppServices): RouteObject[] {
  const photos = () => import('../features/photos/routes/photos-routes');
  // The screens' texts and date formats load once access is granted, while their code downloads.
  const withAccess = (flags: AccessRule['flags']) => async () => {
    await accessLoader(services, { flags })();
    await (await photos()).loadPhotoResources(services);
    return null;
  };
  const previewChild = (flags: AccessRule['flags'], load: () => Promise<React.ComponentType>, shell: Omit<RouteHandle, 'titleKey'> = PHOTO_ROUTE): RouteObject => ({
    path: 'preview/:photoId',
    handle: { titleKey: 'photoPreview', ...shell } satisfies RouteHandle,
    loader: withAccess(flags),
    lazy: { Component: load },
  });
  return [
    {
      path: 'my-photos',
      handle: { titleKey: 'myPhotos', ...PHOTO_ROUTE } satisfies RouteHandle,
      loader: async ({ request }) => {
        await accessLoader(services, { flags: [TIMELINE] })();
        throw redirect(`${paths.photos}${new URL(request.url).search}`);
      },
      Component: () => null,
    },
    {
      // One toaster for every photo screen: a toast raised just before moving to another one stays in view.
      lazy: { Component: () => photos().then((m) => m.PhotoLibraryLayout) },
      children: [
        {
          path: 'my-photos/photos',
          handle: { titleKey: 'myPhotos', ...PHOTO_ROUTE } satisfies RouteHandle,
          loader: withAccess([TIMELINE]),
          lazy: { Component: () => photos().then((m) => m.PhotosPage) },
          children: [previewChild([TIMELINE, PREVIEW], () => photos().then((m) => m.loadPreviewPage()))],
        },
        {
          path: 'my-photos/albums',
          handle: { titleKey: 'myPhotos', ...PHOTO_ROUTE } satisfies RouteHandle,
          loader: withAccess([ALBUMS]),
          lazy: { Component: () => photos().then((m) => m.loadAlbumsPage()) },
        },
        {
          path: 'my-photos/albums/:id',
          handle: { titleKey: 'album', ...ALBUM_ROUTE } satisfies RouteHandle,
          loader: withAccess([ALBUMS]),
          lazy: { Component: () => photos().then((m) => m.loadAlbumPage()) },
          children: [previewChild([ALBUMS, PREVIEW], () => photos().then((m) => m.loadAlbumPreviewPage()), ALBUM_ROUTE)],
        },
        {
          path: 'my-photos/shared-albums/:id',
          handle: { titleKey: 'sharedAlbum', ...ALBUM_ROUTE } satisfies RouteHandle,
          loader: withAccess([SHARED_ALBUMS]),
          lazy: { Component: () => photos().then((m) => m.loadSharedAlbumPage()) },
          children: [previewChild([SHARED_ALBUMS, PREVIEW], () => photos().then((m) => m.loadAlbumPreviewPage()), ALBUM_ROUTE)],
        },
      ],
    },
  ];
}

/** /downloads (photo-library §2): its code and texts load when it is first opened. */
function downloadsRoute(): RouteObject {
  const downloads = () => import('../features/downloads/routes/downloads-routes');
  return {
    path: 'downloads',
    handle: { titleKey: 'downloads' } satisfies RouteHandle,
    loader: async () => {
      await (await downloads()).loadDownloadsResources();
      return null;
    },
    lazy: { Component: () => downloads().then((m) => m.DownloadsPage) },
  };
}

/** /orders and /orders/{orderCode} (account-area §2.1): their code, texts and date formats load when first opened. */
function ordersRoutes(services: AppServices): RouteObject[] {
  const orders = () => import('../features/orders/routes/orders-routes');
  const loader = async () => {
    await (await orders()).loadOrdersResources(services);
    return null;
  };
  // The list's first page is asked for at once, while the code and texts load; the page shows its failure.
  const listLoader = async ({ request }: { request: Request }) => {
    const firstPage = prefetchFirstOrdersPage(services.http, 0, request.signal);
    firstPage.catch(() => undefined);
    await loader();
    return { firstPage };
  };
  return [
    { path: 'orders', handle: { titleKey: 'orders' } satisfies RouteHandle, loader: listLoader, lazy: { Component: () => orders().then((m) => m.OrdersPage) } },
    { path: 'orders/:orderCode', handle: { titleKey: 'orderDetails' } satisfies RouteHandle, loader, lazy: { Component: () => orders().then((m) => m.OrderDetailsPage) } },
  ];
}

/** /saved-projects (account-area §2.6): its code, texts and date formats load when it is first opened. */
function savedProjectsRoute(services: AppServices): RouteObject {
  const savedProjects = () => import('../features/saved-projects/routes/saved-projects-routes');
  return {
    path: 'saved-projects',
    handle: { titleKey: 'savedProjects' } satisfies RouteHandle,
    loader: async () => {
      await (await savedProjects()).loadSavedProjectsResources(services);
      return null;
    },
    lazy: { Component: () => savedProjects().then((m) => m.SavedProjectsPage) },
  };
}

/**
 * /online-products and /online-products/{productCode} (account-area §2.8, consumers only) and the public page a
 * share link opens: their code and texts load when first opened.
 */
const widgetScreens = () => import('../features/widgets/routes/widgets-routes');
function widgetsRoutes(services: AppServices): RouteObject[] {
  const loader = async () => {
    await accessLoader(services, { audience: 'consumer' })();
    await (await widgetScreens()).loadWidgetsResources();
    return null;
  };
  return [
    { path: 'online-products', handle: { titleKey: 'widgets' } satisfies RouteHandle, loader, lazy: { Component: () => widgetScreens().then((m) => m.WidgetsPage) } },
    { path: 'online-products/:productCode', handle: { titleKey: 'widgetShare' } satisfies RouteHandle, loader, lazy: { Component: () => widgetScreens().then((m) => m.WidgetSharePage) } },
  ];
}

/** A shared photo book, for whoever holds the link: no sign-in. */
function sharedBookRoute(): RouteObject {
  return {
    path: `${SHARED_BOOK_WEB_PATH.slice(1)}/:shareToken`,
    handle: { titleKey: 'sharedPhotoBook' } satisfies RouteHandle,
    loader: async () => {
      await (await widgetScreens()).loadWidgetsResources();
      return null;
    },
    lazy: { Component: () => widgetScreens().then((m) => m.SharedBookPage) },
  };
}

/** /invoices (account-area §2.5, business customers only): its code and texts load when it is first opened. */
function invoicesRoute(services: AppServices): RouteObject {
  const invoices = () => import('../features/invoices/routes/invoices-routes');
  return {
    path: 'invoices',
    handle: { titleKey: 'invoices' } satisfies RouteHandle,
    loader: async () => {
      await accessLoader(services, { audience: 'business' })();
      await (await invoices()).loadInvoicesResources();
      return null;
    },
    lazy: { Component: () => invoices().then((m) => m.InvoicesPage) },
  };
}

/** The export page (photo-library §2): its own chunk, with its texts and date formats, loaded when it is opened. */
function exportPageRoute(services: AppServices): RouteObject {
  const exportRoutes = () => import('../features/photos/routes/export-routes');
  return {
    path: 'my-photos/exports/:backupId',
    handle: { titleKey: 'photoExport', ...PHOTO_ROUTE } satisfies RouteHandle,
    loader: async () => {
      await accessLoader(services, { flags: [TIMELINE] })();
      await (await exportRoutes()).loadExportResources(services);
      return null;
    },
    lazy: { Component: () => exportRoutes().then((m) => m.ExportPage) },
  };
}

/**
 * /settings, its personal-details, payment-method and business screens (account-area §2.7) and the business
 * FTP instructions: their code and texts load when first opened, never with the shell.
 */
function settingsRoutes(services: AppServices): RouteObject[] {
  const settings = () => import('../features/settings/routes/settings-routes');
  const integration = () => import('../features/integration/routes/integration-routes');
  const screen = (path: string, titleKey: TitleKey, Component: (m: Awaited<ReturnType<typeof settings>>) => React.ComponentType, access?: AccessRule): RouteObject => ({
    path,
    handle: { titleKey } satisfies RouteHandle,
    loader: async () => {
      if (access) await accessLoader(services, access)();
      await (await settings()).loadSettingsResources();
      return null;
    },
    lazy: { Component: () => settings().then(Component) },
  });
  return [
    screen('settings', 'settings', (m) => m.SettingsPage),
    screen('settings/personal-details', 'personalDetails', (m) => m.PersonalDetailsPage),
    screen('settings/payment-method', 'paymentMethod', (m) => m.PaymentMethodPage),
    screen('settings/b2b', 'businessSettings', (m) => m.BusinessSettingsPage, { audience: 'business' }),
    {
      path: 'integration',
      handle: { titleKey: 'ftp' } satisfies RouteHandle,
      loader: async () => {
        await accessLoader(services, { audience: 'business' })();
        await (await integration()).loadIntegrationResources();
        return null;
      },
      lazy: { Component: () => integration().then((m) => m.IntegrationPage) },
    },
  ];
}

/**
 * The embedded prints editor (account-area §2.9, decision 060): inside the shell, so the way back to the
 * photos and on to My orders stays one click away; its code and texts load when it is first opened.
 */
function printsEditorRoute(): RouteObject {
  const editor = () => import('../features/prints-editor/routes/prints-editor-routes');
  return {
    path: 'prints-editor',
    handle: { titleKey: 'printsEditor' } satisfies RouteHandle,
    loader: async () => {
      await (await editor()).loadPrintsEditorResources();
      return null;
    },
    lazy: { Component: () => editor().then((m) => m.PrintsEditorPage) },
  };
}

/**
 * Changing the email address and deleting the account (account-area §2.1, §4): the change screens and the
 * pages behind both confirmation links; their code and texts load when first opened.
 */
function identityRequestRoutes(services: AppServices): RouteObject[] {
  // Straight to the screens' chunks: the features' index modules (with their lazy Settings section) stay out of the shell.
  const emailChangeRoutes = () => import('../features/email-change/routes/email-change-routes');
  const accountDeletionRoutes = () => import('../features/account-deletion/routes/account-deletion-routes');
  const emailChange = (path: string, access?: AccessRule): RouteObject => ({
    path,
    handle: { titleKey: 'changeEmail' } satisfies RouteHandle,
    loader: async () => {
      if (access) await accessLoader(services, access)();
      await (await emailChangeRoutes()).loadEmailChangeResources();
      return null;
    },
    lazy: { Component: () => emailChangeRoutes().then((m) => m.EmailChangePage) },
  });
  return [
    emailChange('settings/email'),
    emailChange('settings/b2b/email', { audience: 'business' }),
    {
      path: 'change-email-confirmation',
      handle: { titleKey: 'changeEmail' } satisfies RouteHandle,
      loader: async () => {
        await (await emailChangeRoutes()).loadEmailChangeResources();
        return null;
      },
      lazy: { Component: () => emailChangeRoutes().then((m) => m.ChangeEmailConfirmationPage) },
    },
    {
      path: 'delete-account-confirmation',
      handle: { titleKey: 'deleteAccount' } satisfies RouteHandle,
      loader: async () => {
        await (await accountDeletionRoutes()).loadAccountDeletionResources();
        return null;
      },
      lazy: { Component: () => accountDeletionRoutes().then((m) => m.DeleteAccountConfirmationPage) },
    },
  ];
}

/**
 * The address book (account-area §2.7): all addresses, add and change, and the business pair (§6). Their
 * code and texts load when one is first opened.
 */
function addressRoutes(services: AppServices): RouteObject[] {
  const addresses = () => import('../features/addresses/routes/addresses-routes');
  const loader = (access?: AccessRule) => async () => {
    if (access) await accessLoader(services, access)();
    await (await addresses()).loadAddressesResources();
    return null;
  };
  const form = { handle: { titleKey: 'deliveryAddress' } satisfies RouteHandle, lazy: { Component: () => addresses().then((m) => m.AddressPage) } };
  const business = loader({ audience: 'business' });
  return [
    { path: 'settings/addresses/all', handle: { titleKey: 'allAddresses' } satisfies RouteHandle, loader: loader(), lazy: { Component: () => addresses().then((m) => m.AddressesPage) } },
    { path: 'settings/new-address', loader: loader(), ...form },
    { path: 'settings/address/:addressId', loader: loader(), ...form },
    { path: 'settings/b2b/new-address', loader: business, ...form },
    { path: 'settings/b2b/address/:addressId', loader: business, ...form },
  ];
}

const publicPage = (path: string, titleKey: TitleKey, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({
  path,
  handle: { titleKey } satisfies RouteHandle,
  lazy: load,
});

export function appRoutes(services: AppServices): RouteObject[] {
  const pages = () => import('../features/public-pages');

  return [
    {
      id: 'root',
      loader: rootLoader(services),
      shouldRevalidate: () => true,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: () => null,
      children: [
        { path: 'auth/callback', loader: authCallbackLoader(services), Component: AuthCallbackPage },
        { path: 'logout', loader: logoutLoader(services), HydrateFallback: LogoutPage, Component: LogoutPage },
        {
          Component: PublicLayout,
          children: [
            publicPage('account-deleted', 'accountDeleted', () => pages().then((m) => ({ Component: m.AccountDeletedPage }))),
            publicPage('change-email-success', 'changeEmailSuccess', () => pages().then((m) => ({ Component: m.ChangeEmailSuccessPage }))),
            publicPage('change-email-error', 'changeEmailError', () => pages().then((m) => ({ Component: m.ChangeEmailErrorPage }))),
            publicPage('delete-account-error', 'deleteAccountError', () => pages().then((m) => ({ Component: m.DeleteAccountErrorPage }))),
            publicPage('subscription-confirmation', 'subscriptionConfirmation', () => pages().then((m) => ({ Component: m.SubscriptionConfirmationPage }))),
            publicPage('subscription-confirmation-success', 'subscriptionSuccess', () => pages().then((m) => ({ Component: m.SubscriptionSuccessPage }))),
            publicPage('subscription-confirmation-error', 'subscriptionError', () => pages().then((m) => ({ Component: m.SubscriptionErrorPage }))),
            sharedBookRoute(),
          ],
        },
        {
          id: 'signed-in',
          loader: signedInLoader(services),
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          Component: AppShell,
          children: [
            { index: true, handle: { titleKey: 'overview' } satisfies RouteHandle, Component: HomeRoute },
            ...photoLibraryRoutes(services),
            exportPageRoute(services),
            downloadsRoute(),
            invoicesRoute(services),
            savedProjectsRoute(services),
            printsEditorRoute(),
            ...settingsRoutes(services),
            ...ordersRoutes(services),
            ...widgetsRoutes(services),
            ...addressRoutes(services),
            ...identityRequestRoutes(services),
          ],
        },
        { path: '*', loader: () => redirect('/'), Component: () => null },
      ],
    },
  ];
}

export const createAppRouter = (services: AppServices) => createBrowserRouter(appRoutes(services));
