/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'settings.json'), 'utf8')) as Record<string, Record<string, string>>;
const entries = (texts: Record<string, Record<string, string>>) => Object.entries(texts).flatMap(([group, values]) => Object.entries(values).map(([key, value]) => [`${group}.${key}`, value] as const));
const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Brand and format names stay as they are in every language; every other text is translated. */
const NAMES = ['payment.cardMasked', 'payment.iban', 'payment.paypal', 'payment.ideal', 'payment.bancontact', 'payment.klarna', 'payment.visa', 'payment.mastercard', 'payment.amex', 'payment.maestro', 'ftp.json', 'ftp.xml'];
/** Words some languages share with English. */
const SHARED_WORDS = ['personal.name', 'ftp.host', 'ftp.port', 'ftp.callbackFormat', 'ftp.password', 'ftp.protocol', 'business.status', 'payment.accountMasked'];

describe('settings texts', () => {
  const english = Object.fromEntries(entries(read('en-GB')));

  test('the spec texts are quoted exactly in English', () => {
    expect(english['form.saveFailed']).toBe('Unable to save changes. Please try again');
  });

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key with the same placeholders, in its own language', (locale) => {
    const texts = Object.fromEntries(entries(read(locale)));
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(texts)) {
      expect(placeholders(value), `${locale} ${key}`).toEqual(placeholders(english[key]!));
      if (!NAMES.includes(key) && !SHARED_WORDS.includes(key)) expect(value, `${locale} ${key}`).not.toBe(english[key]);
    }
  });
});
