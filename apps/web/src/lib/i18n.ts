import { isLocale, type Locale } from '@shoebox/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type enGB from '../../public/locales/en-GB.json';
import type enGBAlbums from '../../public/locales/en-GB/albums.json';
import type enGBPhotos from '../../public/locales/en-GB/photos.json';
import type enGBStorage from '../../public/locales/en-GB/storage.json';
import type enGBUpload from '../../public/locales/en-GB/upload.json';

/** Feature namespaces live in /locales/{locale}/{namespace}.json and load with their screens. */
export type FeatureNamespace = 'photos' | 'albums' | 'upload' | 'storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB; photos: typeof enGBPhotos; albums: typeof enGBAlbums; upload: typeof enGBUpload; storage: typeof enGBStorage };
  }
}

export const FALLBACK_LOCALE: Locale = 'en-GB';

async function fetchMessages(locale: Locale, namespace?: FeatureNamespace): Promise<Record<string, unknown>> {
  const response = await fetch(namespace ? `/locales/${locale}/${namespace}.json` : `/locales/${locale}.json`);
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

/**
 * Loads a feature's texts in the current language, once. English is laid underneath key by key, so a
 * text added to a feature before its translations arrive reads in English rather than as its key.
 */
export async function loadNamespace(namespace: FeatureNamespace): Promise<void> {
  const locale = i18next.language as Locale;
  if (i18next.hasResourceBundle(locale, namespace)) return;
  const [english, localized] = await Promise.all([
    fetchMessages(FALLBACK_LOCALE, namespace),
    locale === FALLBACK_LOCALE ? undefined : fetchMessages(locale, namespace).catch(() => undefined),
  ]);
  i18next.addResourceBundle(locale, namespace, english, true, true);
  if (localized) i18next.addResourceBundle(locale, namespace, localized, true, true);
}
