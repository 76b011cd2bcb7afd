#!/usr/bin/env tsx
/**
 * `npm run bench [-- --only bundle,lighthouse,api,pages,scale,attack] [-- --seconds 5] [-- --calls "near me"]`
 * (--calls: scale calls by name)
 *
 * One report, printed and written to bench-results/bench-<time>.json:
 *   bundle      JS and CSS (gzipped) each route loads, against the budgets (needs `npx vite build`; run here)
 *   lighthouse  mobile Lighthouse scores of the public pages and the portal login
 *   api         throughput and p99 of public and portal calls beside a constant route, PGlite and PostgreSQL
 *   pages       cold pages: every provider page and listed pet profile in en/es/ar rendered for the first time,
 *               req/s and p99 from 10 connections, and the ratio to the same pages cached; one and two processes
 *   portal-ui   time from pressing Login to the first rendered visit list (Chromium, production build)
 *   scale       latency of listings, search, profile and reminders on a PostgreSQL with millions of rows
 *               against the demo-sized database, with EXPLAIN of each main query (takes minutes)
 *   attack      login and lookup bursts from one address, image bombs, slow clients (issue 19)
 *   import      10,000 patients from a CSV into the embedded database: dry run, import, undo, server memory
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureBundles } from '#tests/bench/bundle';
import { runLighthouse } from '#tests/bench/lighthouse';
import { runPublicApiBench } from '#tests/bench/api-public';
import { runPortalApiBench } from '#tests/bench/api-portal';
import { runScaleBench } from '#tests/bench/scale';
import { runPortalUiBench } from '#tests/bench/portal-ui';
import { runAttackBench } from '#tests/bench/attack';
import { runPagesBench } from '#tests/bench/pages-cold';
import { runImportBench } from '#tests/bench/import';

const PARTS = ['bundle', 'lighthouse', 'api', 'pages', 'scale', 'portal-ui', 'attack', 'import'] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: { only: { type: 'string' }, seconds: { type: 'string', default: '5' }, calls: { type: 'string' } },
});
const only = (values.only ? values.only.split(',').map((s) => s.trim()) : [...PARTS]) as Part[];
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length) {
  console.error(`unknown part(s): ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
  process.exit(2);
}
const seconds = Number(values.seconds);
const log = (line: string) => console.log(line);

function build(): void {
  log('\n== building the client and the server renderer (npm run build)');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

async function main(): Promise<number> {
  const report: Record<string, unknown> = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    parts: only,
  };
  const missed: string[] = [];
  if (only.includes('bundle') || only.includes('lighthouse') || only.includes('portal-ui') || only.includes('pages'))
    build();

  if (only.includes('bundle')) {
    log('\n== bundle: JS and CSS per route, gzipped');
    const b = measureBundles();
    for (const r of b.routes)
      log(
        `  ${r.route.padEnd(26)} JS ${String(r.jsKiB).padStart(6)} KiB  CSS ${String(r.cssKiB).padStart(5)} KiB  budget ${r.budgetKiB} KiB  ${r.withinBudget ? 'ok' : 'OVER'}`,
      );
    for (const r of b.routes.filter((x) => !x.withinBudget))
      missed.push(`bundle ${r.route}: ${r.jsKiB} KiB > ${r.budgetKiB} KiB`);
    report.bundle = b;
  }
  if (only.includes('lighthouse')) {
    log('\n== lighthouse (mobile)');
    const rows = await runLighthouse({ log });
    for (const r of rows.filter((x) => x.meetsTarget === false))
      missed.push(`lighthouse ${r.page}: ${JSON.stringify(r.scores)} (${r.failing.join(', ')})`);
    report.lighthouse = rows;
  }
  if (only.includes('api')) {
    log('\n== api: public calls');
    const pub = await runPublicApiBench({ seconds, log });
    log('\n== api: portal calls');
    const portal = await runPortalApiBench({ seconds, log });
    log('\n  database  route                          req/s    p99   ratio  target');
    for (const r of portal.rows)
      log(
        `  ${r.database.padEnd(9)} ${r.name.padEnd(28)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p99Ms).padStart(5)} ms ${r.ratioToConstant.toFixed(3).padStart(6)}  ${r.meetsTarget === null ? '' : r.meetsTarget ? 'met' : 'MISSED'}`,
      );
    for (const r of [...pub.rows, ...portal.rows].filter((x) => x.meetsTarget === false))
      missed.push(
        `api ${r.database} ${r.name}: ${r.requestsPerSecond} req/s, ratio ${r.ratioToConstant}, p99 ${r.p99Ms} ms`,
      );
    report.api = { public: pub, portal };
  }
  if (only.includes('pages')) {
    log('\n== pages: cold (first render) against cached');
    const pages = await runPagesBench({ log });
    for (const r of pages.runs.filter((x) => x.meetsTarget === false))
      missed.push(`pages ${r.setup} cold: ${r.cold.requestsPerSecond} req/s, p99 ${r.cold.p99Ms} ms`);
    report.pages = pages;
  }
  if (only.includes('portal-ui')) {
    log('\n== portal UI: login to the first visit list');
    report.portalUi = await runPortalUiBench({ log });
  }
  if (only.includes('scale')) {
    log('\n== scale: PostgreSQL with millions of rows');
    const s = await runScaleBench({
      log,
      calls: values.calls
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    });
    for (const c of s.calls.filter((x) => !x.meetsTarget))
      missed.push(`scale ${c.call}: ${c.ratio}x slower at scale (on a cache miss ${c.onMiss?.ratio}x)`);
    if (s.longTail && !s.longTail.meetsTarget)
      missed.push(
        `scale long tail of pet profiles: p99 ${s.longTail.p99Ms} ms, ${JSON.stringify(s.longTail.statusCodes)}`,
      );
    for (const e of s.explains.filter((x) => x.seqScans.length))
      missed.push(`scale ${e.call}: Seq Scan on ${e.seqScans.join(', ')}`);
    for (const c of s.desk?.calls.filter((x) => !x.meetsTarget) ?? [])
      missed.push(`scale ${c.call}: ${c.ratio}x slower at scale`);
    for (const e of s.desk?.explains.filter((x) => x.seqScans.length) ?? [])
      missed.push(`scale ${e.call}: Seq Scan on ${e.seqScans.join(', ')}`);
    report.scale = s;
  }

  if (only.includes('attack')) {
    log('\n== attack: what one address can make the server do');
    const a = await runAttackBench({ log });
    for (const r of a.rows) {
      for (const b of r.loginBursts.filter((x) => x.passwordChecked > 5 || x.realLoginMs >= 2000))
        missed.push(`attack ${r.database} login burst: ${b.passwordChecked} checked, real login ${b.realLoginMs} ms`);
      if (r.lookupBurst && r.lookupBurst.answeredNotFound > 30)
        missed.push(`attack ${r.database} lookups: ${r.lookupBurst?.answeredNotFound} answered past a limit of 30`);
    }
    report.attack = a;
  }

  if (only.includes('import')) {
    log('\n== import: 10,000 patients from a CSV file (embedded database)');
    const i = await runImportBench({ log });
    if (!i.meetsTarget) missed.push(`import: ${i.importMs} ms for ${i.rows} rows`);
    report.import = i;
  }

  report.targetsMissed = missed;
  fs.mkdirSync('bench-results', { recursive: true });
  const file = path.join('bench-results', `bench-${String(report.generatedAt).replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`\n== targets missed: ${missed.length ? `\n  ${missed.join('\n  ')}` : 'none'}`);
  log(`written: ${file}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
