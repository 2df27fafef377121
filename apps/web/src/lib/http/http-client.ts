import { CORRELATION_ID_HEADER, type ApiService, type AppConfig } from '@shoebox/contracts';
import { z } from 'zod/mini';
import type { ErrorReporter } from '../error-reporting/error-reporter';
import { HttpError, NetworkError, ParseError, pathWithoutDigits } from './errors';

export interface RequestOptions<S extends z.core.$ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The contract schema of the answer; every answer is parsed with it. Omit for bodiless answers. */
  schema?: S;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Calls the spec names as public carry no token. */
  anonymous?: boolean;
  /**
   * Statuses the caller answers itself as part of its rule (a 404 with a fallback, a 401 read as null): still
   * thrown as an HttpError, but not reported as a failure.
   */
  handled?: readonly number[];
}

export type HttpClient = <S extends z.core.$ZodType | undefined = undefined>(
  service: ApiService,
  path: string,
  options?: RequestOptions<S>,
) => Promise<S extends z.core.$ZodType ? z.infer<S> : void>;

export interface HttpClientDeps {
  config: Pick<AppConfig, 'api'>;
  getAccessToken: () => Promise<string | undefined>;
  reporter: ErrorReporter;
  fetch?: typeof fetch;
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return (async (service: ApiService, path: string, options: RequestOptions<z.core.$ZodType | undefined> = {}) => {
    const method = options.method ?? 'GET';
    const url = new URL(`${deps.config.api[service].replace(/\/$/, '')}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const correlationId = crypto.randomUUID();
    const headers: Record<string, string> = { Accept: 'application/json', [CORRELATION_ID_HEADER]: correlationId };
    if (!options.anonymous) {
      const token = await deps.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const fail = (error: Error): never => {
      if (error.name !== 'AbortError') deps.reporter.report(error, { correlationId, method, url: url.href });
      throw error;
    };

    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      return fail(new NetworkError(method, pathWithoutDigits(url.href), correlationId, { cause }));
    }
    if (!response.ok) {
      const error = new HttpError(await response.text().catch(() => ''), response.status, url.href, correlationId);
      if (options.handled?.includes(response.status)) throw error;
      return fail(error);
    }
    if (!options.schema) return undefined;
    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      return fail(new ParseError(url.href, correlationId, { cause }));
    }
    const parsed = z.safeParse(options.schema, json);
    return parsed.success ? parsed.data : fail(new ParseError(url.href, correlationId, { cause: parsed.error }));
  }) as HttpClient;
}
