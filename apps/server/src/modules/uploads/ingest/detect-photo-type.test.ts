import { describe, expect, it } from 'vitest';
import { detectPhotoType } from './detect-photo-type.js';

describe('detectPhotoType', () => {
  const ftyp = (major: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${major}\0\0\0\0mif1heic`, 'latin1')]);

  it('takes HEIC by the brands heic, heix, heim, heis and mif1', async () => {
    for (const brand of ['heic', 'heix', 'heim', 'heis', 'mif1']) expect(await detectPhotoType(ftyp(brand)), brand).toBe('image/heic');
  });

  it('refuses other ISO media: AVIF, HEIF sequences, MP4 video', async () => {
    for (const brand of ['avif', 'msf1', 'hevc', 'isom', 'mp42']) expect(await detectPhotoType(ftyp(brand)), brand).toBeNull();
  });
});
