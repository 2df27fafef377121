import { randomBytes } from 'node:crypto';
import { Provider, errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { contentSecurityPolicy } from '../../http/security-headers.js';
import { databaseAdapterFactory } from './db-adapter.js';
import { interactionPath } from './page-context.js';
import { autoSubmitLogoutPage, brandOf, messagePage } from './pages.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_SCOPE,
  apiResourceIndicator,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  SIGNED_OUT_PAGES,
  type EmbeddedProviderOptions,
} from './provider-options.js';
import { requestedLocale, storefrontOf } from './storefront.js';

/** The OpenID Connect provider itself (oidc-provider), configured for the account area as its only client. */
export function createEmbeddedProvider(o: EmbeddedProviderOptions): Provider {
  const apiResource = apiResourceIndicator(o.audience);
  const configuration: Configuration = {
    adapter: databaseAdapterFactory(o.db),
    clients: [
      {
        client_id: o.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: o.origins.map((origin) => `${origin}/auth/callback`),
        // Besides the start, the public pages a confirmed email change or account deletion signs out to (account-area §4).
        post_logout_redirect_uris: o.origins.flatMap((origin) => SIGNED_OUT_PAGES.map((page) => `${origin}${page}`)),
      },
    ],
    jwks: { keys: [o.keys.signingKey as never] },
    cookies: {
      keys: o.keys.cookieKeys,
      long: { signed: true, sameSite: 'lax', secure: o.https },
      short: { signed: true, sameSite: 'lax', secure: o.https },
    },
    claims: {
      openid: ['sub', 'idp_type', 'idp_sub', 'auth_method'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile', API_SCOPE],
    // The account area reads the customer's identity claims from the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ['S256'] },
    // The account area calls the token endpoint from the browser, from any of its own origins.
    clientBasedCORS: (_ctx, origin) => o.origins.includes(origin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Asking for the API scope asks for a token for the API (a JWT). A sign-in for the profile alone
        // gets an opaque token without an audience, the only kind the userinfo endpoint accepts.
        defaultResource: async (ctx, _client, oneOf) => {
          if (oneOf) return oneOf;
          const scope = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope.split(' ') : [];
          return scope.includes(API_SCOPE) ? apiResource : [];
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: o.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const nonce = randomBytes(16).toString('base64');
          ctx.set('Content-Security-Policy', contentSecurityPolicy(o.securityHeaders, nonce));
          ctx.type = 'html';
          ctx.body = autoSubmitLogoutPage(form, nonce);
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
    },
    // The sign-in page's address names the storefront the customer came from: its brand and language (storefront.ts).
    interactions: {
      url: (ctx, interaction) =>
        interactionPath(
          interaction.uid,
          storefrontOf({ referer: ctx.get('referer'), redirectUri: ctx.oidc.params?.redirect_uri, uiLocales: ctx.oidc.params?.ui_locales, host: ctx.hostname, origins: o.origins }),
        ),
    },
    // The account area is the provider's only client: a refresh token is part of every sign-in.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const claims = await o.accounts.claimsFor(token.accountId as string);
      if (!claims) return undefined;
      return { email: claims.email, idp_type: claims.idp_type, idp_sub: claims.idp_sub, auth_method: claims.auth_method };
    },
    async findAccount(_ctx, sub) {
      const claims = await o.accounts.claimsFor(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims }) };
    },
    async renderError(ctx, _out, error) {
      const params = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params;
      const channel = storefrontOf({ referer: ctx.get('referer'), redirectUri: params?.redirect_uri, uiLocales: params?.ui_locales, host: ctx.hostname, origins: o.origins });
      const { lang, texts } = o.textsFor(requestedLocale(params?.ui_locales) ?? channel.locale);
      ctx.type = 'html';
      ctx.body = messagePage({ lang, brand: brandOf(channel), title: texts.title, heading: texts.expiredHeading, body: texts.expiredBody, link: { href: '/', label: texts.startAgain } });
      ctx.app.emit('error', error, ctx);
    },
  };
  const provider = new Provider(o.issuer, configuration);
  provider.proxy = o.trustProxy;
  return provider;
}

