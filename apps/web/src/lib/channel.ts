import { CHANNEL_QUERY_PARAM, channelForHost, findChannel, type Channel } from '@shoebox/contracts';
import type { ErrorReporter } from './error-reporting/error-reporter';

const OVERRIDE_KEY = 'shoebox.channel';
const REPORTED_KEY = 'shoebox.channel-not-found';
/** A developer's or a test's own machine: served as the default storefront without a word. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/;

/**
 * The storefront this page belongs to, from its host. `?channel=<host or code>` picks any channel
 * (kept for the browser session), so every brand and country can be tried on localhost.
 */
export function resolveChannel(location: Location, session: Storage, reporter: ErrorReporter): Channel {
  const requested = new URLSearchParams(location.search).get(CHANNEL_QUERY_PARAM);
  if (requested && findChannel(requested)) session.setItem(OVERRIDE_KEY, requested);
  const override = session.getItem(OVERRIDE_KEY);
  const channel = channelForHost(location.hostname, override);
  // Spec §8: a host that is no storefront's is reported, once a browser session, and served as the default one.
  if (!findChannel(override) && !findChannel(location.hostname) && !LOCAL_HOST.test(location.hostname) && session.getItem(REPORTED_KEY) !== location.hostname) {
    session.setItem(REPORTED_KEY, location.hostname);
    reporter.report(new Error('channel not found'), { host: location.hostname, servedAs: channel.code });
  }
  return channel;
}
