import { UPLOAD_MAX_BYTES } from '@shoebox/contracts';

/** What a quick look at a file's first bytes says; the server still judges the whole file. */
export type FileKind = 'jpeg' | 'png' | 'heic';
export type FileRefusal = 'notAPhoto' | 'tooLarge';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const HEAD_BYTES = 32;

async function readHead(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, HEAD_BYTES);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(head);
  });
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** JPEG, PNG or HEIC by the file's signature (its first bytes), whatever its name or declared type says. */
export function sniffKind(bytes: Uint8Array): FileKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  return undefined;
}

export const MIME_TYPES: Record<FileKind, string> = { jpeg: 'image/jpeg', png: 'image/png', heic: 'image/heic' };

/**
 * Refuses, before a single byte is sent, files that cannot be photos we store: too large, empty, or not
 * starting like a JPEG, PNG or HEIC file. Anything that passes is still checked in full by the server.
 */
export async function checkFile(file: File): Promise<{ kind: FileKind } | { refusal: FileRefusal }> {
  if (file.size > UPLOAD_MAX_BYTES) return { refusal: 'tooLarge' };
  let head: Uint8Array;
  try {
    head = await readHead(file);
  } catch {
    return { refusal: 'notAPhoto' };
  }
  const kind = sniffKind(head);
  return kind ? { kind } : { refusal: 'notAPhoto' };
}
