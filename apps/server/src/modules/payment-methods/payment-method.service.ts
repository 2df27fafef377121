import {
  findChannel,
  paymentKindsFor,
  type Customer,
  type PaymentMethodInput,
  type PaymentMethodSettings,
  type StoredPaymentMethod,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { cardBrandOf, cardDigits, expiryProblem, holderCarriesNumber, ibanIsValid, ibanOf, luhnIsValid, maskEmail } from './payment-checks.js';
import type { PaymentMethodRepository, PaymentMethodRow } from './payment-method.repository.js';

/** The message keys of a refused field, for the screen to say in the customer's language (decision 063). */
export const PAYMENT_METHOD_MESSAGES = {
  kind: 'paymentKind',
  cardNumber: 'cardNumber',
  cardBrand: 'cardBrand',
  cardExpiry: 'cardExpiry',
  iban: 'iban',
  holder: 'holder',
} as const;

/** How many trailing digits of a card number or IBAN are kept, and shown. */
export const SHOWN_DIGITS = 4;

export interface PaymentMethodServiceDeps {
  repo: PaymentMethodRepository;
  /** The signed-in customer (404 when deleted): their storefront gives the kinds on offer. */
  customerOf: (identity: Identity) => Promise<Pick<Customer, 'channel'>>;
  now?: () => number;
}

const refused = (path: string, message: string) => badRequest('Invalid body', [{ path, message }]);

const toStored = (row: PaymentMethodRow): StoredPaymentMethod => ({
  kind: row.kind,
  brand: row.brand,
  last4: row.last4,
  expiryMonth: row.expiry_month === null ? null : Number(row.expiry_month),
  expiryYear: row.expiry_year === null ? null : Number(row.expiry_year),
  holder: row.holder,
  maskedEmail: row.masked_email,
  updatedAt: row.updated_at,
});

/**
 * What is kept of a method: checked, then reduced to what the screen shows. A card number or an IBAN
 * never goes further than this function.
 */
function storable(input: PaymentMethodInput, now: Date): Omit<PaymentMethodRow, 'customer_id' | 'updated_at'> {
  const none = { brand: null, last4: null, expiry_month: null, expiry_year: null, holder: null, masked_email: null };
  if ('holder' in input && holderCarriesNumber(input.holder)) throw refused('holder', PAYMENT_METHOD_MESSAGES.holder);
  switch (input.kind) {
    case 'card': {
      const digits = cardDigits(input.number);
      if (!luhnIsValid(digits)) throw refused('number', PAYMENT_METHOD_MESSAGES.cardNumber);
      const brand = cardBrandOf(digits);
      if (!brand) throw refused('number', PAYMENT_METHOD_MESSAGES.cardBrand);
      const expiry = expiryProblem(input.expiryMonth, input.expiryYear, now);
      if (expiry) throw refused(expiry, PAYMENT_METHOD_MESSAGES.cardExpiry);
      return { ...none, kind: 'card', brand, last4: digits.slice(-SHOWN_DIGITS), expiry_month: input.expiryMonth, expiry_year: input.expiryYear, holder: input.holder };
    }
    case 'sepaDirectDebit':
      if (!ibanIsValid(input.iban)) throw refused('iban', PAYMENT_METHOD_MESSAGES.iban);
      return { ...none, kind: 'sepaDirectDebit', last4: ibanOf(input.iban).slice(-SHOWN_DIGITS), holder: input.holder };
    case 'paypal':
      return { ...none, kind: 'paypal', masked_email: maskEmail(input.email) };
    default:
      return { ...none, kind: input.kind };
  }
}

/** The stored payment method (account-area §2.7, decision 063). */
export function paymentMethodService(deps: PaymentMethodServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  async function available(identity: Identity) {
    const channel = findChannel((await deps.customerOf(identity)).channel);
    return channel ? paymentKindsFor(channel) : [];
  }

  return {
    async settings(identity: Identity): Promise<PaymentMethodSettings> {
      const kinds = await available(identity);
      const row = await repo.find(identity.customerId);
      return { method: row ? toStored(row) : null, available: kinds };
    },

    async change(identity: Identity, input: PaymentMethodInput): Promise<PaymentMethodSettings> {
      const kinds = await available(identity);
      if (!kinds.includes(input.kind)) throw refused('kind', PAYMENT_METHOD_MESSAGES.kind);
      const at = new Date(now());
      const saved = await repo.save({ customer_id: identity.customerId, ...storable(input, at), updated_at: at.toISOString() });
      if (!saved) throw notFound('Customer not found');
      return this.settings(identity);
    },
  };
}
export type PaymentMethodService = ReturnType<typeof paymentMethodService>;
