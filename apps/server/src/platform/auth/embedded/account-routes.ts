import formbody from '@fastify/formbody';
import { PASSWORD_RESET_LINK_VALID_MINUTES, REGISTRATION_LINK_VALID_HOURS, textProblem } from '@shoebox/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { checkEmail, checkName, formField, passwordError, passwordHint } from './account-forms.js';
import { confirmAccountPage, forgotPasswordPage, registerPage, resetPasswordPage, type RegisterField } from './account-pages.js';
import { LINK_TOKEN_PARAM } from './account-store.js';
import { expiredPage, interactionPath, pageContext, renderPage, startPath, type PageContext } from './page-context.js';
import { fill, messagePage } from './pages.js';
import { OIDC_PREFIX, type EmbeddedProviderOptions } from './provider-options.js';

/**
 * A new account's form carries two names, an address and a password of up to 1024 characters, each of
 * which percent-encoding may make up to 12 bytes a character: more than the sign-in form's 4 KiB.
 */
export const ACCOUNT_FORM_BODY_LIMIT = 16 * 1024;
/** A mailed token is 43 characters; anything much longer is no token of ours and is not looked up. */
const TOKEN_MAX_LENGTH = 200;

export const FORGOT_PASSWORD_PAGE = 'forgot-password';
export const RESET_PASSWORD_PAGE = 'reset-password';
export const REGISTER_PAGE = 'register';
export const CONFIRM_ACCOUNT_PAGE = 'confirm-account';

type Request = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The sign-in page's "Forgot password?" and "Create an account" (decision 091), under the interaction's
 * address. The forms that ask for something (a reset link, an account) need this browser's live
 * interaction, whose signed SameSite cookie a post from another site never carries: that is their CSRF
 * protection. The pages a mailed link opens need only the link's token, so they work in any browser; with
 * the interaction still open in this one, they lead back into it.
 */
export async function registerAccountPages(app: FastifyInstance, o: EmbeddedProviderOptions, loaded: () => Promise<{ provider: Provider }>): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: ACCOUNT_FORM_BODY_LIMIT });
    const base = `${OIDC_PREFIX}/interaction/:uid`;

    /** This browser's interaction at this address, if it is still open. */
    async function interactionOf(request: Request, reply: FastifyReply) {
      const { provider } = await loaded();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return details.uid === request.params.uid ? { provider, details } : undefined;
      } catch {
        return undefined;
      }
    }

    /** Where "sign in" leads: this browser's open sign-in page, else the account area's start, which begins a new one. */
    const signInHref = (request: Request, c: PageContext, live: unknown) => (live ? interactionPath(request.params.uid, c.channel) : startPath(request));
    /** A mailed link: the page's absolute address, to which the service adds the token. */
    const linkPage = (request: Request, c: PageContext, page: string) => new URL(interactionPath(request.params.uid, c.channel, page), o.issuer).href;
    const tokenOf = (value: string) => (value && value.length <= TOKEN_MAX_LENGTH && !textProblem(value) ? value : undefined);
    const queryToken = (request: Request) => {
      const value = (request.query as Record<string, unknown> | undefined)?.[LINK_TOKEN_PARAM];
      return tokenOf(typeof value === 'string' ? value : '');
    };
    const message = (reply: FastifyReply, c: PageContext, m: { heading: string; body: string; link: { href: string; label: string } }, status = 200) =>
      renderPage(reply, messagePage({ lang: c.frame.lang, brand: c.frame.brand, title: m.heading, ...m }), status);
    const linkInvalid = (request: Request, reply: FastifyReply, c: PageContext, live: unknown) =>
      message(reply, c, { heading: c.texts.linkInvalidHeading, body: c.texts.linkInvalidBody, link: { href: signInHref(request, c, live), label: c.texts.goToSignIn } }, 400);
    /** A page whose address holds a token: no Referer carries it anywhere, not even to this server's stylesheet. */
    const tokenPage = (reply: FastifyReply) => reply.header('Referrer-Policy', 'no-referrer');
    const minutesOf = (answer: { retryAfterMinutes: number }) => answer.retryAfterMinutes;

    // Forgot password: the same answer for every address, known or not (decision 091).
    const forgotPage = (request: Request, c: PageContext, more: { email?: string; fieldError?: string; error?: string } = {}) =>
      forgotPasswordPage({ frame: c.frame, texts: c.texts, action: interactionPath(request.params.uid, c.channel, FORGOT_PASSWORD_PAGE), signIn: interactionPath(request.params.uid, c.channel), ...more });

    scope.get<{ Params: { uid: string } }>(`${base}/${FORGOT_PASSWORD_PAGE}`, async (request, reply) => {
      const live = await interactionOf(request, reply);
      if (!live) return expiredPage(o, request, reply);
      return renderPage(reply, forgotPage(request, pageContext(o, request, live.details.params)));
    });

    scope.post<{ Params: { uid: string } }>(`${base}/${FORGOT_PASSWORD_PAGE}`, async (request, reply) => {
      const live = await interactionOf(request, reply);
      if (!live) return expiredPage(o, request, reply);
      const c = pageContext(o, request, live.details.params);
      const email = checkEmail(c.texts, formField(request.body, 'email'));
      if (email.error) return renderPage(reply, forgotPage(request, c, { email: email.value, fieldError: email.error }), 400);
      const answer = await o.requests.requestPasswordReset({ email: email.value, ip: request.ip, channel: c.channel, page: linkPage(request, c, RESET_PASSWORD_PAGE) });
      if (!answer.ok) return renderPage(reply, forgotPage(request, c, { email: email.value, error: fill(c.texts.requestsThrottled, { minutes: minutesOf(answer) }) }), 429);
      return message(reply, c, {
        heading: c.texts.checkEmailHeading,
        body: fill(c.texts.forgotSentBody, { email: email.value, minutes: PASSWORD_RESET_LINK_VALID_MINUTES }),
        link: { href: interactionPath(request.params.uid, c.channel), label: c.texts.backToSignIn },
      });
    });

    // The mailed reset link: a form for the new password; the link works once.
    const resetPage = (request: Request, c: PageContext, token: string, email: string, error?: string) =>
      resetPasswordPage({
        frame: c.frame,
        texts: c.texts,
        action: interactionPath(request.params.uid, c.channel, RESET_PASSWORD_PAGE),
        token,
        email,
        passwordHint: passwordHint(c.texts),
        errors: error ? { password: error } : {},
      });

    scope.get<{ Params: { uid: string } }>(`${base}/${RESET_PASSWORD_PAGE}`, async (request, reply) => {
      tokenPage(reply);
      const live = await interactionOf(request, reply);
      const c = pageContext(o, request, live?.details.params);
      const token = queryToken(request);
      const reset = token && (await o.requests.passwordResetFor(token));
      if (!token || !reset) return linkInvalid(request, reply, c, live);
      return renderPage(reply, resetPage(request, c, token, reset.email));
    });

    scope.post<{ Params: { uid: string } }>(`${base}/${RESET_PASSWORD_PAGE}`, async (request, reply) => {
      tokenPage(reply);
      const live = await interactionOf(request, reply);
      const c = pageContext(o, request, live?.details.params);
      const token = tokenOf(formField(request.body, LINK_TOKEN_PARAM));
      const reset = token && (await o.requests.passwordResetFor(token));
      if (!token || !reset) return linkInvalid(request, reply, c, live);
      const password = formField(request.body, 'password');
      const error = passwordError(c.texts, password);
      if (error) return renderPage(reply, resetPage(request, c, token, reset.email, error), 400);
      if (!(await o.requests.resetPassword(token, password))) return linkInvalid(request, reply, c, live);
      return message(reply, c, { heading: c.texts.resetDoneHeading, body: c.texts.resetDoneBody, link: { href: signInHref(request, c, live), label: c.texts.goToSignIn } });
    });

    // Create an account: the account exists once the mailed link confirms the address.
    const newAccountPage = (request: Request, c: PageContext, more: Pick<Parameters<typeof registerPage>[0], 'values' | 'errors' | 'error'> = {}) =>
      registerPage({
        frame: c.frame,
        texts: c.texts,
        action: interactionPath(request.params.uid, c.channel, REGISTER_PAGE),
        signIn: interactionPath(request.params.uid, c.channel),
        passwordHint: passwordHint(c.texts),
        ...more,
      });

    scope.get<{ Params: { uid: string } }>(`${base}/${REGISTER_PAGE}`, async (request, reply) => {
      const live = await interactionOf(request, reply);
      if (!live) return expiredPage(o, request, reply);
      return renderPage(reply, newAccountPage(request, pageContext(o, request, live.details.params)));
    });

    scope.post<{ Params: { uid: string } }>(`${base}/${REGISTER_PAGE}`, async (request, reply) => {
      const live = await interactionOf(request, reply);
      if (!live) return expiredPage(o, request, reply);
      const c = pageContext(o, request, live.details.params);
      const t = c.texts;
      const firstName = checkName(t, formField(request.body, 'firstName'), t.firstNameRequired);
      const lastName = checkName(t, formField(request.body, 'lastName'), t.lastNameRequired);
      const email = checkEmail(t, formField(request.body, 'email'));
      const password = formField(request.body, 'password');
      const errors: Partial<Record<RegisterField, string>> = { firstName: firstName.error, lastName: lastName.error, email: email.error, password: passwordError(t, password) };
      const values = { firstName: firstName.value, lastName: lastName.value, email: email.value };
      if (Object.values(errors).some(Boolean)) return renderPage(reply, newAccountPage(request, c, { values, errors }), 400);
      const answer = await o.requests.requestRegistration({ ...values, password, ip: request.ip, channel: c.channel, page: linkPage(request, c, CONFIRM_ACCOUNT_PAGE) });
      if (!answer.ok) return renderPage(reply, newAccountPage(request, c, { values, error: fill(t.requestsThrottled, { minutes: minutesOf(answer) }) }), 429);
      return message(reply, c, {
        heading: t.checkEmailHeading,
        body: fill(t.registerSentBody, { email: email.value, hours: REGISTRATION_LINK_VALID_HOURS }),
        link: { href: interactionPath(request.params.uid, c.channel), label: t.backToSignIn },
      });
    });

    // The mailed confirmation link: opening it changes nothing, its button creates the account.
    scope.get<{ Params: { uid: string } }>(`${base}/${CONFIRM_ACCOUNT_PAGE}`, async (request, reply) => {
      tokenPage(reply);
      const live = await interactionOf(request, reply);
      const c = pageContext(o, request, live?.details.params);
      const token = queryToken(request);
      const registration = token && (await o.requests.registrationFor(token));
      if (!token || !registration) return linkInvalid(request, reply, c, live);
      return renderPage(
        reply,
        confirmAccountPage({ frame: c.frame, texts: c.texts, action: interactionPath(request.params.uid, c.channel, CONFIRM_ACCOUNT_PAGE), token, email: registration.email }),
      );
    });

    scope.post<{ Params: { uid: string } }>(`${base}/${CONFIRM_ACCOUNT_PAGE}`, async (request, reply) => {
      tokenPage(reply);
      const live = await interactionOf(request, reply);
      const c = pageContext(o, request, live?.details.params);
      const token = tokenOf(formField(request.body, LINK_TOKEN_PARAM));
      const result = token ? await o.requests.confirmRegistration(token) : ({ ok: false, reason: 'invalid' } as const);
      if (!result.ok && result.reason === 'invalid') return linkInvalid(request, reply, c, live);
      const signIn = { href: signInHref(request, c, live), label: c.texts.goToSignIn };
      if (!result.ok) return message(reply, c, { heading: c.texts.accountExistsHeading, body: c.texts.accountExistsBody, link: signIn }, 409);
      // Confirmed in the browser that asked for the account, whose sign-in is still open: signed in at once.
      if (live && live.details.prompt.name === 'login') {
        reply.hijack();
        await live.provider.interactionFinished(request.raw, reply.raw, { login: { accountId: result.accountId } }, { mergeWithLastSubmission: false });
        return;
      }
      return message(reply, c, { heading: c.texts.accountReadyHeading, body: c.texts.accountReadyBody, link: signIn });
    });
  });
}
