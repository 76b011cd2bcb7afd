// Shared by scripts/backup.mjs, scripts/restore.mjs and scripts/backup-check.mjs (docs/operations.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The settings the server reads, from the environment (and .env), with the server's defaults. */
export function settings(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  return {
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR?.trim() || path.join(dataDir, 'media')),
    databaseUrl: env.DATABASE_URL?.trim() || null,
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Takes the server's DATA_DIR lock (server.lock), so no server opens the embedded database while
 * it is copied or replaced. Refuses while a live server holds it. Returns the release function.
 */
export function lockDataDir(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  if (fs.existsSync(lockPath)) {
    const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by a running Pawtal server (pid ${holder}): stop it first (the embedded database is copied with the server stopped).`,
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  return () => fs.rmSync(lockPath, { force: true });
}

export function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });
}

export function argValue(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
