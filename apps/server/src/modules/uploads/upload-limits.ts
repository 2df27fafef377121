import type { ApiErrorParams } from '@shoebox/contracts';
import { AppError } from '../../platform/http/errors.js';

/**
 * How much one customer may have in flight: uploads created and not yet finished, refused, ended by
 * their client or expired. Each holds a place and reserves its declared length on this machine's disk.
 */
export const MAX_UNFINISHED_UPLOADS = 50;
/** 40 photos of the largest size (UPLOAD_MAX_BYTES) at once. */
export const MAX_UNFINISHED_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * Uploads one customer may start in any sliding minute (decision 079): five a second, more than three
 * parallel uploads of phone photos on a fast line reach, far below a script's thousand and more.
 */
export const UPLOADS_PER_MINUTE = 300;
export const UPLOAD_RATE_WINDOW_MS = 60_000;
/** Photos one library may hold, its unfinished uploads counted (decision 079): twice the largest libraries we plan for. */
export const MAX_LIBRARY_PHOTOS = 200_000;

/** An unfinished upload holding a place, and when it is given up if nothing more is sent to it. */
export interface HeldPlace {
  declaredBytes: number;
  givenUpAt: number;
}

/**
 * Seconds until enough of the customer's places are certain to be free for an upload of `bytes`: the
 * time their longest-idle uploads are given up if nothing more is sent to them. Any of them finishing
 * or being ended by its client frees a place sooner.
 */
export function secondsUntilRoomFor(bytes: number, held: HeldPlace[], now: number): number {
  let uploads = held.length;
  let reserved = held.reduce((sum, place) => sum + place.declaredBytes, 0);
  const byExpiry = [...held].sort((a, b) => a.givenUpAt - b.givenUpAt);
  let at = now;
  for (const place of byExpiry) {
    if (uploads < MAX_UNFINISHED_UPLOADS && reserved + bytes <= MAX_UNFINISHED_UPLOAD_BYTES) break;
    uploads -= 1;
    reserved -= place.declaredBytes;
    at = place.givenUpAt;
  }
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** The customer's unfinished uploads hold every place (or all the bytes): a new one waits for them. */
export class NoPlaceForUpload extends AppError {
  constructor(
    code: 'too_many_unfinished_uploads' | 'unfinished_uploads_too_large' | 'too_many_uploads',
    message: string,
    params: ApiErrorParams,
    override readonly retryAfterSeconds: number,
  ) {
    super(429, code, message, undefined, { ...params, retryAfterSeconds });
  }
}

/** The library is as large as an account's may be: only deleting photos makes room. */
export const libraryFull = () =>
  new AppError(409, 'library_full', `Your library holds ${MAX_LIBRARY_PHOTOS} photos, the most an account can have: delete some to add more`, undefined, {
    maxPhotos: MAX_LIBRARY_PHOTOS,
  });
