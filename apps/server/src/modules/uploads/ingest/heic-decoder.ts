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

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Decodes the (primary image of the) HEIC to a JPEG of the given quality (0–1). Rejects when libheif cannot. */
export function decodeHeicToJpeg(heic: Uint8Array, quality: number): Promise<Buffer> {
  const id = nextId++;
  const current = decoderWorker();
  if (idleTimer) clearTimeout(idleTimer);
  current.ref(); // an awaited decode keeps the process alive
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    current.postMessage({ id, heic, quality });
  });
}

function decoderWorker(): Worker {
  if (worker) return worker;
  const heicConvertPath = createRequire(import.meta.url).resolve('heic-convert');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { heicConvertPath } });
  started.on('message', (reply: Reply) => {
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) request?.reject(new Error(`HEIC decoding failed: ${reply.error}`));
    else request?.resolve(Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.byteLength));
    if (pending.size === 0) {
      started.unref(); // an idle decoder never keeps the process alive
      scheduleIdleStop(started);
    }
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  started.on('error', (error) => fail(new Error(`HEIC decoder stopped: ${error.message}`, { cause: error })));
  started.on('exit', (code) => fail(new Error(`HEIC decoder exited (code ${code})`)));
  worker = started;
  return started;
}

function scheduleIdleStop(idle: Worker): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === idle && pending.size === 0) {
      worker = undefined;
      void idle.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}
