/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS_MESSAGES, LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'addresses.json'), 'utf8')) as Record<string, unknown>;
const entries = (o: unknown, prefix = ''): [string, string][] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));

describe('address screen texts', () => {
  const english = read('en-GB') as { messages: Record<string, string>; form: { makeDefault: string } };

  test('English quotes the spec: the §5 address messages', () => {
    expect(english.messages).toEqual(ADDRESS_MESSAGES);
    expect(english.form.makeDefault).toBe('make this my default address');
  });

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key, each in its own language', (locale) => {
    const texts = new Map(entries(read(locale)));
    for (const [key, text] of entries(english)) {
      expect(texts.get(key), key).toBeTruthy();
      expect(texts.get(key), key).not.toBe(text);
      // Values the text is given must survive translation.
      expect(texts.get(key)?.match(/\{\{\w+\}\}/g) ?? [], key).toEqual(text.match(/\{\{\w+\}\}/g) ?? []);
    }
    expect(texts.size).toBe(entries(english).length);
  });
});
