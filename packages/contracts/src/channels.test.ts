import { describe, expect, it } from 'vitest';
import { CHANNEL_QUERY_PARAM, CHANNELS, channelForHost, DEFAULT_CHANNEL_HOST, findChannel, isLocale } from './index.js';

describe('channels', () => {
  it('lists the 17 brand and country storefronts', () => {
    expect(CHANNELS).toHaveLength(17);
    expect(CHANNELS.filter((c) => c.brand === 'printhaven')).toHaveLength(13);
    expect(CHANNELS.filter((c) => c.brand === 'albumly')).toHaveLength(4);
  });

  it('gives every storefront its own host, channel code and vendor', () => {
    expect(new Set(CHANNELS.map((c) => c.host)).size).toBe(CHANNELS.length);
    expect(new Set(CHANNELS.map((c) => c.code)).size).toBe(CHANNELS.length);
    expect(new Set(CHANNELS.map((c) => c.vendorId)).size).toBe(CHANNELS.length);
    // No code names another storefront's host, or a lookup by host or code would be ambiguous.
    const hostsAndCodes = new Set(CHANNELS.flatMap((c) => [c.host, c.code]));
    expect(hostsAndCodes.size).toBe(CHANNELS.length + CHANNELS.filter((c) => c.code !== c.host).length);
  });

  it('uses a supported locale for every storefront', () => {
    for (const c of CHANNELS) expect(isLocale(c.locale), `${c.host} uses ${c.locale}`).toBe(true);
  });

  it('knows the Swedish storefront under its alternate channel code, and only it', () => {
    const swedish = findChannel('www.printhaven.se');
    expect(swedish).toMatchObject({ host: 'www.printhaven.se', code: 'www.printhaven-nordic.se', country: 'SE', locale: 'sv-SE', currency: 'SEK' });
    expect(findChannel('www.printhaven-nordic.se')).toBe(swedish);
    expect(CHANNELS.filter((c) => c.code !== c.host)).toEqual([swedish]);
  });

  it('finds a channel by host regardless of case and port', () => {
    expect(findChannel('WWW.ALBUMLY.DE:8443')?.vendorId).toBe('albumly-de');
    expect(findChannel('')).toBeUndefined();
    expect(findChannel(null)).toBeUndefined();
  });

  it('serves localhost and unknown hosts as the default channel', () => {
    const fallback = channelForHost('localhost:3000');
    expect(fallback.host).toBe(DEFAULT_CHANNEL_HOST);
    expect(channelForHost('shop.example.org').host).toBe(DEFAULT_CHANNEL_HOST);
    expect(channelForHost('www.printhaven.nl').locale).toBe('nl-NL');
  });

  it(`lets the ?${CHANNEL_QUERY_PARAM}= override pick any channel on any host, and ignores an unknown one`, () => {
    expect(channelForHost('localhost', 'www.albumly.be').vendorId).toBe('albumly-be');
    expect(channelForHost('www.printhaven.nl', 'www.printhaven-nordic.se').host).toBe('www.printhaven.se');
    expect(channelForHost('www.printhaven.nl', 'nonsense').host).toBe('www.printhaven.nl');
    expect(channelForHost('www.printhaven.nl', null).host).toBe('www.printhaven.nl');
  });
});
