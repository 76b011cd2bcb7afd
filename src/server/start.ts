import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#server/app';
import type { Config } from '#server/config';
import { openDatabase, type Database } from '#server/db/client';
import { lockDataDir } from '#server/db/data-dir-lock';
import { seedIfEmpty } from '#server/db/seed/index';
import { ensureDemoMedia } from '#server/media/demo-images';
import { warmUpPages } from '#server/pages/warm-pages';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/**
 * Opens (and locks) the database, migrates, seeds, builds the app. Used by main.ts and tests. `warmUp`: renders the
 * warm-up pages before answering (src/server/pages/warm-pages.ts), as a process that is about to listen does.
 * `pgliteSnapshot`: with DATA_DIR "memory://", the dump the embedded database starts from (tests).
 */
export async function createServer(
  config: Config,
  {
    warmUp = false,
    pgliteSnapshot,
    ...opts
  }: Omit<BuildAppOptions, 'config' | 'database'> & { warmUp?: boolean; pgliteSnapshot?: Blob } = {},
): Promise<RunningServer> {
  const release = config.databaseUrl || config.dataDir.startsWith('memory://') ? () => {} : lockDataDir(config.dataDir);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      pgliteSnapshot,
    });
    if (config.seedDemoData) {
      await seedIfEmpty(database.db, config);
      // the database may be a copy seeded elsewhere: the demo images must exist in this media dir
      await ensureDemoMedia(config.mediaDir);
    }
  } catch (err) {
    release();
    throw err;
  }
  const app = await buildApp({ ...opts, config, database });
  if (warmUp) {
    const ms = await warmUpPages(app);
    if (ms > 0) app.log.info({ ms: Math.round(ms) }, 'warm-up pages rendered');
  }
  let stopped = false;
  return {
    app,
    database,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
      release();
    },
  };
}
