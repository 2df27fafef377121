import type { Identity } from '../../platform/auth/access-token.js';
import { forbidden } from '../../platform/http/errors.js';

/** Photo books are for consumers (spec §6): a business customer is refused every call, even on a book of their own. */
export function consumerOnly(identity: Identity): string {
  if (identity.isBusiness) throw forbidden('Online photo books are not available for business accounts');
  return identity.customerId;
}
