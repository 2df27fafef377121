import { sql, type RawBuilder } from 'kysely';

/**
 * Where a photo's files live: every key under one prefix per photo, so deleting the prefix deletes
 * them all. The only place these keys are spelled, for code and for SQL alike.
 */
const PHOTOS_ROOT = 'photos';
const ORIGINAL_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic' };

export const photoBlobPrefix = (customerId: string, photoId: string) => `${PHOTOS_ROOT}/${customerId}/${photoId}`;

export const originalKey = (customerId: string, photoId: string, mime: string) => `${photoBlobPrefix(customerId, photoId)}/original.${ORIGINAL_EXTENSIONS[mime] ?? 'bin'}`;

export const renditionKey = (customerId: string, photoId: string, size: number) => `${photoBlobPrefix(customerId, photoId)}/${size}.jpg`;

/** photoBlobPrefix as an SQL expression over a photos row's columns, for statements that work on many photos at once. */
export const photoBlobPrefixSql = (): RawBuilder<string> => sql<string>`${sql.lit(`${PHOTOS_ROOT}/`)} || customer_id || '/' || id`;
