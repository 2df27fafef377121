/**
 * A small pool of child processes for image work (decoding, renditions), bounded per machine and per
 * owner (customer), with a bounded queue and a time limit per job.
 *
 * Why processes: Node's libuv threadpool is one per process, and sharp's work, crypto.scrypt (sign-in)
 * and file I/O all queue on its four threads; worker threads share it too. A few slow decodes in the
 * server process therefore stalled every sign-in. A child has its own threadpool and runs at a lower
 * OS priority (image-worker.ts), so the server keeps its threads and its CPU whatever images arrive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { withTrace } from '../runtime/trace.js';
import { WORKER_READY, type JobReply, type JobRequest } from './image-job-protocol.js';

export interface ImagePoolOptions {
  /** The child's module, which calls serveImageJobs. */
  entry: URL;
  /** Node options of the child (default none). */
  execArgv?: string[];
  /** Jobs running at once, one child process each. */
  size: number;
  /** Jobs of one owner running at once. */
  perOwner: number;
  /** Jobs waiting, in all and per owner; beyond that a job is refused with ImagePoolBusy. */
  maxQueued: number;
  maxQueuedPerOwner: number;
  /** A job running longer is stopped, its child killed, and it fails with ImageJobTimedOut. */
  timeLimitMs: number;
  /** A child idle this long is ended, giving its memory back... */
  idleMs: number;
  /** ...except this many, kept for the next job so that it does not wait for a process to start (default 0). */
  warm?: number;
}

export interface ImagePoolStatus {
  running: number;
  queued: number;
  /** The child processes, busy or idle. */
  pids: number[];
}

export interface ImagePool<Job, Result> {
  /** Runs `job` in a child process, once `owner` and the machine have room for it. */
  run(owner: string, job: Job): Promise<Result>;
  status(): ImagePoolStatus;
  /** Ends every child; jobs running or waiting fail. */
  close(): void;
}

/** Too many jobs are waiting already (in all, or of this owner). */
export class ImagePoolBusy extends Error {
  override readonly name = 'ImagePoolBusy';
}

/** The job ran over the pool's time limit and was stopped. */
export class ImageJobTimedOut extends Error {
  override readonly name = 'ImageJobTimedOut';
}

/** The child running the job died (a crash, the OS's out-of-memory killer, a signal). */
export class ImageJobCrashed extends Error {
  override readonly name = 'ImageJobCrashed';
}

/** The job's own error, raised in the child: its name, message and (for system errors) code. */
export class ImageJobFailed extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ImageJobFailed';
  }
}

interface Waiting<Job, Result> {
  owner: string;
  job: Job;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  /** Settles once the child listens for jobs. */
  ready: Promise<void>;
  /** The job it runs, until it is answered, times out or the child dies. */
  task?: { id: number; settle: (reply: JobReply<unknown> | Error) => void };
  idleTimer?: NodeJS.Timeout;
}

/** A child not ready by then is taken for broken. */
const START_LIMIT_MS = 60_000;

export function createImagePool<Job, Result>(o: ImagePoolOptions): ImagePool<Job, Result> {
  const waiting: Waiting<Job, Result>[] = [];
  const runningByOwner = new Map<string, number>();
  const idle: Worker[] = [];
  const workers = new Set<Worker>();
  let running = 0;
  let nextId = 1;

  const runningOf = (owner: string) => runningByOwner.get(owner) ?? 0;

  /** The next job to start: of the owners with room, the one running fewest; the earliest of theirs. */
  function takeNext(): Waiting<Job, Result> | undefined {
    let best = -1;
    for (const [i, w] of waiting.entries()) {
      if (runningOf(w.owner) >= o.perOwner) continue;
      if (best === -1 || runningOf(w.owner) < runningOf(waiting[best]!.owner)) best = i;
    }
    return best === -1 ? undefined : waiting.splice(best, 1)[0];
  }

  function pump(): void {
    while (running < o.size) {
      const next = takeNext();
      if (!next) return;
      start(next);
    }
  }

  function start(w: Waiting<Job, Result>): void {
    running += 1;
    runningByOwner.set(w.owner, runningOf(w.owner) + 1);
    const worker = takeIdle() ?? spawn();
    clearTimeout(worker.idleTimer);
    keepAlive(worker.child, true);
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    worker.task = {
      id,
      settle(reply) {
        clearTimeout(timer);
        worker.task = undefined;
        running -= 1;
        const left = runningOf(w.owner) - 1;
        if (left > 0) runningByOwner.set(w.owner, left);
        else runningByOwner.delete(w.owner);
        if (reply instanceof Error) w.reject(reply);
        else if (reply.error) w.reject(new ImageJobFailed(reply.error.name, reply.error.message, reply.error.code));
        else w.resolve(reply.result as Result);
        if (workers.has(worker) && !worker.child.killed) rest(worker);
        pump();
      },
    };
    const stop = (error: Error) => {
      worker.child.kill('SIGKILL');
      worker.task?.settle(error);
    };
    // The job's clock starts when its child is ready: starting a process on a busy machine is not the job's doing.
    timer = setTimeout(() => stop(new ImageJobCrashed(`The image process did not start within ${START_LIMIT_MS} ms`)), START_LIMIT_MS);
    void worker.ready.then(() => {
      if (worker.task?.id !== id) return;
      clearTimeout(timer);
      timer = setTimeout(() => stop(new ImageJobTimedOut(`The image job ran over ${o.timeLimitMs} ms`)), o.timeLimitMs);
      worker.child.send({ id, job: w.job } satisfies JobRequest<Job>);
    });
  }

  /** An idle child still connected; one that died idle is passed over (its exit is on its way). */
  function takeIdle(): Worker | undefined {
    for (let worker = idle.pop(); worker; worker = idle.pop()) if (worker.child.connected) return worker;
    return undefined;
  }

  function spawn(): Worker {
    // Outside any trace: the child serves many requests, and its events would carry the first one's (decision 104).
    const child = withTrace(null, () =>
      fork(o.entry, [], {
        execArgv: o.execArgv ?? [],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    let markReady = () => {};
    const worker: Worker = { child, ready: new Promise((resolve) => (markReady = resolve)) };
    workers.add(worker);
    child.on('message', (message: typeof WORKER_READY | JobReply<Result>) => {
      if (message === WORKER_READY) markReady();
      else if (worker.task?.id === message.id) worker.task.settle(message);
    });
    const lost = (why: string) => {
      if (!workers.delete(worker)) return;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(worker.idleTimer);
      worker.task?.settle(new ImageJobCrashed(`The image process ended (${why})`));
    };
    child.on('exit', (code, signal) => lost(signal ?? `exit code ${code}`));
    // A child that could not be started, or whose channel broke, may never report an exit.
    child.on('error', (error) => {
      child.kill('SIGKILL');
      lost(error.message);
    });
    return worker;
  }

  /** An idle child waits for the next job, but never keeps this process alive; beyond the warm ones it ends after a quiet spell. */
  function rest(worker: Worker): void {
    keepAlive(worker.child, false);
    idle.push(worker);
    // The idle children are taken last in, first out: the warm ones, at the bottom, keep no timer.
    if (idle.length <= (o.warm ?? 0)) return;
    worker.idleTimer = setTimeout(() => {
      idle.splice(idle.indexOf(worker), 1);
      worker.child.kill();
    }, o.idleMs);
    worker.idleTimer.unref();
  }

  return {
    run(owner, job) {
      const queuedOfOwner = waiting.filter((w) => w.owner === owner).length;
      const canStart = running < o.size && runningOf(owner) < o.perOwner;
      if (!canStart && (waiting.length >= o.maxQueued || queuedOfOwner >= o.maxQueuedPerOwner)) {
        return Promise.reject(new ImagePoolBusy(`${waiting.length} image jobs are waiting, ${queuedOfOwner} of them this owner's`));
      }
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ owner, job, resolve, reject });
        pump();
      });
    },
    status: () => ({ running, queued: waiting.length, pids: [...workers].map((w) => w.child.pid).filter((pid): pid is number => pid !== undefined) }),
    close() {
      for (const w of waiting.splice(0)) w.reject(new Error('The image pool was closed'));
      for (const worker of workers) worker.child.kill('SIGKILL');
    },
  };
}

function keepAlive(child: ChildProcess, alive: boolean): void {
  if (alive) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}
