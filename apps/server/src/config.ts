import path from 'node:path';
import { z } from 'zod';
import { API_SERVICES, EXPERIMENTS, experimentsConfigSchema, FEATURE_FLAGS, featureFlagsConfigSchema, type ApiService, type ExperimentsConfig, type FeatureFlagsConfig } from '@shoebox/contracts';
import type { S3BlobConfig } from './platform/blobs/s3-bucket.js';
import { SERVER_PACKAGE_DIR } from './platform/runtime/server-package.js';

const list = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address customers reach this server on; the sign-in issuer and redirects derive from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Further origins the account area is served on (brand hosts); sign-in accepts their redirects. */
  EXTRA_ORIGINS: list.default([]),
  DATA_DIR: z.string().default('data'),
  /** postgres://… for PostgreSQL; otherwise a SQLite file inside DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Set on many machines: background jobs run on BullMQ and push events fan out through Redis pub/sub. */
  REDIS_URL: z.string().url().refine((u) => /^rediss?:/.test(u), 'must be a redis:// or rediss:// URL').optional(),
  /** Put before every Redis key and channel, so deployments sharing one Redis stay apart. */
  REDIS_PREFIX: z.string().min(1).default('shoebox:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An external OpenID Connect issuer; without it the embedded provider signs customers in. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_JWKS_URL: z.string().url().optional(),
  OIDC_AUDIENCE: z.string().default('shoebox-api'),
  OIDC_CLIENT_ID: z.string().default('shoebox-web'),
  /** The UTC hour after which each day's storage period run starts, or "off" on a machine that never starts one (decision 071). */
  RETENTION_RUN_HOUR_UTC: z
    .string()
    .regex(/^(off|[01]?[0-9]|2[0-3])$/, 'must be an hour from 0 to 23, or off')
    .default('7'),
  /** The back office's service credential (decision 055); unset, the server makes one and keeps it in the database. */
  FULFILMENT_API_KEY: z.string().min(32, 'must be at least 32 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  /** The operator's bearer token for GET /metrics (Prometheus); without it the server serves no metrics. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  /** A Sentry project's DSN (GlitchTip takes one too): the browser's failures go there instead of the server's own error service (decision 108). */
  SENTRY_DSN: z
    .string()
    .url()
    .refine(isSentryDsn, 'must be a Sentry DSN: https://<public key>@<host>/<project id>')
    .optional(),
  SMTP_URL: z.string().url().optional(),
  /**
   * Where mails go without SMTP_URL (default DATA_DIR/outbox). Instances of one cluster must share it (a folder
   * every one of them reaches): one with an outbox of its own is not ready (decision 103).
   */
  OUTBOX_DIR: z.string().optional(),
  /** Serve the outbox at /dev/mailbox; unset, it is served only on a loopback PUBLIC_URL and to callers on this machine. */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().default('Shoebox <no-reply@localhost>'),
  /** A retailer's mobile upload page; phones go there with ?album_id and come back after 2 s. */
  MOBILE_UPLOAD_URL: z.string().url().optional(),
  /** A retailer's prints editor; Order prints sends the customer there with ?tempSelectionId. Unset, our own /prints-editor page. */
  PRINTS_EDITOR_URL: z.string().url().optional(),
  SUPPORT_CHAT_ENABLED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SUPPORT_CHAT_URL: z.string().url().default('https://support.printhaven.example/chat'),
  /** JSON object of flag name to allowed-host list; unnamed flags stay on for every host. */
  FEATURE_FLAGS: z.string().optional(),
  /** JSON object of experiment key to where it runs ({"channels": ["*"], "coverage": 1, "weights": [0.5, 0.5]}); none runs unless named (decision 110). */
  EXPERIMENTS: z.string().optional(),
  TEST_HOSTS: list.default(['localhost', '127.0.0.1']),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  /** Set behind a TLS-terminating proxy so protocol and client address come from X-Forwarded-*. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Photo and archive bytes in this S3-compatible bucket instead of DATA_DIR/blobs (for many machines). */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service's address; without it, AWS S3. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Bucket in the path rather than the host name; on by default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  ...Object.fromEntries(API_SERVICES.map((s) => [`API_BASE_${snake(s)}`, z.string().url().optional()])),
});

function blobsConfig(e: z.infer<typeof envSchema>, dataDir: string): Config['blobs'] {
  if (!e.S3_BUCKET) return { kind: 'fs', dir: path.join(dataDir, 'blobs') };
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
  };
}

function snake(s: string): string {
  return s.replace(/([A-Z])/g, '_$1').toUpperCase();
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  origins: string[];
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Where jobs and push fan-out live when many machines share the work; null on one machine. */
  redisUrl: string | null;
  /** Before every Redis key and channel (REDIS_PREFIX). */
  redisPrefix: string;
  logLevel: string;
  auth:
    | { kind: 'embedded'; issuer: string; audience: string; clientId: string }
    | { kind: 'external'; issuer: string; jwksUrl: string; audience: string; clientId: string };
  /** The back office's key (FULFILMENT_API_KEY); null: the one the server keeps in its database. */
  fulfilmentApiKey: string | null;
  /** The operator's token for GET /metrics (METRICS_TOKEN); null: no metrics are served. */
  metricsToken: string | null;
  /** SENTRY_DSN: where the browser reports its failures; null: the server's own error service (decision 108). */
  sentryDsn: string | null;
  /** RETENTION_RUN_HOUR_UTC: each day's storage period run starts after this hour; null: this machine starts none. */
  retentionRunHourUtc: number | null;
  mail: { kind: 'outbox'; dir: string } | { kind: 'smtp'; url: string };
  devMailbox: DevMailbox;
  blobs: { kind: 'fs'; dir: string } | ({ kind: 's3' } & S3BlobConfig);
  uploadsDir: string;
  mailFrom: string;
  supportChat: { enabled: boolean; url: string };
  mobileUploadUrl: string | null;
  /** The retailer's prints editor, or null for the embedded page on the origin the customer is on. */
  printsEditorUrl: string | null;
  flags: FeatureFlagsConfig;
  /** The A/B tests that run, and where (EXPERIMENTS); empty: none. */
  experiments: ExperimentsConfig;
  testHosts: string[];
  seedDemoData: boolean;
  webDistDir: string;
  trustProxy: boolean;
  apiBases: Partial<Record<ApiService, string>>;
}

export class ConfigError extends Error {}

/** Who may read the development mailbox: nobody, callers on this machine, or anyone (decision 032). */
export type DevMailbox = 'off' | 'local' | 'on';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function devMailbox(e: z.infer<typeof envSchema>, publicUrl: string): DevMailbox {
  if (e.DEV_MAILBOX === 'true' && e.SMTP_URL) throw new ConfigError('Invalid configuration:\n  DEV_MAILBOX: the mailbox shows the outbox, which SMTP_URL replaces');
  if (e.DEV_MAILBOX) return e.DEV_MAILBOX === 'true' ? 'on' : 'off';
  return !e.SMTP_URL && LOOPBACK_HOSTS.has(new URL(publicUrl).hostname) ? 'local' : 'off';
}

/** Reads every setting from the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data as z.infer<typeof envSchema> & Record<string, string | undefined>;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const auth: Config['auth'] = e.OIDC_ISSUER
    ? {
        kind: 'external',
        issuer: e.OIDC_ISSUER,
        jwksUrl: e.OIDC_JWKS_URL ?? `${e.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/jwks.json`,
        audience: e.OIDC_AUDIENCE,
        clientId: e.OIDC_CLIENT_ID,
      }
    : { kind: 'embedded', issuer: `${publicUrl}/oidc`, audience: e.OIDC_AUDIENCE, clientId: e.OIDC_CLIENT_ID };

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    origins: [new URL(publicUrl).origin, ...e.EXTRA_ORIGINS.map((o) => new URL(o).origin)],
    dataDir,
    database: e.DATABASE_URL?.startsWith('postgres')
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: e.DATABASE_URL ?? path.join(dataDir, 'shoebox.db') },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    auth,
    fulfilmentApiKey: e.FULFILMENT_API_KEY ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    sentryDsn: e.SENTRY_DSN ?? null,
    retentionRunHourUtc: e.RETENTION_RUN_HOUR_UTC === 'off' ? null : Number(e.RETENTION_RUN_HOUR_UTC),
    mail: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL } : { kind: 'outbox', dir: path.resolve(e.OUTBOX_DIR ?? path.join(dataDir, 'outbox')) },
    devMailbox: devMailbox(e, publicUrl),
    mailFrom: e.MAIL_FROM,
    blobs: blobsConfig(e, dataDir),
    uploadsDir: path.join(dataDir, 'uploads'),
    supportChat: { enabled: e.SUPPORT_CHAT_ENABLED, url: e.SUPPORT_CHAT_URL },
    mobileUploadUrl: e.MOBILE_UPLOAD_URL ?? null,
    printsEditorUrl: e.PRINTS_EDITOR_URL ?? null,
    flags: parseFlags(e.FEATURE_FLAGS),
    experiments: parseExperiments(e.EXPERIMENTS),
    testHosts: e.TEST_HOSTS,
    seedDemoData: e.SEED_DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_PACKAGE_DIR, '../web/dist')),
    apiBases: Object.fromEntries(
      API_SERVICES.flatMap((s) => {
        const v = e[`API_BASE_${snake(s)}`];
        return v ? [[s, v]] : [];
      }),
    ),
  };
}

/** https://<public key>@<host>/<project id>, as Sentry and GlitchTip give it. */
function isSentryDsn(dsn: string): boolean {
  if (!URL.canParse(dsn)) return false;
  const url = new URL(dsn);
  return /^https?:$/.test(url.protocol) && url.username !== '' && /^\/(.*\/)?[^/]+$/.test(url.pathname);
}

function parseExperiments(raw: string | undefined): ExperimentsConfig {
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('Invalid configuration:\n  EXPERIMENTS: not valid JSON');
  }
  const experiments = experimentsConfigSchema.safeParse(json);
  if (!experiments.success) {
    const issue = experiments.error.issues[0];
    throw new ConfigError(`Invalid configuration:\n  EXPERIMENTS: ${[...(issue?.path ?? []), issue?.message].join(': ')}`);
  }
  for (const [key, setting] of Object.entries(experiments.data)) {
    if (setting.weights && (setting.weights.length !== EXPERIMENTS[key as keyof typeof EXPERIMENTS].length || Math.abs(setting.weights.reduce((a, b) => a + b, 0) - 1) > 1e-6))
      throw new ConfigError(`Invalid configuration:\n  EXPERIMENTS: ${key}: weights must give each of its ${EXPERIMENTS[key as keyof typeof EXPERIMENTS].length} variations a share, together 1`);
  }
  return experiments.data;
}

function parseFlags(raw: string | undefined): FeatureFlagsConfig {
  const defaults = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, ['*']])) as FeatureFlagsConfig;
  if (!raw) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('Invalid configuration:\n  FEATURE_FLAGS: not valid JSON');
  }
  const flags = featureFlagsConfigSchema.safeParse(json);
  if (!flags.success) throw new ConfigError(`Invalid configuration:\n  FEATURE_FLAGS: ${flags.error.issues[0]?.message}`);
  return { ...defaults, ...flags.data };
}
