/** Business constants of the account area (spec: account-area §9). */
export const BREAKPOINTS = { small: 575, medium: 1024, large: 1280 } as const;

export const SHARED_NOTIFICATION_AUTO_CLOSE_MS = 10_000;
export const PRINTS_OVERLAY_MIN_MS = 3_000;
export const PRINTS_AUTOSELECT_PRODUCT = 'PAP_910';

export const ORDERS_PAGE_LIMIT = 100;
export const ORDERS_BY_ACCOUNT_LIMIT = 10;
export const SAVED_PROJECTS_PAGE_SIZE = 10;
export const HISTORICAL_INVOICES_PAGE_SIZE = 10;
export const IN_PROGRESS_ORDER_MAX_AGE_DAYS = 30;
export const IN_PROGRESS_ORDER_DISPATCH_GRACE_DAYS = 14;

export const FEEDBACK_WIDGET_LOCALES = [
  'en-GB', 'nl-NL', 'es-ES', 'fr-FR', 'nl-BE', 'de-AT', 'it-IT', 'da-DK', 'pt-PT', 'nb-NO', 'sv-SE',
] as const;

/** Sign-in throttling: this many wrong passwords for one address within the window locks it for the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/** A newsletter double opt-in link works this long. */
export const NEWSLETTER_CONFIRMATION_VALID_DAYS = 7;
/** Subscription requests (each mails a link) per address, and per client, within one window; more answer 429. */
export const NEWSLETTER_REQUESTS_PER_ADDRESS = 3;
export const NEWSLETTER_REQUESTS_PER_CLIENT = 10;
export const NEWSLETTER_THROTTLE_WINDOW_MINUTES = 60;
