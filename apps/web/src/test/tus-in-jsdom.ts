/**
 * tus-js-client's browser build for tests under jsdom. Use it as the module in a test file:
 *   vi.mock('tus-js-client', () => import('<path>/test/tus-in-jsdom'));
 * Node resolves 'tus-js-client' to its Node build (Buffers and streams, not File), so the browser build is
 * loaded by path. Its XMLHttpRequest stack is kept, with one change: a chunk is sent as an ArrayBuffer,
 * because jsdom's Blob is not a Blob that the fetch Request behind MSW's interceptor can read.
 */
import { vi } from 'vitest';
import type * as Tus from 'tus-js-client';

const tus = await vi.importActual<typeof Tus>('tus-js-client/lib.es5/browser/index.js');

class JsdomHttpStack extends tus.DefaultHttpStack {
  override createRequest(method: string, url: string) {
    const request = super.createRequest(method, url);
    const send = request.send.bind(request);
    request.send = async (body?: unknown) => send((body instanceof Blob ? await body.arrayBuffer() : body) as Parameters<typeof send>[0]);
    return request;
  }
}

export class Upload extends tus.Upload {
  constructor(file: ConstructorParameters<typeof Tus.Upload>[0], options: ConstructorParameters<typeof Tus.Upload>[1]) {
    super(file, { httpStack: new JsdomHttpStack({}), ...options });
  }
}

export const { DefaultHttpStack, DetailedError, canStoreURLs, defaultOptions, isSupported } = tus;
