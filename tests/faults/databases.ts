import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

const PG_TEMPLATE_DB = 'pawtal_template';

/** A fresh DATA_DIR holding a copy of the seeded demo PGlite database (global-setup's template). */
export function freshDataDir(label: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pawtal-${label}-`));
  fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function pgAvailable(): boolean {
  return inject('pgUnavailable') === '';
}

/** A fresh copy of the seeded demo database on the shared test PostgreSQL cluster. */
export async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('pgBaseUrl');
  const name = `f_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${name}`,
    async drop() {
      const a = new pg.Client({ connectionString: `${base}/postgres` });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
