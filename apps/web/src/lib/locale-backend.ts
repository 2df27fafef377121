import type { Locale } from '@shoebox/contracts';
import type { BackendModule } from 'i18next';

export const FALLBACK_LOCALE: Locale = 'en-GB';

export type Messages = { [key: string]: string | Messages };

/** A locale file the server answered with an error status (a 5xx may pass; a 4xx will not). */
class LocaleFileError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${path} could not be loaded (${status})`);
  }
}

/** The default namespace is /locales/{locale}.json; a feature's is /locales/{locale}/{namespace}.json. */
export async function fetchMessages(locale: Locale, namespace = 'translation'): Promise<Messages> {
  const path = namespace === 'translation' ? `/locales/${locale}.json` : `/locales/${locale}/${namespace}.json`;
  const response = await fetch(path);
  if (!response.ok) throw new LocaleFileError(path, response.status);
  return (await response.json()) as Messages;
}

/** `over` laid on `under` key by key, nested objects merged. */
function layer(under: Messages, over: Messages): Messages {
  const merged: Messages = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = typeof value === 'object' && typeof below === 'object' ? layer(below, value) : value;
  }
  return merged;
}

/**
 * Loads a namespace the first time a screen asks for it (`useTranslation('upload')` suspends until then).
 * English is laid underneath key by key, so a text added before its translations arrive reads in English
 * rather than as its key; a locale whose file is missing reads wholly in English. A failed English file is
 * tried again (i18next waits longer each time) unless the server said it does not exist.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => {},
  read(language, namespace, callback) {
    const locale = language as Locale;
    Promise.all([
      fetchMessages(FALLBACK_LOCALE, namespace),
      locale === FALLBACK_LOCALE ? undefined : fetchMessages(locale, namespace).catch(() => undefined),
    ]).then(
      ([english, localized]) => callback(null, localized ? layer(english, localized) : english),
      (error: unknown) => callback(error as Error, !(error instanceof LocaleFileError && error.status < 500)),
    );
  },
};
