// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '#server/config';
import type { Database, Db } from '#server/db/client';
import { changeFeedPlugin } from '#server/cache/change-feed';
import { cachesPlugin } from '#server/cache/public-cache';
import { sessionCachePlugin } from '#server/auth/session-cache';

/** An app with the cache plugins over a stand-in PGlite database (the plugins never query it). */
async function appOn(database: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', {
    databaseUrl: null,
    pageCacheBytes: 1024 * 1024,
    readCacheEntries: 2000,
  } as unknown as Config);
  app.decorate('database', database);
  await app.register(changeFeedPlugin);
  await app.register(cachesPlugin);
  await app.register(sessionCachePlugin);
  await app.ready();
  return app;
}

const pglite = (): Database => ({ db: {} as Db, kind: 'pglite', close: async () => {} });

describe('cache plugins', () => {
  const opened: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  it('refuse to start without the change feed they depend on', async () => {
    const app = Fastify({ logger: false });
    const start = async () => {
      await app.register(cachesPlugin);
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/dependency 'change-feed' of plugin 'caches'/);
  });

  it('share one change feed per database: a write published by one app clears the caches of the other', async () => {
    const database = pglite();
    const [a, b] = [await appOn(database), await appOn(database)];
    opened.push(a, b);
    expect(a.changeFeed).toBe(b.changeFeed);
    let loads = 0;
    const load = async () => ++loads;
    await b.publicCache.get('pet', load, ['pet:1']);
    await b.pageCache.get('page', async () => ({ bytes: ++loads }), ['pet:1']);
    await a.changeFeed.publish(['pet:1']);
    expect(b.publicCache.size).toBe(0);
    expect(b.pageCache.size).toBe(0);
  });

  it('stop listening when their app closes', async () => {
    const database = pglite();
    const [a, b] = [await appOn(database), await appOn(database)];
    opened.push(b);
    await a.publicCache.get('pet', async () => 1, ['pet:1']);
    await a.close();
    await b.changeFeed.publish(['pet:1']);
    expect(a.publicCache.size).toBe(1);
  });
});
