import { z } from 'zod/mini';
import { CALLBACK_FORMATS, CALLBACK_URL_MAX_LENGTH, type CallbackFormat } from './customer.js';
import { text } from './text.js';

// Apart from customer.ts: the web shell parses the customer on every page, and should not carry the checks of
// the FTP integration form (a refine and a discriminated union) in its first download.

/** An https address only: the callback carries order details, never over plain http. */
export const callbackUrlSchema = text().check(
  z.trim(),
  z.maxLength(CALLBACK_URL_MAX_LENGTH),
  z.refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:' && new URL(u).hostname !== '', { message: 'callbackUrl' }),
);

/**
 * PATCH {customers}/customers/me (business only): both set, or both null to stop the callbacks. An unknown
 * format is refused as callbackFormat, a missing or extra address as callbackUrl. Nullable fields with one
 * check rather than a discriminated union of null schemas: those schema classes would join the web shell.
 */
export type UpdateFtpIntegration = { callbackUrl: string; callbackFormat: CallbackFormat } | { callbackUrl: null; callbackFormat: null };
export const updateFtpIntegrationSchema = z
  .object({ callbackUrl: z.nullable(callbackUrlSchema), callbackFormat: z.nullable(z.enum(CALLBACK_FORMATS)) })
  .check(
    z.superRefine((body, ctx) => {
      if ((body.callbackUrl === null) !== (body.callbackFormat === null)) {
        ctx.issues.push({ code: 'custom', message: 'callbackUrl', path: ['callbackUrl'], input: body.callbackUrl });
      }
    }),
  ) as unknown as z.ZodMiniType<UpdateFtpIntegration, unknown>;
