import { SHARED_BOOK_WEB_PATH } from '@shoebox/contracts';
import type { RouteObject } from 'react-router';
import type { AppServices } from '../lib/services';
import { accessLoader } from './route-access';
import type { AccessRule, RouteHandle, TitleKey } from './route-handle';

/**
 * The self-service screens built for the account area (settings, addresses, email change and account deletion,
 * FTP instructions, online photo books and the public shared book). Rarely the first screen opened, so their
 * route entries stay out of the Overview's first download: the router patches them in (router.tsx,
 * selfServiceRoutePatcher) the first time a path under their prefixes is opened.
 */

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
      handle: { titleKey: 'deleteAccount', endsAccount: true } satisfies RouteHandle,
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
  // A fresh lazy object per route: the router empties one once it has loaded it, so a shared one left the
  // other routes of the form with nothing to load (a blank page after adding an address, then Change).
  const form = () => ({ handle: { titleKey: 'deliveryAddress' } satisfies RouteHandle, lazy: { Component: () => addresses().then((m) => m.AddressPage) } });
  const business = loader({ audience: 'business' });
  return [
    { path: 'settings/addresses/all', handle: { titleKey: 'allAddresses' } satisfies RouteHandle, loader: loader(), lazy: { Component: () => addresses().then((m) => m.AddressesPage) } },
    { path: 'settings/new-address', loader: loader(), ...form() },
    { path: 'settings/address/:addressId', loader: loader(), ...form() },
    { path: 'settings/b2b/new-address', loader: business, ...form() },
    { path: 'settings/b2b/address/:addressId', loader: business, ...form() },
  ];
}

/** Where each group goes in the tree: under the signed-in shell, and the shared book under the public layout. */
export function selfServiceRoutes(services: AppServices): { signedIn: RouteObject[]; public: RouteObject[] } {
  return {
    signedIn: [...settingsRoutes(services), ...widgetsRoutes(services), ...addressRoutes(services), ...identityRequestRoutes(services)],
    public: [sharedBookRoute()],
  };
}
