import { z } from 'zod/mini';
import { featureFlagsConfigSchema } from './feature-flags.js';

/** The backend services the web talks to; each gets its own base address in /config.json. */
export const API_SERVICES = [
  'photoManagement',
  'downloads',
  'customers',
  'orders',
  'invoices',
  'projects',
  'widgets',
  'identities',
  'emailGateway',
  'accountDeletionInfo',
  'configuration',
  'errorReports',
  'catalogue',
] as const;
export type ApiService = (typeof API_SERVICES)[number];

const url = z.url();

export const appConfigSchema = z.object({
  api: z.object(Object.fromEntries(API_SERVICES.map((s) => [s, url])) as Record<ApiService, typeof url>),
  pushSocketUrl: url,
  uploadUrl: url,
  /** Where phones upload instead (a retailer's mobile upload page), or null to upload here. */
  mobileUploadUrl: z.nullable(url),
  /** The prints editor a temporary selection is handed to (the retailer's, or the embedded /prints-editor page). */
  printsEditorUrl: url,
  auth: z.object({ authority: url, clientId: z.string().check(z.minLength(1)), scope: z.string().check(z.minLength(1)) }),
  flags: featureFlagsConfigSchema,
  supportChat: z.object({ enabled: z.boolean(), url: z.nullable(url) }),
  /** Where the browser's failures go: a Sentry project (SENTRY_DSN; GlitchTip takes it too), or null for the server's own error service. */
  errorReporting: z.object({ sentryDsn: z.nullable(url) }),
  /** Hosts that must never be indexed by search engines. */
  testHosts: z.array(z.string()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Where each service lives on the Shoebox server by default; /config.json may point any of them elsewhere. */
export const SERVICE_BASE_PATHS: Record<ApiService, string> = {
  photoManagement: '/api/photo-management',
  downloads: '/api/downloads',
  customers: '/api/customer',
  orders: '/api/orders',
  invoices: '/api/invoices',
  projects: '/api/projects',
  widgets: '/api/widgets',
  identities: '/api/auth',
  emailGateway: '/api/email-gateway',
  accountDeletionInfo: '/api/account-deletion',
  configuration: '/api/configuration',
  errorReports: '/api/error-reporting',
  catalogue: '/api/catalogue',
};
