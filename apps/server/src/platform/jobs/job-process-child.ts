/**
 * The child side of a job process (job-process.ts): builds what its work needs from the server's setup,
 * then runs each run the server sends, each stoppable by an abort. It works in the idle scheduling class,
 * on what CPU the server leaves, and ends with its parent.
 */
import { describeError } from '../runtime/error-description.js';
import { lowerOwnPriority, runOnlyWhenIdle } from '../runtime/priority.js';
import { JOB_PROCESS_ARG, type FromJobProcess, type LogLevel, type ToJobProcess } from './job-process-protocol.js';

/**
 * Where the idle scheduling class cannot be had (runOnlyWhenIdle): below the server (nice 0), above image
 * work (15), so that the server's requests get about nine times the CPU of a busy thread here (decision 072).
 */
export const JOB_PROCESS_PRIORITY = 10;

/** The logger a job process's work writes to: each record goes to the server's logger. */
export type ProcessLog = Record<LogLevel, (obj: Record<string, unknown>, msg: string) => void>;

export type JobWork<Input, Output> = (input: Input, signal: AbortSignal) => Promise<Output>;

/** Serves the server's runs with the work `setUp` builds from the first message's setup. */
export function serveJobProcess<Setup, Input, Output>(setUp: (setup: Setup, log: ProcessLog) => Promise<JobWork<Input, Output>>): void {
  // Imported anywhere but in a process the server forked for it, it would lower that process's priority.
  if (!process.send || !process.argv.includes(JOB_PROCESS_ARG)) throw new Error('A job process runs only as the child the server starts (job-process.ts)');
  lowerOwnPriority(JOB_PROCESS_PRIORITY);
  runOnlyWhenIdle();
  // Ctrl-C and a service manager's stop reach the whole process group: the server stops the runs first
  // (they are handed back to the queue), then closes the channel, on which this process ends.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => process.exit(0));
  const log = processLog();
  const aborts = new Map<number, AbortController>();
  let work: Promise<JobWork<Input, Output>> | undefined;

  process.on('message', (message: ToJobProcess<Setup, Input>) => {
    if (message.type === 'setup') {
      work = setUp(message.setup, log);
      work.catch((error: unknown) => {
        send({ type: 'broken', error: describeError(error) });
        process.disconnect();
      });
    } else if (message.type === 'abort') {
      aborts.get(message.id)?.abort();
    } else {
      const abort = new AbortController();
      const { id } = message;
      aborts.set(id, abort);
      (work ?? Promise.reject(new Error('A run came before the setup')))
        .then((run) => run(message.input, abort.signal))
        .then(
          (output) => send({ type: 'done', id, output }),
          (error: unknown) => send({ type: 'failed', id, error: describeError(error) }),
        )
        .catch((error: unknown) => send({ type: 'failed', id, error: describeError(error) })) // an output that cannot be sent
        .finally(() => aborts.delete(id));
    }
  });
  send({ type: 'ready' });
}

function send<Output>(message: FromJobProcess<Output>): void {
  if (process.connected) process.send!(message);
}

/** Records go over IPC with their errors as plain fields (a clone of an Error keeps only its message and stack). */
function processLog(): ProcessLog {
  const plain = (obj: Record<string, unknown>) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { ...describeError(v), ...v } : v]));
  const at = (level: LogLevel) => (obj: Record<string, unknown>, msg: string) => {
    try {
      send({ type: 'log', level, obj: plain(obj), msg });
    } catch {
      // A record that cannot be cloned (a function in it): its message alone, rather than failing the work that logs it.
      send({ type: 'log', level, obj: {}, msg });
    }
  };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}
