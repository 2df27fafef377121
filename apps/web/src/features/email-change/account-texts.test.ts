/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'account.json'), 'utf8')) as Record<string, Record<string, string>>;
const entries = (texts: Record<string, Record<string, string>>) => Object.entries(texts).flatMap(([group, values]) => Object.entries(values).map(([key, text]) => [`${group}.${key}`, text] as const));

describe('email change and account deletion texts', () => {
  const english = Object.fromEntries(entries(read('en-GB')));

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key in its own language, with the same placeholders', (locale) => {
    const texts = Object.fromEntries(entries(read(locale)));
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect(text, key).not.toBe(english[key]);
      expect(text.match(/\{\{\w+\}\}/g) ?? [], key).toEqual(english[key]?.match(/\{\{\w+\}\}/g) ?? []);
    }
  });
});
