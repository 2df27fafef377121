import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from './database.js';

/** How often an instance says it is still there. */
const HEARTBEAT_MS = 5_000;
/** An instance not heard of for this long is gone (killed): its settings no longer count. */
const GONE_AFTER_MS = 20_000;
/** Rows of instances gone this long are removed by the next instance that starts. */
const FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The settings every instance of a cluster must share, by the name an operator sets, as digests (no secret is
 * stored): a different public address breaks the sign-ins its tokens are checked against, a missing or other
 * Redis leaves its customers without push events and jobs of the others, another bucket shows photos nobody
 * else has, another back-office key refuses the back office on some requests, an outbox of its own keeps the
 * mails it sends from the mailbox every other instance shows.
 */
export function clusterSettings(config: Config, o: { outboxIdentity?: string } = {}): Record<string, string> {
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
  const redis = config.redisUrl ? new URL(config.redisUrl) : null;
  return {
    PUBLIC_URL: digest([config.publicUrl, [...config.origins].sort()]),
    REDIS_URL: digest(redis ? [redis.host, redis.pathname, config.redisPrefix] : null),
    S3_BUCKET: digest(config.blobs.kind === 's3' ? [config.blobs.bucket, config.blobs.endpoint ?? null] : 'a local folder'),
    // The embedded provider's issuer follows PUBLIC_URL, which is named on its own.
    OIDC_ISSUER: digest([config.auth.kind, config.auth.kind === 'external' ? config.auth.issuer : null, config.auth.audience]),
    FULFILMENT_API_KEY: digest(config.fulfilmentApiKey ?? 'kept in the database'),
    // Without SMTP, mails go to a folder: the one the first instance named (outboxIdentity), or each has its own.
    OUTBOX_DIR: digest(config.mail.kind === 'smtp' ? ['smtp', new URL(config.mail.url).host] : ['outbox', o.outboxIdentity ?? config.mail.dir]),
  };
}

export interface ClusterInstance {
  /** Rejects, naming the settings, while they differ from the longest-running live instance's. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * This instance among those sharing the database (decision 097): it records its settings' digests and says it
 * is there every few seconds. The cluster's settings are those of its longest-running live instance, so a
 * newcomer started with other settings is the one refused, never the fleet that serves customers.
 */
export async function joinCluster(db: Db, settings: Record<string, string>, o: { heartbeatMs?: number; goneAfterMs?: number } = {}): Promise<ClusterInstance> {
  const id = randomUUID();
  const goneAfterMs = o.goneAfterMs ?? GONE_AFTER_MS;
  const now = () => new Date().toISOString();
  const at = now();
  await db.deleteFrom('cluster_instances').where('seen_at', '<', new Date(Date.now() - FORGOTTEN_AFTER_MS).toISOString()).execute();
  await db.insertInto('cluster_instances').values({ id, settings: JSON.stringify(settings), started_at: at, seen_at: at }).execute();
  const heartbeat = setInterval(() => {
    void db.updateTable('cluster_instances').set({ seen_at: now() }).where('id', '=', id).execute().catch(() => {});
  }, o.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async check() {
      const eldest = await db
        .selectFrom('cluster_instances')
        .select(['id', 'settings'])
        .where((eb) => eb.or([eb('id', '=', id), eb('seen_at', '>=', new Date(Date.now() - goneAfterMs).toISOString())]))
        .orderBy('started_at')
        .orderBy('id')
        .executeTakeFirst();
      if (!eldest || eldest.id === id) return;
      const theirs = JSON.parse(eldest.settings) as Record<string, string>;
      const differing = Object.keys({ ...theirs, ...settings }).filter((name) => theirs[name] !== settings[name]);
      if (differing.length) throw new Error(`Settings differ from the cluster's (its longest-running instance's): ${differing.sort().join(', ')}`);
    },
    async close() {
      clearInterval(heartbeat);
      await db.deleteFrom('cluster_instances').where('id', '=', id).execute();
    },
  };
}
