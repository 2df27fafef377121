import { inflateSync } from 'node:zlib';

const STREAM = /<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g;
const SHOWN_TEXT = /\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
/** Windows-1252 where it differs from Latin-1 (0x80 to 0x9F); Node's TextDecoder reads that range as Latin-1. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const windows1252 = (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text a PDF shows, one line per text operation, as a reader would copy it out: every content
 * stream inflated and its shown strings decoded. Enough for the PDFs made with the standard fonts,
 * so tests can read an invoice the way its customer does rather than trusting its bytes.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const shown: string[] = [];
  for (const [, dictionary = '', body = ''] of source.matchAll(STREAM)) {
    const bytes = Buffer.from(body, 'latin1');
    const content = (dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    for (const [, array, single] of content.matchAll(SHOWN_TEXT)) {
      const hex = single ?? [...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      shown.push(windows1252(Buffer.from(hex, 'hex')));
    }
  }
  return shown.join('\n');
}
