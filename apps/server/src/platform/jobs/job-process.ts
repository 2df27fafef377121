/**
 * A background job's work in a process of its own (decision 072): one child per kind of work, started when
 * a run needs it and ended once idle, with its own database connection and libuv threadpool and a lower OS
 * priority (job-process-child.ts). On SQLite every statement holds its caller's event loop, so a job that
 * works for minutes would otherwise sit between the server and every request it answers meanwhile.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorDescription } from '../runtime/error-description.js';
import { withTrace } from '../runtime/trace.js';
import { JOB_PROCESS_ARG, type FromJobProcess, type ToJobProcess } from './job-process-protocol.js';

/** A child without a run for this long ends; the next run starts another. */
const IDLE_MS = 30_000;
/** A child that has not said it is ready by then is taken for broken. */
const START_LIMIT_MS = 60_000;
/** After an abort (or on close), a run has this long to stop at its next step before its process is killed. */
const STOP_GRACE_MS = 10_000;

export interface JobProcessOptions<Setup> {
  /** The child's module: it calls serveJobProcess (job-process-child.ts). */
  entry: URL;
  /** Node options of the child (default none). */
  execArgv?: string[];
  /** Sent to each child before its first run: what it builds the work from (structured-cloneable, no more than it needs). */
  setup: Setup;
  log: FastifyBaseLogger;
  idleMs?: number;
}

export interface JobProcess<Input, Output> {
  /** Runs `input` in the child; an abort of `signal` stops it (the run rejects). */
  run(input: Input, signal: AbortSignal): Promise<Output>;
  /** Ends the child, if any (its runs reject); no run is taken after. */
  close(): Promise<void>;
}

interface Waiting<Output> {
  resolve: (output: Output) => void;
  reject: (error: Error) => void;
}

/** One child, the runs it was given, and what waits for it to be ready. */
interface Child<Output> {
  process: ChildProcess;
  pending: Map<number, Waiting<Output>>;
  /** Messages held until the child listens (it says so); then sent in order. */
  held: object[] | undefined;
  exited: Promise<void>;
}

export function jobProcess<Setup, Input, Output>(o: JobProcessOptions<Setup>): JobProcess<Input, Output> {
  let current: Child<Output> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let nextId = 1;

  /** Fails the child's runs and ends it; a later run starts another. */
  function end(child: Child<Output>, error: Error): void {
    if (current === child) current = undefined;
    for (const { reject } of child.pending.values()) reject(error);
    child.pending.clear();
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  }

  function send(child: Child<Output>, message: ToJobProcess<Setup, Input>): void {
    if (child.held) child.held.push(message);
    else if (child.process.connected) child.process.send(message);
  }

  function start(): Child<Output> {
    // Outside any trace: the child serves many jobs' runs, and its messages would carry the first one's (decision 104).
    const proc = withTrace(null, () => fork(o.entry, [JOB_PROCESS_ARG], { execArgv: o.execArgv ?? [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const child: Child<Output> = { process: proc, pending: new Map(), held: [], exited: new Promise((resolve) => proc.once('exit', () => resolve())) };
    const startLimit = setTimeout(() => end(child, new Error(`The job process was not ready within ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS).unref();
    proc.on('message', (message: FromJobProcess<Output>) => {
      if (message.type === 'ready') {
        clearTimeout(startLimit);
        const held = child.held ?? [];
        child.held = undefined;
        for (const m of held) proc.send(m);
      } else if (message.type === 'log') o.log[message.level](message.obj, message.msg);
      else if (message.type === 'broken') end(child, asError(message.error, 'The job process could not set up'));
      else settle(child, message);
    });
    // A fork that failed (no memory, too many processes) or a channel that broke says so here, maybe without an exit.
    proc.on('error', (err) => {
      o.log.warn({ err }, 'A job process failed');
      end(child, err);
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(startLimit);
      end(child, new Error(`The job process ended (${code ?? signal}) before its runs finished`));
    });
    send(child, { type: 'setup', setup: o.setup });
    return child;
  }

  function settle(child: Child<Output>, message: Extract<FromJobProcess<Output>, { id: number }>): void {
    const waiting = child.pending.get(message.id);
    if (!waiting) return;
    child.pending.delete(message.id);
    if (message.type === 'done') waiting.resolve(message.output);
    else waiting.reject(asError(message.error, 'The job failed'));
    if (child === current && child.pending.size === 0) idleTimer = setTimeout(() => void stop(child), o.idleMs ?? IDLE_MS).unref();
  }

  /** Ends the child by closing its channel (it exits when it closes), killing it if it has not ended after the grace. */
  async function stop(child: Child<Output>): Promise<void> {
    if (current === child) current = undefined;
    if (child.process.connected) child.process.disconnect();
    const killing = setTimeout(() => child.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
    await child.exited;
    clearTimeout(killing);
  }

  return {
    async run(input, signal) {
      if (closed) throw new Error('The job process was closed');
      signal.throwIfAborted();
      clearTimeout(idleTimer);
      const child = (current ??= start());
      const id = nextId++;
      return new Promise<Output>((resolve, reject) => {
        const onAbort = () => {
          send(child, { type: 'abort', id });
          // A run that does not stop in time is stopped with its process.
          setTimeout(() => child.pending.has(id) && end(child, new Error('The job process did not stop its run in time')), STOP_GRACE_MS).unref();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const done = () => signal.removeEventListener('abort', onAbort);
        child.pending.set(id, {
          resolve: (output) => (done(), resolve(output)),
          reject: (error) => (done(), reject(error)),
        });
        send(child, { type: 'run', id, input });
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      if (current) await stop(current);
    },
  };
}

/** The child's error as an Error here, with the child's stack and code. */
function asError(error: ErrorDescription, fallback: string): Error {
  const made = Object.assign(new Error(error.message || fallback), error.code === undefined ? {} : { code: error.code });
  made.name = error.name;
  if (error.stack) made.stack = error.stack;
  return made;
}
