import { UPLOAD_DUPLICATE_HEADER, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import type { DetailedError, HttpRequest, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { readServerRefusal, type ServerRefusal } from '../../../../lib/http/server-refusal';

/** tus-js-client's own rule: retry unless the server answered 4xx (other than 409 and 423), and only while online. */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  const clientError = status >= 400 && status < 500 && status !== 409 && status !== 423;
  return !clientError && (typeof navigator === 'undefined' || navigator.onLine !== false);
}
import { checkFile, MIME_TYPES, type FileRefusal } from './file-check';

/** Files uploading at the same time; the rest wait their turn. */
export const UPLOAD_CONCURRENCY = 3;
/** Bytes per PATCH request: a dropped connection loses at most this much. */
export const UPLOAD_CHUNK_SIZE = 5 * 1024 * 1024;
/** The longest a file waits when the server asks it to (a limit of the customer's uploads), before trying again. */
export const MAX_WAIT_SECONDS = 120;
/** Waits before each automatic retry after a network failure or a 5xx answer. */
export const UPLOAD_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export type UploadStatus = 'ready' | 'queued' | 'uploading' | 'uploaded' | 'duplicate' | 'refused' | 'failed' | 'cancelled';

export type UploadError =
  | { kind: FileRefusal }
  /** The server refused the file (4xx), or could not take it yet (5xx, e.g. busy); its code says why. */
  | { kind: 'server'; refusal?: ServerRefusal }
  /** The connection kept failing after every retry; trying again continues where it stopped. */
  | { kind: 'network' };

export interface UploadItem {
  /** Local id of this row. */
  readonly key: string;
  /** The chosen file (the list draws its thumbnail from it). */
  readonly file: File;
  readonly name: string;
  readonly size: number;
  readonly status: UploadStatus;
  readonly bytesUploaded: number;
  /** A part of this file was uploaded before (e.g. before a reload): uploading continues from there. */
  readonly resumable: boolean;
  /** The connection dropped and tus is about to try again from the offset the server has. */
  readonly retrying?: boolean;
  /** The photo the upload became (for a duplicate: the photo already in the library). */
  readonly photoId?: string;
  /** Kept in the library on submit; deselected uploads are deleted. */
  readonly selected: boolean;
  readonly error?: UploadError;
}

export interface UploadQueueOptions {
  /** The tus endpoint (config.uploadUrl). */
  endpoint: string;
  /** A fresh bearer token for each request. */
  accessToken: () => Promise<string | undefined>;
  /** Whose uploads these are: part of the fingerprint, so one browser never resumes another customer's upload. */
  ownerId: () => Promise<string>;
  albumId?: string;
  /** tus-js-client's Upload class (injected so the bundle loads it only with the modal). */
  Upload: typeof Upload;
  concurrency?: number;
  chunkSize?: number;
  retryDelays?: number[];
}

interface Entry {
  item: UploadItem;
  file: File;
  upload?: Upload;
  previous?: PreviousUpload;
  /** The server asked to wait (429 with Retry-After): the file starts again no sooner than this. */
  notBefore?: number;
}

let nextKey = 0;

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified && a.type === b.type;

const refusalOf = (error: Error | DetailedError) => ('originalResponse' in error ? readServerRefusal(error.originalResponse?.getBody()) : undefined);

const responseStatus = (error: Error | DetailedError) => ('originalResponse' in error ? (error.originalResponse?.getStatus() ?? 0) : 0);

/** How long a 429 asks to wait, from its Retry-After or the refusal's retryAfterSeconds; undefined when it does not say. */
function waitAsked(error: Error | DetailedError, refusal: ServerRefusal | undefined): number | undefined {
  if (responseStatus(error) !== 429) return undefined;
  const header = Number('originalResponse' in error ? error.originalResponse?.getHeader('Retry-After') : undefined);
  const seconds = Number.isFinite(header) && header > 0 ? header : refusal?.params?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.min(seconds, MAX_WAIT_SECONDS) * 1000 : undefined;
}

/**
 * The upload modal's engine, free of React: a list of files, each uploaded with the tus resumable protocol
 * (chunks of UPLOAD_CHUNK_SIZE, automatic retries, resuming an earlier partial upload of the same file found
 * in local storage), UPLOAD_CONCURRENCY at a time. Subscribers get an immutable snapshot after each change.
 */
export class UploadQueue {
  private entries: Entry[] = [];
  private snapshot: readonly UploadItem[] = [];
  private listeners = new Set<() => void>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly concurrency: number;
  private owner: Promise<string> | undefined;
  private readonly waitTimers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly options: UploadQueueOptions) {
    this.concurrency = options.concurrency ?? UPLOAD_CONCURRENCY;
    this.attach();
  }

  /** Listens for the connection coming back; undoes dispose() (React's StrictMode unmounts and mounts again). */
  attach(): void {
    this.disposed = false;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => this.snapshot;

  /** Adds files as ready to upload; files refused by their first bytes or size are listed with the reason. */
  async add(files: Iterable<File>): Promise<void> {
    const fresh = [...files].filter((file) => !this.entries.some((e) => e.item.status !== 'cancelled' && sameFile(e.file, file)));
    const entries = await Promise.all(
      fresh.map(async (file): Promise<Entry> => {
        const item: UploadItem = { key: `upload-${++nextKey}`, file, name: file.name, size: file.size, status: 'ready', bytesUploaded: 0, resumable: false, selected: true };
        const check = await checkFile(file);
        if ('refusal' in check) return { file, item: { ...item, status: 'refused', selected: false, error: { kind: check.refusal } } };
        const entry: Entry = { file, item };
        entry.upload = this.createUpload(entry, MIME_TYPES[check.kind]);
        try {
          const previous = (await entry.upload.findPreviousUploads()).sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (previous) {
            entry.previous = previous;
            entry.item = { ...item, resumable: true };
          }
        } catch {
          // No local storage: the upload simply starts from the beginning.
        }
        return entry;
      }),
    );
    if (this.disposed) return;
    this.entries.push(...entries);
    this.changed(true);
  }

  /** Starts every file that is ready (automatic upload is off: nothing is sent before this). */
  start(): void {
    for (const entry of this.entries) if (entry.item.status === 'ready') this.update(entry, { status: 'queued' });
    this.pump();
  }

  /** Tries a failed file again: tus asks the server how far it got and continues from there. */
  retry(key: string): void {
    const entry = this.find(key);
    if (entry?.item.status !== 'failed') return;
    this.update(entry, { status: 'queued', error: undefined });
    this.pump();
  }

  /** Takes a file that is not uploading off the list. */
  remove(key: string): void {
    const entry = this.find(key);
    if (!entry || entry.item.status === 'uploading' || entry.item.status === 'queued') return;
    this.entries = this.entries.filter((e) => e !== entry);
    this.changed(true);
  }

  setSelected(key: string, selected: boolean): void {
    const entry = this.find(key);
    if (entry && entry.item.status === 'uploaded') this.update(entry, { selected });
  }

  setAllSelected(selected: boolean): void {
    for (const entry of this.entries) if (entry.item.status === 'uploaded') this.update(entry, { selected });
  }

  /** Stops every running upload and deletes its partial bytes on the server; waiting files are dropped. */
  async cancel(): Promise<void> {
    const running: Promise<void>[] = [];
    for (const entry of this.entries) {
      const { status } = entry.item;
      if (status === 'uploading' || status === 'queued' || status === 'failed') {
        if (entry.upload) running.push(entry.upload.abort(true).catch(() => undefined));
        this.update(entry, { status: 'cancelled' });
      }
    }
    this.changed(true);
    await Promise.all(running);
  }

  /** Cancels what runs and forgets everything (the modal closed). */
  async dispose(): Promise<void> {
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    const cancelled = this.cancel();
    this.disposed = true;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const timer of this.waitTimers) clearTimeout(timer);
    this.waitTimers.clear();
    await cancelled;
  }

  private onOnline = () => {
    for (const entry of this.entries) if (entry.item.status === 'failed' && entry.item.error?.kind === 'network') this.retry(entry.item.key);
  };

  private find(key: string) {
    return this.entries.find((e) => e.item.key === key);
  }

  private createUpload(entry: Entry, filetype: string): Upload {
    const { endpoint, albumId } = this.options;
    const metadata: Record<string, string> = { filename: entry.file.name, filetype, ...lastModifiedMetadata(entry.file) };
    if (albumId) metadata.albumId = albumId;
    const options: UploadOptions = {
      endpoint,
      metadata,
      chunkSize: this.options.chunkSize ?? UPLOAD_CHUNK_SIZE,
      retryDelays: this.options.retryDelays ?? UPLOAD_RETRY_DELAYS,
      storeFingerprintForResuming: true,
      // A finished upload is forgotten: the same file chosen again is a new upload (the server stores it once).
      removeFingerprintOnSuccess: true,
      fingerprint: async (file) => {
        const f = file as File;
        this.owner ??= this.options.ownerId();
        return ['shoebox', await this.owner, albumId ?? '', f.name, f.type, f.size, f.lastModified, endpoint].join('|');
      },
      onBeforeRequest: async (req: HttpRequest) => {
        const token = await this.options.accessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => {
        const retry = shouldRetry(error);
        if (retry && entry.item.status === 'uploading' && !entry.item.retrying) this.update(entry, { retrying: true });
        return retry;
      },
      onProgress: (sent) => {
        if (entry.item.status !== 'uploading') return;
        if (entry.item.retrying) this.update(entry, { bytesUploaded: sent, retrying: false });
        else this.update(entry, { bytesUploaded: sent });
      },
      onSuccess: ({ lastResponse }) => {
        const photoId = lastResponse.getHeader(UPLOAD_PHOTO_ID_HEADER) || undefined;
        const duplicate = lastResponse.getHeader(UPLOAD_DUPLICATE_HEADER)?.toLowerCase() === 'true';
        this.update(entry, {
          status: duplicate ? 'duplicate' : 'uploaded',
          retrying: false,
          bytesUploaded: entry.item.size,
          photoId,
          // A photo that was already in the library is never deleted from here, so it is not selectable.
          selected: !duplicate && photoId !== undefined,
        });
        this.pump();
      },
      onError: async (error) => {
        const cancelled = () => entry.item.status === 'cancelled';
        if (cancelled()) return;
        const status = responseStatus(error);
        const refusal = refusalOf(error);
        // A limit of the customer's uploads (how many at once, how many a minute): the file waits its turn and starts again by itself.
        const waitMs = waitAsked(error, refusal);
        if (waitMs !== undefined) return this.waitThenRetry(entry, waitMs);
        const refused = status >= 400 && status < 500;
        // A refused file is never resumed: chosen again it is a new upload, not one that "continues".
        // Forgotten before the refusal shows, so a file chosen again from then on starts afresh.
        if (refused) await this.forgetStoredUpload(entry);
        if (cancelled()) return;
        this.update(entry, {
          status: refused ? 'refused' : 'failed',
          retrying: false,
          selected: false,
          error: refused || refusal ? { kind: 'server', refusal } : { kind: 'network' },
        });
        this.pump();
      },
    };
    return new this.options.Upload(entry.file, options);
  }

  private waitThenRetry(entry: Entry, ms: number): void {
    entry.notBefore = Date.now() + ms;
    this.update(entry, { status: 'queued', retrying: false });
    const timer = setTimeout(() => {
      this.waitTimers.delete(timer);
      this.pump();
    }, ms);
    this.waitTimers.add(timer);
    this.pump();
  }

  /** Removes what tus-js-client keeps in local storage to resume this file (it keeps it after a refusal). */
  private async forgetStoredUpload(entry: Entry): Promise<void> {
    const { upload } = entry;
    const storage = upload?.options.urlStorage;
    if (!upload || !storage) return;
    try {
      const stored = await upload.findPreviousUploads();
      await Promise.all(stored.map((previous) => storage.removeUpload(previous.urlStorageKey)));
    } catch {
      // No local storage: there is nothing to forget.
    }
  }

  private pump(): void {
    if (this.disposed) return;
    let running = this.entries.filter((e) => e.item.status === 'uploading').length;
    for (const entry of this.entries) {
      if (running >= this.concurrency) break;
      if (entry.item.status !== 'queued' || !entry.upload || (entry.notBefore ?? 0) > Date.now()) continue;
      running += 1;
      this.update(entry, { status: 'uploading' });
      if (entry.previous) {
        entry.upload.resumeFromPreviousUpload(entry.previous);
        entry.previous = undefined;
      }
      entry.upload.start();
    }
  }

  private update(entry: Entry, patch: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...patch };
    // Progress is drawn at most every 100 ms; every other change right away.
    this.changed(!('bytesUploaded' in patch && Object.keys(patch).length === 1));
  }

  private changed(now: boolean): void {
    if (this.disposed) return;
    if (now) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      this.flush();
    } else if (this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flush();
      }, 100);
    }
  }

  private flush(): void {
    this.snapshot = this.entries.map((e) => e.item);
    for (const listener of this.listeners) listener();
  }
}

/**
 * Dates a photo whose EXIF has none (docs/decisions/041): the file's last-modified instant in milliseconds
 * since 1970, and this browser's UTC offset at that instant in minutes east, so the server files it under
 * the customer's local month (summer time included).
 */
function lastModifiedMetadata(file: File): { lastModified: string; lastModifiedOffset: string } {
  return { lastModified: String(file.lastModified), lastModifiedOffset: String(-new Date(file.lastModified).getTimezoneOffset()) };
}
