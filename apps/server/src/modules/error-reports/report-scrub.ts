import { REDACTED, redactText } from '../../platform/http/log-redaction.js';

/** An email address anywhere in a text: personal data that no report needs. */
const EMAIL_ADDRESS = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+/g;
/** A word of 20 or more base64url characters (with dots, a JWT): what every token and signature looks like. */
const TOKEN_WORD = /[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A browser's text as a report may keep it (decision 108): addresses' query values and token-like path
 * segments as the log redacts them, and any email address or token-like word anywhere else. Ids (UUIDs)
 * stay, so a report still says which photo or order it was about.
 */
export function scrubReportText(text: string): string {
  return redactText(text)
    .replace(EMAIL_ADDRESS, REDACTED)
    .replace(TOKEN_WORD, (word) => (UUID.test(word) ? word : REDACTED));
}
