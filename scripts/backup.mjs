#!/usr/bin/env node
// Backs up Pawtal's database and uploaded images into one .tar.gz (docs/operations.md).
//   node scripts/backup.mjs [--out backups/pawtal-<time>.tar.gz]
// Embedded database (no DATABASE_URL): a stop-the-world copy of DATA_DIR; the server must be
// stopped (the script takes its DATA_DIR lock). PostgreSQL (DATABASE_URL set): pg_dump in custom
// format, consistent while the server keeps running, plus a copy of MEDIA_DIR.
import 'dotenv/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { argValue, lockDataDir, run, settings } from './backup-lib.mjs';

const cfg = settings();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(argValue('--out') ?? path.join('backups', `pawtal-${stamp}.tar.gz`));
fs.mkdirSync(path.dirname(out), { recursive: true });
const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-backup-'));

try {
  const manifest = { kind: cfg.databaseUrl ? 'postgres' : 'pglite', createdAt: new Date().toISOString(), format: 1 };
  if (cfg.databaseUrl) {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      path.join(stage, 'database.dump'),
      '--dbname',
      cfg.databaseUrl,
    ]);
    if (fs.existsSync(cfg.mediaDir)) fs.cpSync(cfg.mediaDir, path.join(stage, 'media'), { recursive: true });
  } else {
    const release = lockDataDir(cfg.dataDir);
    try {
      fs.cpSync(cfg.dataDir, path.join(stage, 'data'), {
        recursive: true,
        filter: (src) => path.basename(src) !== 'server.lock',
      });
      const inside = path.relative(cfg.dataDir, cfg.mediaDir);
      if (inside.startsWith('..') && fs.existsSync(cfg.mediaDir))
        fs.cpSync(cfg.mediaDir, path.join(stage, 'media'), { recursive: true });
    } finally {
      release();
    }
  }
  fs.writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  run('tar', ['-czf', out, '-C', stage, '.']);
  console.log(`backup written: ${out} (${manifest.kind}, ${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MiB)`);
} catch (err) {
  console.error(`backup failed: ${err.stderr?.toString().trim() || err.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
