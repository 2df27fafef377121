import fs from 'node:fs';
import path from 'node:path';
import { isLocale, type Locale } from '@shoebox/contracts';
import type { LoginTexts } from '../../platform/auth/embedded/pages.js';

const FALLBACK: Locale = 'en-GB';

/**
 * Reads the web's translation files, so the server-rendered sign-in page speaks the same words in
 * the same languages as the account area.
 */
export function localeCatalog(localesDir: string) {
  const cache = new Map<Locale, Record<string, unknown>>();
  const load = (locale: Locale) => {
    let messages = cache.get(locale);
    if (!messages) {
      const file = path.join(localesDir, `${locale}.json`);
      messages = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
      cache.set(locale, messages);
    }
    return messages;
  };

  return {
    loginTexts(requested: string | undefined): { lang: string; texts: LoginTexts } {
      const locale = (requested?.split(' ').find(isLocale) as Locale | undefined) ?? FALLBACK;
      const pick = (l: Locale) => load(l).signIn as Partial<LoginTexts> | undefined;
      return { lang: locale, texts: { ...DEFAULT_LOGIN_TEXTS, ...pick(FALLBACK), ...pick(locale) } };
    },
  };
}

/** Used only when the web's locale files are not built (server tests). */
const DEFAULT_LOGIN_TEXTS: LoginTexts = {
  title: 'Sign in',
  heading: 'Sign in to your account',
  email: 'Email address',
  password: 'Password',
  submit: 'Sign in',
  invalidCredentials: 'The email address or password is incorrect.',
  throttled: 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
  expiredHeading: 'Your sign-in has expired',
  expiredBody: 'Please start again.',
  startAgain: 'Start again',
};
