import {
  createGalleryEntrySchema,
  GALLERY_CATEGORY_IDS,
  GALLERY_CATEGORY_NAMES,
  updateGalleryEntrySchema,
  WIDGET_ERRORS,
  widgetListQuerySchema,
  type BookPage,
  type BookPhoto,
  type GalleryEntry,
  type SharedBook,
  type Widget,
  type WidgetShareItem,
} from '@shoebox/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';

export const widgetsUrl = (path: string) => apiUrl('widgets', `/v1${path}`);

export const problem = (status: number, error: string) => HttpResponse.json({ status, error, message: error, correlationId: `corr-${status}` }, { status });

export function book(i: number, o: Partial<Widget> = {}): Widget {
  return {
    widgetId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    productCode: `ORD-${1000 + i}`,
    productType: 'photobook',
    title: `Book ${i}`,
    pageCount: 20 + i,
    coverUrl: `https://cdn.example.test/cover-${i}.jpg`,
    createdAt: new Date(Date.UTC(2026, 9, 28 - i)).toISOString(),
    galleryEntryId: null,
    ...o,
  };
}

export interface WidgetsServiceOptions {
  failList?: boolean;
  failDeleteOf?: string[];
  blockedOrders?: string[];
  entries?: GalleryEntry[];
  /** Each book's open share links, newest first. */
  shares?: Record<string, WidgetShareItem[]>;
  /** Each book's pages, by widget id (none for the others). */
  pages?: Record<string, BookPage[]>;
}

/**
 * The widgets service as the server runs it: the customer's books newest first, paged by offset and limit;
 * deletes for real (with the book's gallery entry); one gallery entry per book; blocked orders refused (409).
 * Every request it was sent is kept, so a test can read what the screen asked for.
 */
export function serveWidgets(initial: Widget[], o: WidgetsServiceOptions = {}) {
  const state = {
    widgets: [...initial],
    entries: new Map((o.entries ?? []).map((e) => [e.id, e])),
    blocked: new Set(o.blockedOrders ?? []),
    failList: o.failList ?? false,
    failDeleteOf: new Set(o.failDeleteOf ?? []),
    /** When set, the gallery call of that kind answers this instead. */
    galleryFailure: {} as Partial<Record<'create' | 'read' | 'update' | 'delete', number>>,
    requests: [] as Request[],
    shares: new Map(Object.entries(o.shares ?? {})),
    /** When set, revoking a link answers this instead. */
    revokeFailure: undefined as number | undefined,
    pages: new Map(Object.entries(o.pages ?? {})),
    /** When set, reading one book with its pages answers this status instead (401: the token was refused). */
    bookStatus: undefined as number | undefined,
    /** While set, reading one book waits for it. */
    bookGate: null as Promise<void> | null,
  };
  const entryOf = (widgetId: string) => [...state.entries.values()].find((e) => e.widgetId === widgetId);
  const withEntry = (w: Widget): Widget => ({ ...w, galleryEntryId: entryOf(w.widgetId)?.id ?? null });
  const keep = (request: Request) => state.requests.push(request.clone());

  server.use(
    http.get(widgetsUrl('/widgets/me'), ({ request }) => {
      keep(request);
      if (state.failList) return problem(500, 'internal');
      const { offset, limit } = widgetListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ items: state.widgets.slice(offset, offset + limit).map(withEntry), total: state.widgets.length });
    }),
    http.get(widgetsUrl('/widget/all'), ({ request }) => {
      keep(request);
      const codes = (new URL(request.url).searchParams.get('orderCodes') ?? '').split(',');
      return HttpResponse.json({ items: state.widgets.filter((w) => codes.includes(w.productCode)).map(withEntry) });
    }),
    http.get(widgetsUrl('/widget/:id'), async ({ params, request }) => {
      keep(request);
      await state.bookGate;
      if (state.bookStatus) return problem(state.bookStatus, state.bookStatus === 401 ? 'unauthorized' : 'internal');
      const widget = state.widgets.find((w) => w.widgetId === params.id);
      return widget ? HttpResponse.json({ ...withEntry(widget), pages: state.pages.get(widget.widgetId) ?? [] }) : problem(404, 'not_found');
    }),
    http.delete(widgetsUrl('/widget/:id'), ({ params, request }) => {
      keep(request);
      const id = String(params.id);
      if (state.failDeleteOf.has(id)) return problem(500, 'internal');
      const before = state.widgets.length;
      state.widgets = state.widgets.filter((w) => w.widgetId !== id);
      const entry = entryOf(id);
      if (entry) state.entries.delete(entry.id);
      return before === state.widgets.length ? problem(404, 'not_found') : new HttpResponse(null, { status: 204 });
    }),
    http.get(widgetsUrl('/categories'), ({ request }) => {
      keep(request);
      return HttpResponse.json({ items: GALLERY_CATEGORY_IDS.map((id) => ({ id, name: GALLERY_CATEGORY_NAMES[id] })) });
    }),
    http.get(widgetsUrl('/blockedorders/:orderCode'), ({ params, request }) => {
      keep(request);
      return HttpResponse.json({ orderCode: String(params.orderCode), blocked: state.blocked.has(String(params.orderCode)) });
    }),
    http.post(widgetsUrl('/galleryentries'), async ({ request }) => {
      keep(request);
      if (state.galleryFailure.create) return problem(state.galleryFailure.create, 'internal');
      const body = createGalleryEntrySchema.parse(await request.json());
      const widget = state.widgets.find((w) => w.widgetId === body.widgetId);
      if (!widget) return problem(404, 'not_found');
      if (state.blocked.has(widget.productCode)) return problem(409, WIDGET_ERRORS.orderBlocked);
      if (entryOf(widget.widgetId)) return problem(409, WIDGET_ERRORS.alreadyPublished);
      const at = new Date().toISOString();
      const entry: GalleryEntry = { id: `entry-${widget.widgetId.slice(-4)}`, ...body, createdAt: at, updatedAt: at };
      state.entries.set(entry.id, entry);
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.get(widgetsUrl('/galleryentries/:id'), ({ params, request }) => {
      keep(request);
      if (state.galleryFailure.read) return problem(state.galleryFailure.read, 'internal');
      const entry = state.entries.get(String(params.id));
      return entry ? HttpResponse.json(entry) : problem(404, 'not_found');
    }),
    http.put(widgetsUrl('/galleryentries/:id'), async ({ params, request }) => {
      keep(request);
      if (state.galleryFailure.update) return problem(state.galleryFailure.update, 'internal');
      const entry = state.entries.get(String(params.id));
      if (!entry) return problem(404, 'not_found');
      const changed = { ...entry, ...updateGalleryEntrySchema.parse(await request.json()), updatedAt: new Date().toISOString() };
      state.entries.set(entry.id, changed);
      return HttpResponse.json(changed);
    }),
    http.get(widgetsUrl('/widget/:id/shares'), ({ params, request }) => {
      keep(request);
      return HttpResponse.json({ items: state.shares.get(String(params.id)) ?? [] });
    }),
    http.delete(widgetsUrl('/widget/:id/shares/:shareId'), ({ params, request }) => {
      keep(request);
      if (state.revokeFailure) return problem(state.revokeFailure, 'internal');
      const links = state.shares.get(String(params.id)) ?? [];
      const left = links.filter((l) => l.id !== params.shareId);
      state.shares.set(String(params.id), left);
      return left.length === links.length ? problem(404, 'not_found') : new HttpResponse(null, { status: 204 });
    }),
    http.delete(widgetsUrl('/galleryentries/:id'), ({ params, request }) => {
      keep(request);
      if (state.galleryFailure.delete) return problem(state.galleryFailure.delete, 'internal');
      return state.entries.delete(String(params.id)) ? new HttpResponse(null, { status: 204 }) : problem(404, 'not_found');
    }),
  );
  return state;
}

export function entryFor(widget: Widget, categoryId: string): GalleryEntry {
  return {
    id: `entry-${widget.widgetId.slice(-4)}`,
    widgetId: widget.widgetId,
    title: widget.title,
    categoryId,
    channel: 'www.printhaven.co.uk',
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
  };
}

export const SHARE_URL = widgetsUrl('/widget/:id/share');

/** A photo of a shared book as the link serves it: 800 wide (or tall) at the page size, with its 300 and 1300 sizes. */
export function bookPhoto(name: string, width: number, height: number): BookPhoto {
  const url = `https://cdn.example.test/${name}.jpg`;
  const at = (size: number) => Math.round((width >= height ? size : (size * width) / height));
  return { url, width, height, sources: [{ url: `${url}?size=300`, width: at(300) }, { url, width: at(800) }, { url: `${url}?size=1300`, width: at(1300) }] };
}

/** A shared book of five pages: two photos on the first, one on each of the others, and a cover. */
export const sharedBook = (o: Partial<SharedBook> = {}): SharedBook => ({
  title: 'Summer in Porto',
  senderName: 'Emma Janssen',
  personalMessage: 'Our trip, for you',
  cover: bookPhoto('cover', 800, 533),
  pages: [
    { caption: 'Day one', photos: [bookPhoto('p1', 800, 533), bookPhoto('p2', 533, 800)] },
    ...[2, 3, 4, 5].map((n) => ({ caption: null, photos: [bookPhoto(`p${n + 1}`, 800, 533)] })),
  ],
  expiresAt: '2027-02-22T10:00:00.000Z',
  ...o,
});
