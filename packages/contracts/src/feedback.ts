import { z } from 'zod/mini';
import { notBlank, paragraphs, text } from './text.js';

/** Not shown in the seed (decision 109): a rating from 1 (poor) to 5 (very good), a comment of a few paragraphs. */
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;
/** Feedback one customer may send a day: a retailer reads each one, so a script must not drown the rest. */
export const FEEDBACK_PER_CUSTOMER_PER_DAY = 5;
/** POST {customers}/feedback */
export const FEEDBACK_PATH = '/feedback';

export const feedbackSchema = z.object({
  rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
  comment: z.optional(paragraphs().check(notBlank(), z.maxLength(FEEDBACK_COMMENT_MAX_LENGTH))),
  /** The page the customer was on, without its query. */
  page: text().check(z.regex(/^\/[^?#]*$/), z.maxLength(300)),
});
export type Feedback = z.infer<typeof feedbackSchema>;
