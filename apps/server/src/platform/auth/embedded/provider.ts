import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { API_SCOPE } from '../access-token.js';
import { contentSecurityPolicy, type SecurityHeaderOptions } from '../../http/security-headers.js';
import type { AccountStore } from './account-store.js';
import { databaseAdapterFactory } from './db-adapter.js';
import type { ProviderKeys } from './keys.js';
import { autoSubmitLogoutPage, loginPage, messagePage, SIGN_IN_CSS, type LoginTexts } from './pages.js';

export { API_SCOPE };
export const OIDC_PREFIX = '/oidc';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
/** Where the account area may send a browser after signing out: its start, and the change-email success and account-deleted pages. */
const SIGNED_OUT_PAGES = ['/', '/change-email-success', '/account-deleted'];

export interface EmbeddedProviderOptions {
  db: Db;
  keys: ProviderKeys;
  accounts: AccountStore;
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

const loginBody = z.object({ email: z.string().trim().max(320), password: z.string().max(1024) });

/** The API as a resource indicator, which must be an absolute URI; the token's audience stays `audience`. */
export const apiResourceIndicator = (audience: string) => (URL.canParse(audience) ? audience : `urn:${audience}`);

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
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
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
      const { lang, texts } = o.textsFor(undefined);
      ctx.type = 'html';
      ctx.body = messagePage({ lang, title: texts.title, heading: texts.expiredHeading, body: texts.expiredBody, link: { href: '/', label: texts.startAgain } });
      ctx.app.emit('error', error, ctx);
    },
  };
  const provider = new Provider(o.issuer, configuration);
  provider.proxy = o.trustProxy;
  return provider;
}

/** Mounts the provider under /oidc and the sign-in page it sends customers to. */
export async function registerEmbeddedProvider(app: FastifyInstance, provider: Provider, o: EmbeddedProviderOptions): Promise<void> {
  const callback = provider.callback();
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'Sign-in provider error'));

  app.get(`/oidc-assets/sign-in.css`, (_req, reply) => reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(SIGN_IN_CSS));

  await app.register(async (scope) => {
    // The provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all(`${OIDC_PREFIX}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_PREFIX.length) || '/';
      void callback(raw, reply.raw);
    });
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });

    const render = (reply: FastifyReply, html: string, status = 200) =>
      reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

    const expired = (request: FastifyRequest, reply: FastifyReply) => {
      const { lang, texts } = o.textsFor(undefined);
      request.log.info('Sign-in interaction expired or unknown');
      return render(reply, messagePage({ lang, title: texts.title, heading: texts.expiredHeading, body: texts.expiredBody, link: { href: '/', label: texts.startAgain } }), 400);
    };

    scope.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, async (request, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expired(request, reply);
      }
      const { lang, texts } = o.textsFor(details.params.ui_locales as string | undefined);
      if (details.prompt.name === 'login') {
        return render(reply, loginPage({ lang, texts, action: `${OIDC_PREFIX}/interaction/${details.uid}/login` }));
      }
      // The account area is first-party: what it asks for is granted without a consent screen.
      const accountId = details.session?.accountId;
      if (!accountId) return expired(request, reply);
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: details.params.client_id as string });
      if (!grant) return expired(request, reply);
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    });

    scope.post<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid/login`, async (request, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expired(request, reply);
      }
      const { lang, texts } = o.textsFor(details.params.ui_locales as string | undefined);
      const action = `${OIDC_PREFIX}/interaction/${details.uid}/login`;
      const body = loginBody.safeParse(request.body);
      const email = body.success ? body.data.email : '';
      const result = body.success && email ? await o.accounts.signIn(email, body.data.password, request.ip) : ({ ok: false, reason: 'invalid_credentials' } as const);
      if (!result.ok) {
        const error = result.reason === 'throttled' ? texts.throttled.replace('{{minutes}}', String(result.retryAfterMinutes ?? 15)) : texts.invalidCredentials;
        return render(reply, loginPage({ lang, texts, action, email, error }), result.reason === 'throttled' ? 429 : 401);
      }
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: result.accountId } }, { mergeWithLastSubmission: false });
    });
  });
}
