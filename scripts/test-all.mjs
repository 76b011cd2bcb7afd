#!/usr/bin/env node
// `npm test`: lint, types, unit tests, API tests on PGlite and PostgreSQL, build, browser tests.
import { spawnSync } from 'node:child_process';
import { ensureTestDeps } from './ensure-test-deps.mjs';

const deps = ensureTestDeps();
if (process.env.CI === 'true' && (!deps.pg || !deps.chromium)) {
  console.error('CI needs the PostgreSQL server binaries and Chromium; they could not be found or installed.');
  process.exit(1);
}

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['locales', 'node', ['scripts/check-locales.mjs']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['api', 'npx', ['vitest', 'run', '--project', 'api']],
  // 10 s of mixed traffic at 100 connections with concurrent visit saves (the full run: npm run test:load), on
  // PGlite and on a throwaway PostgreSQL (where reads and saves run in parallel: issue 35).
  ['load', 'npx', ['tsx', 'tests/load/run.ts', '--short']],
  ['load on PostgreSQL', 'npx', ['tsx', 'tests/load/run.ts', '--short', '--postgres']],
  ['build', 'npm', ['run', 'build']],
  ['e2e', 'node', ['scripts/e2e.mjs']],
];

const results = [];
let failed = 0;
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = r.status === 0;
  results.push(`${ok ? 'PASS' : 'FAIL'} ${name} (${seconds} s)`);
  if (!ok) failed++;
}
console.log('\n=== summary');
for (const line of results) console.log(line);
const passed = results.filter((l) => l.startsWith('PASS')).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
