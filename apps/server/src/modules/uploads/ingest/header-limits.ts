/**
 * What a photo's header alone decides, before any pixel is decoded: its size and its shape.
 *
 * The pixel limit is not enough by itself. A 10,000,000 × 10 PNG is exactly 100 megapixels and
 * compresses to 290 KB, yet decoding it took 11 s (27 s on a busy machine), all to make renditions one
 * pixel high. No camera or panorama has such a shape, so a side over MAX_SIDE or a ratio over
 * MAX_ASPECT_RATIO is refused at once (decision 030).
 */
import { UPLOAD_MAX_PIXELS } from '@shoebox/contracts';
import { extremeAspectRatio, sideTooLong, tooManyPixels } from './ingest-rejection.js';

/** Longest side accepted, in pixels: above any photo that fits the pixel limit at an accepted ratio (44,721). */
export const MAX_SIDE = 50_000;
/** Long side over short side: a phone's 360° panorama is about 5:1, a camera's sweep panorama 7:1. */
export const MAX_ASPECT_RATIO = 20;

export interface HeaderLimits {
  /** Most pixels (width × height) decoded; default UPLOAD_MAX_PIXELS. */
  maxPixels?: number;
  /** Longest side, in pixels; default MAX_SIDE. */
  maxSide?: number;
  /** Long side over short side; default MAX_ASPECT_RATIO. */
  maxAspectRatio?: number;
}

/** Throws the IngestRejection naming the first limit a photo of this size (as shown, upright) is over. */
export function checkHeader(width: number, height: number, limits: HeaderLimits = {}): void {
  const { maxPixels = UPLOAD_MAX_PIXELS, maxSide = MAX_SIDE, maxAspectRatio = MAX_ASPECT_RATIO } = limits;
  const [long, short] = width >= height ? [width, height] : [height, width];
  if (long > maxSide) throw sideTooLong(width, height, maxSide);
  if (long > short * maxAspectRatio) throw extremeAspectRatio(width, height, maxAspectRatio);
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
}
