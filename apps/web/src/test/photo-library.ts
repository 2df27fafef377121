import { DELETE_BATCH_SIZE, type Photo, type SortKey, type SortOrder } from '@shoebox/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { toast } from 'sonner';
import { onTestFinished } from 'vitest';
import { apiUrl } from './fixtures';
import { server } from './msw-server';

/** A photo as the API answers it; `dateTaken` is a wall-clock time (omit it for a photo without one). */
export function makePhoto(id: string, o: { dateTaken?: string; uploadEnd?: string; name?: string } = {}): Photo {
  return {
    imageId: id,
    localFileName: o.name ?? `${id}.jpg`,
    url: `http://img.test/${id}-1300.jpg`,
    untouchedUrl: `http://img.test/${id}-original.jpg`,
    uploadId: `upload-${id}`,
    ...(o.dateTaken ? { dateTaken: o.dateTaken } : {}),
    uploadEnd: o.uploadEnd ?? '2025-01-15T10:00:00Z',
    thumbnails: [300, 800, 1300].map((size) => ({ id: `${id}-${size}`, url: `http://img.test/${id}-${size}.jpg`, width: size, height: Math.round(size * 0.75) })),
  };
}

/** `count` photos taken in one month, one a day (wrapping), named `${prefix}-1` … in date order. */
export function photosTakenIn(year: number, month: number, count: number, prefix = `p${year}${String(month).padStart(2, '0')}`): Photo[] {
  return Array.from({ length: count }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    const second = String(i % 60).padStart(2, '0');
    const minute = String(Math.floor(i / 60) % 60).padStart(2, '0');
    return makePhoto(`${prefix}-${i + 1}`, { dateTaken: `${year}-${String(month).padStart(2, '0')}-${day}T12:${minute}:${second}` });
  });
}

export interface MonthRequest {
  year: number;
  month: number;
  cursor: string | null;
  limit: number;
  sortKey: SortKey;
  sortOrder: SortOrder;
}

/**
 * An in-memory photo-management service for MSW: counts per month, cursor-paged months, and the three
 * deletes, behaving as the contracts say. Tests read what it was asked (`monthRequests`, `deleteBatches`)
 * and make it fail (`failIds`, `failStatus`).
 */
export class FakePhotoLibrary {
  photos: Photo[];
  albumsCount = 2;
  readAlbumsCount = 1;
  readonly monthRequests: MonthRequest[] = [];
  readonly deleteBatches: string[][] = [];
  readonly deletedOne: string[] = [];
  /** Ids asked for one at a time (GET /photos/{id}: a photo and its place in the timeline). */
  readonly photoRequests: string[] = [];
  deletedAll = 0;
  /** Ids DELETE /photos answers as failed (and keeps). */
  failIds = new Set<string>();
  /** Status every delete answers with instead of deleting (e.g. 500). */
  failStatus: number | undefined;
  countsStatus: number | undefined;
  /** Months (`year-month`) whose pages answer 500. */
  failMonths = new Set<string>();
  /** Answers a month request instead of the library when it returns a response (e.g. to fail one page once). */
  intercept: ((request: MonthRequest) => Response | undefined) | undefined;
  /** Months (`year-month`) whose requests never answer; their signals are kept to see them aborted. */
  holdMonths = new Set<string>();
  readonly heldSignals: { month: string; signal: AbortSignal }[] = [];
  /** While set, deletes wait for it before they answer (to see the screen before the server has answered). */
  deleteGate: Promise<void> | undefined;
  /** Called with each DELETE /photos batch; a returned response is answered instead (e.g. a 500 to retry). */
  interceptDelete: ((photoIds: string[], attempt: number) => Response | undefined) | undefined;

  constructor(photos: Photo[]) {
    this.photos = [...photos];
  }

  static monthOf(photo: Photo, sortKey: SortKey): [number, number] {
    if (sortKey === 'created') {
      const d = new Date(photo.uploadEnd ?? 0);
      return [d.getUTCFullYear(), d.getUTCMonth() + 1];
    }
    const match = photo.dateTaken ? /^(\d{4})-(\d{2})/.exec(photo.dateTaken) : null;
    return match ? [Number(match[1]), Number(match[2])] : [1970, 1];
  }

  counts(sortKey: SortKey): Record<string, Record<string, number>> {
    const counts: Record<string, Record<string, number>> = {};
    for (const photo of this.photos) {
      const [y, m] = FakePhotoLibrary.monthOf(photo, sortKey);
      const year = (counts[String(y)] ??= {});
      year[String(m)] = (year[String(m)] ?? 0) + 1;
    }
    return counts;
  }

  monthPhotos(year: number, month: number, sortKey: SortKey, sortOrder: SortOrder): Photo[] {
    const value = (p: Photo) => (sortKey === 'created' ? (p.uploadEnd ?? '') : (p.dateTaken ?? ''));
    const sign = sortOrder === 'asc' ? 1 : -1;
    return this.photos
      .filter((p) => {
        const [y, m] = FakePhotoLibrary.monthOf(p, sortKey);
        return y === year && m === month;
      })
      .sort((a, b) => sign * (value(a).localeCompare(value(b)) || a.imageId.localeCompare(b.imageId)));
  }

  /** The whole timeline in display order: months newest first for desc, 'Unknown Date' (1970/1) last for desc and first for asc. */
  timelineOrder(sortKey: SortKey, sortOrder: SortOrder): Photo[] {
    const months = new Map<string, [number, number]>();
    for (const photo of this.photos) {
      const [y, m] = FakePhotoLibrary.monthOf(photo, sortKey);
      months.set(`${y}-${m}`, [y, m]);
    }
    const rank = ([y, m]: [number, number]) => (y === 1970 && m === 1 ? -1 : y * 12 + m);
    const sign = sortOrder === 'asc' ? 1 : -1;
    return [...months.values()].sort((a, b) => sign * (rank(a) - rank(b))).flatMap(([y, m]) => this.monthPhotos(y, m, sortKey, sortOrder));
  }

  requestsFor(year: number, month: number) {
    return this.monthRequests.filter((r) => r.year === year && r.month === month);
  }

  handlers(): HttpHandler[] {
    const base = (p: string) => apiUrl('photoManagement', p);
    return [
      http.get(base('/users'), () => HttpResponse.json({ albumsCount: this.albumsCount, photosCount: this.photos.length, readAlbumsCount: this.readAlbumsCount })),
      http.get(base('/users/timeline'), ({ request }) => {
        if (this.countsStatus) return new HttpResponse('failure', { status: this.countsStatus });
        const sortKey = (new URL(request.url).searchParams.get('sortKey') ?? 'dateTaken') as SortKey;
        return HttpResponse.json(this.counts(sortKey));
      }),
      http.get(base('/photos/timeline/:year/:month'), ({ request, params }) => {
        const url = new URL(request.url);
        const year = Number(params.year);
        const month = Number(params.month);
        const req: MonthRequest = {
          year,
          month,
          cursor: url.searchParams.get('cursor'),
          limit: Number(url.searchParams.get('limit') ?? 24),
          sortKey: (url.searchParams.get('sortKey') ?? 'dateTaken') as SortKey,
          sortOrder: (url.searchParams.get('sortOrder') ?? 'desc') as SortOrder,
        };
        this.monthRequests.push(req);
        if (this.holdMonths.has(`${year}-${month}`)) {
          this.heldSignals.push({ month: `${year}-${month}`, signal: request.signal });
          // The client gave up on it; what is answered then no longer reaches anyone.
          return new Promise<Response>((resolve) => request.signal.addEventListener('abort', () => resolve(new HttpResponse(null, { status: 499 }))));
        }
        const intercepted = this.intercept?.(req);
        if (intercepted) return intercepted;
        if (this.failMonths.has(`${year}-${month}`)) return new HttpResponse('failure', { status: 500 });
        const all = this.monthPhotos(year, month, req.sortKey, req.sortOrder);
        const start = req.cursor ? Number(req.cursor.replace('after-', '')) : 0;
        const images = all.slice(start, start + req.limit);
        const end = start + images.length;
        return HttpResponse.json({ cursor: end < all.length ? `after-${end}` : null, images });
      }),
      // The whole library a page at a time (the Overview's newest photos); one page is enough for a test.
      http.get(base('/photos'), ({ request }) => {
        const url = new URL(request.url);
        const order = this.timelineOrder((url.searchParams.get('sortKey') ?? 'dateTaken') as SortKey, (url.searchParams.get('sortOrder') ?? 'desc') as SortOrder);
        const limit = Number(url.searchParams.get('limit') ?? 500);
        return HttpResponse.json({ cursor: order.length > limit ? `after-${limit}` : null, images: order.slice(0, limit) });
      }),
      http.get(base('/photos/:id'), ({ request, params }) => {
        const url = new URL(request.url);
        const id = String(params.id);
        this.photoRequests.push(id);
        const sortKey = (url.searchParams.get('sortKey') ?? 'dateTaken') as SortKey;
        const order = this.timelineOrder(sortKey, (url.searchParams.get('sortOrder') ?? 'desc') as SortOrder);
        const at = order.findIndex((p) => p.imageId === id);
        if (at < 0) return HttpResponse.json({ status: 404, error: 'not_found', message: 'Photo not found', correlationId: 'test' }, { status: 404 });
        const [year, month] = FakePhotoLibrary.monthOf(order[at]!, sortKey);
        return HttpResponse.json({ photo: order[at], year, month, previous: order[at - 1] ?? null, next: order[at + 1] ?? null });
      }),
      http.delete(base('/photos/all'), async () => {
        await this.deleteGate;
        if (this.failStatus) return new HttpResponse('failure', { status: this.failStatus });
        this.deletedAll += 1;
        this.photos = [];
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(base('/photos/:id'), async ({ params }) => {
        await this.deleteGate;
        if (this.failStatus) return new HttpResponse('failure', { status: this.failStatus });
        const id = String(params.id);
        this.deletedOne.push(id);
        const before = this.photos.length;
        this.photos = this.photos.filter((p) => p.imageId !== id);
        return new HttpResponse(null, { status: this.photos.length < before ? 204 : 404 });
      }),
      http.delete(base('/photos'), async ({ request }) => {
        const { photoIds } = (await request.json()) as { photoIds: string[] };
        await this.deleteGate;
        if (photoIds.length > DELETE_BATCH_SIZE) return new HttpResponse('too many', { status: 400 });
        this.deleteBatches.push(photoIds);
        const attempt = this.deleteBatches.filter((batch) => batch[0] === photoIds[0]).length;
        const intercepted = this.interceptDelete?.(photoIds, attempt);
        if (intercepted) return intercepted;
        if (this.failStatus) return new HttpResponse('failure', { status: this.failStatus });
        const known = new Set(this.photos.map((p) => p.imageId));
        const failed = photoIds.filter((id) => this.failIds.has(id) || !known.has(id));
        const deleted = new Set(photoIds.filter((id) => !failed.includes(id)));
        this.photos = this.photos.filter((p) => !deleted.has(p.imageId));
        return HttpResponse.json({ failed });
      }),
      http.get(apiUrl('accountDeletionInfo', '/accounts/getaccountinformation'), () =>
        HttpResponse.json({ lastOrderDate: null, projectCount: 0, projectedDeletionDate: '2030-01-01T00:00:00Z', registrationDate: '2024-01-01T00:00:00Z' }),
      ),
    ];
  }
}

/** A fake library answering every photo-management call of the test. */
export function servePhotoLibrary(photos: Photo[]): FakePhotoLibrary {
  const library = new FakePhotoLibrary(photos);
  server.use(...library.handlers());
  // Toasts live in a module-wide store that a later test's Toaster would show again.
  onTestFinished(() => void toast.dismiss());
  return library;
}

/** jsdom does not scroll: sets the window's scroll position and tells listeners, as a browser would. */
export function scrollWindowTo(y: number): void {
  const own = Object.getOwnPropertyDescriptor(window, 'scrollY');
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  if (!restoreScroll) {
    restoreScroll = () => {
      if (own) Object.defineProperty(window, 'scrollY', own);
      else delete (window as { scrollY?: number }).scrollY;
      restoreScroll = undefined;
    };
    onTestFinished(() => restoreScroll?.());
  }
  window.dispatchEvent(new Event('scroll'));
}
let restoreScroll: (() => void) | undefined;
