import { CHANNEL_QUERY_PARAM, findChannel, type Channel } from '@shoebox/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandOf, messagePage, type LoginTexts, type PageFrame } from './pages.js';
import { OIDC_PREFIX, type EmbeddedProviderOptions } from './provider-options.js';
import { requestedLocale, storefrontOf } from './storefront.js';

/** A page of the sign-in flow as its customer sees it: their storefront, its brand and language, the texts. */
export interface PageContext {
  channel: Channel;
  frame: PageFrame;
  texts: LoginTexts;
}

const channelParam = (request: FastifyRequest) => {
  const value = (request.query as Record<string, unknown> | undefined)?.[CHANNEL_QUERY_PARAM];
  return findChannel(typeof value === 'string' ? value : undefined);
};

/**
 * The storefront of a sign-in page: the `?channel=` every page of the flow carries (the provider put it in
 * the first address, storefront.ts), else what the authorization request says. The language is the one the
 * account area asked for (ui_locales), else the storefront's.
 */
export function pageContext(o: Pick<EmbeddedProviderOptions, 'origins' | 'textsFor'>, request: FastifyRequest, params?: Record<string, unknown>): PageContext {
  const channel = channelParam(request) ?? storefrontOf({ redirectUri: params?.redirect_uri, uiLocales: params?.ui_locales, host: request.hostname, origins: o.origins });
  const { lang, texts } = o.textsFor(requestedLocale(params?.ui_locales) ?? channel.locale);
  return { channel, frame: { lang, brand: brandOf(channel) }, texts };
}

/** A page of the interaction `uid` (the sign-in page itself without `page`), for the storefront. */
export const interactionPath = (uid: string, channel: Channel, page?: string) =>
  `${OIDC_PREFIX}/interaction/${encodeURIComponent(uid)}${page ? `/${page}` : ''}?${CHANNEL_QUERY_PARAM}=${encodeURIComponent(channel.host)}`;

/** The account area's start, which sends a signed-out customer to sign in afresh; on the storefront the request named. */
export const startPath = (request: FastifyRequest) => {
  const channel = channelParam(request);
  return channel ? `/?${CHANNEL_QUERY_PARAM}=${encodeURIComponent(channel.host)}` : '/';
};

export const renderPage = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

/** An interaction that expired, never existed or belongs to another browser: start again from the account area. */
export function expiredPage(o: Pick<EmbeddedProviderOptions, 'origins' | 'textsFor'>, request: FastifyRequest, reply: FastifyReply) {
  const { frame, texts } = pageContext(o, request);
  request.log.info('Sign-in interaction expired or unknown');
  return renderPage(
    reply,
    messagePage({ lang: frame.lang, brand: frame.brand, title: texts.title, heading: texts.expiredHeading, body: texts.expiredBody, link: { href: startPath(request), label: texts.startAgain } }),
    400,
  );
}
