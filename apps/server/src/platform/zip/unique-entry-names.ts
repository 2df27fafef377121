/** The name of an entry whose uploaded name has nothing usable left. */
export const FALLBACK_ENTRY_NAME = 'photo';
/** Most file systems allow 255 bytes per name; a longer one would fail to extract. */
export const MAX_ENTRY_NAME_BYTES = 255;

/** Control characters and text-direction controls: dropped. */
const UNSAFE = new RegExp(`[${'\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069'}]`, 'g');
/** Path separators and what Windows refuses in a name: replaced. */
const REPLACED = /[/\\:*?"<>|]/g;
/** Windows' device names, refused as a file's name whatever follows the first dot ("CON.jpg", "nul.tar.gz"): given a leading "_". */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])\s*$/i;

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function cutToBytes(s: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/**
 * An uploaded name as a file in a zip: one name, never a path (no separators, no "..", no leading
 * dots that would hide it), no control characters, Windows' refused characters replaced, no trailing
 * dots or spaces, no Windows device name (CON, NUL, COM1 …), at most 255 bytes with its extension kept,
 * composed (NFC) as macOS and Windows compare names. A name with nothing left becomes the fallback, keeping the extension if there is one.
 */
export function safeEntryName(uploaded: string): string {
  const cleaned = uploaded.normalize('NFC').replace(UNSAFE, '').replace(REPLACED, '_').trim().replace(/[.\s]+$/, '');
  // A dot at the very start begins the extension too: ".jpg" keeps ".jpg" and gets the fallback before it.
  const dot = cleaned.lastIndexOf('.');
  const extension = cutToBytes(dot >= 0 ? cleaned.slice(dot) : '', 32);
  const bare = (dot >= 0 ? cleaned.slice(0, dot) : cleaned).replace(/\.{2,}/g, '.').replace(/^[.\s]+|[.\s]+$/g, '') || FALLBACK_ENTRY_NAME;
  const stem = WINDOWS_DEVICE.test(bare.split('.')[0]!) ? `_${bare}` : bare;
  return cutToBytes(stem, MAX_ENTRY_NAME_BYTES - Buffer.byteLength(extension)).trimEnd() + extension;
}

/**
 * Names for one archive: each safe, and distinct without regard to case, because Windows and macOS
 * would otherwise overwrite one photo with another when extracting ("IMG_0001.jpg", "img_0001.JPG").
 * A taken name gets " (2)", " (3)", … before its extension.
 */
export function uniqueEntryNames(): (uploaded: string) => string {
  const taken = new Set<string>();
  const fold = (name: string) => name.toLowerCase();
  return (uploaded) => {
    const name = safeEntryName(uploaded);
    let candidate = name;
    const [stem, extension] = splitExtension(name);
    for (let n = 2; taken.has(fold(candidate)); n++) {
      const suffix = ` (${n})`;
      candidate = cutToBytes(stem, MAX_ENTRY_NAME_BYTES - Buffer.byteLength(suffix + extension)) + suffix + extension;
    }
    taken.add(fold(candidate));
    return candidate;
  };
}
