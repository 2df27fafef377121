import type { Locale } from '@shoebox/contracts';
import type { Locale as DateFnsLocale } from 'date-fns';

/** date-fns's locale for each channel locale; each is its own small chunk, fetched with the screens that show dates. */
const loaders: Record<Locale, () => Promise<DateFnsLocale>> = {
  'en-GB': () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  'nl-NL': () => import('date-fns/locale/nl').then((m) => m.nl),
  'nl-BE': () => import('date-fns/locale/nl-BE').then((m) => m.nlBE),
  'de-DE': () => import('date-fns/locale/de').then((m) => m.de),
  'de-AT': () => import('date-fns/locale/de-AT').then((m) => m.deAT),
  'fr-FR': () => import('date-fns/locale/fr').then((m) => m.fr),
  'es-ES': () => import('date-fns/locale/es').then((m) => m.es),
  'it-IT': () => import('date-fns/locale/it').then((m) => m.it),
  'da-DK': () => import('date-fns/locale/da').then((m) => m.da),
  'pt-PT': () => import('date-fns/locale/pt').then((m) => m.pt),
  'nb-NO': () => import('date-fns/locale/nb').then((m) => m.nb),
  'sv-SE': () => import('date-fns/locale/sv').then((m) => m.sv),
};

const promises = new Map<Locale, Promise<DateFnsLocale>>();
let current: DateFnsLocale | undefined;

/**
 * Loads the channel's date-fns locale and makes it the current one. The same promise for a locale every
 * time (React's use() needs a stable one); a failed load is tried again on the next call.
 */
export function loadDateLocale(locale: Locale): Promise<DateFnsLocale> {
  let promise = promises.get(locale);
  if (!promise) {
    promise = loaders[locale]().catch((error: unknown) => {
      promises.delete(locale);
      throw error;
    });
    promises.set(locale, promise);
  }
  // The locale asked for last is the current one, also when it was loaded before another.
  void promise.then((loaded) => (current = loaded), () => {});
  return promise;
}

/** The loaded locale; undefined only before a screen with dates has loaded it (date-fns then formats in English). */
export const currentDateLocale = (): DateFnsLocale | undefined => current;
