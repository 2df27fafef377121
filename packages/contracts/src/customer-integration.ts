import { z } from 'zod/mini';
import { CALLBACK_FORMATS, CALLBACK_URL_MAX_LENGTH, type CallbackFormat } from './customer.js';
import { documentedAs } from './documented-as.js';
import { text } from './text.js';

// Apart from customer.ts: the web shell parses the customer on every page, and should not carry the checks of
// the FTP integration form (a refine and a discriminated union) in its first download.

/** An https address only: the callback carries order details, never over plain http. */
const callbackUrlRule = () => text().check(z.trim(), z.maxLength(CALLBACK_URL_MAX_LENGTH));
export const callbackUrlSchema = documentedAs(
  callbackUrlRule().check(z.refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:' && new URL(u).hostname !== '', { message: 'callbackUrl' })),
  // The URL parser decides, and the route refuses hosts it must not call (its 400 says so).
  { equivalent: () => callbackUrlRule().check(z.regex(/^https:\/\/[^/?#\s]/i)), keywords: { format: 'uri' } },
);

/**
 * PATCH {customers}/customers/me (business only): both set, or both null to stop the callbacks. An unknown
 * format is refused as callbackFormat, a missing or extra address as callbackUrl. Nullable fields with one
 * check rather than a discriminated union of null schemas: those schema classes would join the web shell.
 */
export type UpdateFtpIntegration = { callbackUrl: string; callbackFormat: CallbackFormat } | { callbackUrl: null; callbackFormat: null };
export const updateFtpIntegrationSchema = documentedAs(
  z.object({ callbackUrl: z.nullable(callbackUrlSchema), callbackFormat: z.nullable(z.enum(CALLBACK_FORMATS)) }).check(
    z.superRefine((body, ctx) => {
      if ((body.callbackUrl === null) !== (body.callbackFormat === null)) {
        ctx.issues.push({ code: 'custom', message: 'callbackUrl', path: ['callbackUrl'], input: body.callbackUrl });
      }
    }),
  ),
  {
    equivalent: () =>
      z.union([z.object({ callbackUrl: callbackUrlSchema, callbackFormat: z.enum(CALLBACK_FORMATS) }), z.object({ callbackUrl: z.null(), callbackFormat: z.null() })]),
  },
) as unknown as z.ZodMiniType<UpdateFtpIntegration, unknown>;
