import { CHANNEL_QUERY_PARAM, channelForHost, findChannel, type Channel } from '@shoebox/contracts';

const OVERRIDE_KEY = 'shoebox.channel';

/**
 * The storefront this page belongs to, from its host. `?channel=<host or code>` picks any channel
 * (kept for the browser session), so every brand and country can be tried on localhost.
 */
export function resolveChannel(location: Location, session: Storage): Channel {
  const requested = new URLSearchParams(location.search).get(CHANNEL_QUERY_PARAM);
  if (requested && findChannel(requested)) session.setItem(OVERRIDE_KEY, requested);
  return channelForHost(location.hostname, session.getItem(OVERRIDE_KEY));
}
