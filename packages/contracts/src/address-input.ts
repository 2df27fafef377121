import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';
import { displayText, notBlank, text } from './text.js';

/**
 * Spec §5: the address messages. Each rule's issue carries its key as the message, so the web shows
 * the text in the customer's language and the server's 400 names which field failed.
 */
export const ADDRESS_MESSAGES = {
  phone: 'Phone number must be valid',
  postalCode: 'Postal Code must be valid',
  houseNumber: 'Street number must be valid',
  street: 'Street name must be valid',
} as const;
export type AddressMessageKey = keyof typeof ADDRESS_MESSAGES;

/** Countries the storefronts deliver to, with the shape of their postal codes (no flags: the API document shows them as JSON Schema patterns). */
export const POSTAL_CODE_PATTERNS: Record<string, RegExp> = {
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  IE: /^[A-Za-z]\d[\dWw] ?[A-Za-z\d]{4}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
  BE: /^\d{4}$/,
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
};
export const DELIVERY_COUNTRIES = Object.keys(POSTAL_CODE_PATTERNS);

const STREET = /^[\p{L}\p{M}][\p{L}\p{M}\d .'\-/]{0,99}$/u;
const HOUSE_NUMBER = /^\d{1,5}[\p{L}\d \-/]{0,10}$/u;
/** Spaces only inside, so that the pattern holds of the number before trimming as after. */
const PHONE = /^\+?[\d()-][\d ()-]{4,18}[\d()-]$/;

const field = (max: number) => displayText().check(z.trim(), z.maxLength(max));

/** A delivery address, as a customer types it; the fields are not in the spec (decision 054). */
const addressFields = {
  firstName: field(100).check(notBlank()),
  lastName: field(100).check(notBlank()),
  street: field(100).check(z.regex(STREET, { message: 'street' })),
  houseNumber: field(16).check(z.regex(HOUSE_NUMBER, { message: 'houseNumber' })),
  postalCode: field(10),
  city: field(100).check(notBlank()),
  countryCode: z.enum(DELIVERY_COUNTRIES as [string, ...string[]]),
  phone: z.nullable(text().check(z.trim(), z.regex(PHONE, { message: 'phone' }))),
};

export const addressInputSchema = documentedAs(
  z.object(addressFields).check(
    z.superRefine((a, ctx) => {
      const pattern = POSTAL_CODE_PATTERNS[a.countryCode];
      if (pattern && !pattern.test(a.postalCode)) ctx.issues.push({ code: 'custom', message: 'postalCode', path: ['postalCode'], input: a.postalCode });
    }),
  ),
  { equivalent: () => addressPerCountry() },
);

/** The document's view of an address (with `extra` fields): the postal code's shape depends on the country, so one object per country. */
export const addressPerCountry = (extra: Record<string, z.core.$ZodType> = {}) =>
  z.union(
    DELIVERY_COUNTRIES.map((country) =>
      z.object({ ...addressFields, ...extra, countryCode: z.literal(country), postalCode: field(10).check(z.regex(POSTAL_CODE_PATTERNS[country]!)) }),
    ),
  );
export type AddressInput = z.infer<typeof addressInputSchema>;

