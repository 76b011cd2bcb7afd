import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';
import { testConfig } from '#tests/support/test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated and seeded PGlite directory that each test file copies */
    pgliteTemplateDir: string;
    /** the same database as a PGlite dump (dumpDataDir), which test servers load into memory */
    pgliteSnapshotFile: string;
    /** base URL of the throwaway PostgreSQL cluster (no database name), or '' when none */
    pgBaseUrl: string;
    /** why PostgreSQL tests cannot run (only outside CI) */
    pgUnavailable: string;
  }
}

export const PG_TEMPLATE_DB = 'pawtal_template';

let cluster: PgCluster | null = null;
let pgliteTemplateDir = '';
let pgliteSnapshotFile = '';

/** Dumps the seeded template: loading it into memory costs a file half the time of copying and deleting the folder. */
async function dumpTemplate(dir: string, file: string): Promise<void> {
  const client = await PGlite.create(path.join(dir, 'pglite'));
  try {
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Seeds a database; the demo images go to `mediaDir` (never into the repository). */
async function seedInto(databaseUrl: string | null, dataDir: string, mediaDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await seedIfEmpty(database.db, testConfig({ mediaDir }));
  } finally {
    await database.close();
  }
}

export async function setup(project: TestProject): Promise<void> {
  pgliteTemplateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-pglite-template-'));
  // PGlite keeps its files under <dir>/pglite; the images under <dir>/media are copied with it
  const templateMediaDir = path.join(pgliteTemplateDir, 'media');
  pgliteSnapshotFile = `${pgliteTemplateDir}.tar`;
  const pgliteSeeding = seedInto(null, pgliteTemplateDir, templateMediaDir).then(() =>
    dumpTemplate(pgliteTemplateDir, pgliteSnapshotFile),
  );

  let pgBaseUrl = '';
  let pgUnavailable = '';
  try {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    await seedInto(cluster.url(PG_TEMPLATE_DB), '', templateMediaDir);
    pgBaseUrl = cluster.url('').replace(/\/$/, '');
  } catch (err) {
    const reason = `PostgreSQL could not be started: ${err instanceof Error ? err.message : String(err)}`;
    if (process.env.CI === 'true')
      throw new Error(`${reason}. The API tests must run on PostgreSQL in CI.`, { cause: err });
    pgUnavailable = reason;
    console.warn(`\n*** ${reason}\n*** PostgreSQL API tests are skipped on this machine (they fail in CI).\n`);
  }
  await pgliteSeeding;

  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('pgliteSnapshotFile', pgliteSnapshotFile);
  project.provide('pgBaseUrl', pgBaseUrl);
  project.provide('pgUnavailable', pgUnavailable);
}

export async function teardown(): Promise<void> {
  if (cluster) {
    cluster.stop();
    removeClusterFiles(cluster);
  }
  if (pgliteTemplateDir) fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
  if (pgliteSnapshotFile) fs.rmSync(pgliteSnapshotFile, { force: true });
}
