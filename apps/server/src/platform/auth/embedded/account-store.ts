import type { Channel } from '@shoebox/contracts';

/** What the embedded sign-in provider needs from the identities module, injected by the composition root. */
export interface AccountClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  idp_type: string;
  idp_sub: string;
  auth_method: string;
}

export type SignInResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid_credentials' | 'throttled'; retryAfterMinutes?: number };

export interface AccountStore {
  signIn(email: string, password: string, ip: string): Promise<SignInResult>;
  /** Claims of a live account, or undefined when it no longer exists. */
  claimsFor(accountId: string): Promise<AccountClaims | undefined>;
}

/** The query parameter of a mailed link that holds its token. */
export const LINK_TOKEN_PARAM = 'token';

/** How a request of the sign-in page was taken: the same for every address, whether it has an account or not. */
export type PageRequestAnswer = { ok: true } | { ok: false; reason: 'throttled'; retryAfterMinutes: number };

export type RegistrationResult = { ok: true; accountId: string } | { ok: false; reason: 'invalid' | 'address_taken' };

/**
 * The sign-in page's own requests (decision 091), from the identity-requests module, injected by the
 * composition root. A request is counted per address and per client before anything else and answered
 * before it is known whether the address has an account; what it mails is sent after the answer. `page` is
 * the address of the page the mailed link opens: the link is that page with LINK_TOKEN_PARAM added.
 */
export interface AccountRequests {
  requestPasswordReset(o: { email: string; ip: string; channel: Channel; page: string }): Promise<PageRequestAnswer>;
  /** The address of the account whose live reset link this is, or undefined. */
  passwordResetFor(token: string): Promise<{ email: string } | undefined>;
  /** Sets the password and ends every sign-in of the account, using the link; false when the link does not work. */
  resetPassword(token: string, password: string): Promise<boolean>;
  requestRegistration(o: { firstName: string; lastName: string; email: string; password: string; ip: string; channel: Channel; page: string }): Promise<PageRequestAnswer>;
  /** The address a live registration link confirms, or undefined. */
  registrationFor(token: string): Promise<{ email: string } | undefined>;
  /** Creates the customer and their identity, using the link. */
  confirmRegistration(token: string): Promise<RegistrationResult>;
}
