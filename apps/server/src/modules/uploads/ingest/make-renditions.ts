/**
 * The browser-viewable JPEG renditions of a photo, from ONE decode.
 *
 * The original is decoded once, straight to the largest size (JPEG shrink-on-load does most of the
 * work inside the decoder), turned upright by its EXIF orientation, flattened onto white and
 * converted to 8-bit sRGB, into a raw pixel buffer. The largest JPEG is encoded from that buffer
 * and the smaller sizes are resized from it, never from the original again.
 */
import { THUMBNAIL_SIZES, type ThumbnailSize } from '@shoebox/contracts';
import sharp, { type Sharp } from 'sharp';

export interface Rendition {
  /** The longest-edge box the rendition fits; a smaller original keeps its own size (never upscaled). */
  size: ThumbnailSize;
  width: number;
  height: number;
  jpeg: Buffer;
}

/** JPEG settings for every rendition: good quality, fast (mozjpeg off). */
export const RENDITION_JPEG_OPTIONS = { quality: 82, mozjpeg: false } as const;

/** When decoding stops: a cut-off file fails instead of showing a grey lower half. */
export const DECODE_FAIL_ON = 'truncated';

const SIZES_LARGEST_FIRST = [...THUMBNAIL_SIZES].sort((a, b) => b - a);

/**
 * Decodes `input` (a JPEG or PNG path or buffer) once and makes every rendition, smallest first.
 * Throws sharp's error when the image is corrupt, truncated or over `maxPixels`.
 */
export async function makeRenditions(input: string | Buffer, maxPixels: number): Promise<Rendition[]> {
  const [largest, ...smaller] = SIZES_LARGEST_FIRST as [ThumbnailSize, ...ThumbnailSize[]];
  const { data, info } = await sharp(input, { failOn: DECODE_FAIL_ON, limitInputPixels: maxPixels, sequentialRead: true })
    .rotate()
    .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const renditions = await Promise.all([
    encode(sharp(data, raw), largest),
    ...smaller.map((size) =>
      encode(sharp(data, raw).resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }), size),
    ),
  ]);
  return renditions.sort((a, b) => a.size - b.size);
}

async function encode(pipeline: Sharp, size: ThumbnailSize): Promise<Rendition> {
  const { data, info } = await pipeline.jpeg(RENDITION_JPEG_OPTIONS).toBuffer({ resolveWithObject: true });
  return { size, width: info.width, height: info.height, jpeg: data };
}
