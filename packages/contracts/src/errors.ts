import { z } from 'zod/mini';

/**
 * The numbers (sizes, limits) a refusal's text needs, by name: a client says the refusal in its own
 * language from `error` and these. Sizes in bytes are named `…Bytes` or `bytes`.
 */
export const apiErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ApiErrorParams = z.infer<typeof apiErrorParamsSchema>;

/** Every non-2xx JSON answer of the API has this shape. */
export const apiErrorSchema = z.object({
  status: z.int(),
  error: z.string().check(
    z.describe('A stable, machine-readable code of what went wrong (e.g. not_found, corrupt, too_large). Clients translate it; new codes may appear, so an unknown one needs a generic text.'),
  ),
  message: z.string().check(z.describe('The same in English, for API clients and logs; not translated.')),
  correlationId: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  params: z.optional(apiErrorParamsSchema.check(z.describe('The values the code\'s text needs (sizes in bytes, limits, dimensions); present only where a code has any.'))),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const CORRELATION_ID_HEADER = 'x-correlationid';
