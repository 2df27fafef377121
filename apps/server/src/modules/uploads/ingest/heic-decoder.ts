/**
 * HEIC → JPEG with heic-convert, off the main thread.
 *
 * heic-convert decodes with libheif compiled to WebAssembly, synchronously: a 12-megapixel HEIC
 * holds the thread for about 1.5 s. On the main thread that would freeze every request and push
 * message of the server, so the decode runs in one worker thread, started on first use, reused,
 * and ended after a quiet spell (which also gives back the decoder's memory). Decodes queue in it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { withTrace } from '../../../platform/runtime/trace.js';

/** How long an idle decoder worker stays around. */
const IDLE_MS = 30_000;

// Plain CommonJS so it runs the same from the TypeScript sources (tests) and from the build.
// libheif-js reports problems on the console; in the worker they are kept as the error's detail instead.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { format } = require('node:util');
let said = [];
console.log = console.info = console.warn = console.error = (...args) => { said.push(format(...args)); };
const convert = require(workerData.heicConvertPath);
parentPort.on('message', async ({ id, heic, quality }) => {
  said = [];
  try {
    const encoded = await convert({ buffer: heic, format: 'JPEG', quality });
    const jpeg = new Uint8Array(encoded.length);
    jpeg.set(encoded);
    parentPort.postMessage({ id, jpeg }, [jpeg.buffer]);
  } catch (error) {
    const detail = said.join(' ').replace(/\\s+/g, ' ').slice(0, 500);
    parentPort.postMessage({ id, error: String((error && error.message) || error) + (detail ? ' (' + detail + ')' : '') });
  }
});
`;

interface Pending {
  resolve: (jpeg: Buffer) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; jpeg: Uint8Array; error?: undefined } | { id: number; error: string };

interface Decoder {
  decode(heic: Uint8Array, quality: number): Promise<Buffer>;
}

/** The worker new decodes go to; a worker that failed a decode or sat idle is retired and replaced. */
let current: Decoder | undefined;
let nextId = 1;

/** Decodes the (primary image of the) HEIC to a JPEG of the given quality (0–1). Rejects when libheif cannot. */
export function decodeHeicToJpeg(heic: Uint8Array, quality: number): Promise<Buffer> {
  current ??= startDecoder();
  return current.decode(heic, quality);
}

function startDecoder(): Decoder {
  const heicConvertPath = createRequire(import.meta.url).resolve('heic-convert');
  // Outside any trace: the decoder serves many uploads (decision 104).
  const worker = withTrace(null, () => new Worker(WORKER_SOURCE, { eval: true, workerData: { heicConvertPath } }));
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;
  let retired = false;

  const decoder: Decoder = {
    decode(heic, quality) {
      const id = nextId++;
      clearTimeout(idleTimer);
      worker.ref(); // an awaited decode keeps the process alive
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, heic, quality });
      });
    },
  };

  // No new decodes go to a retired worker; it ends once the ones it holds are answered.
  const retire = () => {
    retired = true;
    if (current === decoder) current = undefined;
  };

  worker.on('message', (reply: Reply) => {
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) {
      request?.reject(new Error(`HEIC decoding failed: ${reply.error}`));
      // A failed decode may have aborted libheif's WebAssembly instance: the next decode starts afresh.
      retire();
    } else {
      request?.resolve(Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.byteLength));
    }
    if (pending.size > 0) return;
    if (retired) {
      void worker.terminate();
      return;
    }
    worker.unref(); // an idle decoder never keeps the process alive
    idleTimer = setTimeout(() => {
      retire();
      void worker.terminate();
    }, IDLE_MS);
    idleTimer.unref();
  });

  const fail = (error: Error) => {
    retire();
    clearTimeout(idleTimer);
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => fail(new Error(`HEIC decoder stopped: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => fail(new Error(`HEIC decoder exited (code ${code})`)));
  return decoder;
}
