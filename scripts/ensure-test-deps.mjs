#!/usr/bin/env node
// Finds (or, as root with apt, installs) what the tests need beyond node_modules:
// the PostgreSQL server binaries and Debian's Chromium. Prints what it found.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const isRoot = process.getuid?.() === 0;
let aptUpdated = false;

function aptInstall(pkg) {
  if (!isRoot || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) return false;
  console.log(`[deps] installing ${pkg} with apt-get…`);
  if (!aptUpdated) {
    execSync('apt-get update -qq', { stdio: 'inherit' });
    aptUpdated = true;
  }
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, { stdio: 'inherit' });
  return true;
}

function pgBin() {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const dir = path.join(root, v, 'bin');
      if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (p && fs.existsSync(p)) return p;
  return null;
}

export function ensureTestDeps() {
  if (!pgBin()) aptInstall('postgresql postgresql-contrib');
  if (!chromiumPath()) aptInstall('chromium');
  const found = { pg: pgBin(), chromium: chromiumPath() };
  console.log(`[deps] PostgreSQL binaries: ${found.pg ?? 'NOT FOUND'}; Chromium: ${found.chromium ?? 'NOT FOUND'}`);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureTestDeps();
