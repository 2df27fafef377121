import { makeThumbnail } from './make-thumbnail';

export type Thumbnail = { readonly state: 'pending' } | { readonly state: 'ready'; readonly url: string } | { readonly state: 'failed' };

/** Thumbnails made at the same time: a list of 2,000 photos never decodes more than this at once. */
export const THUMBNAIL_CONCURRENCY = 3;
/** How far outside the list's visible part a row starts its thumbnail, so it is there when scrolled to. */
const NEAR_VIEW_MARGIN = '200px 0px';

const PENDING: Thumbnail = { state: 'pending' };
const FAILED: Thumbnail = { state: 'failed' };

interface Job {
  readonly key: string;
  readonly file: Blob;
}

export interface ThumbnailStoreOptions {
  make?: (file: Blob) => Promise<Blob>;
  concurrency?: number;
}

/**
 * The upload list's thumbnails, made from the chosen files in the browser, free of React. A row is made
 * only while it is in or near view (an IntersectionObserver; without one, every row, still in turn),
 * at most THUMBNAIL_CONCURRENCY at a time; a row scrolled away before its turn leaves the line. Each made
 * thumbnail is a small JPEG behind an object URL, revoked when its row leaves the list and all of them
 * when the modal closes (dispose).
 */
export class ThumbnailStore {
  private readonly results = new Map<string, Thumbnail>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** The job each key's result is expected from: a result from any other (released meanwhile) is dropped. */
  private readonly jobs = new Map<string, Job>();
  private waiting: Job[] = [];
  private running = 0;
  private observer: IntersectionObserver | undefined;
  private readonly watched = new Map<Element, Job>();
  private readonly make: (file: Blob) => Promise<Blob>;
  private readonly concurrency: number;

  constructor(options: ThumbnailStoreOptions = {}) {
    this.make = options.make ?? ((file) => makeThumbnail(file));
    this.concurrency = options.concurrency ?? THUMBNAIL_CONCURRENCY;
  }

  get = (key: string): Thumbnail => this.results.get(key) ?? PENDING;

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Makes the thumbnail of `file` while `element` (its row's picture) is in or near view. */
  watch(element: Element, key: string, file: Blob): () => void {
    const job: Job = { key, file };
    if (typeof IntersectionObserver === 'undefined') {
      this.request(job);
      return () => this.cancel(key);
    }
    this.observer ??= new IntersectionObserver(this.onIntersection, { rootMargin: NEAR_VIEW_MARGIN });
    this.watched.set(element, job);
    this.observer.observe(element);
    return () => {
      this.watched.delete(element);
      this.observer?.unobserve(element);
      this.cancel(key);
    };
  }

  /** The row left the list: its thumbnail is no longer needed. */
  release(key: string): void {
    this.cancel(key);
    this.jobs.delete(key);
    const result = this.results.get(key);
    if (result?.state === 'ready') URL.revokeObjectURL(result.url);
    this.results.delete(key);
  }

  /**
   * The modal closed: every thumbnail's object URL is revoked, and what is still decoding is dropped when it
   * ends. A row mounted again afterwards (React's StrictMode) simply asks again.
   */
  dispose(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.watched.clear();
    this.waiting = [];
    this.jobs.clear();
    for (const result of this.results.values()) if (result.state === 'ready') URL.revokeObjectURL(result.url);
    this.results.clear();
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  private onIntersection = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      const job = this.watched.get(entry.target);
      if (!job) continue;
      if (entry.isIntersecting) this.request(job);
      else this.cancel(job.key);
    }
  };

  private request(job: Job): void {
    if (this.results.has(job.key) || this.jobs.has(job.key)) return;
    this.jobs.set(job.key, job);
    this.waiting.push(job);
    this.pump();
  }

  /** Takes a row that has not started yet out of the line; one already decoding finishes (and is kept). */
  private cancel(key: string): void {
    const job = this.waiting.find((j) => j.key === key);
    if (!job) return;
    this.waiting = this.waiting.filter((j) => j !== job);
    this.jobs.delete(key);
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as Job;
      this.running += 1;
      void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    let blob: Blob | undefined;
    try {
      blob = await this.make(job.file);
    } catch {
      // A file the browser cannot draw: the row shows its placeholder, never a broken picture.
    }
    this.running -= 1;
    if (this.jobs.get(job.key) === job) {
      this.jobs.delete(job.key);
      const result: Thumbnail = blob ? { state: 'ready', url: URL.createObjectURL(blob) } : FAILED;
      this.results.set(job.key, result);
      for (const listener of this.listeners.get(job.key) ?? []) listener();
    }
    this.pump();
  }
}
