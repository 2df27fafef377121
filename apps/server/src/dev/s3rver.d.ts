/** The parts of s3rver (an S3-compatible server for tests, without its own types) that the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: { deleteObject(bucket: string, key: string): Promise<void> };
    run(): Promise<AddressInfo>;
    /** Koa's: every error a request met, with its context, before s3rver answers it. */
    on(event: 'error', listener: (err: Error & { status?: number }, ctx: { method: string; url: string }) => void): this;
    close(): Promise<void>;
  }
}
