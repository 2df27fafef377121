/** Messages between the pool and its children (image-worker.ts): the child says it is ready, then answers each job. */
export const WORKER_READY = 'ready';
export interface JobRequest<Job> {
  id: number;
  job: Job;
}
export interface JobReply<Result> {
  id: number;
  result?: Result;
  error?: { name: string; message: string; code?: string };
}
