import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';

export type BenchDatabase = 'pglite' | 'postgres';

/** The benches' many connections all come from 127.0.0.1: no cap per address on them (docs/decisions/0092). */
const MANY_CLIENTS_ONE_ADDRESS = { LOG_LEVEL: 'warn', MAX_CONNECTIONS_PER_ADDRESS: '0' };

/**
 * Starts a seeded server on PGlite (a fresh DATA_DIR), runs `measure` against it, then the same on a
 * throwaway PostgreSQL cluster. Returns why the PostgreSQL run was skipped, or null.
 */
export async function onBothDatabases(
  ports: { pglite: number; postgres: number },
  log: (line: string) => void,
  measure: (database: BenchDatabase, server: ServerProcess) => Promise<void>,
  /** more settings of the servers */
  env: Record<string, string> = {},
): Promise<string | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pglite-'));
  let server: ServerProcess | null = null;
  try {
    server = await spawnServer({
      port: ports.pglite,
      env: { DATA_DIR: dataDir, ...MANY_CLIENTS_ONE_ADDRESS, ...env },
      readyTimeoutMs: 180_000,
    });
    await measure('pglite', server);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  let postgresSkipped: string | null = null;
  let cluster: PgCluster | null = null;
  server = null;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pg-'));
  try {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE pawtal_bench');
    await admin.end();
    server = await spawnServer({
      port: ports.postgres,
      env: { DATA_DIR: pgDataDir, DATABASE_URL: cluster.url('pawtal_bench'), ...MANY_CLIENTS_ONE_ADDRESS, ...env },
      readyTimeoutMs: 180_000,
    });
    await measure('postgres', server);
  } catch (err) {
    postgresSkipped = `PostgreSQL run skipped: ${err instanceof Error ? err.message : String(err)}`;
    log(postgresSkipped);
  } finally {
    await server?.stop();
    if (cluster) {
      cluster.stop();
      removeClusterFiles(cluster);
    }
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
  return postgresSkipped;
}
