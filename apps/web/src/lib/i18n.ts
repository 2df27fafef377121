import { isLocale, type Locale } from '@shoebox/contracts';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type enGB from '../../public/locales/en-GB.json';
import type enGBAccount from '../../public/locales/en-GB/account.json';
import type enGBActivation from '../../public/locales/en-GB/activation.json';
import type enGBAddresses from '../../public/locales/en-GB/addresses.json';
import type enGBAlbums from '../../public/locales/en-GB/albums.json';
import type enGBDownloads from '../../public/locales/en-GB/downloads.json';
import type enGBExports from '../../public/locales/en-GB/exports.json';
import type enGBFeedback from '../../public/locales/en-GB/feedback.json';
import type enGBInvoices from '../../public/locales/en-GB/invoices.json';
import type enGBOrders from '../../public/locales/en-GB/orders.json';
import type enGBPhotos from '../../public/locales/en-GB/photos.json';
import type enGBProjects from '../../public/locales/en-GB/projects.json';
import type enGBSettings from '../../public/locales/en-GB/settings.json';
import type enGBPrintsEditor from '../../public/locales/en-GB/prints-editor.json';
import type enGBStorage from '../../public/locales/en-GB/storage.json';
import type enGBUpload from '../../public/locales/en-GB/upload.json';
import type enGBWidgets from '../../public/locales/en-GB/widgets.json';
import { FALLBACK_LOCALE, fetchMessages, localeBackend, type Messages } from './locale-backend';

/** Feature namespaces live in /locales/{locale}/{namespace}.json and load when a screen first asks for them. */
export type FeatureNamespace = 'addresses' | 'photos' | 'albums' | 'upload' | 'storage' | 'downloads' | 'exports' | 'invoices' | 'activation' | 'orders' | 'prints-editor' | 'projects' | 'account' | 'settings' | 'widgets' | 'feedback';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB; addresses: typeof enGBAddresses; photos: typeof enGBPhotos; albums: typeof enGBAlbums; upload: typeof enGBUpload; storage: typeof enGBStorage; downloads: typeof enGBDownloads; exports: typeof enGBExports; invoices: typeof enGBInvoices; activation: typeof enGBActivation; orders: typeof enGBOrders; 'prints-editor': typeof enGBPrintsEditor; projects: typeof enGBProjects; account: typeof enGBAccount; settings: typeof enGBSettings; widgets: typeof enGBWidgets; feedback: typeof enGBFeedback };
  }
}

/**
 * How the app runs i18next: the default namespace given at start, every feature namespace read through
 * the locale backend when first used (partialBundledLanguages), only the exact locale (no 'de' for
 * 'de-DE', no other language underneath but the backend's English).
 */
export function i18nOptions(locale: Locale, messages: Messages): InitOptions {
  return {
    lng: locale,
    fallbackLng: false,
    load: 'currentOnly',
    partialBundledLanguages: true,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** Rendering with a feature namespace whose texts could not be loaded: the nearest boundary shows its error state. */
export class TextsUnavailableError extends Error {
  constructor(readonly namespace: string) {
    super(`Texts could not be loaded: ${namespace}`);
  }
}

/** The backend connector's load state per `{locale}|{namespace}`: -1 failed for good (4xx), 0 failed after its retries. */
type LoadStates = Record<string, number | undefined>;
const loadStates = (): LoadStates | undefined => (i18next.services as { backendConnector?: { state: LoadStates } } | undefined)?.backendConnector?.state;
const failedState = (state: number | undefined) => state === -1 || state === 0;

function failedToLoad(locale: string, namespace: string): boolean {
  return failedState(loadStates()?.[`${locale}|${namespace}`]) && !i18next.hasResourceBundle(locale, namespace);
}

/**
 * i18next with its backend and React binding, not yet initialised. i18next counts a namespace that failed
 * to load as loaded, so useTranslation would render its keys; asked whether it has loaded, it throws
 * instead, during render, to the nearest error boundary (a LazySlot's error state, a route's error screen).
 */
export function configuredI18next() {
  const instance = i18next.use(localeBackend).use(initReactI18next);
  const hasLoadedNamespace = instance.hasLoadedNamespace.bind(instance);
  instance.hasLoadedNamespace = (ns, options) => {
    const locale = typeof options?.lng === 'string' ? options.lng : (instance.resolvedLanguage ?? instance.language);
    const failed = (typeof ns === 'string' ? [ns] : ns).find((namespace) => failedToLoad(locale, namespace));
    if (failed) throw new TextsUnavailableError(failed);
    return hasLoadedNamespace(ns, options);
  };
  return instance;
}

/** Texts that could not be loaded are fetched again the next time something renders with them (a part of a screen opened again). */
export function retryFailedTexts(): void {
  const states = loadStates();
  if (!states) return;
  for (const [name, state] of Object.entries(states)) if (failedState(state)) delete states[name];
}

/** Loads only the channel's locale; English is fetched only if that locale cannot be. */
export async function initI18n(requested: string): Promise<Locale> {
  let locale: Locale = isLocale(requested) ? requested : FALLBACK_LOCALE;
  let messages: Messages;
  try {
    messages = await fetchMessages(locale);
  } catch (error) {
    if (locale === FALLBACK_LOCALE) throw error;
    locale = FALLBACK_LOCALE;
    messages = await fetchMessages(locale);
  }
  await configuredI18next().init(i18nOptions(locale, messages));
  document.documentElement.lang = locale;
  return locale;
}

/**
 * Loads feature namespaces ahead of the screens that use them (a route's loader, while its code
 * downloads), so the screen renders at once rather than suspending; fails when one could not be loaded.
 */
export async function preloadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  retryFailedTexts();
  await i18next.loadNamespaces([...namespaces]);
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(i18next.language, namespace));
  if (missing.length > 0) throw new Error(`Texts could not be loaded: ${missing.join(', ')}`);
}
