import type { AppConfig } from '@shoebox/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { CookieUserStore } from './cookie-user-store';

export const CALLBACK_PATH = '/auth/callback';

/** The OpenID Connect client; loaded only when a redirect or a token refresh is needed. */
export function createUserManager(config: AppConfig, locale: string): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.auth.authority,
    client_id: config.auth.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.auth.scope,
    ui_locales: locale,
    userStore: new CookieUserStore(),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: false,
    loadUserInfo: false,
  });
}
