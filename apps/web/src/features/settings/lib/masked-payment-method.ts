import type { StoredPaymentMethod } from '@shoebox/contracts';

/** Two-digit month, as cards print it. */
export const expiryMonthText = (month: number) => String(month).padStart(2, '0');

/** The parts of a stored method the screen shows; never more than the server kept (last four digits, masked email). */
export function maskedParts(method: StoredPaymentMethod) {
  return {
    card: method.kind === 'card' && method.brand && method.last4 ? { brand: method.brand, last4: method.last4 } : null,
    account: method.kind === 'sepaDirectDebit' && method.last4 ? method.last4 : null,
    expiry: method.expiryMonth && method.expiryYear ? { month: expiryMonthText(method.expiryMonth), year: String(method.expiryYear) } : null,
  };
}
