import { AUTH_COOKIES, AUTH_METHOD_CLAIM, isBusinessAuthMethod, type AppConfig } from '@shoebox/contracts';
import type { UserManager } from 'oidc-client-ts';
import type { ErrorReporter } from '../error-reporting/error-reporter';
import { deleteCookie } from '../storage';
import { accessTokenExpiry, decodeJwtPayload, readTokenCookies } from './token-cookies';

/** An access token this close to its expiry is refreshed before it is used. */
export const REFRESH_MARGIN_SECONDS = 60;

export interface SignedInIdentity {
  customerId: string;
  email: string;
  idpType: string;
  idpSub: string;
  isBusiness: boolean;
}

export interface AuthSession {
  /** The signed-in customer, refreshing an expiring access token first; undefined when signed out. */
  currentIdentity(): Promise<SignedInIdentity | undefined>;
  accessToken(): Promise<string | undefined>;
  signIn(returnTo: string): Promise<never>;
  /** Finishes the redirect back from the sign-in page and answers where to go next. */
  completeSignIn(): Promise<string>;
  /** Ends the session here and at the provider; the browser then lands on `returnTo` (a public page), by default the start. */
  signOut(returnTo?: string): Promise<never>;
}

const never = () => new Promise<never>(() => {});

function identityFromIdToken(idToken: string | undefined): SignedInIdentity | undefined {
  const p = decodeJwtPayload(idToken);
  if (!p?.sub) return undefined;
  return {
    customerId: String(p.sub),
    email: String(p.email ?? ''),
    idpType: String(p.idp_type ?? ''),
    idpSub: String(p.idp_sub ?? ''),
    isBusiness: isBusinessAuthMethod(p[AUTH_METHOD_CLAIM]),
  };
}

/**
 * The customer's session, read straight from the token cookies. The OpenID Connect client is
 * fetched only to redirect or refresh, which keeps it off the path to the first screen.
 */
export function createAuthSession(config: AppConfig, locale: string, reporter: ErrorReporter): AuthSession {
  // The sign-in provider's address comes from /config.json: a session made before it arrived could only fail later.
  if (!config?.auth) throw new Error('Config should be loaded before authentication');
  let manager: Promise<UserManager> | undefined;
  const userManager = () =>
    (manager ??= import('./user-manager').then(({ createUserManager }) => createUserManager(config, locale)));

  let refreshing: Promise<boolean> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  const isFresh = (accessToken: string | undefined) => accessTokenExpiry(accessToken) - REFRESH_MARGIN_SECONDS > Date.now() / 1000;

  /** Schedules the next refresh shortly before the access token expires, while the page stays open. */
  function scheduleRefresh(accessToken: string | undefined) {
    clearTimeout(refreshTimer);
    const due = (accessTokenExpiry(accessToken) - REFRESH_MARGIN_SECONDS) * 1000 - Date.now();
    if (due > 0) refreshTimer = setTimeout(() => void refresh(), due);
  }

  async function refresh(): Promise<boolean> {
    // One refresh for every caller that noticed the expiry at the same time.
    refreshing ??= (async () => {
      try {
        const m = await userManager();
        const user = await m.signinSilent();
        scheduleRefresh(user?.access_token);
        return Boolean(user);
      } catch (error) {
        reporter.report(error, { kind: 'AccessToken Error' });
        return false;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  }

  async function liveTokens() {
    let tokens = readTokenCookies();
    if (!tokens.accessToken && !tokens.refreshToken) return undefined;
    if (!isFresh(tokens.accessToken)) {
      if (!tokens.refreshToken || !(await refresh())) return undefined;
      tokens = readTokenCookies();
    } else if (!refreshTimer) {
      scheduleRefresh(tokens.accessToken);
    }
    return tokens;
  }

  return {
    async currentIdentity() {
      return identityFromIdToken((await liveTokens())?.idToken);
    },
    async accessToken() {
      return (await liveTokens())?.accessToken;
    },
    async signIn(returnTo) {
      await (await userManager()).signinRedirect({ state: { returnTo } });
      return never();
    },
    async completeSignIn() {
      const user = await (await userManager()).signinRedirectCallback();
      scheduleRefresh(user.access_token);
      const state = user.state as { returnTo?: string } | undefined;
      return state?.returnTo?.startsWith('/') ? state.returnTo : '/';
    },
    async signOut(returnTo) {
      clearTimeout(refreshTimer);
      const { idToken } = readTokenCookies();
      const m = await userManager();
      await m.removeUser();
      for (const name of Object.values(AUTH_COOKIES)) deleteCookie(name);
      if (!idToken) {
        window.location.assign(returnTo ?? '/');
        return never();
      }
      await m.signoutRedirect({ id_token_hint: idToken, post_logout_redirect_uri: returnTo && `${window.location.origin}${returnTo}` });
      return never();
    },
  };
}
