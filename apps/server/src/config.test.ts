import path from 'node:path';
import { FEATURE_FLAGS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on one machine with nothing set: SQLite in ./data, the embedded sign-in, every flag on', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'shoebox.db') });
    expect(config.auth).toEqual({ kind: 'embedded', issuer: 'http://localhost:3000/oidc', audience: 'shoebox-api', clientId: 'shoebox-web' });
    expect(config.origins).toEqual(['http://localhost:3000']);
    expect(config.flags).toEqual(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, ['*']])));
  });

  it("sends the browser's failures to the server's own error service, or to the Sentry project of a DSN", () => {
    expect(loadConfig({}).sentryDsn).toBeNull();
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42' }).sentryDsn).toBe('https://abc123@o1.ingest.sentry.io/42');
    for (const wrong of ['not a url', 'https://o1.ingest.sentry.io/42', 'https://abc123@o1.ingest.sentry.io/', 'ftp://abc@host/1'])
      expect(() => loadConfig({ SENTRY_DSN: wrong }), wrong).toThrow(/SENTRY_DSN/);
  });

  it('runs no A/B test unless EXPERIMENTS names it, and refuses a setting it could not follow', () => {
    expect(loadConfig({}).experiments).toEqual({});
    expect(loadConfig({ EXPERIMENTS: '{"overview-recent-photos":{"channels":["*"],"weights":[0.2,0.8]}}' }).experiments).toEqual({ 'overview-recent-photos': { channels: ['*'], weights: [0.2, 0.8] } });
    for (const wrong of ['not json', '{"no-such-test":{"channels":["*"]}}', '{"overview-recent-photos":{"channels":[]}}', '{"overview-recent-photos":{"channels":["*"],"weights":[0.5]}}', '{"overview-recent-photos":{"channels":["*"],"weights":[0.5,0.6]}}', '{"overview-recent-photos":{"channels":["*"],"coverage":2}}'])
      expect(() => loadConfig({ EXPERIMENTS: wrong }), wrong).toThrow(/EXPERIMENTS/);
  });

  it('keeps photo bytes in DATA_DIR/blobs, or in an S3-compatible bucket when one is named (with its keys)', () => {
    expect(loadConfig({}).blobs).toEqual({ kind: 'fs', dir: path.resolve('data', 'blobs') });
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', ...keys }).blobs).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    // An S3-compatible service takes the bucket in the path unless told otherwise.
    expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000', ...keys }).blobs).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false', ...keys }).blobs).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url', ...keys })).toThrow(/S3_ENDPOINT/);
  });

  it('starts the storage period run after 07:00 UTC unless told another hour, or off', () => {
    expect(loadConfig({}).retentionRunHourUtc).toBe(7);
    expect(loadConfig({ RETENTION_RUN_HOUR_UTC: '0' }).retentionRunHourUtc).toBe(0);
    expect(loadConfig({ RETENTION_RUN_HOUR_UTC: '08' }).retentionRunHourUtc).toBe(8);
    expect(loadConfig({ RETENTION_RUN_HOUR_UTC: 'off' }).retentionRunHourUtc).toBeNull();
    for (const bad of ['24', '-1', '7.5', 'never', '07 ']) expect(() => loadConfig({ RETENTION_RUN_HOUR_UTC: bad }), bad).toThrow(/RETENTION_RUN_HOUR_UTC/);
  });

  it('uses PostgreSQL and an external sign-in when told to', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/shoebox', OIDC_ISSUER: 'https://login.example.org/' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/shoebox' });
    expect(config.auth).toMatchObject({ kind: 'external', issuer: 'https://login.example.org/', jwksUrl: 'https://login.example.org/.well-known/jwks.json' });
  });

  it('serves the development mailbox on a loopback address with the outbox, or as DEV_MAILBOX says', () => {
    expect(loadConfig({}).devMailbox).toBe('local');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).devMailbox).toBe('local');
    expect(loadConfig({ PUBLIC_URL: 'https://account.printhaven.example' }).devMailbox).toBe('off');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).devMailbox).toBe('off');
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe('off');
    expect(loadConfig({ PUBLIC_URL: 'https://staging.printhaven.example', DEV_MAILBOX: 'true' }).devMailbox).toBe('on');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587', DEV_MAILBOX: 'true' })).toThrow('DEV_MAILBOX: the mailbox shows the outbox, which SMTP_URL replaces');
  });

  it('limits the flags an operator names and leaves the others on for every host', () => {
    const config = loadConfig({ FEATURE_FLAGS: JSON.stringify({ PhotoManagementUploadViewEnabled: ['www.printhaven.nl', 'localhost'] }) });
    expect(config.flags.PhotoManagementUploadViewEnabled).toEqual(['www.printhaven.nl', 'localhost']);
    for (const flag of FEATURE_FLAGS.filter((f) => f !== 'PhotoManagementUploadViewEnabled')) expect(config.flags[flag]).toEqual(['*']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FEATURE_FLAGS: '{nope' }, 'FEATURE_FLAGS'],
    [{ FEATURE_FLAGS: '{"NoSuchFlag":["*"]}' }, 'FEATURE_FLAGS'],
  ])('stops with a message naming the bad setting (%j)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}`));
  });
});
