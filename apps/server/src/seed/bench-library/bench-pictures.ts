/**
 * The handful of real pictures the bench customer's photos show: made once as photo-like JPEGs and
 * put through the same ingest as an upload, so their renditions are what the server would make.
 */
import fs from 'node:fs';
import path from 'node:path';
import { THUMBNAIL_SIZES } from '@shoebox/contracts';
import type { Rendition } from '../../modules/photos/photo.service.js';
import { ingestPhoto } from '../../modules/uploads/ingest/ingest-photo.js';
import { originalKey, photoBlobPrefix, renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import { makeTestJpeg } from '../photo-like-images.js';
import type { Picture } from './generate-photos.js';

/** The distinct pictures the bench customer's photos show (landscape unless marked). */
const PICTURES = [
  { width: 4000, height: 3000, seed: 11 },
  { width: 4000, height: 3000, seed: 23 },
  { width: 3000, height: 4000, seed: 37 },
  { width: 4000, height: 3000, seed: 49 },
  { width: 4000, height: 3000, seed: 61 },
  { width: 3000, height: 4000, seed: 73 },
];

export interface PictureFiles extends Picture {
  /** Source file per name in the photo folder ('original.jpg', '300.jpg' …). */
  files: Record<string, string>;
}

/** A 12-megapixel JPEG each (at scale 1), with renditions from the real ingest. */
export async function makePictures(dir: string, scale: number, log: (m: string) => void): Promise<PictureFiles[]> {
  fs.mkdirSync(dir, { recursive: true });
  const names = photoFileNames();
  const pictures: PictureFiles[] = [];
  for (const [i, spec] of PICTURES.entries()) {
    const original = path.join(dir, `picture-${i}-original.jpg`);
    const size = { width: Math.round(spec.width * scale), height: Math.round(spec.height * scale) };
    fs.writeFileSync(original, await makeTestJpeg({ ...spec, ...size, quality: 90 }));
    const ingested = await ingestPhoto(original);
    const files: Record<string, string> = { [names.original]: original };
    for (const r of ingested.renditions) {
      const file = path.join(dir, `picture-${i}-${r.size}.jpg`);
      fs.writeFileSync(file, r.jpeg);
      files[names.renditions[r.size]!] = file;
    }
    pictures.push({
      width: ingested.width,
      height: ingested.height,
      bytes: ingested.bytes,
      renditions: JSON.stringify(ingested.renditions.map(({ size, width, height }): Rendition => ({ size, width, height }))),
      files,
    });
  }
  log(`made ${pictures.length} pictures (${pictures[0]!.width}x${pictures[0]!.height} originals and their renditions)`);
  return pictures;
}

/** File names inside a photo's folder, from the same key functions the photo service signs URLs for. */
function photoFileNames(): { original: string; renditions: Record<number, string> } {
  const c = 'c';
  const p = 'p';
  const prefix = `${photoBlobPrefix(c, p)}/`;
  const name = (key: string) => {
    if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) throw new Error(`Unexpected blob key layout: ${key}`);
    return key.slice(prefix.length);
  };
  return {
    original: name(originalKey(c, p, 'image/jpeg')),
    renditions: Object.fromEntries(THUMBNAIL_SIZES.map((size) => [size, name(renditionKey(c, p, size))])),
  };
}
