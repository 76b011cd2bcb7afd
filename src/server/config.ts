import os from 'node:os';
import path from 'node:path';
import { ConfigError, readEnvironment, type Environment } from '#server/config-schema';

export { ConfigError };

/**
 * Configuration comes only from the environment (and .env, loaded by main.ts). Every variable's type, default and
 * range is in config-schema.ts, its meaning in .env.example; here the variables become the configuration the server
 * uses, with the rules that join several of them. A bad value throws ConfigError naming the variable.
 */
export type Config = ReturnType<typeof loadConfig>;
/** the limits on what one client can hold open (docs/decisions/0092) */
export type HttpLimits = Config['http'];

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

type EnvSource = Record<string, string | undefined>;

function mediaStore(env: Environment): MediaStoreConfig {
  if (env.MEDIA_STORE === 'local') return { kind: 'local' };
  if (env.S3_BUCKET === undefined) throw new ConfigError('S3_BUCKET must name a bucket when MEDIA_STORE=s3');
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default AWS credentials)',
    );
  const endpoint = env.S3_ENDPOINT ?? null;
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? endpoint !== null,
    prefix: env.S3_PREFIX ?? '',
  };
}

/** TRUST_PROXY (already checked) as Fastify's trustProxy takes it: false, true, a hop count or a list of addresses. */
function trustProxy(value: string): boolean | number | string[] {
  const word = value.toLowerCase();
  if (word === 'false' || word === '0' || word === 'no') return false;
  if (word === 'true' || word === 'yes') return true;
  if (/^\d+$/.test(word)) return Number(word);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function httpLimits(env: Environment) {
  if (env.HTTP_REQUEST_TIMEOUT_MS < env.HTTP_HEADERS_TIMEOUT_MS)
    throw new ConfigError(
      `HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS}) must be at least ` +
        `HTTP_HEADERS_TIMEOUT_MS (${env.HTTP_HEADERS_TIMEOUT_MS})`,
    );
  return {
    /** the whole header section of a request must arrive within this */
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    /** the whole request, body included, must arrive within this */
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    /** a body that is not an upload (multipart) must arrive within this of its headers */
    bodyTimeoutMs: env.HTTP_BODY_TIMEOUT_MS,
    /** a connection with no bytes either way for this long is closed */
    idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
    /** an idle keep-alive connection is closed after this */
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    /** connections one client address may hold open at once; 0 = no cap */
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
  };
}

export function loadConfig(source: EnvSource = process.env) {
  const env = readEnvironment(source);
  // "memory://" keeps the embedded database in memory (tests); anything else is a folder.
  const inMemory = env.DATA_DIR.startsWith('memory://');
  const dataDir = inMemory ? env.DATA_DIR : path.resolve(env.DATA_DIR);
  /** a folder of DATA_DIR (of the temporary folder for an in-memory database) */
  const besideData = (folder: string) =>
    inMemory ? path.join(os.tmpdir(), `pawtal-memory-${folder}`) : path.join(dataDir, folder);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? besideData('media')),
    databaseUrl: env.DATABASE_URL ?? null,
    /** where uploads are stored: the local MEDIA_DIR, or an S3-compatible bucket shared by every process */
    mediaStore: mediaStore(env),
    /** server processes started by src/server/cluster.ts (WEB_CONCURRENCY; 0: one per core) */
    workers: env.WEB_CONCURRENCY,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** seconds a shared cache (CDN, reverse proxy) may keep a public answer (s-maxage) */
    httpSharedMaxAge: env.HTTP_SHARED_MAX_AGE,
    /** seconds it may serve it stale while it revalidates (stale-while-revalidate) */
    httpStaleWhileRevalidate: env.HTTP_STALE_WHILE_REVALIDATE,
    /** bytes of rendered pages each process keeps (0: every page is rendered for each visit) */
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    /** public API answers and portal list pages each process keeps, each (0: every read asks the database) */
    readCacheEntries: env.READ_CACHE_ENTRIES,
    /** worker threads each process renders pages in (0: in the process's own thread) */
    renderThreads: env.RENDER_THREADS,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    appName: env.APP_NAME,
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    seedDemoData: env.SEED_DEMO_DATA,
    sightingRetentionDays: env.SIGHTING_RETENTION_DAYS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    /** minutes without activity before the portal shows its PIN screen (issue 31; read by the browser) */
    vetIdleLockMinutes: env.VET_IDLE_LOCK_MINUTES,
    /** failed public-ID lookups (pet not found) one address may make per window before 429 */
    failedLookupLimit: env.FAILED_LOOKUP_LIMIT,
    /** failed token calls (reset, verify, invite with a bad token) one address may make per window before 429 */
    failedTokenLimit: env.FAILED_TOKEN_LIMIT,
    /** the window of both limits, in minutes */
    failureWindowMinutes: env.FAILURE_WINDOW_MINUTES,
    http: httpLimits(env),
    /** logins of one address waiting for or in their password check at once; more answer 429 */
    loginQueuePerAddress: env.LOGIN_QUEUE_PER_ADDRESS,
    /** logins waiting for a password check, over every address; more answer 429 */
    loginQueueMax: env.LOGIN_QUEUE_MAX,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    shopUrl: env.SHOP_URL,
    appStoreUrl: env.APP_STORE_URL,
    playStoreUrl: env.PLAY_STORE_URL,
    /** smtp:// or smtps:// with credentials; null = write each message as an .eml file to outboxDir */
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@pawtal.example>`,
    outboxDir: path.resolve(env.OUTBOX_DIR ?? besideData('outbox')),
    /** how often the mail worker looks for due messages (it is also woken when one is queued) */
    mailPollMs: env.MAIL_POLL_MS,
    /** the first retry waits this long, each next one twice as long (capped at an hour) */
    mailRetryBaseMs: env.MAIL_RETRY_BASE_MS,
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    /** e-mails one clinic may queue to one owner address in 24 hours */
    mailPerRecipientPerDay: env.MAIL_PER_RECIPIENT_PER_DAY,
    /** different owner addresses one clinic may e-mail in a day (docs/decisions/0179) */
    mailRecipientsPerClinicPerDay: env.MAIL_RECIPIENTS_PER_CLINIC_PER_DAY,
    /** at most one sighting e-mail per pet in this many minutes; later sightings are gathered */
    sightingEmailIntervalMinutes: env.SIGHTING_EMAIL_INTERVAL_MINUTES,
    /** how often open found reports past their end are expired (and unconfirmed ones dropped), in minutes */
    foundExpiryIntervalMinutes: env.FOUND_EXPIRY_INTERVAL_MINUTES,
    /** how often pets newly reported lost are matched against the open found reports, in seconds */
    lostPetMatchIntervalSeconds: env.LOST_PET_MATCH_INTERVAL_SECONDS,
    /** how often due lost-pet alert digests are looked for, in minutes */
    alertDigestIntervalMinutes: env.ALERT_DIGEST_INTERVAL_MINUTES,
    /** a subscriber gets at most one digest in this many hours (24: daily) */
    alertDigestPeriodHours: env.ALERT_DIGEST_PERIOD_HOURS,
    /** relay messages one sender's address may send in 24 hours */
    relayMessagesPerSenderPerDay: env.RELAY_MESSAGES_PER_SENDER_PER_DAY,
    /** relay messages one lost pet's owner or one finder may receive in 24 hours */
    relayMessagesPerPetPerDay: env.RELAY_MESSAGES_PER_PET_PER_DAY,
    /** found reports, relay messages and alert subscriptions one client address may send in an hour */
    lostFoundWritesPerAddressPerHour: env.LOST_FOUND_WRITES_PER_ADDRESS_PER_HOUR,
    /** days a deleted pet or visit can be restored before the purge removes it */
    deletedRetentionDays: env.DELETED_RETENTION_DAYS,
    /** how often the purge of deleted pets and visits runs, in minutes */
    purgeIntervalMinutes: env.PURGE_INTERVAL_MINUTES,
    /** how often the scheduled reminder notices are looked for, in milliseconds (issue 33, docs/decisions/0184) */
    reminderSweepMs: env.REMINDER_SWEEP_MS,
    /** the key of signed visit-picture links; null: one is made and kept in the database */
    mediaLinkSecret: env.MEDIA_LINK_SECRET ?? null,
    /** how long a signed visit-picture link works, in minutes */
    mediaLinkTtlMinutes: env.MEDIA_LINK_TTL_MINUTES,
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
export function publicUrlWarning(env: EnvSource, config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string | null {
  if (env.PUBLIC_URL?.trim() || LOOPBACK_HOSTS.has(config.host.toLowerCase())) return null;
  return (
    `PUBLIC_URL is not set, so share links, the flyer's QR code and printed address and e-mail links ` +
    `point to ${config.publicUrl}, ` +
    `but the server listens on ${config.host}:${config.port}. Set PUBLIC_URL to the address visitors ` +
    `use (for example https://pets.example.org).`
  );
}

/**
 * The base address of stored images in API answers and pages; an image address equal to it means
 * "no image" (SPEC.md). Relative to the site ("/media/"), so images load under whatever host name
 * the visitor used (the CSP allows only 'self' for images). The one place image addresses are made:
 * a media driver with its own origin changes it here.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- another origin would come from the configuration
export function mediaBase(config: Pick<Config, 'publicUrl'>): string {
  return '/media/';
}

/** An image address for readers outside the site's pages (share scrapers need absolute addresses). */
export function absoluteMediaUrl(config: Pick<Config, 'publicUrl'>, address: string): string {
  return new URL(address, `${config.publicUrl}/`).href;
}
