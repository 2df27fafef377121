import { ALBUM_PHOTOS_BATCH_SIZE } from '@shoebox/contracts';

/** Distinct ids in requests of at most ALBUM_PHOTOS_BATCH_SIZE. */
export function albumPhotoBatches(ids: readonly string[]): string[][] {
  const distinct = [...new Set(ids)];
  const result: string[][] = [];
  for (let i = 0; i < distinct.length; i += ALBUM_PHOTOS_BATCH_SIZE) result.push(distinct.slice(i, i + ALBUM_PHOTOS_BATCH_SIZE));
  return result;
}
