import type { Db } from '../../platform/db/database.js';
import { keysetPage } from '../../platform/db/keyset.js';
import type { UploadsTable } from '../../platform/db/schema.js';

export function uploadRepository(db: Db) {
  return {
    async create(row: Pick<UploadsTable, 'id' | 'customer_id' | 'file_name' | 'album_id'>) {
      await db.insertInto('uploads').values({ ...row, status: 'receiving', photo_id: null, error: null, created_at: new Date().toISOString(), finished_at: null }).execute();
    },
    find: (id: string) => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst(),
    async setStatus(id: string, status: UploadsTable['status'], extra: Partial<Pick<UploadsTable, 'photo_id' | 'error'>> = {}) {
      const finished = status === 'done' || status === 'rejected' ? new Date().toISOString() : null;
      await db.updateTable('uploads').set({ status, ...extra, finished_at: finished }).where('id', '=', id).execute();
    },
    /** Unfinished uploads created before `olderThan`, a page at a time after `after` (created_at, id). */
    unfinished(olderThan: string, after: { createdAt: string; id: string } | undefined, limit: number) {
      const q = db.selectFrom('uploads').selectAll().where('status', 'in', ['receiving', 'ingesting']).where('created_at', '<', olderThan);
      return keysetPage(q, { value: 'created_at', id: 'id' }, 'asc', after && { value: after.createdAt, id: after.id }, limit).execute();
    },
    async deleteFinishedBefore(createdBefore: string) {
      await db.deleteFrom('uploads').where('created_at', '<', createdBefore).where('status', 'in', ['done', 'rejected']).execute();
    },
  };
}
export type UploadRepository = ReturnType<typeof uploadRepository>;
