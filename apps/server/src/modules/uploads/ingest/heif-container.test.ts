import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HeifFormatError, readHeifContainer } from './heif-container.js';

const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url));

describe('readHeifContainer', () => {
  it('reads the brands, the HEVC primary image, its size and its EXIF block without decoding', async () => {
    const container = readHeifContainer(await readFile(HEIC_FIXTURE));
    expect(container).toMatchObject({
      majorBrand: 'heic',
      primaryItemType: 'hvc1',
      isHevc: true,
      width: 960,
      height: 640,
      rotation: 0,
      largestItemPixels: 960 * 640,
      itemsWithinFile: true,
    });
    expect(container.compatibleBrands).toContain('mif1');
    expect(container.exif?.subarray(0, 4).toString('latin1')).toMatch(/^(II\*\0|MM\0\*)$/);
  });

  it('notices a file cut off inside its image data', async () => {
    const bytes = await readFile(HEIC_FIXTURE);
    expect(readHeifContainer(bytes.subarray(0, bytes.length - 100)).itemsWithinFile).toBe(false);
  });

  it('throws on a file cut off inside its header', async () => {
    const bytes = await readFile(HEIC_FIXTURE);
    expect(() => readHeifContainer(bytes.subarray(0, 200))).toThrow(HeifFormatError);
  });
});
