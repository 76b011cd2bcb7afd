#!/usr/bin/env node
// `npm test`: lint, types, unit tests, API tests on PGlite and PostgreSQL, build, browser tests.
import { spawn } from 'node:child_process';
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
  // the JavaScript each route loads before it renders, against its budget (tests/bench/bundle.ts)
  ['bundle budget', 'npx', ['tsx', 'tests/bench/bundle-budget.ts']],
  ['e2e', 'node', ['scripts/e2e.mjs']],
];

/** Runs one step with its output shown as it comes; resolves to its exit code and its last lines. */
function runStep(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    let tail = '';
    const keep = (chunk, out) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (err) => resolve({ code: 1, tail: String(err) }));
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

// A failed step's last lines are repeated after the summary: a long run's log is often seen only by its end.
const TAIL_CHARS = 4000;
const results = [];
const failures = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const { code, tail } = await runStep(cmd, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = code === 0;
  results.push(`${ok ? 'PASS' : 'FAIL'} ${name} (${seconds} s)`);
  if (!ok) failures.push({ name, tail });
}
for (const { name, tail } of failures) console.log(`\n=== the end of ${name}'s output\n${tail}`);
console.log('\n=== summary');
for (const line of results) console.log(line);
console.log(`${results.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
