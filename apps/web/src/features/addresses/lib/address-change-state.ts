import { apiErrorSchema, type ApiError } from '@shoebox/contracts';
import { z } from 'zod/mini';
import { HttpError } from '../../../lib/http/errors';

/** Spec §4 "Address change": request start gives in progress, success request sent (then updated once the list is read again), failure request failed. */
export type AddressChangeState = 'NotStarted' | 'Editing' | 'RequestInProgress' | 'RequestSent' | 'SuccessfulUpdate' | 'RequestFailed';

/** Why a save failed, as the form tells it: fields the server refused, a full address book, an address no longer there, or anything else. */
export type SaveFailure = { kind: 'fields'; fields: string[] } | { kind: 'limit'; max: number | undefined } | { kind: 'notFound' } | { kind: 'other' };

const bodyOf = (error: unknown): ApiError | undefined => {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const parsed = z.safeParse(apiErrorSchema, JSON.parse(error.text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export function saveFailureOf(error: unknown): SaveFailure {
  const body = bodyOf(error);
  const status = error instanceof HttpError ? error.status : undefined;
  if (status === 400 && body?.issues?.length) return { kind: 'fields', fields: body.issues.map((issue) => issue.path.split('.')[0] ?? issue.path) };
  if (status === 409 && body?.error === 'address_limit_reached') return { kind: 'limit', max: typeof body.params?.max === 'number' ? body.params.max : undefined };
  if (status === 404) return { kind: 'notFound' };
  return { kind: 'other' };
}
