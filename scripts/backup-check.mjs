#!/usr/bin/env node
// Proves a backup restores what it saved: fingerprints the database (row count of every table and
// an md5 of the key tables' rows) and the media files, backs up, WIPES the data, restores, and
// compares. Uses the same settings as the server (DATA_DIR or DATABASE_URL, MEDIA_DIR).
// Run it on a copy, never on production data:  DATA_DIR=/tmp/copy node scripts/backup-check.mjs
import 'dotenv/config';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir, settings } from './backup-lib.mjs';

const KEY_TABLES = [
  'pet_profiles',
  'providers',
  'clinics',
  'clinic_users',
  'clinic_patients',
  'vet_visits',
  'wellness_records',
  'sessions',
  'lost_pet_details',
];
const cfg = settings();

async function withQuery(fn) {
  if (cfg.databaseUrl) {
    const client = new pg.Client({ connectionString: cfg.databaseUrl });
    await client.connect();
    try {
      return await fn(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const release = lockDataDir(cfg.dataDir);
  const db = await PGlite.create(path.join(cfg.dataDir, 'pglite'));
  try {
    return await fn(async (sql) => (await db.query(sql)).rows);
  } finally {
    await db.close();
    release();
  }
}

function mediaDigest() {
  if (!fs.existsSync(cfg.mediaDir)) return 'none';
  const hash = crypto.createHash('sha256');
  const files = fs
    .readdirSync(cfg.mediaDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const f of files) hash.update(path.relative(cfg.mediaDir, f)).update(fs.readFileSync(f));
  return `${files.length} files ${hash.digest('hex').slice(0, 16)}`;
}

async function fingerprint() {
  return withQuery(async (q) => {
    const tables = (
      await q(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    ).map((r) => r.table_name);
    const result = { tables: {}, checksums: {}, media: mediaDigest() };
    for (const t of tables) result.tables[t] = Number((await q(`SELECT count(*)::int AS n FROM "${t}"`))[0].n);
    for (const t of KEY_TABLES.filter((k) => tables.includes(k))) {
      result.checksums[t] = (
        await q(
          `SELECT md5(coalesce(string_agg(x.r, '|' ORDER BY x.r), '')) AS h FROM (SELECT t::text AS r FROM "${t}" t) x`,
        )
      )[0].h;
    }
    return result;
  });
}

async function wipe() {
  if (cfg.databaseUrl) {
    const client = new pg.Client({ connectionString: cfg.databaseUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
  } else {
    fs.rmSync(cfg.dataDir, { recursive: true, force: true });
  }
  fs.rmSync(cfg.mediaDir, { recursive: true, force: true });
}

function script(name, args) {
  const r = spawnSync(process.execPath, [path.join(import.meta.dirname, name), ...args], {
    encoding: 'utf8',
    env: process.env,
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr.trim()}`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-backup-check-'));
try {
  const before = await fingerprint();
  const rows = Object.values(before.tables).reduce((a, b) => a + b, 0);
  if (rows === 0) throw new Error('the database is empty: nothing to prove');
  const archive = path.join(work, 'backup.tar.gz');
  script('backup.mjs', ['--out', archive]);
  await wipe();
  const wiped = cfg.databaseUrl ? (await fingerprint()).tables : fs.existsSync(cfg.dataDir) ? 'present' : {};
  if (Object.keys(wiped).length) throw new Error('the wipe left data behind');
  script('restore.mjs', [archive]);
  const after = await fingerprint();
  const a = JSON.stringify(before);
  const b = JSON.stringify(after);
  if (a !== b) {
    console.error(`MISMATCH after restore\nbefore: ${a}\nafter:  ${b}`);
    process.exitCode = 1;
  } else {
    console.log(
      `backup-check OK: ${Object.keys(before.tables).length} tables, ${rows} rows, checksums of ${Object.keys(before.checksums).join(', ')} and media (${before.media}) equal after backup, wipe and restore`,
    );
  }
} catch (err) {
  console.error(`backup-check failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
