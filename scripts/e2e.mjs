#!/usr/bin/env node
// Browser tests: Playwright drives Debian's Chromium against the real server (see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const specs = fs.existsSync('tests/e2e') ? fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts')) : [];
if (specs.length === 0) {
  console.log('no browser specs yet');
  process.exit(0);
}
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
