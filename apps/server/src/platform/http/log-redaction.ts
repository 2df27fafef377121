import type { FastifyServerOptions } from 'fastify';
import { currentTrace } from '../runtime/trace.js';

/**
 * What the server's log must never hold, redacted in one place (docs/security.md): addresses carry
 * credentials. A confirmation token (email change, deletion, newsletter) or a photo book's share token
 * is a path segment; a signed link's signature, an S3 presigned URL's credentials and a sign-in's code are
 * query values. Path segments that look like a token or hold an email address, and every query value, are
 * replaced; an id (UUID), a file name and each parameter's name stay, so a line still says which call it was.
 */
export const REDACTED = '[redacted]';

/** A segment of 20 or more base64url characters: every token the server makes is longer (32 to 43). */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Lowercase words joined by hyphens (openid-configuration, shared-album-downloads): a route's name, which no random token spells. */
const ROUTE_WORDS = /^[a-z]+(-[a-z]+)+$/;

function redactSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is judged as written.
  }
  // An email address (the newsletter's paths name one) is personal data, not a way in, but has no place in a log either.
  return (TOKEN_SEGMENT.test(decoded) && !UUID.test(decoded) && !ROUTE_WORDS.test(decoded)) || decoded.includes('@') ? REDACTED : segment;
}

/** A request target (path and query) as it may be logged. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const path = pathPart.split('/').map(redactSegment).join('/');
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Paths (with their queries) inside free text: an error message may quote the address it failed on. */
const PATH_IN_TEXT = /\/[^\s"'<>`]*/g;

export function redactText(text: string): string {
  return text.replace(PATH_IN_TEXT, (found) => redactUrl(found));
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}


/**
 * The server's logger: its level, and serializers and a hook that pass every request address, error
 * message and log message through the redaction above.
 */
export function redactingLogger(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    // The request or the job's asking request each line belongs to (decision 104).
    mixin: () => {
      const trace = currentTrace();
      return trace ? { trace } : {};
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => ({
        ...error,
        type: error.constructor.name,
        message: redactText(String(error.message)),
        stack: redactText(String(error.stack)),
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}
