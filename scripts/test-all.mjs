#!/usr/bin/env node
// `npm test`: lint, types, locales and the build side by side, then unit tests, API tests on PGlite and PostgreSQL,
// load tests and browser tests.
import { spawn } from 'node:child_process';
import { ensureTestDeps } from './ensure-test-deps.mjs';

const deps = ensureTestDeps();
if (process.env.CI === 'true' && (!deps.pg || !deps.chromium)) {
  console.error('CI needs the PostgreSQL server binaries and Chromium; they could not be found or installed.');
  process.exit(1);
}

// Phases run one after another; the steps of a phase run at the same time. Lint, the type check and the locale check
// each keep one core busy, so on two cores they share a phase, with the build that only the browser tests need (docs/
// decisions/0194). The unit, API and browser tests use both cores each; the load tests measure time, so they run alone.
const phases = [
  [
    ['lint', 'npm', ['run', 'lint']],
    ['types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['locales', 'node', ['scripts/check-locales.mjs']],
    ['build', 'npm', ['run', 'build']],
  ],
  [['unit', 'npx', ['vitest', 'run', '--project', 'unit']]],
  [['api', 'npx', ['vitest', 'run', '--project', 'api']]],
  // 10 s of mixed traffic at 100 connections with concurrent visit saves (the full run: npm run test:load), on
  // PGlite and on a throwaway PostgreSQL (where reads and saves run in parallel: issue 35).
  [['load', 'npx', ['tsx', 'tests/load/run.ts', '--short']]],
  [['load on PostgreSQL', 'npx', ['tsx', 'tests/load/run.ts', '--short', '--postgres']]],
  // the JavaScript each route loads before it renders, against its budget (tests/bench/bundle.ts; the build is phase one's)
  [['bundle budget', 'npx', ['tsx', 'tests/bench/bundle-budget.ts']]],
  [['e2e', 'node', ['scripts/e2e.mjs']]],
];

/**
 * Runs one step; resolves to its exit code and its last lines. Its output is shown as it comes, or, when `buffered`
 * (steps running side by side), all at once when it ends, so that the outputs of a phase do not interleave.
 */
function runStep(cmd, args, buffered) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: [buffered ? 'ignore' : 'inherit', 'pipe', 'pipe'], env: process.env });
    let tail = '';
    const chunks = [];
    const keep = (chunk, out) => {
      if (buffered) chunks.push([chunk, out]);
      else out.write(chunk);
      tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
    };
    const end = (code) => {
      for (const [chunk, out] of chunks) out.write(chunk);
      resolve({ code, tail });
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (err) => {
      tail = String(err);
      end(1);
    });
    child.on('close', (code) => end(code ?? 1));
  });
}

// A failed step's last lines are repeated after the summary: a long run's log is often seen only by its end.
const TAIL_CHARS = 4000;
const results = [];
const failures = [];
for (const steps of phases) {
  const buffered = steps.length > 1;
  await Promise.all(
    steps.map(async ([name, cmd, args]) => {
      const started = Date.now();
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}${buffered ? ' (its output when it ends)' : ''}`);
      const { code, tail } = await runStep(cmd, args, buffered);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (buffered) console.log(`=== ${name} ended (${seconds} s)`);
      results.push(`${ok ? 'PASS' : 'FAIL'} ${name} (${seconds} s)`);
      if (!ok) failures.push({ name, tail });
    }),
  );
}
for (const { name, tail } of failures) console.log(`\n=== the end of ${name}'s output\n${tail}`);
console.log('\n=== summary');
for (const line of results) console.log(line);
console.log(`${results.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
