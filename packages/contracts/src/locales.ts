export const LOCALES = [
  'en-GB',
  'nl-NL',
  'nl-BE',
  'de-DE',
  'de-AT',
  'fr-FR',
  'es-ES',
  'it-IT',
  'da-DK',
  'pt-PT',
  'nb-NO',
  'sv-SE',
] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
