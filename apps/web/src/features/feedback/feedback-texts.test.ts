/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(localesDir, file), 'utf8')) as Record<string, unknown>;
const entries = (o: unknown, prefix = ''): [string, string][] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

/** The dialog's texts, and the button's in the main catalogue. */
const texts = (locale: string) => new Map([...entries(readJson(`${locale}/feedback.json`)), ...entries(readJson(`${locale}.json`).feedback, 'main:')]);

/** Texts a language writes as English does: the count is figures only; 'Send' is Danish and Norwegian too. */
const AS_IN_ENGLISH: Record<string, string[]> = { 'da-DK': ['send'], 'nb-NO': ['send'] };

describe('feedback texts', () => {
  const english = texts('en-GB');

  test('English says what the widget shows', () => {
    expect(english.get('main:open')).toBe('Give feedback');
    expect(english.get('title')).toBe('How do you like your account area?');
    expect(english.get('thanks')).toBe('Thank you for your feedback!');
    expect(english.get('tooMany')).toBe('You have sent us enough feedback for today. Thank you!');
    expect(english.get('failed')).toBe('Your feedback could not be sent. Please try again.');
  });

  // Every locale, de-DE too: it is not asked for feedback, but its catalogue stays complete like every other.
  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key with the same placeholders, in its own language', (locale) => {
    const translated = texts(locale);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) {
      const original = english.get(key)!;
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(original));
      if (key !== 'count' && !AS_IN_ENGLISH[locale]?.includes(key)) expect(text, `${locale} ${key}`).not.toBe(original);
    }
  });
});
