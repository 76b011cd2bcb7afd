import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '#server/db/schema';

type Schema = typeof schema;
/** One type for both drivers: route code never knows which database it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Marks a connection as the app's: the change-notice triggers (migration 0032, docs/decisions/0093)
 * skip its writes, since the app publishes what it changes itself. Other writers (the mobile app's
 * back end, psql) are not marked, so their writes reach every process's caches through the triggers.
 */
const MARK_APP_CONNECTION = "select set_config('pawtal.origin', 'app', false)";

import { releaseConnectionsOfFailedTransactions } from '#server/db/pg-transactions';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir`
 * ("memory://" keeps it in memory, for tests). Migrations are applied before it is returned.
 * `pgliteSnapshot`: a PGlite dump (dumpDataDir) an in-memory database starts from, so a test file gets a seeded
 * database without copying (and afterwards deleting) a data directory on disk (docs/decisions/0194).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // Queued before any query of the new connection (a client runs its queries in order). A connection lost while
    // checked out fails its query; its 'error' event must not crash the process either.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      void client.query(MARK_APP_CONNECTION).catch(() => {});
    });
    releaseConnectionsOfFailedTransactions();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  const pgliteDir = inMemory ? opts.dataDir : path.join(opts.dataDir, 'pglite');
  if (!inMemory) fs.mkdirSync(pgliteDir, { recursive: true });
  // The extensions migrations 0001, 0011 and 0035 create (trigram search, docs/decisions/0041;
  // distance search, docs/decisions/0070; accent folding, docs/decisions/0110) must be loaded on
  // every open: PGlite bundles contrib modules but only loads those passed here.
  const extensions = { pg_trgm, btree_gin, btree_gist, cube, unaccent };
  const client = await PGlite.create(
    pgliteDir,
    inMemory && opts.pgliteSnapshot ? { extensions, loadDataDir: opts.pgliteSnapshot } : { extensions },
  );
  await client.exec(MARK_APP_CONNECTION);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Runs SELECT 1: resolves when the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
