import { z } from 'zod/mini';
import { displayText, idSchema, notBlank } from './text.js';

/** Upload limits; the spec leaves them out (see docs/decisions). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Decoding more pixels than this is refused: it protects the server from decompression bombs. */
export const UPLOAD_MAX_PIXELS = 100_000_000;
/** What the file picker offers, by type and by extension (some pickers know .heif files by neither type); the server judges by content. */
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export const UPLOAD_ACCEPTED_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.heic', '.heif'] as const;
/** Mobile devices with an upload address go there and come back after this long. */
export const MOBILE_UPLOAD_RETURN_MS = 2_000;

/** Headers on the last upload response: the photo the upload became, and whether it was already in the library. */
export const UPLOAD_PHOTO_ID_HEADER = 'x-photo-id';
export const UPLOAD_DUPLICATE_HEADER = 'x-photo-duplicate';

export const UPLOAD_FILE_NAME_MAX_LENGTH = 255;
/** The name a photo is shown under, to its owner and to everyone an album of it is shared with. */
export const uploadFileNameSchema = displayText().check(notBlank(), z.trim(), z.maxLength(UPLOAD_FILE_NAME_MAX_LENGTH));
/** The tus Upload-Metadata values the server reads (decoded from base64); other keys are ignored. */
export const uploadMetadataSchema = z.object({ filename: uploadFileNameSchema, albumId: z.optional(idSchema) });
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;
