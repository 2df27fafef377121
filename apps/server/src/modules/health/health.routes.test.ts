import { healthSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';

describe.each(databases)('GET /health on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false });

  it('answers 200 with the database check, never cached', async () => {
    const response = await server().app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers 503 degraded when the database is gone', async () => {
    const { app, db } = server();
    await db.destroy();
    const response = await app.inject({ url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'degraded', checks: { database: 'failed' } });
  });
});
