import { apiErrorSchema } from '@shoebox/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDependencyOutage, OUTAGE_RETRY_AFTER_SECONDS } from './dependency-outage.js';
import { registerErrorHandling } from './errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('a dependency outage', () => {
  it('is told by network codes, PostgreSQL connection states, the pool and Redis client messages, also as a cause', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection is closed.'),
      Object.assign(new Error('Reached the max retries per request limit (which is 20).'), { name: 'MaxRetriesPerRequestError' }),
      new Error('The upload could not be recorded', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDependencyOutage(error), String(error)).toBe(true);
    }
  });

  it('is not a bug, a constraint or a bad value', () => {
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'id')"), withCode('23505', 'duplicate key value'), withCode('22P02'), withCode('SQLITE_CONSTRAINT'), 'ECONNREFUSED', null]) {
      expect(isDependencyOutage(error), String(error)).toBe(false);
    }
  });

  it('answers 503 with Retry-After and the one error shape; any other failure stays a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/outage', async () => {
      throw withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432');
    });
    app.get('/bug', async () => {
      throw new TypeError('oops');
    });
    const outage = await app.inject({ url: '/outage' });
    expect(outage.statusCode).toBe(503);
    expect(outage.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(apiErrorSchema.parse(outage.json())).toMatchObject({ status: 503, error: 'service_unavailable' });
    expect(outage.body).not.toContain('10.0.0.5');
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
