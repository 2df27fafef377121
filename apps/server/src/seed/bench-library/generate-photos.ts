/**
 * One customer's photo rows, as the timeline would have them: dates over many years with seasons,
 * same-day bursts and an 'unknown date' share, and the per-month counts computed from the very rows,
 * so they match what photo.repository.ts keeps.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { THUMBNAIL_SIZES, UNKNOWN_DATE } from '@shoebox/contracts';
import type { Rendition } from '../../modules/photos/photo.service.js';
import type { PhotoMonthCountsTable, PhotosTable } from '../../platform/db/schema.js';
import { DAY_MS, type CustomerPlan } from './plan-customers.js';
import { pickWeighted, rngFrom } from './seeded-random.js';

/** About one photo in twelve has no date taken (scans, screenshots, stripped EXIF). */
const UNDATED_SHARE = 0.08;
/** A photo library grows: each year has this factor more photos than the year before. */
const YEARLY_GROWTH = 1.13;
/** Relative photo counts per month, January first: summer holidays and December stand out. */
const SEASON = [0.7, 0.6, 0.75, 0.9, 1.0, 1.15, 1.5, 1.6, 1.0, 0.9, 0.7, 1.3];
/** Sizes other customers' (file-less) photos claim to have. */
const OTHER_SIZES: [number, number][] = [
  [4032, 3024], [4032, 3024], [3024, 4032], [4000, 3000], [3000, 4000], [6000, 4000], [4000, 6000], [2048, 1536], [3000, 3000], [1080, 1920],
];

/** What a bench picture's rows say about it. */
export interface Picture {
  width: number;
  height: number;
  bytes: number;
  renditions: string;
}

const renditionsJson = (width: number, height: number) =>
  JSON.stringify(
    THUMBNAIL_SIZES.map((size): Rendition => {
      const scale = Math.min(1, size / Math.max(width, height));
      return { size, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    }),
  );

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface GeneratedPhotos {
  rows: PhotosTable[];
  /** Index into the bench pictures per row (bench customer only). */
  pictures: Uint8Array;
  counts: Map<string, number>;
}

/**
 * One customer's photos, sorted the way the timeline index is (month, date taken), so that index
 * grows at its end. Photos come in sessions: a day out gives a burst of pictures minutes apart,
 * uploaded together a few days later (or in a big import after the account was opened).
 */
export function generatePhotos(plan: CustomerPlan, benchPictures: Picture[], now: number, registeredAt: number): GeneratedPhotos {
  const rng = rngFrom(plan.seed * 7919);
  const nowDate = new Date(now);
  const nowYear = nowDate.getUTCFullYear();
  const years: number[] = [];
  const yearWeights: number[] = [];
  for (let y = plan.firstYear; y <= nowYear; y++) {
    years.push(y);
    const elapsed = y === nowYear ? (now - Date.UTC(y, 0, 1)) / (365.25 * DAY_MS) : 1;
    yearWeights.push(Math.pow(YEARLY_GROWTH, y - plan.firstYear) * elapsed);
  }
  const homeOffsetSummer = rng() < 0.3 ? '+01:00' : '+02:00';
  const homeOffsetWinter = homeOffsetSummer === '+01:00' ? '+00:00' : '+01:00';
  const heicShare = plan.bench ? 0 : rng() * 0.5;

  const rows: PhotosTable[] = new Array(plan.photos);
  const pictures = new Uint8Array(plan.photos);
  const checksums = randomBytes(32 * plan.photos).toString('hex');
  let n = 0;
  let fileNumber = Math.floor(rng() * 9000);
  while (n < plan.photos) {
    // When the session was: a year by growth, a month by season, any day; never in the future.
    let takenMs: number;
    do {
      const year = years[pickWeighted(yearWeights, rng())]!;
      const month = pickWeighted(SEASON, rng()) + 1;
      const day = 1 + Math.floor(rng() * daysInMonth(year, month));
      takenMs = Date.UTC(year, month - 1, day, 7 + Math.floor(rng() * 13), Math.floor(rng() * 60), Math.floor(rng() * 60));
    } while (takenMs > now - DAY_MS);
    const size = Math.min(plan.photos - n, 1 + Math.floor(-Math.log(1 - rng()) * 11));
    const times: number[] = [];
    for (let i = 0; i < size; i++) times.push((takenMs += (3 + Math.floor(rng() * 300)) * 1000));
    // Uploaded a few days after the last picture, or in an import soon after the account was opened;
    // never in the future, never before the picture was taken.
    const lastTaken = times[size - 1]!;
    let uploadMs = lastTaken + -Math.log(1 - rng()) * 7 * DAY_MS;
    if (uploadMs < registeredAt) uploadMs = registeredAt + rng() * 180 * DAY_MS;
    uploadMs = Math.max(lastTaken + 60_000, Math.min(uploadMs, now - 3_600_000 - rng() * 7 * DAY_MS));
    const uploadId = randomUUID();
    for (let i = 0; i < size; i++, n++) {
      takenMs = times[i]!;
      const undated = rng() < UNDATED_SHARE;
      const taken = new Date(takenMs).toISOString().slice(0, 19);
      const dateTaken = undated ? UNKNOWN_DATE : taken;
      const month = Number(taken.slice(5, 7));
      const offset = undated || rng() < 0.2 ? null : month >= 4 && month <= 10 ? homeOffsetSummer : homeOffsetWinter;
      const uploadedAt = new Date(uploadMs + i * 1500).toISOString();
      fileNumber = (fileNumber + 1) % 10000;
      let mime = 'image/jpeg';
      let width: number;
      let height: number;
      let bytes: number;
      let renditions: string;
      if (plan.bench) {
        const p = Math.floor(rng() * benchPictures.length);
        const picture = benchPictures[p]!;
        pictures[n] = p;
        ({ width, height, bytes, renditions } = picture);
      } else {
        [width, height] = OTHER_SIZES[Math.floor(rng() * OTHER_SIZES.length)]!;
        renditions = renditionsJson(width, height);
        const kind = rng();
        mime = kind < heicShare ? 'image/heic' : kind > 0.97 ? 'image/png' : 'image/jpeg';
        bytes = Math.round((1.2 + rng() * 5) * 1024 * 1024);
      }
      const extension = mime === 'image/heic' ? 'HEIC' : mime === 'image/png' ? 'PNG' : 'JPG';
      rows[n] = {
        id: randomUUID(),
        customer_id: plan.id,
        checksum: checksums.slice(n * 64, n * 64 + 64),
        original_name: undated ? `Scan_${String(fileNumber).padStart(4, '0')}.${extension.toLowerCase()}` : `IMG_${String(fileNumber).padStart(4, '0')}.${extension}`,
        mime,
        bytes,
        width,
        height,
        date_taken: dateTaken,
        date_taken_offset: offset,
        taken_month: dateTaken.slice(0, 7),
        uploaded_at: uploadedAt,
        upload_month: uploadedAt.slice(0, 7),
        upload_id: uploadId,
        renditions,
      };
    }
  }
  // Sorted as the timeline index, pictures kept beside their rows.
  const order = Array.from(rows.keys()).sort((a, b) => (rows[a]!.date_taken < rows[b]!.date_taken ? -1 : rows[a]!.date_taken > rows[b]!.date_taken ? 1 : 0));
  const sortedRows = order.map((i) => rows[i]!);
  const sortedPictures = Uint8Array.from(order, (i) => pictures[i]!);
  const counts = new Map<string, number>();
  for (const row of sortedRows) {
    counts.set(`dateTaken|${row.taken_month}`, (counts.get(`dateTaken|${row.taken_month}`) ?? 0) + 1);
    counts.set(`created|${row.upload_month}`, (counts.get(`created|${row.upload_month}`) ?? 0) + 1);
  }
  return { rows: sortedRows, pictures: sortedPictures, counts };
}

/** A customer's generated counts as photo_month_counts rows. */
export const countRows = (customerId: string, counts: Map<string, number>): PhotoMonthCountsTable[] =>
  [...counts].map(([k, count]) => {
    const [sortKey, month] = k.split('|') as [PhotoMonthCountsTable['sort_key'], string];
    return { customer_id: customerId, sort_key: sortKey, month, count };
  });
