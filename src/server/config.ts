import os from 'node:os';
import path from 'node:path';

/**
 * Configuration comes only from the environment (and .env, loaded by main.ts).
 * Every variable is documented in .env.example. A bad value throws ConfigError
 * naming the variable; main.ts prints its one-line message and exits.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | null;
  /** where uploads are stored: the local MEDIA_DIR, or an S3-compatible bucket shared by every process */
  mediaStore: MediaStoreConfig;
  /** server processes started by src/server/cluster.ts (WEB_CONCURRENCY; 0: one per core) */
  workers: number;
  /** connections each process keeps to PostgreSQL (DATABASE_POOL_SIZE) */
  databasePoolSize: number;
  /** seconds a shared cache (CDN, reverse proxy) may keep a public answer (s-maxage) */
  httpSharedMaxAge: number;
  /** seconds it may serve it stale while it revalidates (stale-while-revalidate) */
  httpStaleWhileRevalidate: number;
  /** bytes of rendered pages each process keeps (PAGE_CACHE_MB; 0: every page is rendered for each visit) */
  pageCacheBytes: number;
  /**
   * public API answers and portal list pages each process keeps, each (READ_CACHE_ENTRIES; 0: every read asks the
   * database)
   */
  readCacheEntries: number;
  /** worker threads each process renders pages in (RENDER_THREADS; 0: in the process's own thread) */
  renderThreads: number;
  publicUrl: string;
  appName: string;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** false, true, a hop count, or a list of addresses/CIDRs, as Fastify's trustProxy takes it */
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seedDemoData: boolean;
  sightingRetentionDays: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** failed public-ID lookups (pet not found) one address may make per window before 429 */
  failedLookupLimit: number;
  /** failed token calls (reset, verify, invite with a bad token) one address may make per window before 429 */
  failedTokenLimit: number;
  /** the window of both limits, in minutes */
  failureWindowMinutes: number;
  /** the limits on what one client can hold open (docs/decisions/0092) */
  http: HttpLimits;
  /** logins of one address waiting for or in their password check at once; more answer 429 */
  loginQueuePerAddress: number;
  /** logins waiting for a password check, over every address; more answer 429 */
  loginQueueMax: number;
  supportPhone: string;
  supportEmail: string;
  shopUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  /** smtp:// or smtps:// with credentials; null = write each message as an .eml file to outboxDir */
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** how often the mail worker looks for due messages (it is also woken when one is queued) */
  mailPollMs: number;
  /** the first retry waits this long, each next one twice as long (capped at an hour) */
  mailRetryBaseMs: number;
  mailMaxAttempts: number;
  /** e-mails one clinic may queue to one owner address in 24 hours (MAIL_PER_RECIPIENT_PER_DAY) */
  mailPerRecipientPerDay: number;
  /** at most one sighting e-mail per pet in this many minutes; later sightings are gathered */
  sightingEmailIntervalMinutes: number;
  /** days a deleted pet or visit can be restored before the purge removes it (DELETED_RETENTION_DAYS) */
  deletedRetentionDays: number;
  /** how often the purge of deleted pets and visits runs, in minutes */
  purgeIntervalMinutes: number;
  /** the key of signed visit-picture links (MEDIA_LINK_SECRET); null: one is made and kept in the database */
  mediaLinkSecret: string | null;
  /** how long a signed visit-picture link works, in minutes */
  mediaLinkTtlMinutes: number;
}

export interface HttpLimits {
  /** the whole header section of a request must arrive within this (HTTP_HEADERS_TIMEOUT_MS) */
  headersTimeoutMs: number;
  /** the whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT_MS) */
  requestTimeoutMs: number;
  /** a connection with no bytes either way for this long is closed (HTTP_IDLE_TIMEOUT_MS) */
  idleTimeoutMs: number;
  /** an idle keep-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS) */
  keepAliveTimeoutMs: number;
  /** connections one client address may hold open at once; 0 = no cap (MAX_CONNECTIONS_PER_ADDRESS) */
  maxConnectionsPerAddress: number;
}

export type MediaStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** an S3-compatible server (MinIO, R2, s3rver…); null: AWS */
      endpoint: string | null;
      /** null: the AWS SDK's default credential chain (environment, profile, instance role) */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
      /** key prefix inside the bucket, e.g. "pawtal/" ('' for none) */
      prefix: string;
    };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string, opts: { template?: boolean } = {}): string {
  const value = str(env, name, fallback);
  const probe = opts.template ? value.replace(/\{[a-z]\}/g, '0') : value;
  let parsed: URL;
  try {
    parsed = new URL(probe);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function mediaStore(env: Env): MediaStoreConfig {
  const kind = str(env, 'MEDIA_STORE', 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE must be local or s3, got "${kind}"`);
  const bucket = str(env, 'S3_BUCKET', '');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must name a bucket (3-63 lowercase letters, digits, dots, hyphens) when MEDIA_STORE=s3, got "${bucket}"`,
    );
  const endpoint = env.S3_ENDPOINT?.trim() ? url(env, 'S3_ENDPOINT', '') : null;
  const accessKeyId = str(env, 'S3_ACCESS_KEY_ID', '');
  const secretAccessKey = str(env, 'S3_SECRET_ACCESS_KEY', '');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default AWS credentials)',
    );
  const prefix = str(env, 'S3_PREFIX', '');
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix))
    throw new ConfigError(`S3_PREFIX must be a folder-like prefix ending in "/", got "${prefix}"`);
  return {
    kind: 's3',
    bucket,
    region: str(env, 'S3_REGION', 'us-east-1'),
    endpoint,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    prefix,
  };
}

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = str(env, 'TRUST_PROXY', 'false');
  const v = raw.toLowerCase();
  if (v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const addr = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (list.length === 0 || !list.every((a) => addr.test(a))) {
    throw new ConfigError(
      `TRUST_PROXY must be false, true, a hop count or a comma-separated list of addresses, got "${raw}"`,
    );
  }
  return list;
}

function mediaLinkSecret(env: Env): string | null {
  const value = str(env, 'MEDIA_LINK_SECRET', '');
  if (value === '') return null;
  if (value.length < 32)
    throw new ConfigError(
      'MEDIA_LINK_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset to let the server make one',
    );
  return value;
}

function smtpUrl(env: Env): string | null {
  const raw = str(env, 'SMTP_URL', '');
  if (raw === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    );
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${parsed.protocol}//"`);
  if (!parsed.hostname) throw new ConfigError('SMTP_URL must name a host');
  return raw;
}

function mailFrom(env: Env, appName: string): string {
  const value = str(env, 'MAIL_FROM', `${appName} <no-reply@pawtal.example>`);
  const address = /<([^<>\s]+)>\s*$/.exec(value)?.[1] ?? value;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address or "Name <address>", got "${value}"`);
  }
  return value;
}

function httpLimits(env: Env): HttpLimits {
  const headersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000);
  const requestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000);
  if (requestTimeoutMs < headersTimeoutMs)
    throw new ConfigError(
      `HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs}) must be at least HTTP_HEADERS_TIMEOUT_MS (${headersTimeoutMs})`,
    );
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs: int(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    keepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1000, 3_600_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 64, 0, 100_000),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST', '127.0.0.1');
  const rawDataDir = str(env, 'DATA_DIR', './data');
  // "memory://" keeps the embedded database in memory (tests); anything else is a folder.
  const dataDir = rawDataDir.startsWith('memory://') ? rawDataDir : path.resolve(rawDataDir);
  const databaseUrl = env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = str(env, 'LOG_LEVEL', 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const appName = str(env, 'APP_NAME', 'Pawtal');
  return {
    port,
    host,
    dataDir,
    mediaDir: path.resolve(
      str(
        env,
        'MEDIA_DIR',
        dataDir.startsWith('memory://') ? path.join(os.tmpdir(), 'pawtal-memory-media') : path.join(dataDir, 'media'),
      ),
    ),
    databaseUrl,
    mediaStore: mediaStore(env),
    workers: int(env, 'WEB_CONCURRENCY', 0, 0, 256),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    httpSharedMaxAge: int(env, 'HTTP_SHARED_MAX_AGE', 5, 0, 86_400),
    pageCacheBytes: int(env, 'PAGE_CACHE_MB', 64, 0, 65_536) * 1024 * 1024,
    readCacheEntries: int(env, 'READ_CACHE_ENTRIES', 2000, 0, 1_000_000),
    renderThreads: int(env, 'RENDER_THREADS', 1, 0, 64),
    httpStaleWhileRevalidate: int(env, 'HTTP_STALE_WHILE_REVALIDATE', 30, 0, 86_400),
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`),
    appName,
    mapTileUrl: url(env, 'MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', { template: true }),
    mapTileAttribution: str(env, 'MAP_TILE_ATTRIBUTION', '© OpenStreetMap contributors'),
    trustProxy: trustProxy(env),
    logLevel,
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
    sightingRetentionDays: int(env, 'SIGHTING_RETENTION_DAYS', 30, 1, 3650),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 120, 1, 60 * 24 * 30),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 24 * 7, 1, 24 * 365),
    failedLookupLimit: int(env, 'FAILED_LOOKUP_LIMIT', 30, 1, 1_000_000),
    failedTokenLimit: int(env, 'FAILED_TOKEN_LIMIT', 10, 1, 1_000_000),
    failureWindowMinutes: int(env, 'FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60),
    http: httpLimits(env),
    loginQueuePerAddress: int(env, 'LOGIN_QUEUE_PER_ADDRESS', 2, 1, 1000),
    loginQueueMax: int(env, 'LOGIN_QUEUE_MAX', 8, 0, 10_000),
    supportPhone: str(env, 'SUPPORT_PHONE', '+1 555 0100 200'),
    supportEmail: str(env, 'SUPPORT_EMAIL', 'support@pawtal.example'),
    shopUrl: url(env, 'SHOP_URL', 'https://shop.pawtal.example'),
    appStoreUrl: url(env, 'APP_STORE_URL', 'https://apps.apple.com/app/pawtal'),
    playStoreUrl: url(env, 'PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=app.pawtal'),
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, appName),
    outboxDir: path.resolve(
      str(
        env,
        'OUTBOX_DIR',
        dataDir.startsWith('memory://') ? path.join(os.tmpdir(), 'pawtal-memory-outbox') : path.join(dataDir, 'outbox'),
      ),
    ),
    mailPollMs: int(env, 'MAIL_POLL_MS', 5000, 50, 10 * 60 * 1000),
    mailRetryBaseMs: int(env, 'MAIL_RETRY_BASE_MS', 30_000, 10, 60 * 60 * 1000),
    mailMaxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
    mailPerRecipientPerDay: int(env, 'MAIL_PER_RECIPIENT_PER_DAY', 3, 1, 1000),
    sightingEmailIntervalMinutes: int(env, 'SIGHTING_EMAIL_INTERVAL_MINUTES', 10, 0, 24 * 60),
    deletedRetentionDays: int(env, 'DELETED_RETENTION_DAYS', 30, 1, 3650),
    purgeIntervalMinutes: int(env, 'PURGE_INTERVAL_MINUTES', 60, 1, 24 * 60),
    mediaLinkSecret: mediaLinkSecret(env),
    mediaLinkTtlMinutes: int(env, 'MEDIA_LINK_TTL_MINUTES', 60, 1, 24 * 60),
  };
}

/** Host names that reach this machine only: a server listening there is seen as localhost. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The start-up warning when PUBLIC_URL is left at its default (http://localhost:PORT) but the server
 * listens on another host name (HOST=0.0.0.0, a LAN address, a name): the absolute links Pawtal
 * writes (share meta, the flyer's QR code and printed address, Share, e-mail links) would then
 * name localhost whatever address visitors use. Null when PUBLIC_URL is set or the server is local only.
 */
export function publicUrlWarning(env: Env, config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string | null {
  if (env.PUBLIC_URL?.trim() || LOOPBACK_HOSTS.has(config.host.toLowerCase())) return null;
  return (
    `PUBLIC_URL is not set, so share links, the flyer's QR code and printed address and e-mail links point to ${config.publicUrl}, ` +
    `but the server listens on ${config.host}:${config.port}. Set PUBLIC_URL to the address visitors use (for example https://pets.example.org).`
  );
}

/**
 * The base address of stored images in API answers and pages; an image address equal to it means
 * "no image" (SPEC.md). Relative to the site ("/media/"), so images load under whatever host name
 * the visitor used (the CSP allows only 'self' for images). The one place image addresses are made:
 * a media driver with its own origin changes it here.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the configuration is where another origin would come from
export function mediaBase(config: Pick<Config, 'publicUrl'>): string {
  return '/media/';
}

/** An image address for readers outside the site's pages (share scrapers need absolute addresses). */
export function absoluteMediaUrl(config: Pick<Config, 'publicUrl'>, address: string): string {
  return new URL(address, `${config.publicUrl}/`).href;
}
