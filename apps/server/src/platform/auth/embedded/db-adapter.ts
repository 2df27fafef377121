import { textProblem } from '@shoebox/contracts';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database.js';

/**
 * Stores the provider's sessions, grants, codes and tokens in the application database, so that
 * sign-ins survive a restart and every machine of a deployment sees the same state.
 */
export function databaseAdapterFactory(db: Db): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_models')
        .values(row)
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }))
        .execute();
    }

    async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      // Ids, codes and tokens come straight from requests the provider reads itself; none it issued has a control character, and PostgreSQL refuses a NUL.
      if (textProblem(value)) return undefined;
      const row = await db
        .selectFrom('oidc_models')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at <= new Date().toISOString())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_models').set({ consumed_at: new Date().toISOString() }).where('model', '=', this.model).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Removes expired rows; called periodically so the table does not grow without bound. */
export async function purgeExpiredOidcModels(db: Db): Promise<number> {
  const result = await db.deleteFrom('oidc_models').where('expires_at', '<', new Date().toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
