import type { Db } from '../../db/database.js';
import { API_SCOPE } from '../access-token.js';
import type { SecurityHeaderOptions } from '../../http/security-headers.js';
import type { AccountRequests, AccountStore } from './account-store.js';
import type { ProviderKeys } from './keys.js';
import type { LoginTexts } from './pages.js';

export { API_SCOPE };
export const OIDC_PREFIX = '/oidc';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
/** Where the account area may send a browser after signing out: its start, and the change-email success and account-deleted pages. */
export const SIGNED_OUT_PAGES = ['/', '/change-email-success', '/account-deleted'];

export interface EmbeddedProviderOptions {
  db: Db;
  keys: ProviderKeys;
  accounts: AccountStore;
  /** "Forgot password?" and "Create an account" on the sign-in page (decision 091). */
  requests: AccountRequests;
  issuer: string;
  audience: string;
  clientId: string;
  origins: string[];
  https: boolean;
  trustProxy: boolean;
  securityHeaders: SecurityHeaderOptions;
  /** Texts of the sign-in page in the customer's language. */
  textsFor(locale: string | undefined): { lang: string; texts: LoginTexts };
}

/** The API as a resource indicator, which must be an absolute URI; the token's audience stays `audience`. */
export const apiResourceIndicator = (audience: string) => (URL.canParse(audience) ? audience : `urn:${audience}`);
