import { isHttpStatus } from '../../../lib/http/errors';
import { serverRefusalOf } from '../../../lib/http/server-refusal';

/** The prints editor's text for an order the server would not place: what the customer can do about it. */
export function placeFailureKey(error: unknown) {
  const code = serverRefusalOf(error)?.code;
  if (code === 'account_blocked') return 'actions.accountBlocked' as const;
  if (code === 'too_many_unpaid_orders') return 'actions.tooManyUnpaid' as const;
  if (isHttpStatus(error, 404)) return 'actions.selectionGone' as const;
  if (isHttpStatus(error, 400)) return 'actions.checkOrder' as const;
  return 'actions.placeFailed' as const;
}
