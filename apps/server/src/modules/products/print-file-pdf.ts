import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** Resolution of a print (decision 113): what a photo lab prints at; more would only make the file bigger. */
export const PRINT_DPI = 300;
/** JPEG quality of a page's picture: no visible loss in print, a third of the bytes of 95. */
export const PRINT_JPEG_QUALITY = 85;
/** Originals larger than this are refused rather than decoded (the upload's own limit is lower). */
const MAX_INPUT_PIXELS = 120_000_000;
/** The PDF's bytes waiting to be read before the next page is made: memory stays bounded whatever the page count. */
const UNREAD_BYTES_LIMIT = 8 * 1024 * 1024;

const POINTS_PER_MM = 72 / 25.4;
const pixelsOf = (mm: number) => Math.round((mm / 25.4) * PRINT_DPI);

export interface PrintPhoto {
  /** The photo's bytes as stored (JPEG or PNG), its EXIF orientation not yet applied. */
  bytes: Buffer;
  copies: number;
}

export interface PrintPaper {
  /** Short and long side, in millimetres. */
  mm: readonly [number, number];
}

/**
 * A photo as it is printed on `paper`: turned as its EXIF orientation says, the paper turned to the photo's
 * orientation (landscape for a wider photo, else portrait), the photo filling it and cropped at the centre of
 * its longer overflow, as a print lab's fill does, at PRINT_DPI.
 */
export async function printPage(bytes: Buffer, paper: PrintPaper): Promise<{ jpeg: Buffer; widthMm: number; heightMm: number }> {
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await source.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const [short, long] = paper.mm;
  const landscape = width > height;
  const widthMm = landscape ? long : short;
  const heightMm = landscape ? short : long;
  const jpeg = await source
    .autoOrient()
    .resize(pixelsOf(widthMm), pixelsOf(heightMm), { fit: 'cover', position: 'centre' })
    .jpeg({ quality: PRINT_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { jpeg, widthMm, heightMm };
}

/**
 * The print file: one page per photo, the page the print's size in points, the photo filling it. The copies to
 * print are a note on the page (an annotation without the print flag: seen in a viewer, never printed), so a
 * photo ordered 99 times is one page, not 99. Pages are made one at a time and the document is streamed: the
 * next page waits while more than UNREAD_BYTES_LIMIT of the PDF is unread. A photo `load` answers undefined
 * for (deleted meanwhile) is left out; `onPage` hears each page made.
 */
export function printFilePdf(
  photos: AsyncIterable<PrintPhoto | undefined>,
  paper: PrintPaper,
  info: { title: string; subject: string; signal?: AbortSignal; onPage?: () => void; onLeftOut?: () => void },
): Readable {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: false, info: { Title: info.title, Subject: info.subject, Creator: 'Shoebox' } });
  void (async () => {
    try {
      for await (const photo of photos) {
        // Its reader gave up (the blob write failed, or the file grew too large): no page more.
        if (doc.destroyed) return;
        info.signal?.throwIfAborted();
        if (!photo) {
          info.onLeftOut?.();
          continue;
        }
        const page = await printPage(photo.bytes, paper);
        const w = page.widthMm * POINTS_PER_MM;
        const h = page.heightMm * POINTS_PER_MM;
        doc.addPage({ size: [w, h], margin: 0 });
        doc.image(page.jpeg, 0, 0, { width: w, height: h });
        doc.note(8, 8, 16, 16, photo.copies === 1 ? '1 copy' : `${photo.copies} copies`);
        info.onPage?.();
        while (doc.readableLength > UNREAD_BYTES_LIMIT && !doc.destroyed) await sleep(10);
      }
      doc.end();
    } catch (err) {
      doc.destroy(err as Error);
    }
  })();
  return doc;
}
