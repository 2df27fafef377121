/**
 * The child side of the image pool: a process that runs one image job at a time for its parent.
 *
 * It lowers its own scheduling priority first, so that on a busy machine the server's event loop,
 * sign-in and file I/O get the CPU well before image work does. It ends with its parent.
 */
import { describeError } from '../runtime/error-description.js';
import { lowerOwnPriority } from '../runtime/priority.js';
import { WORKER_READY, type JobReply, type JobRequest } from './image-job-protocol.js';

/**
 * Well below every normal process, not at the very bottom (nice 15 of 19): a busy normal thread (the
 * server's sign-in, file I/O, its database) gets about 28 times the CPU of a thread here, so sign-in
 * stays within twice its idle time beside a full pool, while a photo on a machine busy with other work
 * still gets a share. At the lowest priority, two busy normal processes on two cores made a 12 MP photo
 * take 3.1 s instead of 0.1 s (decision 030).
 */
export const IMAGE_WORK_PRIORITY = 15;

/** Serves the parent's jobs with `handler`; a job's error is sent back with its name, message and code. */
export function serveImageJobs<Job, Result>(handler: (job: Job) => Promise<Result>): void {
  lowerOwnPriority(IMAGE_WORK_PRIORITY);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (request: JobRequest<Job>) => {
    handler(request.job).then(
      (result) => send({ id: request.id, result }),
      (error: unknown) => send({ id: request.id, error: describeError(error) }),
    );
  });
  send(WORKER_READY);
}

/** A parent that died before hearing the answer (killed mid-start) ends this child quietly, not with an EPIPE crash. */
function send<Result>(message: typeof WORKER_READY | JobReply<Result>): void {
  if (!process.connected) return process.exit(0);
  process.send?.(message, undefined, undefined, (error) => {
    if (error) process.exit(0);
  });
}
