import {
  API_SERVICES,
  SERVICE_BASE_PATHS,
  conventionalStorefrontRoutes,
  type ApiService,
  type AppConfig,
  type BusinessStatus,
  type Customer,
  type PublicConfiguration,
} from '@shoebox/contracts';
import type { SignedInIdentity } from '../lib/auth/auth-session';

/** Every service lives under http://api.test/<its default prefix without /api>, e.g. http://api.test/customer. */
export const API_ORIGIN = 'http://api.test';

export const apiBase = (service: ApiService) => `${API_ORIGIN}${SERVICE_BASE_PATHS[service].replace(/^\/api/, '')}`;
export const apiUrl = (service: ApiService, path: string) => `${apiBase(service)}${path}`;

/** The default host of jsdom (localhost) is served as this storefront. */
export const DEFAULT_HOST = 'www.printhaven.co.uk';
export const DEFAULT_VENDOR_ID = 'printhaven-gb';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    api: Object.fromEntries(API_SERVICES.map((s) => [s, apiBase(s)])) as AppConfig['api'],
    pushSocketUrl: 'ws://api.test/push',
    uploadUrl: 'http://api.test/uploads',
    mobileUploadUrl: null,
    printsEditorUrl: 'http://www.printhaven.co.uk/prints-editor',
    auth: { authority: 'http://auth.test', clientId: 'shoebox-web', scope: 'openid email profile' },
    // Every photo-library screen on for every host unless a test overrides a flag.
    flags: {
      PhotoManagementTimelineViewEnabled: ['*'],
      PhotoManagementAlbumViewEnabled: ['*'],
      PhotoManagementSharedAlbumsViewEnabled: ['*'],
      PhotoManagementPreviewEnabled: ['*'],
    },
    supportChat: { enabled: true, url: 'https://chat.example.test/' },
    errorReporting: { sentryDsn: null },
    testHosts: [],
    ...overrides,
  };
}

export const consumerIdentity: SignedInIdentity = {
  customerId: 'cust-1001',
  email: 'ada@example.com',
  idpType: 'shoebox',
  idpSub: 'sub-ada',
  isBusiness: false,
};

export const businessIdentity: SignedInIdentity = {
  customerId: 'cust-2002',
  email: 'grace@studio.example.com',
  idpType: 'shoebox',
  idpSub: 'sub-grace',
  isBusiness: true,
};

export function customerRecord(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cust-1001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: null,
    channel: DEFAULT_HOST,
    registeredAt: '2024-03-01T10:00:00.000Z',
    business: null,
    integration: null,
    ...overrides,
  };
}

export function businessCustomerRecord(status: BusinessStatus): Customer {
  return customerRecord({
    id: 'cust-2002',
    email: 'grace@studio.example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    business: { companyName: 'Hopper Studio', vatNumber: 'GB123456789', status },
  });
}

/** The storefront's configured pages: deliberately not the conventional addresses, so a test can tell which was used. */
export const configuredRoutes: PublicConfiguration['routes'] = {
  storefront: 'https://shop.example.test/',
  faq: 'https://shop.example.test/support/faq',
  customerCare: 'https://shop.example.test/support/contact-us',
  createAccount: 'https://shop.example.test/register',
  products: 'https://shop.example.test/all-products',
  privacy: 'https://shop.example.test/privacy-statement',
};

export function publicConfiguration(vendorId = DEFAULT_VENDOR_ID): PublicConfiguration {
  return { vendorId, menus: { top: [], main: [], footer: [] }, routes: configuredRoutes };
}

/** What the account area links to when the configuration call fails. */
export const fallbackRoutes = conventionalStorefrontRoutes(DEFAULT_HOST);
