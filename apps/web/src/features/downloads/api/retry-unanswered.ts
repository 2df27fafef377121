import { HttpError, NetworkError } from '../../../lib/http/errors';

/** A download request that got no answer, or a 5xx, is sent again this many times with the same id (decision 052). */
export const DOWNLOAD_REQUEST_RETRIES = 2;

/** Worth sending again: the request may not have arrived, or the server failed; a refusal (4xx) stays a refusal. */
export const retryUnanswered = (error: unknown): boolean => error instanceof NetworkError || (error instanceof HttpError && error.status >= 500);
