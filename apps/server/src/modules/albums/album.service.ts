import { randomUUID } from 'node:crypto';
import type { AlbumList, CreatedAlbum, FailedList, OwnAlbum, Participants, Photo, PhotoPage, SharedAlbum, SharedAlbumList, SharedAlbumsSummary } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { AlbumsTable, PhotosTable } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { decodeCursor, nextCursor } from '../../platform/db/keyset.js';
import type { PageQuery } from '../photos/photo.service.js';
import type { AlbumRepository } from './album.repository.js';

/** Shared albums are read-only for everyone: the owner and participants alike. */
const sharedAlbumIsReadOnly = () => new AppError(403, 'shared_album', 'Unavailable for shared albums');
/** Albums one customer may have: far beyond a family's use (issue 26's probe made them without end). */
export const MAX_ALBUMS_PER_CUSTOMER = 5_000;
const tooManyAlbums = () =>
  new AppError(409, 'too_many_albums', `You have ${MAX_ALBUMS_PER_CUSTOMER} albums, the most an account can have: delete one to make another`, undefined, { maxAlbums: MAX_ALBUMS_PER_CUSTOMER });

/** A shared album as answered: what every album says, plus whose it is and who takes part. */
const sharedAlbumOf = (album: AlbumsTable, decorated: Omit<SharedAlbum, 'ownerId' | 'owner' | 'participants'>, people: Participants): SharedAlbum => ({
  ...decorated,
  ownerId: album.owner_id,
  ...people,
});

export function albumService(repo: AlbumRepository, toPhoto: (row: PhotosTable) => Photo) {
  async function decorate(rows: AlbumsTable[]) {
    const ids = rows.map((r) => r.id);
    const [counts, covers] = await Promise.all([repo.photoCounts(ids), repo.covers(ids)]);
    return rows.map((row) => {
      const cover = covers.get(row.id);
      return {
        albumId: row.id,
        albumName: row.name,
        coverPhoto: cover ? toPhoto(cover) : null,
        photosCount: counts.get(row.id) ?? 0,
        created: row.created_at,
        updated: row.updated_at,
      };
    });
  }

  const nextAlbumCursor = (rows: AlbumsTable[], limit: number) => nextCursor(rows, limit, (last) => ({ value: last.created_at, id: last.id }));

  /** The caller's own album, or 404 whoever else's it is. */
  async function ownAlbum(identity: Identity, id: string): Promise<AlbumsTable> {
    const album = await repo.find(id);
    if (!album || album.owner_id !== identity.customerId) throw notFound('Album not found');
    return album;
  }

  /** An album the caller may change: their own and not shared. A participant is refused, a stranger told it does not exist. */
  async function changeableAlbum(identity: Pick<Identity, 'customerId'>, id: string): Promise<AlbumsTable> {
    const album = await repo.find(id);
    if (!album) throw notFound('Album not found');
    if (album.owner_id !== identity.customerId) {
      if (album.is_shared && (await repo.isParticipant(id, identity.customerId))) throw sharedAlbumIsReadOnly();
      throw notFound('Album not found');
    }
    if (album.is_shared) throw sharedAlbumIsReadOnly();
    return album;
  }

  /** A shared album the caller owns or takes part in. */
  async function sharedAlbum(identity: Identity, id: string): Promise<{ album: AlbumsTable; role: 'owner' | 'participant' }> {
    const album = await repo.find(id);
    if (album?.is_shared) {
      if (album.owner_id === identity.customerId) return { album, role: 'owner' };
      if (await repo.isParticipant(id, identity.customerId)) return { album, role: 'participant' };
    }
    throw notFound('Album not found');
  }

  /** Owners and participants of several albums in two queries, whatever the number of albums. */
  async function participantsOf(albums: AlbumsTable[]): Promise<Participants[]> {
    const [owners, participants] = await Promise.all([repo.people(albums.map((a) => a.owner_id)), repo.participants(albums.map((a) => a.id))]);
    return albums.map((album) => ({
      owner: owners.get(album.owner_id) ?? { id: album.owner_id, email: 'unknown@invalid' },
      participants: participants.get(album.id) ?? [],
    }));
  }


  async function pageOf(albumId: string, q: PageQuery, withOwner: boolean): Promise<PhotoPage> {
    const rows = await repo.photosPage(albumId, q.sortKey, q.sortOrder, decodeCursor(q.cursor), q.limit);
    return {
      images: rows.map((r) => (withOwner ? { ...toPhoto(r), ownerId: r.customer_id } : toPhoto(r))),
      cursor: nextCursor(rows, q.limit, (last) =>
        q.sortKey === 'created' ? { value: last.added_at, sequence: last.added_order, id: last.id } : { value: last.date_taken, id: last.id },
      ),
    };
  }

  return {
    async create(identity: Identity, name: string): Promise<CreatedAlbum> {
      const now = new Date().toISOString();
      const id = randomUUID();
      const outcome = await repo.insertCapped({ id, owner_id: identity.customerId, name, is_shared: 0, created_at: now, updated_at: now }, MAX_ALBUMS_PER_CUSTOMER);
      if (outcome === 'gone') throw notFound('Customer not found');
      if (outcome === 'full') throw tooManyAlbums();
      return { albumId: id, albumName: name };
    },

    async list(identity: Identity, q: { cursor?: string; limit: number }): Promise<AlbumList> {
      const rows = await repo.listOwned(identity.customerId, decodeCursor(q.cursor), q.limit);
      const albums = (await decorate(rows)).map((a, i): OwnAlbum => ({ ...a, userId: identity.customerId, isShared: rows[i]?.is_shared === 1 }));
      return { albums, cursor: nextAlbumCursor(rows, q.limit) };
    },

    async get(identity: Identity, id: string): Promise<OwnAlbum> {
      const album = await ownAlbum(identity, id);
      const [decorated] = await decorate([album]);
      return { ...(decorated as Omit<OwnAlbum, 'userId' | 'isShared'>), userId: album.owner_id, isShared: album.is_shared === 1 };
    },

    async rename(identity: Identity, id: string, name: string): Promise<void> {
      await changeableAlbum(identity, id);
      await repo.rename(id, name);
    },

    async delete(identity: Identity, id: string): Promise<void> {
      await changeableAlbum(identity, id);
      await repo.delete(id);
    },

    async photos(identity: Identity, id: string, q: PageQuery): Promise<PhotoPage> {
      await ownAlbum(identity, id);
      return pageOf(id, q, false);
    },

    /** Refuses, as adding photos would, unless the caller may add photos to the album: for an upload made for it, checked before its bytes arrive. */
    async checkCanAddPhotos(identity: Pick<Identity, 'customerId'>, id: string): Promise<void> {
      await changeableAlbum(identity, id);
    },

    /** Copying photos the album already holds changes nothing; ids that are not the caller's come back as failed. */
    async addPhotos(identity: Pick<Identity, 'customerId'>, id: string, photoIds: string[]): Promise<FailedList> {
      await changeableAlbum(identity, id);
      return { failed: await repo.addPhotos(id, identity.customerId, [...new Set(photoIds)]) };
    },

    async removePhotos(identity: Identity, id: string, photoIds: string[]): Promise<void> {
      await changeableAlbum(identity, id);
      await repo.removePhotos(id, [...new Set(photoIds)]);
    },

    async listShared(identity: Identity, q: { cursor?: string; limit: number }): Promise<SharedAlbumList> {
      const rows = await repo.listRead(identity.customerId, decodeCursor(q.cursor), q.limit);
      const [decorated, people] = await Promise.all([decorate(rows), participantsOf(rows)]);
      return { albums: rows.map((row, i) => sharedAlbumOf(row, decorated[i]!, people[i]!)), cursor: nextAlbumCursor(rows, q.limit) };
    },

    async getShared(identity: Identity, id: string): Promise<SharedAlbum> {
      const { album } = await sharedAlbum(identity, id);
      const [[decorated], [people]] = await Promise.all([decorate([album]), participantsOf([album])]);
      return sharedAlbumOf(album, decorated!, people!);
    },

    async participants(identity: Identity, id: string): Promise<Participants> {
      const [people] = await participantsOf([(await sharedAlbum(identity, id)).album]);
      return people!;
    },

    async sharedPhotos(identity: Identity, id: string, q: PageQuery): Promise<PhotoPage> {
      await sharedAlbum(identity, id);
      return pageOf(id, q, true);
    },

    /** The owner deletes it for everyone (every photo stays in its uploader's library); a participant leaves it, taking their photos out. */
    async deleteShared(identity: Identity, id: string): Promise<void> {
      const { role } = await sharedAlbum(identity, id);
      if (role === 'owner') await repo.delete(id);
      else await repo.leave(id, identity.customerId);
    },

    /**
     * Whose each of the photos is, for those the customer may see in a shared album they own or take part in;
     * photos in no such album are left out. For a download of a shared album's photos.
     */
    async sharedPhotoOwners(customerId: string, photoIds: string[]): Promise<Map<string, string>> {
      const rows = await repo.sharedPhotoOwners(customerId, [...new Set(photoIds)]);
      return new Map(rows.map((row) => [row.photo_id, row.photo_owner_id]));
    },

    async summary(identity: Identity): Promise<SharedAlbumsSummary> {
      const counts = await repo.counts(identity.customerId);
      return { readAlbumsCount: counts.read, grantedAlbumsCount: counts.granted };
    },
  };
}
export type AlbumService = ReturnType<typeof albumService>;
