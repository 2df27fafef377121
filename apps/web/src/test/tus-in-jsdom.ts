/**
 * tus-js-client's browser build for tests under jsdom: vitest.config.ts resolves 'tus-js-client' to this
 * module for every web test. Node would resolve the package to its Node build (Buffers and streams, not
 * File), so the browser build is loaded by path. Its XMLHttpRequest stack is kept, with one change: a chunk
 * is sent as an ArrayBuffer, because jsdom's Blob is not a Blob that the fetch Request behind MSW's
 * interceptor can read.
 */
import type * as Tus from 'tus-js-client';
// @ts-expect-error -- the browser build has no declarations of its own; it has the package's.
import * as browserBuild from 'tus-js-client/lib.es5/browser/index.js';

const tus = browserBuild as typeof Tus;

class JsdomHttpStack extends tus.DefaultHttpStack {
  override createRequest(method: string, url: string) {
    const request = super.createRequest(method, url);
    const send = request.send.bind(request);
    request.send = async (body?: unknown) => send((body instanceof Blob ? await body.arrayBuffer() : body) as Parameters<typeof send>[0]);
    return request;
  }
}

export class Upload extends tus.Upload {
  constructor(file: ConstructorParameters<typeof tus.Upload>[0], options: ConstructorParameters<typeof tus.Upload>[1]) {
    super(file, { httpStack: new JsdomHttpStack({}), ...options });
  }
}

export const { DefaultHttpStack, DetailedError, canStoreURLs, defaultOptions, isSupported } = tus;
