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
