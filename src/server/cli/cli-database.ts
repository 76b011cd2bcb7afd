import type { Config } from '#server/config';
import { openDatabase } from '#server/db/client';
import type { Db } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock';

/** A command-line tool's refusal: its message is printed as it is, and the tool exits with 1. */
export class CliError extends Error {}

/**
 * Runs `work` on the configured database as the server's start prepares it (migrations; on an empty database the
 * demo data unless SEED_DEMO_DATA=false). The embedded PGlite database allows one process: its data directory is
 * locked for the run, so a running server refuses the tool with a message (with DATABASE_URL the server may run).
 */
export async function withCliDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new CliError(
          `The embedded database in ${config.dataDir} is open in a running Pawtal server, and PGlite ` +
            `allows one process. ` +
            'Stop the server, run this command, then start the server again (with DATABASE_URL the server ' +
            'may keep running).',
        );
      }
      throw err;
    }
  }
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      if (config.seedDemoData) await seedIfEmpty(database.db, config);
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
