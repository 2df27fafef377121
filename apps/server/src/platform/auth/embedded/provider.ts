import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { FORGOT_PASSWORD_PAGE, REGISTER_PAGE, registerAccountPages } from './account-routes.js';
import { expiredPage, interactionPath, pageContext, renderPage, type PageContext } from './page-context.js';
import { loginPage } from './pages.js';
import { OIDC_PREFIX, type EmbeddedProviderOptions } from './provider-options.js';
import { SIGN_IN_CSS } from './sign-in-style.js';

const loginBody = z.object({ email: z.string().trim().max(320), password: z.string().max(1024) });

/**
 * Mounts the provider under /oidc and the sign-in page it sends customers to. The provider's library is loaded
 * and configured with the first request that needs it, not with the server: it takes longer to load than the
 * rest of a start, and a restart is ready without it.
 */
export async function registerEmbeddedProvider(app: FastifyInstance, o: EmbeddedProviderOptions): Promise<void> {
  let loading: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | undefined;
  const loaded = () =>
    (loading ??= import('./provider-instance.js').then(({ createEmbeddedProvider }) => {
      const provider = createEmbeddedProvider(o);
      provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'Sign-in provider error'));
      return { provider, callback: provider.callback() };
    }));

  app.get(`/oidc-assets/sign-in.css`, (_req, reply) => reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(SIGN_IN_CSS));

  await app.register(async (scope) => {
    // The provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all(`${OIDC_PREFIX}/*`, async (request, reply) => {
      const { callback } = await loaded();
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_PREFIX.length) || '/';
      void callback(raw, reply.raw);
    });
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });

    const render = renderPage;
    const expired = (request: FastifyRequest, reply: FastifyReply) => expiredPage(o, request, reply);
    const signInPage = (uid: string, c: PageContext, more: { email?: string; error?: string } = {}) =>
      loginPage({
        frame: c.frame,
        texts: c.texts,
        action: interactionPath(uid, c.channel, 'login'),
        links: { forgotPassword: interactionPath(uid, c.channel, FORGOT_PASSWORD_PAGE), createAccount: interactionPath(uid, c.channel, REGISTER_PAGE) },
        ...more,
      });

    scope.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, async (request, reply) => {
      const { provider } = await loaded();
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expired(request, reply);
      }
      if (details.prompt.name === 'login') return render(reply, signInPage(details.uid, pageContext(o, request, details.params)));
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
      const { provider } = await loaded();
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expired(request, reply);
      }
      const c = pageContext(o, request, details.params);
      const body = loginBody.safeParse(request.body);
      const email = body.success ? body.data.email : '';
      const result = body.success && email ? await o.accounts.signIn(email, body.data.password, request.ip) : ({ ok: false, reason: 'invalid_credentials' } as const);
      if (!result.ok) {
        const error = result.reason === 'throttled' ? c.texts.throttled.replace('{{minutes}}', String(result.retryAfterMinutes ?? 15)) : c.texts.invalidCredentials;
        return render(reply, signInPage(details.uid, c, { email, error }), result.reason === 'throttled' ? 429 : 401);
      }
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: result.accountId } }, { mergeWithLastSubmission: false });
    });
  });

  await registerAccountPages(app, o, loaded);
}
