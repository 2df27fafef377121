import { apiErrorSchema, type ApiErrorParams } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { formatBytes } from '../format-bytes';
import type { FeatureNamespace } from '../i18n';
import { HttpError } from './errors';

/**
 * What the server said when it refused a request, as far as a customer's text needs it: the answer's
 * status, its stable code (`error` of the JSON error shape) and the values that go with it. The
 * server's `message` is English, for API clients and logs, so it is left out on purpose.
 */
export interface ServerRefusal {
  status: number;
  code: string;
  params?: ApiErrorParams;
}

/** The refusal in a JSON error body (a tus answer's body, an HttpError's text); undefined for anything else. */
export function readServerRefusal(body: string | null | undefined): ServerRefusal | undefined {
  if (!body) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = z.safeParse(apiErrorSchema, json);
  if (!parsed.success) return undefined;
  const { status, error: code, params } = parsed.data;
  return params ? { status, code, params } : { status, code };
}

/** The refusal behind a failed request of the HTTP client, if the server gave one. */
export const serverRefusalOf = (error: unknown): ServerRefusal | undefined => (error instanceof HttpError ? readServerRefusal(error.text) : undefined);

/** Where a refusal's text is looked for: the feature's own words for its codes, then its generic one. */
const keysFor = (namespace: FeatureNamespace, code: string | undefined) => [
  ...(code ? [`${namespace}:refusals.${code}`] : []),
  `${namespace}:refusals.unknown`,
  'translation:errors.catchAll',
];

/** Values as the customer reads them: sizes in bytes (named `bytes` or `…Bytes`, as the contract says) in KB/MB, numbers in the locale's digits. */
function formatParams(params: ApiErrorParams | undefined, locale: string): Record<string, string> {
  const numbers = new Intl.NumberFormat(locale);
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => {
      if (typeof value !== 'number') return [name, value];
      return [name, name === 'bytes' || name.endsWith('Bytes') ? formatBytes(value, locale) : numbers.format(value)];
    }),
  );
}

/**
 * The one way the web says a server's refusal to a customer: in the channel's language, from the code
 * and values, with the feature's texts under `refusals.<code>` in its namespace. An unknown code (or no
 * refusal at all) reads as the feature's `refusals.unknown`; the server's English is never shown.
 */
export function useServerRefusalText(namespace: FeatureNamespace): (refusal: ServerRefusal | undefined) => string {
  const { t, i18n } = useTranslation(namespace);
  // Keys are built from the server's codes, so they cannot be checked against the resource types.
  const translate = t as unknown as (keys: string[], options: Record<string, string>) => string;
  return (refusal) => translate(keysFor(namespace, refusal?.code), formatParams(refusal?.params, i18n.language));
}
