/** The run's PostgreSQL cluster as its administrator sees it: TEST_DATABASE_URL, set by `npm test`. */
import pg from 'pg';

export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

/** The address of the database `name` in the run's cluster. */
export function postgresUrl(name: string, adminUrl = postgresAdminUrl): string {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` on a connection of its own to the cluster's administrative database. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>, adminUrl = postgresAdminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Waits (at most `limitMs`) until nobody is connected to the database: a pool's sockets close a moment after it ends. */
export async function untilUnused(admin: pg.Client, name: string, limitMs = Infinity): Promise<void> {
  for (const started = Date.now(); Date.now() - started < limitMs; ) {
    const { rows } = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
