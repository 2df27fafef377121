import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  albumNameProblem,
  asDisplayText,
  paragraphs,
  albumNameSchema,
  displayText,
  text,
  textProblem,
  updateCustomerSchema,
  uploadMetadataSchema,
  widgetShareQuerySchema,
} from './index.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
// Every character of every range, here once: the route tests send one of each range to every field.
// U+2028 and U+2029 are no control characters to Unicode, but they break a line as a line feed does.
const CONTROLS = [...range(0x00, 0x1f), ...range(0x7f, 0x9f), '\u2028', '\u2029'];
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
/** The neighbours of those ranges, which are ordinary text. */
const NEIGHBOURS = [' ', '~', '\u00A0', '\u2027', '\u202F', '\u2065', '\u206A'];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('text fields', () => {
  it.each(CONTROLS.map((c) => [hex(c), c]))('refuse the control character %s anywhere', (_name, c) => {
    for (const value of [c, `a${c}`, `${c}a`, `Trip${c}2024`]) {
      expect(z.safeParse(text(), value).success).toBe(false);
      expect(textProblem(value)).toBe('control');
    }
  });

  it.each(BIDI.map((c) => [hex(c), c]))('refuse the text-direction control %s in names others see, and only there', (_name, c) => {
    expect(z.safeParse(displayText(), `photo${c}gpj.exe`).success).toBe(false);
    expect(textProblem(`photo${c}gpj.exe`, { display: true })).toBe('bidi');
    expect(z.safeParse(text(), `photo${c}gpj.exe`).success).toBe(true);
  });

  it('refuse half of a surrogate pair on its own, and accept the pair', () => {
    for (const value of ['\uD800', '\uDFFF', 'Trip\uD83Dx', 'Trip\uDCF7x', 'Trip\uDCF7\uD83D']) {
      expect(z.safeParse(text(), value).success, hex(value.replace('Trip', ''))).toBe(false);
      expect(textProblem(value)).toBe('surrogate');
    }
    expect(z.safeParse(text(), 'Trip \uD83D\uDCF7').success).toBe(true);
    expect(textProblem('Trip \uD83D\uDCF7')).toBeUndefined();
  });

  it.each(NEIGHBOURS.map((c) => [hex(c), c]))('accept %s, next to the refused ranges', (_name, c) => {
    expect(z.safeParse(displayText(), `Trip${c}2024`).success).toBe(true);
    expect(textProblem(`Trip${c}2024`, { display: true })).toBeUndefined();
  });

  it.each(['Summer 2024', 'Été à Nice', 'Ølberg – Ærø', 'שלום', 'مرحبا', '写真 📷', '\u200Dzero width joiner', ''])('accept ordinary text in any script: %j', (value) => {
    expect(z.safeParse(displayText(), value).success).toBe(true);
    expect(textProblem(value, { display: true })).toBeUndefined();
  });

  it('keep the web and the server in step on album names', () => {
    for (const c of [...CONTROLS, ...BIDI]) {
      expect(albumNameProblem(`Trip${c}`)).toBe('invalid');
      expect(z.safeParse(albumNameSchema, `Trip${c}`).success).toBe(false);
    }
  });

  it('are what request schemas are made of', () => {
    expect(z.safeParse(updateCustomerSchema, { firstName: 'Jo\u202E', lastName: 'Doe', phone: null }).success).toBe(false);
    expect(z.safeParse(updateCustomerSchema, { firstName: 'Jo', lastName: 'Doe', phone: '+31\u0000' }).success).toBe(false);
    expect(z.safeParse(uploadMetadataSchema, { filename: 'IMG\u202Egpj.exe' }).success).toBe(false);
    expect(z.safeParse(uploadMetadataSchema, { filename: 'IMG_0001.jpg', albumId: 'a\u0000' }).success).toBe(false);
    expect(z.parse(uploadMetadataSchema, { filename: '  IMG_0001.jpg ', filetype: 'image/jpeg' })).toEqual({ filename: 'IMG_0001.jpg' });
  });

  it("carry a photo book share's rules: the recipient reads the sender's name and message as written, on one line", () => {
    const share = { vendorId: 'printhaven-gb', fromName: 'Emma', personalMessage: 'Enjoy!', toEmailAddress: 'YW5uQGV4YW1wbGUub3Jn' };
    expect(z.safeParse(widgetShareQuerySchema, share).success).toBe(true);
    for (const bad of [{ personalMessage: 'Open \u202Emoc.knab' }, { personalMessage: 'Open \u2067x' }, { personalMessage: 'Hi\u2028Bcc: x@example.net' }, { fromName: 'Emma\u2029Bcc: x@example.net' }]) {
      expect(z.safeParse(widgetShareQuerySchema, { ...share, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('asDisplayText', () => {
  it('makes any string display text: controls and direction marks become a space, lone surrogate halves go', () => {
    const made = asDisplayText('a\u0000b\nc\u202Ed\u2028e\ud800f😀');
    expect(made).toBe('a b c d ef😀');
    expect(displayText().safeParse(made).success).toBe(true);
  });
});

describe('paragraphs', () => {
  it('takes lines separated by line feeds, and refuses every other control, direction mark and lone surrogate half', () => {
    expect(paragraphs().safeParse('Lovely.\n\nQuick too.').success).toBe(true);
    for (const bad of ['a\rb', 'a\u0000b', 'a\tb', 'a\u2028b', 'a\u202Eb', 'a\ud800b']) expect(paragraphs().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
