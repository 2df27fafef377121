import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { localeCatalog } from './locale-catalog.js';

/** The web's own translation files, which the sign-in pages read their `signIn` texts from. */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/locales');
const signInTexts = (locale: string) => (JSON.parse(fs.readFileSync(path.join(localesDir, `${locale}.json`), 'utf8')) as { signIn: Record<string, string> }).signIn;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
/** Words a language takes as English writes them. */
const SAME_AS_ENGLISH: Record<string, string[]> = { 'it-IT': ['password'] };

describe('the sign-in pages\' texts in the web\'s locale files', () => {
  const catalog = localeCatalog(localesDir);
  const english = signInTexts('en-GB');

  it.each(LOCALES)('%s has every text the pages show, and nothing else', (locale) => {
    const { lang, texts } = catalog.loginTexts(locale);
    expect(lang).toBe(locale);
    // The pages' texts are the built-in English ones overlaid with the file's: the same keys means none is missing.
    expect(Object.keys(signInTexts(locale)).sort()).toEqual(Object.keys(texts).sort());
    expect(texts).toEqual(signInTexts(locale));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s says each in its own language, with the same placeholders', (locale) => {
    for (const [key, text] of Object.entries(signInTexts(locale))) {
      if (!SAME_AS_ENGLISH[locale]?.includes(key)) expect(text, key).not.toBe(english[key]);
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
    }
  });
});
