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

  it('uses PostgreSQL and an external sign-in when told to', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/shoebox', OIDC_ISSUER: 'https://login.example.org/' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/shoebox' });
    expect(config.auth).toMatchObject({ kind: 'external', issuer: 'https://login.example.org/', jwksUrl: 'https://login.example.org/.well-known/jwks.json' });
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
