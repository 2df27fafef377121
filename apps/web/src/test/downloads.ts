import {
  PUSH_CLOSE,
  downloadRequestSchema,
  sharedAlbumDownloadRequestSchema,
  type ArchiveEventKey,
  type DownloadItem,
  type DownloadRequest,
  type SharedAlbumDownloadRequest,
} from '@shoebox/contracts';
import { http, HttpResponse, ws, type WebSocketHandlerConnection } from 'msw';
import { z } from 'zod/mini';
import { toast } from 'sonner';
import { onTestFinished, vi } from 'vitest';
import { apiUrl, consumerIdentity, testConfig } from './fixtures';
import { server } from './msw-server';

export const ARCHIVE_URL_ORIGIN = 'http://blobs.test';

export function downloadItem(o: Partial<DownloadItem> = {}): DownloadItem {
  return {
    id: crypto.randomUUID(),
    name: null,
    photosCount: 3,
    size: null,
    state: 'pending',
    created: '2026-11-20T10:15:00.000Z',
    expires: null,
    error: null,
    ...o,
  };
}

type Client = WebSocketHandlerConnection['client'];

const READY_CHANGE = (): Partial<DownloadItem> => ({ state: 'ready', size: 5_452_595, expires: new Date(Date.now() + 72 * 3_600_000).toISOString() });

/**
 * The downloads service and the push channel as the real server runs them (spec §7): requests are parsed with
 * the contracts (a bad one answers 400), each makes a pending archive, the list answers newest first, a ready
 * archive has a signed link; the push socket answers 'OK' to an authenticate action and then sends what a test
 * pushes to every authenticated socket.
 */
export class FakeDownloads {
  items: DownloadItem[];
  readonly requests: (DownloadRequest | SharedAlbumDownloadRequest)[] = [];
  readonly sharedRequests: SharedAlbumDownloadRequest[] = [];
  readonly sockets: { client: Client; tokens: string[]; authenticated: boolean }[] = [];
  /** Answers the next POSTs with this status and body instead (one entry per request). */
  readonly refusals: { status: number; body: unknown }[] = [];
  listStatus = 200;
  /** Each archive's photos (sorted), to answer a selection asked for again with its live archive. */
  private readonly selections = new Map<string, string>();
  /** New archives are finished at once, before any socket could hear of it (a job quicker than the connection). */
  finishAtOnce = false;

  constructor(items: DownloadItem[]) {
    this.items = [...items];
  }

  get handlers() {
    const create = (schema: typeof downloadRequestSchema | typeof sharedAlbumDownloadRequestSchema) => async ({ request }: { request: Request }) => {
      const refusal = this.refusals.shift();
      if (refusal) return HttpResponse.json(refusal.body as Record<string, unknown>, { status: refusal.status });
      const parsed = z.safeParse(schema, await request.json());
      if (!parsed.success) return HttpResponse.json({ status: 400, error: 'bad_request', message: 'Bad request', correlationId: 'c' }, { status: 400 });
      const body = parsed.data;
      this.requests.push(body);
      const photos = body.photos.map((p) => (typeof p === 'string' ? p : p.photoId));
      // As the server does: the same selection asked for again while its archive lives is that archive.
      const selection = [...photos].sort().join(',');
      const live = this.items.find((item) => this.selections.get(item.id) === selection && (item.state === 'pending' || item.state === 'ready'));
      if (live && live.id !== body.id) return HttpResponse.json({ id: live.id, name: live.name, photos });
      if (!this.items.some((item) => item.id === body.id)) {
        const made = downloadItem({ id: body.id, name: body.name ?? null, photosCount: body.photos.length, created: new Date().toISOString() });
        this.items.unshift(this.finishAtOnce ? { ...made, ...READY_CHANGE() } : made);
        this.selections.set(body.id, selection);
      }
      return HttpResponse.json({ id: body.id, name: body.name ?? null, photos });
    };
    return [
      http.post(apiUrl('downloads', '/downloads'), create(downloadRequestSchema)),
      http.post(apiUrl('downloads', '/shared-album-downloads'), async (info) => {
        const response = await create(sharedAlbumDownloadRequestSchema)(info);
        const last = this.requests.at(-1);
        if (response.status === 200 && last && typeof last.photos[0] !== 'string') this.sharedRequests.push(last as SharedAlbumDownloadRequest);
        return response;
      }),
      http.get(apiUrl('downloads', '/downloads'), () =>
        this.listStatus === 200
          ? HttpResponse.json({ items: this.items })
          : HttpResponse.json({ status: this.listStatus, error: 'internal', message: 'Internal', correlationId: 'c' }, { status: this.listStatus }),
      ),
      http.get(apiUrl('downloads', '/downloads/:id/url'), ({ params }) => {
        const item = this.items.find((i) => i.id === params.id);
        if (!item || item.state !== 'ready') return HttpResponse.json({ status: 404, error: 'not_found', message: 'Download not found', correlationId: 'c' }, { status: 404 });
        return HttpResponse.json({ url: `${ARCHIVE_URL_ORIGIN}/archives/${item.id}?signature=abc` });
      }),
      ws.link(testConfig().pushSocketUrl).addEventListener('connection', ({ client }) => {
        const socket = { client, tokens: [] as string[], authenticated: false };
        this.sockets.push(socket);
        client.addEventListener('message', (event) => {
          const data = JSON.parse(String(event.data)) as { token: string };
          socket.tokens.push(data.token);
          socket.authenticated = true;
          client.send('OK');
        });
        client.addEventListener('close', () => {
          socket.authenticated = false;
        });
      }),
    ];
  }

  /** Sockets that are open and authenticated now. */
  get listening() {
    return this.sockets.filter((s) => s.authenticated);
  }

  /** Changes an archive as its job would, and pushes the matching event to every authenticated socket. */
  push(key: ArchiveEventKey, downloadId: string, change: Partial<DownloadItem> = {}): void {
    this.items = this.items.map((item) => (item.id === downloadId ? { ...item, ...change } : item));
    this.sendRaw(JSON.stringify({ id: crypto.randomUUID(), timestamp: new Date().toISOString(), key, message: { userId: consumerIdentity.customerId, downloadId } }));
  }

  sendRaw(frame: string): void {
    for (const socket of this.listening) socket.client.send(frame);
  }

  finish(downloadId: string): void {
    this.push('archive.generation.finished', downloadId, READY_CHANGE());
  }
}

export function serveDownloads(items: DownloadItem[] = []): FakeDownloads {
  const fake = new FakeDownloads(items);
  server.use(...fake.handlers);
  // An archive is followed for 30 minutes, past the end of its test: the server ends those connections the one
  // way the client does not retry, so none reconnects into the next test.
  onTestFinished(() => {
    for (const socket of fake.sockets) socket.client.close(PUSH_CLOSE.badMessage.code, PUSH_CLOSE.badMessage.reason);
    toast.dismiss();
  });
  return fake;
}

/**
 * Records the files the page hands to the browser to save (an <a download> clicked), instead of navigating
 * jsdom to them: each as its link and the name it is saved under.
 */
export function recordSavedFiles(): { href: string; name: string }[] {
  const saved: { href: string; name: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ href: this.href, name: this.download });
  });
  return saved;
}
