import { z } from 'zod/mini';

/** Every non-2xx JSON answer of the API has this shape. */
export const apiErrorSchema = z.object({
  status: z.int(),
  error: z.string(),
  message: z.string(),
  correlationId: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const CORRELATION_ID_HEADER = 'x-correlationid';
