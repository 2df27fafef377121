import { describe, expect, it } from 'vitest';
import { FALLBACK_ENTRY_NAME, MAX_ENTRY_NAME_BYTES, safeEntryName, uniqueEntryNames } from './unique-entry-names.js';

describe('safeEntryName', () => {
  it('keeps an ordinary name, accents, spaces and emoji as they are', () => {
    for (const name of ['IMG_0001.jpg', 'Strand & zee ✓.jpg', 'Café crème.HEIC', '🌊 wave.png', 'a.b.c.jpeg']) expect(safeEntryName(name)).toBe(name);
  });

  it('makes a path one name: no separators, no "..", no leading dots', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('_._etc_passwd');
    expect(safeEntryName('C:\\Users\\me\\photo.jpg')).toBe('C__Users_me_photo.jpg');
    expect(safeEntryName('/abs/olute.jpg')).toBe('_abs_olute.jpg');
    expect(safeEntryName('..')).toBe(FALLBACK_ENTRY_NAME);
    expect(safeEntryName('.hidden.jpg')).toBe('hidden.jpg');
    expect(safeEntryName('wait...what.jpg')).toBe('wait.what.jpg');
    for (const name of ['../x', 'a/../../b.jpg', '...', '..\\..\\win.ini']) {
      const safe = safeEntryName(name);
      expect(safe).not.toMatch(/[/\\]|\.\./);
      expect(safe.startsWith('.')).toBe(false);
    }
  });

  it('drops control and text-direction characters, replaces what Windows refuses, trims trailing dots and spaces', () => {
    expect(safeEntryName('line\nbreak\u0000.jpg')).toBe('linebreak.jpg');
    expect(safeEntryName('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(safeEntryName('what?<is>:this|"*.jpg')).toBe('what__is__this___.jpg');
    expect(safeEntryName('  trailing.jpg . ')).toBe('trailing.jpg');
  });

  it('gives a Windows device name a leading "_", whatever its case or what follows its first dot, so Windows can extract it', () => {
    for (const [uploaded, kept] of [
      ['CON.jpg', '_CON.jpg'],
      ['nul.tar.jpg', '_nul.tar.jpg'],
      ['Aux', '_Aux'],
      ['COM1.jpeg', '_COM1.jpeg'],
      ['lpt9 .png', '_lpt9.png'],
      ['COM¹.jpg', '_COM¹.jpg'],
    ]) expect(safeEntryName(uploaded), uploaded).toBe(kept);
    for (const name of ['CONCERT.jpg', 'com10.jpg', 'my con.jpg', 'console.jpg']) expect(safeEntryName(name)).toBe(name);
  });

  it('a name with nothing usable left becomes the fallback, keeping its extension', () => {
    expect(safeEntryName('')).toBe(FALLBACK_ENTRY_NAME);
    expect(safeEntryName('   ')).toBe(FALLBACK_ENTRY_NAME);
    expect(safeEntryName('\u0001\u0002')).toBe(FALLBACK_ENTRY_NAME);
    expect(safeEntryName('.jpg')).toBe(`${FALLBACK_ENTRY_NAME}.jpg`);
  });

  it('composes decomposed accents (as macOS uploads them) and cuts long names to 255 bytes, keeping the extension and whole characters', () => {
    expect(safeEntryName('Cafe\u0301.jpg')).toBe('Café.jpg');
    const long = safeEntryName(`${'é'.repeat(300)}.jpeg`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_ENTRY_NAME_BYTES);
    expect(long.endsWith('é.jpeg')).toBe(true);
    const emoji = safeEntryName(`${'🌊'.repeat(100)}.png`);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_ENTRY_NAME_BYTES);
    expect(emoji).toMatch(/^(🌊)+\.png$/u);
  });
});

describe('uniqueEntryNames', () => {
  it('gives two photos with one name distinct names, without regard to case, so Windows and macOS keep both', () => {
    const next = uniqueEntryNames();
    expect(['IMG_0001.jpg', 'IMG_0001.jpg', 'img_0001.JPG', 'IMG_0002.jpg', 'IMG_0001 (2).jpg', 'IMG_0001.jpg'].map(next)).toEqual([
      'IMG_0001.jpg',
      'IMG_0001 (2).jpg',
      'img_0001 (3).JPG',
      'IMG_0002.jpg',
      'IMG_0001 (2) (2).jpg',
      'IMG_0001 (4).jpg',
    ]);
  });

  it('numbers names without an extension and fallback names too; composed and decomposed accents are one name', () => {
    const next = uniqueEntryNames();
    expect(['README', 'readme', '', '', 'Café.jpg', 'Cafe\u0301.jpg'].map(next)).toEqual(['README', 'readme (2)', 'photo', 'photo (2)', 'Café.jpg', 'Café (2).jpg']);
  });

  it('a numbered long name still fits in 255 bytes', () => {
    const next = uniqueEntryNames();
    const name = `${'x'.repeat(400)}.jpg`;
    const [first, second] = [next(name), next(name)];
    expect(first).not.toBe(second);
    expect(Buffer.byteLength(second!)).toBeLessThanOrEqual(MAX_ENTRY_NAME_BYTES);
    expect(second!.endsWith(' (2).jpg')).toBe(true);
  });

  it('each archive starts afresh', () => {
    expect(uniqueEntryNames()('a.jpg')).toBe('a.jpg');
    expect(uniqueEntryNames()('a.jpg')).toBe('a.jpg');
  });
});
