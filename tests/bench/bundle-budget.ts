/**
 * `npm test`'s bundle step (after the build): the JavaScript each route loads before it renders, gzipped, against its
 * budget (tests/bench/bundle.ts). Exits 1 when a route is over, so a page that grows past its budget fails the run.
 */
import { measureBundles } from '#tests/bench/bundle';

const report = measureBundles();
for (const r of report.routes)
  console.log(
    `${r.route.padEnd(26)} JS ${String(r.jsKiB).padStart(6)} KiB  budget ${r.budgetKiB} KiB  ${r.withinBudget ? 'ok' : 'OVER'}`,
  );
if (!report.allWithinBudget) {
  console.error('A route loads more JavaScript than its budget (docs/performance.md, the bundle row).');
  process.exit(1);
}
