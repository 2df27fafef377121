/**
 * What a file really is, judged by its first bytes only (never its name or declared type).
 */
import { fileTypeFromBuffer } from 'file-type';

export type PhotoMime = 'image/jpeg' | 'image/png' | 'image/heic';

/** Bytes enough for every signature file-type knows. */
export const SNIFF_BYTES = 4100;

/**
 * Major brands of a HEIF file whose image may be HEVC-coded (HEIC). 'mif1' is generic HEIF, so for
 * it and the others the container check (heif-container.ts) must still find an HEVC primary image.
 */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1']);

/** The photo type of a file from its first bytes, or null when it is none of JPEG, PNG, HEIC. */
export async function detectPhotoType(head: Uint8Array): Promise<PhotoMime | null> {
  const type = await fileTypeFromBuffer(head);
  if (type?.mime === 'image/jpeg') return 'image/jpeg';
  // An animated PNG is a PNG: decoders show its first frame.
  if (type?.mime === 'image/png' || type?.mime === 'image/apng') return 'image/png';
  // file-type reports HEIF by its major brand and misses heim/heis, so the brand is read here.
  if (head.length >= 12 && latin1(head, 4, 8) === 'ftyp' && HEIC_BRANDS.has(latin1(head, 8, 12))) return 'image/heic';
  return null;
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
