/** What the server and a job process (job-process.ts, job-process-child.ts) say to each other over IPC. */
import type { ErrorDescription } from '../runtime/error-description.js';

/** The argument a job process is started with: a module serving jobs refuses to in any other process. */
export const JOB_PROCESS_ARG = '--shoebox-job-process';

export type ToJobProcess<Setup, Input> = { type: 'setup'; setup: Setup } | { type: 'run'; id: number; input: Input } | { type: 'abort'; id: number };

export type LogLevel = 'info' | 'warn' | 'error';

export type FromJobProcess<Output> =
  /** It listens: what the server sent before is sent now (a message sent earlier would be lost). */
  | { type: 'ready' }
  | { type: 'done'; id: number; output: Output }
  | { type: 'failed'; id: number; error: ErrorDescription }
  /** Setting up failed: no run can be taken, and the process ends. */
  | { type: 'broken'; error: ErrorDescription }
  | { type: 'log'; level: LogLevel; obj: Record<string, unknown>; msg: string };
