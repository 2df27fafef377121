import { isLocale, type Locale } from '@shoebox/contracts';

/** The languages customer mail is written in: storefronts that share a language (nl-NL and nl-BE, de-DE and de-AT) share its texts. */
export type Language = 'en' | 'nl' | 'de' | 'fr' | 'es' | 'it' | 'da' | 'pt' | 'nb' | 'sv';

/** The mail's locale when the customer's storefront has none we know. */
export const MAIL_FALLBACK_LOCALE: Locale = 'en-GB';

/** A storefront locale as mail reads it: a known locale (else the fallback) and the language of its texts. */
export function mailLocale(locale: string | null | undefined): { locale: Locale; language: Language } {
  const known = isLocale(locale) ? locale : MAIL_FALLBACK_LOCALE;
  return { locale: known, language: known.slice(0, 2) as Language };
}

interface MailFormats {
  date: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
  plural: Intl.PluralRules;
}
const formats = new Map<Locale, MailFormats>();

/** A locale's formatters, made once: making one costs far more than using it, and a daily run writes thousands of mails. */
export function mailFormats(locale: Locale): MailFormats {
  let made = formats.get(locale);
  if (!made) {
    made = { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }), number: new Intl.NumberFormat(locale), plural: new Intl.PluralRules(locale) };
    formats.set(locale, made);
  }
  return made;
}

/** A date as the customer's storefront writes it, e.g. "1 December 2026". */
export const mailDate = (locale: Locale, date: Date) => mailFormats(locale).date.format(date);
