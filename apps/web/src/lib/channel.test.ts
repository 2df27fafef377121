import { describe, expect, test, vi } from 'vitest';
import { resolveChannel as resolveWith } from './channel';

const at = (hostname: string, search = '') => ({ hostname, search }) as Location;
const reporter = { report: vi.fn() };
const resolveChannel = (location: Location, session: Storage) => resolveWith(location, session, reporter);

describe('resolveChannel', () => {
  test('the host names the storefront: brand, country, locale and currency', () => {
    const channel = resolveChannel(at('www.albumly.nl'), window.sessionStorage);
    expect(channel).toMatchObject({ code: 'www.albumly.nl', brand: 'albumly', country: 'NL', locale: 'nl-NL', currency: 'EUR', vendorId: 'albumly-nl' });
  });

  test('the Swedish host is known by its alternate channel name; the Austrian one uses de-AT', () => {
    expect(resolveChannel(at('www.printhaven.se'), window.sessionStorage)).toMatchObject({ code: 'www.printhaven-nordic.se', locale: 'sv-SE', currency: 'SEK' });
    expect(resolveChannel(at('www.printhaven.at'), window.sessionStorage)).toMatchObject({ code: 'www.printhaven.at', locale: 'de-AT' });
  });

  test('hosts are compared case-insensitively', () => {
    expect(resolveChannel(at('WWW.PrintHaven.DE'), window.sessionStorage).code).toBe('www.printhaven.de');
  });

  test('localhost and unknown hosts are served as www.printhaven.co.uk', () => {
    expect(resolveChannel(at('localhost'), window.sessionStorage)).toMatchObject({ code: 'www.printhaven.co.uk', locale: 'en-GB', currency: 'GBP' });
    expect(resolveChannel(at('shop.unknown.example'), window.sessionStorage).code).toBe('www.printhaven.co.uk');
  });

  test("an unknown host is reported as 'channel not found', once a browser session; a local one and a picked channel are not", () => {
    reporter.report.mockClear();
    for (const host of ['localhost', '127.0.0.1', 'app.localhost', 'www.albumly.nl']) resolveChannel(at(host), window.sessionStorage);
    expect(reporter.report).not.toHaveBeenCalled();

    resolveChannel(at('shop.unknown.example'), window.sessionStorage);
    resolveChannel(at('shop.unknown.example'), window.sessionStorage);

    expect(reporter.report).toHaveBeenCalledTimes(1);
    expect(reporter.report).toHaveBeenCalledWith(new Error('channel not found'), { host: 'shop.unknown.example', servedAs: 'www.printhaven.co.uk' });
    window.sessionStorage.clear();
    resolveChannel(at('other.unknown.example', '?channel=www.printhaven.fr'), window.sessionStorage);
    expect(reporter.report).toHaveBeenCalledTimes(1);
    window.sessionStorage.clear();
  });

  test('?channel= picks another storefront and is remembered for the rest of the browser session', () => {
    expect(resolveChannel(at('localhost', '?channel=www.printhaven.fr'), window.sessionStorage)).toMatchObject({ code: 'www.printhaven.fr', locale: 'fr-FR' });
    // The next page of the same session no longer has the parameter.
    expect(resolveChannel(at('localhost', '?other=1'), window.sessionStorage).code).toBe('www.printhaven.fr');
    // A channel code works as well as a host.
    expect(resolveChannel(at('localhost', '?channel=www.printhaven-nordic.se'), window.sessionStorage).code).toBe('www.printhaven-nordic.se');
    expect(resolveChannel(at('www.albumly.de'), window.sessionStorage).code).toBe('www.printhaven-nordic.se');
  });

  test('an unknown ?channel= value is ignored and not remembered', () => {
    expect(resolveChannel(at('www.albumly.be', '?channel=nowhere.example'), window.sessionStorage).code).toBe('www.albumly.be');
    expect(window.sessionStorage.length).toBe(0);
  });
});
