#!/usr/bin/env node
// Restores a backup made by scripts/backup.mjs (docs/operations.md).
//   node scripts/restore.mjs <backup.tar.gz> [--force]
// Embedded database: DATA_DIR must be empty or missing (or --force, which replaces it); the server
// must be stopped. PostgreSQL: pg_restore --clean into DATABASE_URL (stop the servers first), and
// MEDIA_DIR is replaced by the backup's images.
import 'dotenv/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir, run, settings } from './backup-lib.mjs';

const archive = process.argv[2];
const force = process.argv.includes('--force');
if (!archive || !fs.existsSync(archive)) {
  console.error('usage: node scripts/restore.mjs <backup.tar.gz> [--force]');
  process.exit(2);
}
const cfg = settings();
const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-restore-'));

try {
  run('tar', ['-xzf', path.resolve(archive), '-C', stage]);
  const manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8'));
  const expected = cfg.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== expected)
    throw new Error(`the backup holds a ${manifest.kind} database but this configuration uses ${expected}`);
  if (manifest.kind === 'postgres') {
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--dbname',
      cfg.databaseUrl,
      path.join(stage, 'database.dump'),
    ]);
    fs.rmSync(cfg.mediaDir, { recursive: true, force: true });
    if (fs.existsSync(path.join(stage, 'media')))
      fs.cpSync(path.join(stage, 'media'), cfg.mediaDir, { recursive: true });
  } else {
    const present = fs.existsSync(cfg.dataDir) ? fs.readdirSync(cfg.dataDir).filter((f) => f !== 'server.lock') : [];
    if (present.length && !force)
      throw new Error(
        `DATA_DIR ${cfg.dataDir} is not empty: restore into an empty directory, or pass --force to replace it`,
      );
    const release = lockDataDir(cfg.dataDir);
    try {
      for (const f of present) fs.rmSync(path.join(cfg.dataDir, f), { recursive: true, force: true });
      fs.cpSync(path.join(stage, 'data'), cfg.dataDir, { recursive: true });
      if (fs.existsSync(path.join(stage, 'media'))) {
        fs.rmSync(cfg.mediaDir, { recursive: true, force: true });
        fs.cpSync(path.join(stage, 'media'), cfg.mediaDir, { recursive: true });
      }
    } finally {
      release();
    }
  }
  console.log(`restored ${manifest.kind} backup of ${manifest.createdAt}`);
} catch (err) {
  console.error(`restore failed: ${err.stderr?.toString().trim() || err.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
