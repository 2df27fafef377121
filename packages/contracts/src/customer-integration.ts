import { z } from 'zod/mini';
import { CALLBACK_FORMATS, CALLBACK_URL_MAX_LENGTH } from './customer.js';
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
 * PATCH {customers}/customers/me (business only): both set, or both null to stop the callbacks. Told apart
 * by the format, so an unknown one is refused as callbackFormat rather than as the whole body.
 */
export const updateFtpIntegrationSchema = z.discriminatedUnion('callbackFormat', [
  z.object({ callbackUrl: callbackUrlSchema, callbackFormat: z.enum(CALLBACK_FORMATS) }),
  z.object({ callbackUrl: z.null(), callbackFormat: z.null() }),
]);
export type UpdateFtpIntegration = z.infer<typeof updateFtpIntegrationSchema>;

