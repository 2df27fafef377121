import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';

const TOKEN = 'operator-metrics-token-0123456789abcdef';
const asOperator = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(databases)('GET /metrics for the operator on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false, env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () => {
    const response = await server().app.inject({ url: '/metrics', headers: asOperator });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('answers anyone without the token exactly as an unknown address, and never caches', async () => {
    const unknown = await server().app.inject({ url: `/api/${randomUUID()}` });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-the-right-length-000000' }, { authorization: TOKEN }]) {
      const response = await server().app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: unknown.json().error });
    }
    const response = await scrape();
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern, method and status; an unmatched address under one label, not its path', async () => {
    const stranger = `/api/no-such-${randomUUID()}`;
    await server().app.inject({ url: '/health' });
    await server().app.inject({ url: stranger });
    const text = (await scrape()).body;
    expect(sample(text, 'shoebox_http_request_duration_seconds_count{route="/health",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shoebox_http_request_duration_seconds_count{route="(none)",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(stranger);
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');
    expect(sample(text, 'shoebox_push_sockets')).toBe(0);
    expect(sample(text, 'shoebox_image_pool_jobs{state="queued"}')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("the operator's dashboard (deploy/grafana) asks only for series this scrape has", async () => {
    // On SQLite there is no pool: its series is only declared, which is what the dashboard's query needs to exist.
    const text = (await scrape()).body;
    const dashboard = readFileSync(new URL('../../../../../deploy/grafana/shoebox-dashboard.json', import.meta.url), 'utf8');
    const asked = new Set([...dashboard.matchAll(/\b((?:shoebox|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!));
    expect(asked.size).toBeGreaterThan(8);
    for (const name of asked) expect(text, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(count|bucket|sum)$/, '')} `, 'm'));
  });

  it("the job queue per kind: waiting, delayed, failed and the oldest waiting job's age", async () => {
    const { db, jobs } = server();
    // Nothing takes jobs from here on, so what is stored stays as stored.
    await jobs.close();
    const kindName = (await jobs.stats())[0]!.kind;
    const at = (secondsFromNow: number) => new Date(Date.now() + secondsFromNow * 1000).toISOString();
    const row = (id: string, state: string, runAfter: string) => ({ kind: kindName, id, payload: '{}', state, attempts: 0, run_after: runAfter, created_at: at(-120), updated_at: at(0) });
    await db
      .insertInto('jobs')
      .values([row('waited', 'queued', at(-90)), row('due', 'queued', at(-1)), row('later', 'queued', at(3600)), row('gave-up', 'failed', at(-100))])
      .execute();
    const text = (await scrape()).body;
    expect(sample(text, `shoebox_jobs{kind="${kindName}",state="waiting"}`)).toBe(2);
    expect(sample(text, `shoebox_jobs{kind="${kindName}",state="delayed"}`)).toBe(1);
    expect(sample(text, `shoebox_jobs{kind="${kindName}",state="failed"}`)).toBe(1);
    expect(sample(text, `shoebox_jobs{kind="${kindName}",state="running"}`)).toBe(0);
    expect(sample(text, `shoebox_job_oldest_waiting_seconds{kind="${kindName}"}`)).toBeGreaterThanOrEqual(89);
  });

  it("PostgreSQL's connection pool; none on SQLite", async () => {
    const text = (await scrape()).body;
    if (server().config.database.kind === 'postgres') {
      expect(sample(text, 'shoebox_db_pool_connections{state="max"}')).toBe(20);
      expect(sample(text, 'shoebox_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
      // The scrape's own queries may be waiting for a connection being opened.
      expect(sample(text, 'shoebox_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toMatch(/^shoebox_db_pool_connections\{/m);
    }
  });
});

describe(`GET /metrics without METRICS_TOKEN on ${databases[0]!.name}`, () => {
  const server = useTestShoebox(databases[0]!, { seed: false });

  it('is not served at all', async () => {
    expect((await server().app.inject({ url: '/metrics', headers: asOperator })).statusCode).toBe(404);
  });
});
