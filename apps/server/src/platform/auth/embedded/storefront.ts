import { CHANNEL_QUERY_PARAM, CHANNELS, channelForHost, findChannel, isLocale, type Channel, type Locale } from '@shoebox/contracts';

/** What the sign-in provider knows of the page that sent the customer to sign in. */
export interface AuthorizationHints {
  /** The page the browser came from, when it sent one. */
  referer?: string;
  /** The authorization request's redirect_uri: the account area's own origin. */
  redirectUri?: unknown;
  /** The authorization request's ui_locales: the account area's locale. */
  uiLocales?: unknown;
  /** The host the sign-in request reached. */
  host?: string;
  /** This deployment's own origins: only their pages are believed. */
  origins: readonly string[];
}

const hostOf = (url: unknown) => (typeof url === 'string' && URL.canParse(url) ? new URL(url) : undefined);

/** The first locale of a ui_locales list this deployment has texts for. */
export const requestedLocale = (uiLocales: unknown): Locale | undefined =>
  typeof uiLocales === 'string' ? (uiLocales.split(' ').find(isLocale) as Locale | undefined) : undefined;

/**
 * The storefront (brand, country, language) a sign-in belongs to. The account area sends no channel of
 * its own, so it is read from what the browser and the authorization request carry, most telling first:
 * the `?channel=` the account area's page was opened with (its override for trying any storefront on any
 * host), that page's host, the redirect_uri's host (the storefront's account area), the host the request
 * reached, and last a storefront of the requested language.
 */
export function storefrontOf(o: AuthorizationHints): Channel {
  const page = hostOf(o.referer);
  const own = page && o.origins.includes(page.origin) ? page : undefined;
  const locale = requestedLocale(o.uiLocales);
  return (
    findChannel(own?.searchParams.get(CHANNEL_QUERY_PARAM)) ??
    findChannel(own?.hostname) ??
    findChannel(hostOf(o.redirectUri)?.hostname) ??
    findChannel(o.host) ??
    CHANNELS.find((c) => c.locale === locale) ??
    channelForHost('')
  );
}
