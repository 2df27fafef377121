import {
  asDisplayText,
  ERROR_REPORT_CONTEXT_MAX_ENTRIES,
  ERROR_REPORT_CONTEXT_VALUE_MAX_LENGTH,
  ERROR_REPORT_MESSAGE_MAX_LENGTH,
  ERROR_REPORT_NAME_MAX_LENGTH,
  ERROR_REPORT_PAGE_MAX_LENGTH,
  type ErrorReport,
} from '@shoebox/contracts';
import type { ReportContext } from './error-reporter';

const CONTEXT_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;
const CORRELATION_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Text as a report field takes it: one line, cut to `max` (never inside a surrogate pair). */
function field(value: string, max: number): string {
  return asDisplayText(asDisplayText(value).slice(0, max)).trim();
}

/** An address with its query and fragment left out: they carry signatures and codes. */
function withoutQuery(value: string): string {
  return /^https?:\/\//.test(value) && URL.canParse(value) ? `${new URL(value).origin}${new URL(value).pathname}` : value;
}

/** A failure and what is known of it, as the error service takes it (decision 108). */
export function reportOf(error: unknown, context: ReportContext, page: string): ErrorReport {
  const { correlationId, ...rest } = context;
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : safeJson(error);
  const name = error instanceof Error ? field(error.name, ERROR_REPORT_NAME_MAX_LENGTH) : '';
  const entries = Object.entries(rest)
    .filter(([key, value]) => CONTEXT_KEY.test(key) && value !== undefined)
    .slice(0, ERROR_REPORT_CONTEXT_MAX_ENTRIES)
    .map(([key, value]) => [key, field(withoutQuery(typeof value === 'string' ? value : safeJson(value)), ERROR_REPORT_CONTEXT_VALUE_MAX_LENGTH)]);
  return {
    message: field(raw, ERROR_REPORT_MESSAGE_MAX_LENGTH) || 'Unknown error',
    ...(name ? { name } : {}),
    ...(typeof correlationId === 'string' && CORRELATION_ID.test(correlationId) ? { correlationId } : {}),
    page: field(page, ERROR_REPORT_PAGE_MAX_LENGTH) || '/',
    ...(entries.length ? { context: Object.fromEntries(entries) } : {}),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
