import { z } from 'zod/mini';
import { DEFAULT_PHOTOS_SORT, photoSchema, sortKeySchema, sortOrderSchema } from './photos.js';

/**
 * GET /photos/{id}: one of the caller's photos and where it sits in the timeline under a sort, so its
 * preview address opens from a cold start without loading its month first.
 */
export const photoInTimelineQuerySchema = z.object({
  sortKey: z._default(sortKeySchema, DEFAULT_PHOTOS_SORT.sortKey),
  sortOrder: z._default(sortOrderSchema, DEFAULT_PHOTOS_SORT.sortOrder),
});
export type PhotoInTimelineQuery = z.infer<typeof photoInTimelineQuerySchema>;

export const photoInTimelineSchema = z.object({
  photo: photoSchema,
  /** The timeline month it is shown under for the sort key (1970/1 is 'Unknown Date'). */
  year: z.int().check(z.minimum(1970), z.maximum(9999)),
  month: z.int().check(z.minimum(1), z.maximum(12)),
  /** The photos before and after it in the timeline's order, across months; null at either end. */
  previous: z.nullable(photoSchema),
  next: z.nullable(photoSchema),
});
export type PhotoInTimeline = z.infer<typeof photoInTimelineSchema>;
