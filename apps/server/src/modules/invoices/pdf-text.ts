import { inflateSync } from 'node:zlib';

/** A stream's dictionary and the start of its data; its /Length says where the data ends (compressed data may hold any bytes). */
const STREAM_START = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
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
  const shown: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const [, array, single] of content.matchAll(SHOWN_TEXT)) {
      const hex = single ?? [...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      shown.push(windows1252(Buffer.from(hex, 'hex')));
    }
  }
  return shown.join('\n');
}

/** One shown string with where it starts on its page (PDF points, from the bottom left). */
export interface PdfTextRun {
  page: number;
  x: number;
  y: number;
  text: string;
}

const TEXT_MATRIX = /([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+Tm/g;

/**
 * The shown strings of each page's content with their positions, as set by the text matrix before each
 * (the way PDFKit writes text), for tests that check a layout: that rows do not print over one another.
 */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  let page = 0;
  for (const content of contentStreams(pdf)) {
    if (!content.includes(' Tm')) continue;
    page += 1;
    const ops = [...content.matchAll(new RegExp(`${TEXT_MATRIX.source}|${SHOWN_TEXT.source}`, 'g'))];
    let at = { x: 0, y: 0 };
    for (const op of ops) {
      if (op[0].endsWith('Tm')) at = { x: Number(op[5]), y: Number(op[6]) };
      else {
        const hex = op[8] ?? [...(op[7] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
        runs.push({ page, ...at, text: windows1252(Buffer.from(hex, 'hex')) });
      }
    }
  }
  return runs;
}

/** Every stream of the PDF, inflated when it is compressed, read as Latin-1; cut at its /Length, never at bytes that spell `endstream`. */
function* contentStreams(pdf: Buffer): Generator<string> {
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(STREAM_START)) {
    const dictionary = match[1] ?? '';
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + length);
    yield (dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
  }
}
