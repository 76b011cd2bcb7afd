import { KindGuard, Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * Every environment variable the server reads, once: its type, range and default (docs/decisions/0135). The
 * configuration's type, its defaults and its checks come from here; what each variable means is said in
 * .env.example, which a test keeps complete (src/server/config.test.ts). A variable without a default is optional:
 * unset, the loader (config.ts) derives its value from others. Options beyond JSON Schema: `format` names a check
 * of FORMATS below, `secret` keeps a value out of the error message (it may hold a password).
 */
const whole = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({ default: fallback, minimum, maximum });
const text = (fallback: string) => Type.String({ default: fallback });
const flag = (fallback: boolean) => Type.Boolean({ default: fallback });
const checked = (format: keyof typeof FORMATS, fallback?: string, secret = false) =>
  Type.String({ format, ...(fallback === undefined ? {} : { default: fallback }), ...(secret ? { secret } : {}) });
const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { default: fallback },
  ) as TUnion<TLiteral<T>[]>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MINUTES_A_DAY = 24 * 60;

export const ENVIRONMENT = Type.Object({
  PORT: whole(3000, 0, 65535),
  HOST: text('127.0.0.1'),
  DATA_DIR: text('./data'),
  MEDIA_DIR: Type.Optional(Type.String()),
  MEDIA_STORE: oneOf(['local', 's3'], 'local'),
  S3_BUCKET: Type.Optional(checked('s3-bucket')),
  S3_REGION: text('us-east-1'),
  S3_ENDPOINT: Type.Optional(checked('http-url')),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ secret: true })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ secret: true })),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Boolean()),
  S3_PREFIX: Type.Optional(checked('s3-prefix')),
  DATABASE_URL: Type.Optional(checked('postgres-url', undefined, true)),
  DATABASE_POOL_SIZE: whole(10, 1, 200),
  WEB_CONCURRENCY: whole(0, 0, 256),
  HTTP_SHARED_MAX_AGE: whole(5, 0, 86_400),
  HTTP_STALE_WHILE_REVALIDATE: whole(30, 0, 86_400),
  PAGE_CACHE_MB: whole(64, 0, 65_536),
  READ_CACHE_ENTRIES: whole(2000, 0, 1_000_000),
  RENDER_THREADS: whole(1, 0, 64),
  PUBLIC_URL: Type.Optional(checked('http-url')),
  APP_NAME: text('Pawtal'),
  MAP_TILE_URL: checked('url-template', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: text('© OpenStreetMap contributors'),
  TRUST_PROXY: checked('trust-proxy', 'false'),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  SEED_DEMO_DATA: flag(true),
  SIGHTING_RETENTION_DAYS: whole(30, 1, 3650),
  SMTP_URL: Type.Optional(checked('smtp-url', undefined, true)),
  MAIL_FROM: Type.Optional(checked('mail-from')),
  OUTBOX_DIR: Type.Optional(Type.String()),
  MAIL_POLL_MS: whole(5000, 50, 10 * 60 * 1000),
  MAIL_RETRY_BASE_MS: whole(30_000, 10, 60 * 60 * 1000),
  MAIL_MAX_ATTEMPTS: whole(8, 1, 50),
  MAIL_PER_RECIPIENT_PER_DAY: whole(3, 1, 1000),
  MAIL_RECIPIENTS_PER_CLINIC_PER_DAY: whole(1000, 1, 1_000_000),
  SIGHTING_EMAIL_INTERVAL_MINUTES: whole(10, 0, MINUTES_A_DAY),
  FOUND_EXPIRY_INTERVAL_MINUTES: whole(60, 1, MINUTES_A_DAY),
  LOST_PET_MATCH_INTERVAL_SECONDS: whole(60, 1, 24 * 3600),
  ALERT_DIGEST_INTERVAL_MINUTES: whole(30, 1, MINUTES_A_DAY),
  ALERT_DIGEST_PERIOD_HOURS: whole(24, 1, 24 * 7),
  RELAY_MESSAGES_PER_SENDER_PER_DAY: whole(10, 1, 10_000),
  RELAY_MESSAGES_PER_PET_PER_DAY: whole(30, 1, 10_000),
  LOST_FOUND_WRITES_PER_ADDRESS_PER_HOUR: whole(20, 1, 1_000_000),
  HTTP_HEADERS_TIMEOUT_MS: whole(10_000, 1000, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: whole(120_000, 1000, 3_600_000),
  HTTP_BODY_TIMEOUT_MS: whole(15_000, 500, 600_000),
  HTTP_IDLE_TIMEOUT_MS: whole(60_000, 1000, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: whole(72_000, 1000, 3_600_000),
  MAX_CONNECTIONS_PER_ADDRESS: whole(64, 0, 100_000),
  DELETED_RETENTION_DAYS: whole(30, 1, 3650),
  PURGE_INTERVAL_MINUTES: whole(60, 1, MINUTES_A_DAY),
  REMINDER_SWEEP_MS: whole(15 * 60_000, 1000, MINUTES_A_DAY * 60_000),
  MEDIA_LINK_SECRET: Type.Optional(checked('signing-key', undefined, true)),
  MEDIA_LINK_TTL_MINUTES: whole(60, 1, MINUTES_A_DAY),
  SESSION_IDLE_MINUTES: whole(120, 1, 30 * MINUTES_A_DAY),
  SESSION_ABSOLUTE_HOURS: whole(24 * 7, 1, 24 * 365),
  VET_IDLE_LOCK_MINUTES: whole(10, 1, MINUTES_A_DAY),
  FAILED_LOOKUP_LIMIT: whole(30, 1, 1_000_000),
  FAILED_TOKEN_LIMIT: whole(10, 1, 1_000_000),
  FAILURE_WINDOW_MINUTES: whole(15, 1, MINUTES_A_DAY),
  LOGIN_QUEUE_PER_ADDRESS: whole(2, 1, 1000),
  LOGIN_QUEUE_MAX: whole(8, 0, 10_000),
  SUPPORT_PHONE: text('+1 555 0100 200'),
  SUPPORT_EMAIL: text('support@pawtal.example'),
  SHOP_URL: checked('http-url', 'https://shop.pawtal.example'),
  APP_STORE_URL: checked('http-url', 'https://apps.apple.com/app/pawtal'),
  PLAY_STORE_URL: checked('http-url', 'https://play.google.com/store/apps/details?id=app.pawtal'),
});

/** The variables as read: defaults applied, every value checked and converted. */
export type Environment = Static<typeof ENVIRONMENT>;

/** A bad value: its one-line message names the variable; main.ts prints it and exits. */
export class ConfigError extends Error {}

/** A check of a text value: null when it is fine, else what it must be ("must be an http(s) URL"). */
interface Format {
  problem(value: string): string | null;
  /** the value as the configuration keeps it */
  normal?(value: string): string;
}

function httpUrlProblem(value: string): string | null {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? null : 'must be an http(s) URL';
  } catch {
    return 'must be an absolute http(s) URL';
  }
}
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');
const PROXY_ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

const FORMATS = {
  'http-url': { problem: httpUrlProblem, normal: withoutTrailingSlash },
  // an XYZ tile template: {z}, {x} and {y} stand for numbers
  'url-template': { problem: (v) => httpUrlProblem(v.replace(/\{[a-z]\}/g, '0')), normal: withoutTrailingSlash },
  'postgres-url': {
    problem: (v) => (/^postgres(ql)?:\/\//.test(v) ? null : 'must start with postgres:// or postgresql://'),
  },
  'smtp-url': {
    problem(value) {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        return 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465';
      }
      if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
        return `must start with smtp:// or smtps://, got "${parsed.protocol}//"`;
      return parsed.hostname ? null : 'must name a host';
    },
  },
  'mail-from': {
    problem(value) {
      const address = /<([^<>\s]+)>\s*$/.exec(value)?.[1] ?? value;
      return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) ? null : 'must be an e-mail address or "Name <address>"';
    },
  },
  'trust-proxy': {
    problem(value) {
      if (/^(false|0|no|true|yes|\d+)$/i.test(value)) return null;
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return list.length > 0 && list.every((a) => PROXY_ADDRESS.test(a))
        ? null
        : 'must be false, true, a hop count or a comma-separated list of addresses';
    },
  },
  's3-bucket': {
    problem: (v) =>
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v)
        ? null
        : 'must name a bucket (3-63 lowercase letters, digits, dots, hyphens)',
  },
  's3-prefix': {
    problem: (v) =>
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(v) ? null : 'must be a folder-like prefix ending in "/"',
  },
  'signing-key': {
    problem: (v) =>
      v.length >= 32
        ? null
        : 'must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset to let the server make one',
  },
} satisfies Record<string, Format>;

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** One variable's value by its schema; throws ConfigError naming it. Unset or blank: the default (or undefined). */
function readVariable(name: string, schema: TSchema, raw: string | undefined): unknown {
  const value = raw?.trim() ?? '';
  if (value === '') return schema.default;
  const refuse = (must: string): never => {
    throw new ConfigError(`${name} ${must}${schema.secret ? '' : `, got "${value}"`}`);
  };
  if (KindGuard.IsInteger(schema)) {
    if (!/^\d+$/.test(value)) refuse('must be a whole number');
    const n = Number(value);
    const { minimum = 0, maximum = Number.MAX_SAFE_INTEGER } = schema;
    if (n < minimum || n > maximum) refuse(`must be between ${minimum} and ${maximum}`);
    return n;
  }
  if (KindGuard.IsBoolean(schema)) {
    const word = value.toLowerCase();
    return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : refuse('must be true or false');
  }
  if (KindGuard.IsUnion(schema)) {
    const choices = schema.anyOf.filter(KindGuard.IsLiteral).map((literal) => String(literal.const));
    return choices.find((choice) => choice === value.toLowerCase()) ?? refuse(`must be one of ${choices.join(', ')}`);
  }
  const format = FORMATS[schema.format as keyof typeof FORMATS] as Format | undefined;
  if (!format) return value;
  const problem = format.problem(value);
  if (problem) refuse(problem);
  return format.normal ? format.normal(value) : value;
}

/** Reads every variable of ENVIRONMENT from `source` (process.env), checked and with the defaults applied. */
export function readEnvironment(source: Record<string, string | undefined>): Environment {
  return Object.fromEntries(
    Object.entries(ENVIRONMENT.properties).map(([name, schema]) => [name, readVariable(name, schema, source[name])]),
  ) as Environment;
}
