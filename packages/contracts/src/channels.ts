import type { Locale } from './locales.js';

/** Each brand's name as customers read it (the account area's titles, invoices, collection points). */
export const BRAND_NAMES = { printhaven: 'Printhaven', albumly: 'Albumly' } as const;

export interface Channel {
  /** The channel code the backend services know this storefront by. */
  code: string;
  /** The host the account area is served on for this storefront. */
  host: string;
  brand: keyof typeof BRAND_NAMES;
  country: string;
  locale: Locale;
  currency: 'EUR' | 'GBP' | 'NOK' | 'SEK' | 'DKK';
  vendorId: string;
}

function channel(brand: Channel['brand'], tld: string, country: string, locale: Locale, currency: Channel['currency'], code?: string): Channel {
  const host = `www.${brand}.${tld}`;
  return { code: code ?? host, host, brand, country, locale, currency, vendorId: `${brand}-${country.toLowerCase()}` };
}

/** The 17 brand and country combinations; the channel code is the host name unless said otherwise. */
export const CHANNELS: readonly Channel[] = [
  channel('printhaven', 'co.uk', 'GB', 'en-GB', 'GBP'),
  channel('printhaven', 'ie', 'IE', 'en-GB', 'EUR'),
  channel('printhaven', 'nl', 'NL', 'nl-NL', 'EUR'),
  channel('printhaven', 'be', 'BE', 'nl-BE', 'EUR'),
  channel('printhaven', 'de', 'DE', 'de-DE', 'EUR'),
  channel('printhaven', 'at', 'AT', 'de-AT', 'EUR'),
  channel('printhaven', 'fr', 'FR', 'fr-FR', 'EUR'),
  channel('printhaven', 'es', 'ES', 'es-ES', 'EUR'),
  channel('printhaven', 'it', 'IT', 'it-IT', 'EUR'),
  channel('printhaven', 'pt', 'PT', 'pt-PT', 'EUR'),
  channel('printhaven', 'dk', 'DK', 'da-DK', 'DKK'),
  channel('printhaven', 'no', 'NO', 'nb-NO', 'NOK'),
  // The Swedish storefront's host is known to the backend under an alternate channel name.
  channel('printhaven', 'se', 'SE', 'sv-SE', 'SEK', 'www.printhaven-nordic.se'),
  channel('albumly', 'co.uk', 'GB', 'en-GB', 'GBP'),
  channel('albumly', 'nl', 'NL', 'nl-NL', 'EUR'),
  channel('albumly', 'be', 'BE', 'nl-BE', 'EUR'),
  channel('albumly', 'de', 'DE', 'de-DE', 'EUR'),
];

/** localhost and every unknown host are served as this channel. */
export const DEFAULT_CHANNEL_HOST = 'www.printhaven.co.uk';

/** Query parameter that picks any channel on any host, for development and testing. */
export const CHANNEL_QUERY_PARAM = 'channel';

export function findChannel(hostOrCode: string | null | undefined): Channel | undefined {
  if (!hostOrCode) return undefined;
  const key = hostOrCode.toLowerCase().split(':')[0];
  return CHANNELS.find((c) => c.host === key || c.code === key);
}

export function channelForHost(host: string, override?: string | null): Channel {
  return findChannel(override) ?? findChannel(host) ?? (findChannel(DEFAULT_CHANNEL_HOST) as Channel);
}
