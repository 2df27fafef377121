import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';
import { emailAddressSchema } from './email-address.js';
import type { Channel } from './channels.js';
import { displayText, notBlank, text } from './text.js';

/**
 * The stored payment method (account-area §2.7, /settings/payment-method): GET and PUT
 * {customers}/customers/me/payment-method. Card numbers and IBANs are never stored: the server keeps
 * the kind, the brand, the last four digits, the expiry and the holder, and refuses to echo more
 * (decision 063).
 */
export const PAYMENT_METHOD_KINDS = ['card', 'sepaDirectDebit', 'paypal', 'ideal', 'bancontact', 'klarna'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

const EURO_SEPA = ['NL', 'BE', 'DE', 'AT', 'FR', 'ES', 'IT', 'PT', 'IE'];
const LOCAL_KINDS: Record<string, PaymentMethodKind[]> = { NL: ['ideal'], BE: ['bancontact'], DE: ['klarna'], AT: ['klarna'], SE: ['klarna'], NO: ['klarna'], DK: ['klarna'] };

/** The kinds a storefront offers, in the order its screen lists them. */
export function paymentKindsFor(channel: Pick<Channel, 'country'>): PaymentMethodKind[] {
  return ['card', ...(EURO_SEPA.includes(channel.country) ? (['sepaDirectDebit'] as const) : []), 'paypal', ...(LOCAL_KINDS[channel.country] ?? [])];
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'maestro'] as const;

const holder = displayText().check(notBlank(), z.trim(), z.maxLength(100));

/** What the customer types for each kind; `number` and `iban` are checked (Luhn, IBAN mod 97) and then only their last four digits kept. */
const inputByKind = {
  card: z.object({
    kind: z.literal('card'),
    number: text().check(z.regex(/^[\d ]{12,23}$/, { message: 'cardNumber' })),
    expiryMonth: z.int().check(z.minimum(1), z.maximum(12)),
    expiryYear: z.int().check(z.minimum(2000), z.maximum(2100)),
    holder,
  }),
  sepaDirectDebit: z.object({ kind: z.literal('sepaDirectDebit'), iban: text().check(z.regex(/^[A-Za-z]{2}\d{2}[A-Za-z\d ]{10,36}$/, { message: 'iban' })), holder }),
  paypal: z.object({ kind: z.literal('paypal'), email: emailAddressSchema() }),
  ideal: z.object({ kind: z.literal('ideal') }),
  bancontact: z.object({ kind: z.literal('bancontact') }),
  klarna: z.object({ kind: z.literal('klarna') }),
} satisfies Record<PaymentMethodKind, z.ZodMiniType>;
export type PaymentMethodInput = { [K in PaymentMethodKind]: z.infer<(typeof inputByKind)[K]> }[PaymentMethodKind];

/**
 * Told apart by `kind`, then checked by that kind's schema, so a refused field is named as itself. Not a
 * discriminated union: the web shell parses other contracts on every page and zod's schema classes share
 * one module, so each kind of schema used here would be in the shell's first download.
 */
export const paymentMethodInputSchema = documentedAs(
  z.looseObject({ kind: z.enum(PAYMENT_METHOD_KINDS) }).check(
    z.check((payload) => {
      const parsed = z.safeParse(inputByKind[payload.value.kind], payload.value);
      if (parsed.success) payload.value = parsed.data;
      // Finished issues (path and message set) are passed on as they are; zod finishes them again, keeping both.
      else payload.issues.push(...(parsed.error.issues as typeof payload.issues));
    }),
  ),
  { equivalent: () => z.union(Object.values(inputByKind)) },
) as unknown as z.ZodMiniType<PaymentMethodInput, unknown>;

/** The stored method as the screen shows it: masked, never a whole number. */
export const storedPaymentMethodSchema = z.object({
  kind: z.enum(PAYMENT_METHOD_KINDS),
  /** For cards. */
  brand: z.nullable(z.enum(CARD_BRANDS)),
  /** Last four digits of the card or IBAN. */
  last4: z.nullable(z.string()),
  expiryMonth: z.nullable(z.int()),
  expiryYear: z.nullable(z.int()),
  holder: z.nullable(z.string()),
  /** PayPal's address, masked ("m•••@example.com"). */
  maskedEmail: z.nullable(z.string()),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StoredPaymentMethod = z.infer<typeof storedPaymentMethodSchema>;

export const paymentMethodSettingsSchema = z.object({
  method: z.nullable(storedPaymentMethodSchema),
  /** paymentKindsFor(the customer's storefront). */
  available: z.array(z.enum(PAYMENT_METHOD_KINDS)),
});
export type PaymentMethodSettings = z.infer<typeof paymentMethodSettingsSchema>;
