/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS_MESSAGES, LOCALES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'orders.json'), 'utf8')) as Record<string, unknown>;
const keys = (o: unknown, prefix = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('order screen texts', () => {
  const english = read('en-GB') as { address: { messages: Record<string, string> }; details: { loadError: string; notFound: string } };

  test('English quotes the spec: the §5 address messages, the order error and Order not found', () => {
    expect(english.address.messages).toEqual(ADDRESS_MESSAGES);
    expect(english.details.loadError).toBe('An error occurred loading this order, please contact us to report this issue.');
    expect(english.details.notFound).toBe('Order not found');
  });

  test.each(LOCALES.filter((locale) => locale !== 'en-GB'))('%s has every key, each in its own language', (locale) => {
    const texts = read(locale) as typeof english;
    expect(keys(texts).sort()).toEqual(keys(english).sort());
    for (const key of Object.keys(ADDRESS_MESSAGES)) expect(texts.address.messages[key]).not.toBe(english.address.messages[key]);
    expect(texts.details.loadError).not.toBe(english.details.loadError);
    expect(texts.details.notFound).not.toBe(english.details.notFound);
  });
});
