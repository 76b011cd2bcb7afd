/**
 * Cold pages (issue 24): server-rendered pages asked for the first time, against the same pages
 * answered from the page cache. The pages are every provider page and every listed pet profile
 * (adoption and lost, every pet type), in English, Spanish and Arabic (the measure; `--languages
 * en,fr,...` for others), each requested once in a shuffled order from 10 connections (gzip, as browsers ask): requests
 * per
 * second, p50 and p99. Then the same pages again (now kept by the page cache): the ratio of the two.
 *
 * Runs on one process on PGlite, one process on PostgreSQL, and two processes on PostgreSQL
 * (`npm run serve:cluster`, WEB_CONCURRENCY=2; the load generator shares the machine's cores).
 * With two processes each renders and keeps its own copy of a page, so the second round over the
 * same pages is only partly cached (docs/operations.md, "Several server processes").
 *
 *   npm run bench -- --only pages          (part of `npm run bench`)
 *   npx tsx tests/bench/pages-cold.ts [--databases pglite,postgres,cluster] [--languages en,es,ar]
 *
 * Needs `npm run build`. Ports PAGES_BENCH_PORT (default 3320) to +2. RENDER_THREADS and
 * PAGE_CACHE_MB, when set, are passed to the servers. Figures are printed and written to
 * bench-results/pages-cold.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { API } from '#shared/contract/paths';
import { LANGUAGES, type LanguageCode } from '#shared/languages';
import { petProfilePath } from '#shared/pet-profile-path';
import type { ProviderKind } from '#shared/constants';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';

export const COLD_TARGET_RPS = 100;
export const COLD_TARGET_P99_MS = 250;
const CONNECTIONS = 10;
/** how many pages, the first a new process serves, the "fresh" figure times */
const FRESH_PAGES = 40;
const PORT_BASE = Number(process.env.PAGES_BENCH_PORT) || 3320;
/** RENDER_THREADS and PAGE_CACHE_MB from the environment reach the servers the bench starts. */
const SERVER_ENV = Object.fromEntries(
  ['RENDER_THREADS', 'PAGE_CACHE_MB'].flatMap((name) =>
    process.env[name] ? [[name, process.env[name] as string]] : [],
  ),
);

export interface PageRequest {
  path: string;
  headers: Record<string, string>;
}

export interface DriveFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
  /** medians of the Server-Timing durations the rendered pages reported (data, render, ...) */
  serverTimingMedianMs: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Server-Timing "data;dur=3.2, render;dur=20.1" as { data: 3.2, render: 20.1 }. */
export function parseServerTiming(header: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of header?.split(',') ?? []) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (name && dur) out[name.trim()] = Number(dur.slice(4));
  }
  return out;
}

function get(
  agent: http.Agent,
  base: URL,
  job: PageRequest,
): Promise<{ status: number; timing: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { agent, host: base.hostname, port: base.port, path: job.path, headers: job.headers },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            timing: parseServerTiming(res.headers['server-timing'] as string | undefined),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${job.path}`)));
    req.on('error', reject);
  });
}

/** Each request once, in order, from `connections` keep-alive connections pulling from one queue. */
export async function drive(baseUrl: string, jobs: PageRequest[], connections = CONNECTIONS): Promise<DriveFigures> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const timings = new Map<string, number[]>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const t = performance.now();
        const { status, timing } = await get(agent, base, job).catch(() => ({
          status: 0,
          timing: {} as Record<string, number>,
        }));
        latencies.push(performance.now() - t);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        for (const [name, ms] of Object.entries(timing)) timings.set(name, [...(timings.get(name) ?? []), ms]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const serverTimingMedianMs: Record<string, number> = {};
  for (const [name, values] of timings)
    serverTimingMedianMs[name] = round(
      percentile(
        values.sort((a, b) => a - b),
        50,
      ),
    );
  return {
    requests: jobs.length,
    requestsPerSecond: Math.round(jobs.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
    statusCodes,
    serverTimingMedianMs,
  };
}

/** A fixed shuffle (the same order in every run), so runs compare. */
export function shuffled<T>(items: readonly T[], seed = 24): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function apiData<T>(base: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(base + pathAndQuery);
  const body = (await res.json()) as { result: number; data: T };
  if (body.result !== 1) throw new Error(`${pathAndQuery}: ${JSON.stringify(body)}`);
  return body.data;
}

const PROVIDER_LISTS: Record<ProviderKind, { list: string; page: string }> = {
  sitter: { list: API.petSitters, page: '/pet-sitter/' },
  trainer: { list: API.petTrainers, page: '/pet-trainer/' },
  walker: { list: API.petWalkers, page: '/pet-walker/' },
  groomer: { list: API.petGroomers, page: '/pet-groomer/' },
  vet: { list: API.vets, page: '/pet-vet/' },
};

/** Every provider page and every listed pet profile (the addresses the listing cards link to). */
export async function listedPages(base: string): Promise<string[]> {
  const pages: string[] = [];
  for (const { list, page } of Object.values(PROVIDER_LISTS)) {
    for (let offset = 1; ; offset++) {
      const data = await apiData<{ items: { ID: number }[] }>(base, `${list}?offset=${offset}&limit=4&CountryId=`);
      pages.push(...data.items.map((p) => `${page}${p.ID}`));
      if (data.items.length < 4) break;
    }
  }
  const types = await apiData<{ id: number }[]>(base, API.petTypes);
  for (const listing of ['adoption', 'lost'] as const) {
    for (const type of types) {
      for (let offset = 1; ; offset++) {
        const groups = await apiData<{ pets: { petId: number; publicId: string }[] }[]>(
          base,
          `${listing === 'adoption' ? API.petsForAdoption : API.lostPets}?petTypeId=${type.id}&offset=${offset}&limit=4&searchTerm=`,
        );
        const pets = groups.flatMap((g) => g.pets);
        // as the listing cards link (src/client/features/directory/pet-listing.tsx, petCardLink)
        pages.push(
          ...pets.map((p) =>
            listing === 'adoption'
              ? petProfilePath({ petProfileId: p.petId }, 'Adoption')
              : petProfilePath({ petProfileId: p.petId, publicId: p.publicId }, 'Lost'),
          ),
        );
        if (pets.length < 4) break;
      }
    }
  }
  return [...new Set(pages)];
}

/** The languages measured unless told: a left-to-right pair and the right-to-left one. */
const MEASURED_LANGUAGES: readonly LanguageCode[] = ['en', 'es', 'ar'];

/** Each page in each language (Accept-Language, as a first visit sends it), gzip as browsers ask. */
export function inEveryLanguage(
  paths: string[],
  languages: readonly LanguageCode[] = MEASURED_LANGUAGES,
): PageRequest[] {
  return paths.flatMap((p) =>
    languages.map((code) => ({ path: p, headers: { 'accept-language': code, 'accept-encoding': 'gzip' } })),
  );
}

/**
 * JIT and the listings warmed on pages outside the measured set, so the cold run times first renders, not a fresh
 * process.
 */
async function warmUp(base: string): Promise<void> {
  const warm = ['/', '/adopt', '/lost', '/sitters', '/vets', '/AnimalHouse', '/support'];
  await drive(base, inEveryLanguage(warm), 4);
}

/** CPU time (ms) a process and its children (cluster workers) have used, from /proc; 0 where there is none. */
function processTreeCpuMs(pid: number): number {
  const ticksPerMs = 100 / 1000; // USER_HZ: 100 on Linux
  let total = 0;
  const ids = [pid];
  try {
    const stats = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => {
        try {
          return fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        } catch {
          return '';
        }
      });
    const parsed = stats.filter(Boolean).map((s) => {
      const fields = s.slice(s.lastIndexOf(')') + 2).split(' ');
      return {
        pid: Number(s.slice(0, s.indexOf(' '))),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      };
    });
    for (let i = 0; i < ids.length; i++) for (const p of parsed) if (p.ppid === ids[i]) ids.push(p.pid);
    for (const p of parsed) if (ids.includes(p.pid)) total += p.ticks;
  } catch {
    return 0;
  }
  return total / ticksPerMs;
}

export interface PagesRun {
  setup: 'pglite' | 'postgres' | 'postgres, 2 processes';
  pages: number;
  /** the first FRESH_PAGES pages a new process serves (before any warm-up of the bench's own) */
  fresh: DriveFigures;
  cold: DriveFigures;
  cached: DriveFigures;
  /**
   * server CPU time per page (all its processes and threads), cold and cached: steadier than req/s on a busy machine
   */
  serverCpuMsPerPage: { cold: number; cached: number };
  /** cold req/s over cached req/s */
  coldToCached: number;
  meetsTarget: boolean | null;
}

async function measure(
  setup: PagesRun['setup'],
  server: ServerProcess,
  log: (line: string) => void,
  target: boolean,
  languages: readonly LanguageCode[],
): Promise<PagesRun> {
  const all = shuffled(inEveryLanguage(await listedPages(server.base), languages));
  // a new process's first pages (issue 35, item 7: p99 800-900 ms when the process warmed up on them), measured
  // apart and left out of the cold run
  const fresh = await drive(server.base, all.slice(0, FRESH_PAGES));
  const jobs = all.slice(FRESH_PAGES);
  await warmUp(server.base);
  const pid = server.child.pid ?? 0;
  const cpu0 = processTreeCpuMs(pid);
  const cold = await drive(server.base, jobs);
  const cpu1 = processTreeCpuMs(pid);
  const cached = await drive(server.base, shuffled(jobs, 7));
  const cpu2 = processTreeCpuMs(pid);
  const run: PagesRun = {
    setup,
    pages: jobs.length,
    fresh,
    cold,
    cached,
    serverCpuMsPerPage: { cold: round((cpu1 - cpu0) / jobs.length, 2), cached: round((cpu2 - cpu1) / jobs.length, 2) },
    coldToCached: round(cold.requestsPerSecond / (cached.requestsPerSecond || 1), 3),
    meetsTarget: target
      ? cold.requestsPerSecond >= COLD_TARGET_RPS &&
        cold.p99Ms <= COLD_TARGET_P99_MS &&
        (cold.statusCodes['200'] ?? 0) === jobs.length
      : null,
  };
  const line = (what: string, f: DriveFigures) =>
    `  ${setup.padEnd(22)} ${what.padEnd(7)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${String(f.p50Ms).padStart(6)} ms  p99 ${String(f.p99Ms).padStart(7)} ms  ${JSON.stringify(f.statusCodes)}  ${JSON.stringify(f.serverTimingMedianMs)}`;
  log(line('fresh', fresh));
  log(line('cold', cold));
  log(line('cached', cached));
  log(
    `  ${setup.padEnd(22)} ${jobs.length} pages; server CPU per page ${run.serverCpuMsPerPage.cold} ms cold, ${run.serverCpuMsPerPage.cached} ms cached; cold / cached ${run.coldToCached}${run.meetsTarget === null ? '' : run.meetsTarget ? '  target met' : '  target MISSED'}`,
  );
  return run;
}

export interface PagesBenchReport {
  generatedAt: string;
  loadAverage: number[];
  connections: number;
  target: { coldRps: number; coldP99Ms: number };
  runs: PagesRun[];
  /** cold and cached req/s of two processes over one, on PostgreSQL */
  twoProcessScaling: { cold: number; cached: number } | null;
}

type Setup = 'pglite' | 'postgres' | 'cluster';

export async function runPagesBench(
  opts: { log?: (line: string) => void; setups?: Setup[]; languages?: readonly LanguageCode[] } = {},
): Promise<PagesBenchReport> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const languages = opts.languages ?? MEASURED_LANGUAGES;
  const setups = opts.setups ?? ['pglite', 'postgres', 'cluster'];
  if (!fs.existsSync(path.join('dist', 'server', 'entry-server.js')))
    throw new Error('run npm run build first: the pages bench needs dist/server');
  const runs: PagesRun[] = [];
  log(
    `Cold pages: every provider page and listed pet profile in ${languages.join('/')}, each once, ${CONNECTIONS} connections; then the same pages cached`,
  );

  if (setups.includes('pglite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pages-'));
    let server: ServerProcess | null = null;
    try {
      server = await spawnServer({
        port: PORT_BASE,
        env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...SERVER_ENV },
        readyTimeoutMs: 180_000,
      });
      runs.push(await measure('pglite', server, log, true, languages));
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (setups.includes('postgres') || setups.includes('cluster')) {
    let cluster: PgCluster | null = null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pages-pg-'));
    try {
      cluster = await startPgCluster();
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      await admin.query('CREATE DATABASE pawtal_pages');
      await admin.end();
      const env = { DATA_DIR: dataDir, DATABASE_URL: cluster.url('pawtal_pages'), LOG_LEVEL: 'warn', ...SERVER_ENV };
      if (setups.includes('postgres')) {
        const server = await spawnServer({ port: PORT_BASE + 1, env, readyTimeoutMs: 180_000 });
        try {
          runs.push(await measure('postgres', server, log, true, languages));
        } finally {
          await server.stop();
        }
      }
      if (setups.includes('cluster')) {
        const server = await spawnServer({
          port: PORT_BASE + 2,
          env: { ...env, WEB_CONCURRENCY: '2' },
          entry: 'cluster',
          readyTimeoutMs: 180_000,
        });
        try {
          runs.push(await measure('postgres, 2 processes', server, log, false, languages));
        } finally {
          await server.stop();
        }
      }
    } finally {
      cluster?.stop();
      if (cluster) removeClusterFiles(cluster);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const one = runs.find((r) => r.setup === 'postgres');
  const two = runs.find((r) => r.setup === 'postgres, 2 processes');
  const twoProcessScaling =
    one && two
      ? {
          cold: round(two.cold.requestsPerSecond / one.cold.requestsPerSecond, 2),
          cached: round(two.cached.requestsPerSecond / one.cached.requestsPerSecond, 2),
        }
      : null;
  if (twoProcessScaling)
    log(
      `  two processes over one (PostgreSQL): cold ${twoProcessScaling.cold}x, second round ${twoProcessScaling.cached}x (the load generator shares the cores)`,
    );
  const report: PagesBenchReport = {
    generatedAt: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => round(n, 2)),
    connections: CONNECTIONS,
    target: { coldRps: COLD_TARGET_RPS, coldP99Ms: COLD_TARGET_P99_MS },
    runs,
    twoProcessScaling,
  };
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'pages-cold.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`  load average ${report.loadAverage.join(' ')}; written: bench-results/pages-cold.json`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--databases');
  const setups = i > 0 ? (process.argv[i + 1].split(',') as Setup[]) : undefined;
  const l = process.argv.indexOf('--languages');
  const codes = new Set<string>(LANGUAGES.map((x) => x.code));
  const languages = l > 0 ? process.argv[l + 1].split(',').filter((c): c is LanguageCode => codes.has(c)) : undefined;
  runPagesBench({ setups, languages })
    .then((r) => process.exit(r.runs.every((x) => x.meetsTarget !== false) ? 0 : 1))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
