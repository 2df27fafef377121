/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GALLERY_CATEGORY_IDS, LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'widgets.json'), 'utf8')) as Record<string, unknown>;
const entries = (o: unknown, prefix = ''): [string, string][] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));

const SAME_IN_SOME_LANGUAGES = new Set(['list.pageCount_one', 'list.pageCount_other', 'gallery.categories.baby', 'gallery.categories.nature', 'shared.page', 'pages.page']);

describe('photo book screen texts', () => {
  const english = new Map(entries(read('en-GB')));

  test('every gallery category the service knows has its own text', () => {
    for (const id of GALLERY_CATEGORY_IDS) expect(english.get(`gallery.categories.${id}`)).toBeTruthy();
  });

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key, and most in its own language', (locale) => {
    const texts = new Map(entries(read(locale)));
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    // Only words spelt the same in that language (Baby, Page, Nature) may read as the English.
    const same = [...texts].filter(([key, text]) => text === english.get(key)).map(([key]) => key);
    expect(same.filter((key) => !SAME_IN_SOME_LANGUAGES.has(key))).toEqual([]);
  });
});
