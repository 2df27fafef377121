import { isLocale, type Locale } from '@shoebox/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type enGB from '../../public/locales/en-GB.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB };
  }
}

export const FALLBACK_LOCALE: Locale = 'en-GB';

async function fetchMessages(locale: Locale): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${locale}.json`);
  if (!response.ok) throw new Error(`Locale ${locale} could not be loaded (${response.status})`);
  return (await response.json()) as Record<string, unknown>;
}

/** Loads only the channel's locale; English is fetched only if that locale cannot be. */
export async function initI18n(requested: string): Promise<Locale> {
  let locale: Locale = isLocale(requested) ? requested : FALLBACK_LOCALE;
  let messages: Record<string, unknown>;
  try {
    messages = await fetchMessages(locale);
  } catch (error) {
    if (locale === FALLBACK_LOCALE) throw error;
    locale = FALLBACK_LOCALE;
    messages = await fetchMessages(locale);
  }
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return locale;
}
