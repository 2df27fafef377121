/**
 * An in-memory album service for MSW (photo-library §7: /albums, /shared-albums and the /users counts),
 * behaving as the server does (docs/decisions/021): names checked with the contracts' `albumNameProblem`
 * (400), cursor + limit paging, newest album first, copying ignores photos the album already holds and
 * answers ids that are not in the library as `failed`, shared albums are read-only (403), anything not
 * the customer's is 404.
 *
 *   const albums = serveAlbums({ photos: photosTakenIn(2024, 6, 3), albums: [{ name: 'Holiday', photoIds: ['p202406-1'] }] });
 *   renderApp('/my-photos/albums');
 *   albums.requestsTo('GET /albums').map((r) => r.query.limit);   // what the screen asked for
 *   albums.fail['POST /albums'] = 500;                             // the next creates fail …
 *   delete albums.fail['POST /albums'];                            // … until this
 *   albums.album('Holiday')?.photoIds;                             // what the server holds now
 *
 * It builds on the photo library fake (servePhotoLibrary), which answers the timeline, the deletion
 * information and the feature texts; pass one in (`library`) to share its photos, or `photos` to make one.
 * Only the library's photos can be copied into an album. GET /users is answered here, replacing the library
 * fake's counts: albumsCount is the own albums, readAlbumsCount the albums others shared with the customer,
 * photosCount the library's photos. The customer is the test's consumer (cust-1001).
 */
import {
  ALBUM_GRID_SECTION_SIZE,
  ALBUM_PHOTOS_BATCH_SIZE,
  ALBUMS_PAGE_SIZE,
  albumNameProblem,
  SHARED_ALBUMS_PAGE_SIZE,
  type OwnAlbum,
  type Person,
  type Photo,
  type SharedAlbum,
} from '@shoebox/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiUrl, consumerIdentity } from './fixtures';
import { server } from './msw-server';
import { makePhoto, servePhotoLibrary, type FakePhotoLibrary } from './photo-library';

/** Every call the fake answers, as `METHOD /path-template`. */
export type AlbumRoute =
  | 'GET /users'
  | 'GET /albums'
  | 'POST /albums'
  | 'GET /albums/:id'
  | 'PATCH /albums/:id'
  | 'DELETE /albums/:id'
  | 'GET /albums/:id/photos'
  | 'POST /albums/:id/photos'
  | 'DELETE /albums/:id/photos'
  | 'GET /shared-albums'
  | 'GET /shared-albums/:id'
  | 'GET /shared-albums/:id/participants'
  | 'GET /shared-albums/:id/photos'
  | 'DELETE /shared-albums/:id';

export interface AlbumRequest {
  route: AlbumRoute;
  /** The album id of the path, if it has one. */
  id?: string;
  /** The query parameters as sent (strings). */
  query: Record<string, string>;
  /** The JSON body, for calls that have one. */
  body?: unknown;
}

/** An album as the fake keeps it; own and shared alike. */
export interface FakeAlbum {
  albumId: string;
  albumName: string;
  created: string;
  updated: string;
  owner: Person;
  /** Customers it is shared with, in the order they joined; any makes it shared. */
  participants: Person[];
  /** Its photos, the most recently added first (the first is the cover); ownerId is whose photo it is. */
  photos: { photoId: string; ownerId: string }[];
}

export interface OwnAlbumSeed {
  id?: string;
  name: string;
  /** ISO; default: a day apart, the first listed newest. */
  created?: string;
  /** Photo ids (of the library, or made up with makePhoto), the most recently added first. */
  photoIds?: string[];
  /** Emails of the people the customer shared it with: makes it a shared album they own. */
  sharedWith?: string[];
}

export interface SharedAlbumSeed {
  id?: string;
  name: string;
  created?: string;
  /** Photo ids; their photos are the owner's. */
  photoIds?: string[];
  /** Who shared it with the customer (default someone else). */
  ownerEmail?: string;
}

export interface AlbumsSeed {
  /** The photo library the albums copy from; by default one is made (servePhotoLibrary) from `photos`. */
  library?: FakePhotoLibrary;
  photos?: Photo[];
  /** The customer's own albums. */
  albums?: OwnAlbumSeed[];
  /** Albums others shared with the customer (the read albums). */
  shared?: SharedAlbumSeed[];
}

const me: Person = { id: consumerIdentity.customerId, email: consumerIdentity.email };
const DAY = 86_400_000;
const BASE_CREATED = Date.parse('2025-03-01T09:00:00Z');

export class FakeAlbums {
  readonly library: FakePhotoLibrary;
  readonly customer = me;
  albums: FakeAlbum[] = [];
  /** Every call answered, in order. */
  readonly requests: AlbumRequest[] = [];
  /** Routes that answer this status (and change nothing) until removed. */
  fail: Partial<Record<AlbumRoute, number>> = {};
  /** While set, every change (POST, PATCH, DELETE) waits for it before answering. */
  gate: Promise<void> | undefined;
  private nextId = 1;
  private clock = Date.parse('2025-06-01T12:00:00Z');

  constructor(seed: AlbumsSeed = {}) {
    this.library = seed.library ?? servePhotoLibrary(seed.photos ?? []);
    const seeds: { seed: OwnAlbumSeed | SharedAlbumSeed; own: boolean }[] = [
      ...(seed.albums ?? []).map((s) => ({ seed: s, own: true })),
      ...(seed.shared ?? []).map((s) => ({ seed: s, own: false })),
    ];
    seeds.forEach(({ seed: s, own }, i) => {
      const created = s.created ?? new Date(BASE_CREATED - i * DAY).toISOString();
      const owner = own ? me : { id: `owner-${i + 1}`, email: (s as SharedAlbumSeed).ownerEmail ?? `friend${i + 1}@example.com` };
      const participants = own
        ? ((s as OwnAlbumSeed).sharedWith ?? []).map((email, j) => ({ id: `participant-${i + 1}-${j + 1}`, email }))
        : [me];
      this.albums.push({
        albumId: s.id ?? this.newId(),
        albumName: s.name,
        created,
        updated: created,
        owner,
        participants,
        photos: (s.photoIds ?? []).map((photoId) => ({ photoId, ownerId: owner.id })),
      });
    });
  }

  /** The album with this name (or id), as the server holds it now. */
  album(nameOrId: string): (FakeAlbum & { photoIds: string[] }) | undefined {
    const album = this.albums.find((a) => a.albumId === nameOrId || a.albumName === nameOrId);
    return album && { ...album, photoIds: album.photos.map((p) => p.photoId) };
  }

  /** The calls made to one route, in order. */
  requestsTo(route: AlbumRoute): AlbumRequest[] {
    return this.requests.filter((r) => r.route === route);
  }

  /** The customer's own albums, newest first. */
  ownAlbums(): FakeAlbum[] {
    return this.sorted(this.albums.filter((a) => a.owner.id === me.id));
  }

  /** Albums others shared with the customer, newest first. */
  readAlbums(): FakeAlbum[] {
    return this.sorted(this.albums.filter((a) => a.owner.id !== me.id && a.participants.some((p) => p.id === me.id)));
  }

  /** An own album as GET /albums answers it. */
  toOwnAlbum(album: FakeAlbum): OwnAlbum {
    return { ...this.base(album), userId: album.owner.id, isShared: album.participants.length > 0 };
  }

  /** A shared album as GET /shared-albums answers it. */
  toSharedAlbum(album: FakeAlbum): SharedAlbum {
    return { ...this.base(album), ownerId: album.owner.id, owner: album.owner, participants: album.participants };
  }

  handlers(): HttpHandler[] {
    const url = (path: string) => apiUrl('photoManagement', path);
    type Resolver = (ctx: { request: Request; id?: string; query: Record<string, string>; body?: unknown }) => Response | Promise<Response>;
    const route = (name: AlbumRoute, resolve: Resolver): HttpHandler => {
      const [method, path] = name.split(' ') as [string, string];
      const answer = async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
        const id = params.id === undefined ? undefined : String(params.id);
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const body = request.headers.get('content-type')?.includes('json') ? ((await request.json()) as unknown) : undefined;
        this.requests.push({ route: name, ...(id === undefined ? {} : { id }), query, ...(body === undefined ? {} : { body }) });
        if (method !== 'GET') await this.gate;
        const status = this.fail[name];
        if (status) return HttpResponse.json({ status, error: 'failure', message: 'Failure' }, { status });
        return resolve({ request, id, query, body });
      };
      const on = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete }[method as 'GET'];
      return on(url(path), answer);
    };

    return [
      route('GET /users', () =>
        HttpResponse.json({ albumsCount: this.ownAlbums().length, photosCount: this.library.photos.length, readAlbumsCount: this.readAlbums().length }),
      ),
      route('GET /albums', ({ query }) => {
        const limit = pageLimit(query.limit, ALBUMS_PAGE_SIZE, ALBUMS_PAGE_SIZE);
        if (limit === undefined) return problem(400, 'Invalid query');
        return HttpResponse.json(page(this.ownAlbums().map((a) => this.toOwnAlbum(a)), query.cursor, limit, 'albums'));
      }),
      route('POST /albums', ({ body }) => {
        const name = nameOf(body);
        if (name === undefined) return problem(400, 'Name not valid');
        const now = this.tick();
        const album: FakeAlbum = { albumId: this.newId(), albumName: name, created: now, updated: now, owner: me, participants: [], photos: [] };
        this.albums.push(album);
        return HttpResponse.json({ albumId: album.albumId, albumName: album.albumName }, { status: 201 });
      }),
      route('GET /albums/:id', ({ id }) => {
        const album = this.own(id);
        return album ? HttpResponse.json(this.toOwnAlbum(album)) : problem(404, 'Album not found');
      }),
      route('PATCH /albums/:id', ({ id, body }) => {
        const album = this.changeable(id);
        if (album instanceof Response) return album;
        const name = nameOf(body);
        if (name === undefined) return problem(400, 'Name not valid');
        album.albumName = name;
        album.updated = this.tick();
        return new HttpResponse(null, { status: 204 });
      }),
      route('DELETE /albums/:id', ({ id }) => {
        const album = this.changeable(id);
        if (album instanceof Response) return album;
        this.albums = this.albums.filter((a) => a !== album);
        return new HttpResponse(null, { status: 204 });
      }),
      route('GET /albums/:id/photos', ({ id, query }) => {
        const album = this.own(id);
        if (!album) return problem(404, 'Album not found');
        return this.photoPage(album, query, false);
      }),
      route('POST /albums/:id/photos', ({ id, body }) => {
        const album = this.changeable(id);
        if (album instanceof Response) return album;
        const photoIds = photoIdsOf(body);
        if (!photoIds) return problem(400, 'Invalid body');
        const mine = new Set(this.library.photos.map((p) => p.imageId));
        const held = new Set(album.photos.map((p) => p.photoId));
        const failed: string[] = [];
        for (const photoId of new Set(photoIds)) {
          if (!mine.has(photoId)) failed.push(photoId);
          else if (!held.has(photoId)) {
            album.photos.unshift({ photoId, ownerId: me.id });
            held.add(photoId);
          }
        }
        album.updated = this.tick();
        return HttpResponse.json({ failed });
      }),
      route('DELETE /albums/:id/photos', ({ id, body }) => {
        const album = this.changeable(id);
        if (album instanceof Response) return album;
        const photoIds = photoIdsOf(body);
        if (!photoIds) return problem(400, 'Invalid body');
        const removed = new Set(photoIds);
        album.photos = album.photos.filter((p) => !removed.has(p.photoId));
        return new HttpResponse(null, { status: 204 });
      }),
      route('GET /shared-albums', ({ query }) => {
        const limit = pageLimit(query.limit, SHARED_ALBUMS_PAGE_SIZE, SHARED_ALBUMS_PAGE_SIZE);
        if (limit === undefined) return problem(400, 'Invalid query');
        return HttpResponse.json(page(this.readAlbums().map((a) => this.toSharedAlbum(a)), query.cursor, limit, 'albums'));
      }),
      route('GET /shared-albums/:id', ({ id }) => {
        const album = this.shared(id);
        return album ? HttpResponse.json(this.toSharedAlbum(album)) : problem(404, 'Album not found');
      }),
      route('GET /shared-albums/:id/participants', ({ id }) => {
        const album = this.shared(id);
        return album ? HttpResponse.json({ owner: album.owner, participants: album.participants }) : problem(404, 'Album not found');
      }),
      route('GET /shared-albums/:id/photos', ({ id, query }) => {
        const album = this.shared(id);
        if (!album) return problem(404, 'Album not found');
        return this.photoPage(album, query, true);
      }),
      route('DELETE /shared-albums/:id', ({ id }) => {
        const album = this.shared(id);
        if (!album) return problem(404, 'Album not found');
        if (album.owner.id === me.id) {
          // The owner deletes it for everyone; every photo stays in its uploader's library.
          this.albums = this.albums.filter((a) => a !== album);
        } else {
          // A participant leaves it, taking the photos they added out of it.
          album.participants = album.participants.filter((p) => p.id !== me.id);
          album.photos = album.photos.filter((p) => p.ownerId !== me.id);
        }
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  }

  private base(album: FakeAlbum) {
    const cover = album.photos[0];
    return {
      albumId: album.albumId,
      albumName: album.albumName,
      coverPhoto: cover ? this.photo(cover.photoId) : null,
      photosCount: album.photos.length,
      created: album.created,
      updated: album.updated,
    };
  }

  private photo(photoId: string): Photo {
    return this.library.photos.find((p) => p.imageId === photoId) ?? makePhoto(photoId);
  }

  private photoPage(album: FakeAlbum, query: Record<string, string>, withOwner: boolean): Response {
    const limit = pageLimit(query.limit, 500, ALBUM_GRID_SECTION_SIZE);
    if (limit === undefined) return problem(400, 'Invalid query');
    const sortKey = query.sortKey ?? 'created';
    const desc = (query.sortOrder ?? 'desc') === 'desc';
    // Added order (newest first) for 'created'; the date taken for 'dateTaken'.
    const entries = album.photos.map((entry, added) => ({ entry, added, photo: this.photo(entry.photoId) }));
    entries.sort((a, b) => {
      const order = sortKey === 'dateTaken' ? (a.photo.dateTaken ?? '').localeCompare(b.photo.dateTaken ?? '') : b.added - a.added;
      return (desc ? -order : order) || a.photo.imageId.localeCompare(b.photo.imageId);
    });
    const images = entries.map(({ entry, photo }) => (withOwner ? { ...photo, ownerId: entry.ownerId } : photo));
    return HttpResponse.json(page(images, query.cursor, limit, 'images'));
  }

  private sorted(albums: FakeAlbum[]): FakeAlbum[] {
    return [...albums].sort((a, b) => b.created.localeCompare(a.created) || b.albumId.localeCompare(a.albumId));
  }

  private own(id: string | undefined): FakeAlbum | undefined {
    return this.albums.find((a) => a.albumId === id && a.owner.id === me.id);
  }

  private shared(id: string | undefined): FakeAlbum | undefined {
    return this.albums.find((a) => a.albumId === id && a.participants.length > 0 && (a.owner.id === me.id || a.participants.some((p) => p.id === me.id)));
  }

  /** An album the customer may change: their own and not shared (403 for a shared one they see, else 404). */
  private changeable(id: string | undefined): FakeAlbum | Response {
    const album = this.albums.find((a) => a.albumId === id);
    const sees = album && (album.owner.id === me.id || album.participants.some((p) => p.id === me.id));
    if (!album || !sees) return problem(404, 'Album not found');
    if (album.participants.length > 0) return problem(403, 'Unavailable for shared albums');
    return album;
  }

  private newId(): string {
    return `album-${this.nextId++}`;
  }

  /** A later time on each call, so a created album is the newest. */
  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }
}

/** A fake album service answering every album call of the test (and the /users counts); see the top of this file. */
export function serveAlbums(seed: AlbumsSeed = {}): FakeAlbums {
  const albums = new FakeAlbums(seed);
  server.use(...albums.handlers());
  return albums;
}

function problem(status: number, message: string): Response {
  return HttpResponse.json({ status, error: status === 400 ? 'bad_request' : status === 404 ? 'not_found' : 'forbidden', message }, { status });
}

/** The name of a create or rename body, if the server would accept it. */
function nameOf(body: unknown): string | undefined {
  const name = (body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && albumNameProblem(name) === undefined ? name : undefined;
}

function photoIdsOf(body: unknown): string[] | undefined {
  const ids = (body as { photoIds?: unknown } | undefined)?.photoIds;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > ALBUM_PHOTOS_BATCH_SIZE) return undefined;
  return ids.every((id) => typeof id === 'string' && id.length > 0) ? (ids as string[]) : undefined;
}

function pageLimit(value: string | undefined, max: number, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= max ? limit : undefined;
}

/** Offset cursors ('after-N'), as the photo library fake pages its months. */
function page<T, K extends string>(items: T[], cursor: string | undefined, limit: number, key: K): Record<K, T[]> & { cursor: string | null } {
  const start = cursor ? Number(cursor.replace('after-', '')) : 0;
  const slice = items.slice(start, start + limit);
  const end = start + slice.length;
  return { [key]: slice, cursor: end < items.length ? `after-${end}` : null } as Record<K, T[]> & { cursor: string | null };
}
