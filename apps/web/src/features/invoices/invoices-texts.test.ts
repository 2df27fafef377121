/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'invoices.json'), 'utf8')) as Record<string, Record<string, string>>;
const entries = (texts: Record<string, Record<string, string>>) => Object.entries(texts).flatMap(([group, values]) => Object.entries(values).map(([key, value]) => [`${group}.${key}`, value] as const));
const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('invoices page texts', () => {
  const english = Object.fromEntries(entries(read('en-GB')));

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key with the same placeholders, in its own language', (locale) => {
    const texts = Object.fromEntries(entries(read(locale)));
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(texts)) expect(placeholders(value), `${locale} ${key}`).toEqual(placeholders(english[key]!));
    for (const key of ['page.intro', 'page.loadError', 'page.empty', 'pdf.failed', 'pdf.invoiceNamed', 'pages.current']) expect(texts[key], `${locale} ${key}`).not.toBe(english[key]);
  });
});
