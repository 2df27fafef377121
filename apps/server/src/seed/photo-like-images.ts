/**
 * Photo-like images made with sharp: the pictures of the demo and benchmark libraries, and the
 * photos tests and benchmarks upload.
 *
 * The pixels are smooth colour gradients with soft shapes and a little grain, so a JPEG of them
 * compresses (and decodes) like a camera photo rather than like a flat colour. The same options
 * always give the same bytes. Nothing here imports a test framework.
 */
import sharp, { type Sharp } from 'sharp';

export interface TestImageOptions {
  /** Stored pixel width (before any EXIF orientation); default 1600. */
  width?: number;
  /** Stored pixel height (before any EXIF orientation); default 1200. */
  height?: number;
  /**
   * The date taken written to EXIF DateTimeOriginal, as a local wall-clock 'YYYY-MM-DDTHH:MM:SS',
   * with its offset ('+02:00') written to OffsetTimeOriginal when given. No date is written when absent.
   */
  dateTaken?: { local: string; offset?: string | null };
  /** EXIF Orientation tag (1–8); not written when absent. */
  orientation?: number;
  /** Changes the picture, so several images of one size are not byte-identical; default 1. */
  seed?: number;
}

export interface TestJpegOptions extends TestImageOptions {
  /** JPEG quality, default 90 (what a phone camera writes). */
  quality?: number;
}

/** A photo-like JPEG (sRGB, 4:2:0), optionally with an EXIF date taken and orientation. */
export async function makeTestJpeg(options: TestJpegOptions = {}): Promise<Buffer> {
  return withTestMetadata(photoLikeImage(options), options)
    .jpeg({ quality: options.quality ?? 90, mozjpeg: false })
    .toBuffer();
}

/** A photo-like PNG (RGB, or RGBA with a soft transparent edge when `alpha` is set). */
export async function makeTestPng(options: TestImageOptions & { alpha?: boolean } = {}): Promise<Buffer> {
  return withTestMetadata(photoLikeImage(options, options.alpha ? 4 : 3), options)
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** '2024-06-01T12:30:00' → '2024:06:01 12:30:00', the EXIF way of writing a date. */
export function toExifDateTime(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`Expected a local date-time like 2024-06-01T12:30:00, got "${local}"`);
  const [, year, month, day, hour, minute, second] = match;
  return `${year}:${month}:${day} ${hour}:${minute}:${second}`;
}

function withTestMetadata(image: Sharp, options: TestImageOptions): Sharp {
  let result = image;
  if (options.dateTaken) {
    const exifIfd: Record<string, string> = { DateTimeOriginal: toExifDateTime(options.dateTaken.local) };
    if (options.dateTaken.offset) exifIfd.OffsetTimeOriginal = options.dateTaken.offset;
    // libvips names the EXIF sub-IFD (where the date tags live) IFD2.
    result = result.withExif({ IFD0: { Make: 'Shoebox', Model: 'Test camera' }, IFD2: exifIfd });
  }
  if (options.orientation !== undefined) result = result.withMetadata({ orientation: options.orientation });
  return result;
}

function photoLikeImage(options: TestImageOptions, channels: 3 | 4 = 3): Sharp {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`Test image size must be positive integers, got ${width}×${height}`);
  }
  const seed = options.seed ?? 1;
  const pixels = Buffer.allocUnsafe(width * height * channels);
  let random = (seed * 2654435761) >>> 0 || 1;
  // A sky-to-ground gradient, a soft "sun" and rolling "hills", with grain: roughly what a photo looks like to a codec.
  const sunX = width * (0.25 + 0.5 * (((seed * 37) % 100) / 100));
  const sunY = height * 0.3;
  const sunRadius = Math.max(4, Math.min(width, height) * 0.12);
  const phase = seed * 0.7;
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      random ^= random << 13;
      random ^= random >>> 17;
      random ^= random << 5;
      const grain = ((random >>> 0) % 17) - 8;
      const hill = 0.62 + 0.08 * Math.sin(u * 9 + phase) + 0.04 * Math.sin(u * 23 - phase);
      let r: number;
      let g: number;
      let b: number;
      if (v < hill) {
        r = 70 + 120 * v;
        g = 120 + 80 * v;
        b = 230 - 60 * v;
        const dx = x - sunX;
        const dy = y - sunY;
        const glow = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / sunRadius);
        r += 180 * glow;
        g += 140 * glow;
        b += 40 * glow;
      } else {
        const depth = (v - hill) / (1 - hill + 1e-6);
        const stripes = 18 * Math.sin(u * 140 + v * 60 + phase);
        r = 60 + 50 * depth + stripes;
        g = 110 + 40 * depth + stripes;
        b = 40 + 20 * depth;
      }
      pixels[offset] = clampByte(r + grain);
      pixels[offset + 1] = clampByte(g + grain);
      pixels[offset + 2] = clampByte(b + grain);
      if (channels === 4) {
        const edge = Math.min(u, v, 1 - u, 1 - v);
        pixels[offset + 3] = clampByte(edge * 2000);
      }
      offset += channels;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
