/** Upload limits; the spec leaves them out (see docs/decisions). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Decoding more pixels than this is refused: it protects the server from decompression bombs. */
export const UPLOAD_MAX_PIXELS = 100_000_000;
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
/** Mobile devices with an upload address go there and come back after this long. */
export const MOBILE_UPLOAD_RETURN_MS = 2_000;

/** Headers on the last upload response: the photo the upload became, and whether it was already in the library. */
export const UPLOAD_PHOTO_ID_HEADER = 'x-photo-id';
export const UPLOAD_DUPLICATE_HEADER = 'x-photo-duplicate';
