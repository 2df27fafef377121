import type { ApiErrorParams } from '@shoebox/contracts';

/**
 * Why an uploaded file was refused: a stable code (`reason`, the answer's `error`), the values a client
 * needs to say it in its customer's language (`params`), and an English message for API clients and
 * logs. The caller puts the file's name in front, e.g. `${fileName}: ${rejection.message}`.
 */
export type IngestRejectionReason =
  | 'unsupported_type'
  | 'empty'
  | 'too_large'
  | 'too_many_pixels'
  | 'side_too_long'
  | 'extreme_aspect_ratio'
  | 'corrupt'
  | 'too_slow'
  | 'unprocessable';

export class IngestRejection extends Error {
  constructor(
    readonly reason: IngestRejectionReason,
    message: string,
    readonly params?: ApiErrorParams,
    /** `cause` keeps the decoder's own error for the logs; customers never see it. */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'IngestRejection';
  }
}

const MEGABYTE = 1024 * 1024;

export function unsupportedType(): IngestRejection {
  return new IngestRejection('unsupported_type', 'This file is not a JPEG, PNG or HEIC photo, so it cannot be added to your library.');
}

export function emptyFile(): IngestRejection {
  return new IngestRejection('empty', 'This file is empty.');
}

export function tooLarge(bytes: number, maxBytes: number): IngestRejection {
  // The file's size is rounded up, so a file just over the limit never reads as "50 MB, limit 50 MB".
  return new IngestRejection('too_large', `This file is too big (${megabytes(bytes, Math.ceil)}). Photos can be up to ${megabytes(maxBytes, Math.floor)}.`, { bytes, maxBytes });
}

export function tooManyPixels(width: number, height: number, maxPixels: number): IngestRejection {
  return new IngestRejection(
    'too_many_pixels',
    `This photo has too many pixels (${width} × ${height}). Photos can have up to ${megapixels(maxPixels)} megapixels.`,
    { width, height, maxMegapixels: maxPixels / 1_000_000 },
  );
}

export function sideTooLong(width: number, height: number, maxSide: number): IngestRejection {
  return new IngestRejection('side_too_long', `This photo is too long on one side (${width} × ${height}). Photos can be up to ${maxSide} pixels on a side.`, {
    width,
    height,
    maxSide,
  });
}

export function extremeAspectRatio(width: number, height: number, maxAspectRatio: number): IngestRejection {
  return new IngestRejection(
    'extreme_aspect_ratio',
    `This photo is too long and narrow (${width} × ${height}). Photos can be up to ${maxAspectRatio} times as long as they are wide.`,
    { width, height, maxAspectRatio },
  );
}

export function tooSlow(cause: unknown): IngestRejection {
  return new IngestRejection('too_slow', 'This photo takes too long to process, so it cannot be added to your library.', undefined, { cause });
}

export function unprocessable(cause: unknown): IngestRejection {
  return new IngestRejection('unprocessable', 'This photo could not be processed, so it cannot be added to your library.', undefined, { cause });
}

/** Sending the same bytes again cannot help: a new copy from where the photo came from can (decision 040). */
export function corrupt(cause?: unknown): IngestRejection {
  return new IngestRejection(
    'corrupt',
    "This photo is damaged or incomplete and cannot be opened. Export it again from your camera or your phone's photo app, then upload the new copy.",
    undefined,
    cause === undefined ? undefined : { cause },
  );
}

function megabytes(bytes: number, round: (value: number) => number): string {
  if (bytes < MEGABYTE) return `${round(bytes / 1024)} KB`;
  const tenths = round((bytes / MEGABYTE) * 10) / 10;
  return `${tenths >= 100 ? round(tenths) : tenths} MB`;
}

function megapixels(pixels: number): string {
  const value = pixels / 1_000_000;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
