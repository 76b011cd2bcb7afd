/**
 * Lighthouse (mobile settings: the default config's Moto G Power emulation and simulated slow 4G)
 * on the served production build, driving Debian's Chromium headless. Port 3870. Each page runs
 * LIGHTHOUSE_RUNS times and the median run (by performance score) is reported, with every run's score.
 * LIGHTHOUSE_ONLY=/Dashboard (paths, comma-separated) limits the run to those pages; the port is
 * BENCH_PORT_BASE+4 when that is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';

export const LIGHTHOUSE_PAGES = [
  { name: 'home', path: '/', isPublic: true },
  { name: 'adoption', path: '/adopt', isPublic: true },
  { name: 'sitters', path: '/sitters', isPublic: true },
  { name: 'pet profile (lost)', path: '/Pets/Details?publicId=DEMO0002', isPublic: true },
  { name: 'portal login (/Dashboard)', path: '/Dashboard', isPublic: false },
] as const;

export const LIGHTHOUSE_TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof LIGHTHOUSE_TARGET;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGET) as Category[];

export interface LighthouseRow {
  page: string;
  path: string;
  scores: Record<Category, number | null>;
  metrics: { fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** audits that lost points, for the owners of the page */
  failing: string[];
  meetsTarget: boolean | null;
  /** the performance score of every run (the row is the median run) */
  performanceRuns: (number | null)[];
  /** why a run gave no performance score (Lighthouse's runtime or metric error) */
  errors: string[];
}

/** Lighthouse's own advice: scores vary from run to run, so each page runs this often and the median counts. */
export const LIGHTHOUSE_RUNS = 3;

/** The median run by performance score; a run without a score ranks lowest. */
function medianRun<T extends { scores: { performance: number | null } }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor(sorted.length / 2)];
}

function chromiumPath(): string {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (p && fs.existsSync(p)) return p;
  throw new Error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
}

export async function runLighthouse(opts: { log?: (l: string) => void } = {}): Promise<LighthouseRow[]> {
  const log = opts.log ?? ((l: string) => console.log(l));
  if (!fs.existsSync('dist/client/index.html'))
    throw new Error('dist/client is missing: the bench builds it first (npx vite build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-lighthouse-'));
  let server: ServerProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const rows: LighthouseRow[] = [];
  try {
    server = await spawnServer({
      port: Number(process.env.BENCH_PORT_BASE) ? Number(process.env.BENCH_PORT_BASE) + 4 : 3870,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      readyTimeoutMs: 180_000,
    });
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    const only = (process.env.LIGHTHOUSE_ONLY ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const page of LIGHTHOUSE_PAGES.filter((p) => only.length === 0 || only.includes(p.path))) {
      const runs: LighthouseRow[] = [];
      const errors: string[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(`${server.base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
        const { lhr } = result;
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [
            c,
            lhr.categories[c]?.score == null ? null : Math.round((lhr.categories[c].score as number) * 100),
          ]),
        ) as Record<Category, number | null>;
        const num = (id: string) =>
          typeof lhr.audits[id]?.numericValue === 'number' ? Math.round(lhr.audits[id].numericValue as number) : null;
        const failing = CATEGORIES.flatMap((c) =>
          (lhr.categories[c]?.auditRefs ?? [])
            .filter(
              (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
            )
            .map((ref) => `${c}: ${ref.id}`),
        );
        if (scores.performance === null) {
          const metricError = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
            .map((id) => lhr.audits[id]?.errorMessage)
            .find(Boolean);
          errors.push(lhr.runtimeError?.message ?? metricError ?? 'no performance score');
        }
        runs.push({
          page: page.name,
          path: page.path,
          scores,
          metrics: {
            fcpMs: num('first-contentful-paint'),
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
          },
          failing,
          meetsTarget: page.isPublic ? CATEGORIES.every((c) => (scores[c] ?? 0) >= LIGHTHOUSE_TARGET[c]) : null,
          performanceRuns: [],
          errors: [],
        });
      }
      const row: LighthouseRow = { ...medianRun(runs), performanceRuns: runs.map((r) => r.scores.performance), errors };
      const scores = row.scores;
      rows.push(row);
      const m = row.metrics;
      log(
        `  ${page.name.padEnd(28)} perf ${scores.performance} (runs ${row.performanceRuns.join('/')}) a11y ${scores.accessibility} bp ${scores['best-practices']} seo ${scores.seo}  FCP ${m.fcpMs} LCP ${m.lcpMs} TBT ${m.tbtMs} ms CLS ${m.cls?.toFixed(3)}${row.meetsTarget === false ? '  (target missed)' : ''}${errors.length ? `  errors: ${errors.join('; ')}` : ''}`,
      );
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
