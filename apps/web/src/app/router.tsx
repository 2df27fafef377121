import { SHARED_BOOK_WEB_PATH } from '@shoebox/contracts';
import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
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
import type { selfServiceRoutes } from './self-service-routes';
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
  // The list's first page is asked for while the code and texts load; the page shows its failure. This loader
  // runs beside the signed-in one, so it waits for the session (a cookie read): signed out, that loader sends
  // the browser to the sign-in page, and the call could only have answered 401.
  const listLoader = async ({ request }: { request: Request }) => {
    const signedIn = (await services.auth.currentIdentity()) !== undefined;
    const firstPage = signedIn ? prefetchFirstOrdersPage(services.http, 0, request.signal) : undefined;
    firstPage?.catch(() => undefined);
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

const SIGNED_IN = 'signed-in';
const PUBLIC_LAYOUT = 'public';

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
          id: PUBLIC_LAYOUT,
          Component: PublicLayout,
          children: [
            publicPage('account-deleted', 'accountDeleted', () => pages().then((m) => ({ Component: m.AccountDeletedPage }))),
            publicPage('change-email-success', 'changeEmailSuccess', () => pages().then((m) => ({ Component: m.ChangeEmailSuccessPage }))),
            publicPage('change-email-error', 'changeEmailError', () => pages().then((m) => ({ Component: m.ChangeEmailErrorPage }))),
            publicPage('delete-account-error', 'deleteAccountError', () => pages().then((m) => ({ Component: m.DeleteAccountErrorPage }))),
            publicPage('subscription-confirmation', 'subscriptionConfirmation', () => pages().then((m) => ({ Component: m.SubscriptionConfirmationPage }))),
            publicPage('subscription-confirmation-success', 'subscriptionSuccess', () => pages().then((m) => ({ Component: m.SubscriptionSuccessPage }))),
            publicPage('subscription-confirmation-error', 'subscriptionError', () => pages().then((m) => ({ Component: m.SubscriptionErrorPage }))),
          ],
        },
        {
          id: SIGNED_IN,
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
            ...ordersRoutes(services),
          ],
        },
        { path: '*', loader: () => redirect('/'), Component: () => null },
      ],
    },
  ];
}

/** Paths under which the self-service screens live (self-service-routes.tsx); anything else never loads that table. */
const SELF_SERVICE_PREFIXES = [
  paths.settings,
  paths.integration,
  paths.widgets,
  paths.changeEmailConfirmation,
  paths.deleteAccountConfirmation,
  SHARED_BOOK_WEB_PATH,
];
const isSelfServicePath = (path: string) => SELF_SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Adds the self-service routes to the tree the first time a path under their prefixes is opened, cold or by a
 * link. Until then such a path matches only the not-found route, which is what makes the router ask; an unknown
 * path under a prefix still ends there once the table is in.
 */
export function selfServiceRoutePatcher(services: AppServices): PatchRoutesOnNavigationFunction {
  let table: Promise<ReturnType<typeof selfServiceRoutes>> | undefined;
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched || !isSelfServicePath(path)) return;
    table ??= import('./self-service-routes').then(
      (m) => m.selfServiceRoutes(services),
      (error: unknown) => {
        // A failed download is tried again on the next navigation.
        table = undefined;
        throw error;
      },
    );
    const routes = await table;
    // An interrupted navigation's patch is ignored by the router; the next one patches instead.
    if (patched || signal.aborted) return;
    patch(SIGNED_IN, routes.signedIn);
    patch(PUBLIC_LAYOUT, routes.public);
    patched = true;
  };
}

export const createAppRouter = (services: AppServices) =>
  createBrowserRouter(appRoutes(services), { patchRoutesOnNavigation: selfServiceRoutePatcher(services) });
