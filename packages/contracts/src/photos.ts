import { z } from 'zod/mini';
import { cursorSchema, idSchema, queryInt } from './text.js';

/** Thumbnail widths the library makes: 300 for small and medium grids, 800 for large grids, 1300 in preview. */
export const THUMBNAIL_SIZES = [300, 800, 1300] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** The date the spec uses for "unknown": a photo without a date taken is filed under it. */
export const UNKNOWN_DATE = '1970-01-01T00:00:00';
export const UNKNOWN_YEAR = 1970;
export const UNKNOWN_MONTH = 1;

const count = z.int().check(z.minimum(0));
/** A wall-clock date and time, with its UTC offset when the camera recorded one. */
const dateTime = z.iso.datetime({ offset: true, local: true });

export const thumbnailSchema = z.object({
  id: z.string(),
  url: z.url(),
  width: z.int().check(z.minimum(1)),
  height: z.int().check(z.minimum(1)),
});
export type Thumbnail = z.infer<typeof thumbnailSchema>;

/** A photo of the customer's standing for something else (an order's, a project's cover): one signed rendition. */
export const pictureSchema = z.object({ url: z.url(), width: z.int().check(z.minimum(1)), height: z.int().check(z.minimum(1)) });
export type Picture = z.infer<typeof pictureSchema>;

export const photoSchema = z.object({
  imageId: z.string().check(z.minLength(1)),
  localFileName: z.string(),
  /** The largest browser-viewable rendition. */
  url: z.url(),
  /** The original bytes as uploaded (HEIC stays HEIC). */
  untouchedUrl: z.url(),
  uploadId: z.string(),
  dateTaken: z.optional(dateTime),
  uploadEnd: z.optional(z.iso.datetime({ offset: true })),
  visibleWidth: z.optional(z.int().check(z.minimum(1))),
  visibleHeight: z.optional(z.int().check(z.minimum(1))),
  thumbnails: z.array(thumbnailSchema),
  ownerId: z.optional(z.string()),
});
export type Photo = z.infer<typeof photoSchema>;

export const sortKeySchema = z.enum(['created', 'dateTaken']);
export type SortKey = z.infer<typeof sortKeySchema>;
export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;
export interface SortOptions {
  sortKey: SortKey;
  sortOrder: SortOrder;
}
export const DEFAULT_PHOTOS_SORT: SortOptions = { sortKey: 'dateTaken', sortOrder: 'desc' };
export const DEFAULT_ALBUM_SORT: SortOptions = { sortKey: 'created', sortOrder: 'desc' };

/** Year → month → number of photos, e.g. { "2024": { "6": 120 } }. */
export const timelineCountsSchema = z.record(z.string().check(z.regex(/^\d{4}$/)), z.record(z.string().check(z.regex(/^(1[0-2]|[1-9])$/)), count));
export type TimelineCounts = z.infer<typeof timelineCountsSchema>;

export const timelineCountsQuerySchema = z.object({ sortKey: z._default(sortKeySchema, 'dateTaken') });

export const photoPageSchema = z.object({ cursor: z.nullable(z.string()), images: z.array(photoSchema) });
export type PhotoPage = z.infer<typeof photoPageSchema>;

const limit = (max: number, fallback: number) => queryInt(1, max, fallback);

export const TIMELINE_PAGE_SIZE = 24;
export const PHOTOS_PAGE_SIZE = 500;

export const timelineMonthParamsSchema = z.object({
  year: z.coerce.number().check(z.int(), z.minimum(1970), z.maximum(9999)),
  month: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12)),
});
export const pageQuerySchema = (maxLimit: number, defaultLimit: number, defaultSort: SortOptions = DEFAULT_PHOTOS_SORT) =>
  z.object({
    cursor: z.optional(cursorSchema),
    limit: limit(maxLimit, defaultLimit),
    sortKey: z._default(sortKeySchema, defaultSort.sortKey),
    sortOrder: z._default(sortOrderSchema, defaultSort.sortOrder),
  });

export const accountPhotoInfoSchema = z.object({ albumsCount: count, photosCount: count, readAlbumsCount: count });
export type AccountPhotoInfo = z.infer<typeof accountPhotoInfoSchema>;

/** Photos deleted per request; the web sends bigger selections in batches of this size. */
export const DELETE_BATCH_SIZE = 500;
export const photoIdsSchema = z.object({ photoIds: z.array(idSchema).check(z.minLength(1), z.maxLength(DELETE_BATCH_SIZE)) });
export type PhotoIds = z.infer<typeof photoIdsSchema>;

export const failedListSchema = z.object({ failed: z.array(z.string()) });
export type FailedList = z.infer<typeof failedListSchema>;

export const photoIdParamsSchema = z.object({ id: idSchema });
