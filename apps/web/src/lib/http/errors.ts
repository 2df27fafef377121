/** A non-OK answer: carries the response text, status code and URL (spec: account-area §8). */
export class HttpError extends Error {
  constructor(
    readonly text: string,
    readonly status: number,
    readonly url: string,
    readonly correlationId: string,
  ) {
    super(`Request failure: ${status} ${url}`);
    this.name = 'HttpError';
  }
}

/** The request never got an answer; the message names the method and the path without digits. */
export class NetworkError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly correlationId: string,
    options?: ErrorOptions,
  ) {
    super(`${method} ${path}`, options);
    this.name = 'NetworkError';
  }
}

export class ParseError extends Error {
  constructor(
    readonly url: string,
    readonly correlationId: string,
    options?: ErrorOptions,
  ) {
    super('Failed to parse response!', options);
    this.name = 'ParseError';
  }
}

export const isHttpStatus = (error: unknown, status: number): boolean => error instanceof HttpError && error.status === status;

/** Path with every digit removed, so error groups do not split per id. */
export function pathWithoutDigits(url: string): string {
  return new URL(url, 'http://x').pathname.replace(/\d/g, '');
}
