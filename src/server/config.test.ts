import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';
import { ENVIRONMENT } from '#server/config-schema';

const base = { DATA_DIR: 'memory://', LOG_LEVEL: 'silent' };

describe('configuration of issue 14 (media store, pools, processes, HTTP caching)', () => {
  it('defaults: local media, 10 connections, one process per core, 5 s shared caching', () => {
    const c = loadConfig(base);
    expect(c.mediaStore).toEqual({ kind: 'local' });
    expect(c.databasePoolSize).toBe(10);
    expect(c.workers).toBe(0);
    expect([c.httpSharedMaxAge, c.httpStaleWhileRevalidate]).toEqual([5, 30]);
    expect(c.pageCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ...base, PAGE_CACHE_MB: '256' }).pageCacheBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ ...base, PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0);
    expect(c.readCacheEntries).toBe(2000);
    expect(loadConfig({ ...base, READ_CACHE_ENTRIES: '0' }).readCacheEntries).toBe(0);
  });

  it('MEDIA_STORE=s3 reads the bucket, endpoint, region, credentials and prefix', () => {
    const c = loadConfig({
      ...base,
      MEDIA_STORE: 's3',
      S3_BUCKET: 'pawtal-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'pawtal/',
    });
    expect(c.mediaStore).toEqual({
      kind: 's3',
      bucket: 'pawtal-media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'pawtal/',
    });
    expect(
      loadConfig({ ...base, MEDIA_STORE: 's3', S3_BUCKET: 'b-on-aws', S3_REGION: 'eu-west-1' }).mediaStore,
    ).toMatchObject({ endpoint: null, credentials: null, forcePathStyle: false, region: 'eu-west-1' });
  });

  it.each([
    [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE/],
    [{ MEDIA_STORE: 's3' }, /S3_BUCKET/],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET/],
    [
      { MEDIA_STORE: 's3', S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'only-id' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    ],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'ok-bucket', S3_PREFIX: 'no-slash' }, /S3_PREFIX/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ WEB_CONCURRENCY: 'many' }, /WEB_CONCURRENCY/],
    [{ HTTP_SHARED_MAX_AGE: '-1' }, /HTTP_SHARED_MAX_AGE/],
    [{ PAGE_CACHE_MB: '64MB' }, /PAGE_CACHE_MB must be a whole number/],
    [{ PAGE_CACHE_MB: '100000' }, /PAGE_CACHE_MB must be between 0 and 65536/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('configuration of issue 20 (restore window, purge, picture links)', () => {
  it('defaults: 30 days to restore, an hourly purge, hour-long links, a key the server makes', () => {
    const c = loadConfig(base);
    expect([c.deletedRetentionDays, c.purgeIntervalMinutes, c.mediaLinkTtlMinutes, c.mediaLinkSecret]).toEqual([
      30,
      60,
      60,
      null,
    ]);
  });

  it('takes a key of at least 32 characters and refuses a shorter one, naming the variable', () => {
    expect(loadConfig({ ...base, MEDIA_LINK_SECRET: 'k'.repeat(32) }).mediaLinkSecret).toBe('k'.repeat(32));
    expect(() => loadConfig({ ...base, MEDIA_LINK_SECRET: 'short' })).toThrow(/MEDIA_LINK_SECRET/);
    expect(() => loadConfig({ ...base, DELETED_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MEDIA_LINK_TTL_MINUTES: 'an hour' })).toThrow(/MEDIA_LINK_TTL_MINUTES/);
  });
});

describe('.env.example', () => {
  // Each variable stands on a line of its own, set or commented out: `NAME=value` or `# NAME=value`.
  const documented = new Map(
    [
      ...fs
        .readFileSync(path.join(process.cwd(), '.env.example'), 'utf8')
        .matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm),
    ].map(([, name, value]) => [name, value]),
  );

  it('documents every variable the server reads, and none that it does not', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(ENVIRONMENT.properties).sort());
  });

  it('shows each variable that has a fixed default with that default', () => {
    for (const [name, schema] of Object.entries(ENVIRONMENT.properties)) {
      if (schema.default !== undefined) expect(`${name}=${documented.get(name)}`).toBe(`${name}=${schema.default}`);
    }
  });
});
