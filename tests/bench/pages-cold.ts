/**
 * Cold pages (issue 24): server-rendered pages asked for the first time, against the same pages
 * answered from the page cache. The pages are every provider page and every listed pet profile
 * (adoption and lost, every pet type), in English, Spanish and Arabic (the issue's measure; `--languages
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
 *   npx tsx tests/bench/pages-cold.ts [--databases pglite,postgres,cluster] [--languages en,es,ar] [--baseline DIR]
 *     [--html-only]
 *
 * `--baseline DIR`: a built checkout (of main, say: `git archive main | tar -x -C DIR`, node_modules linked,
 * `npm run build` there) measured beside this one as "before": both servers run, and each run is cut into slices
 * that the two serve in turn, so before and after meet the same load of the machine; a side-by-side table closes
 * the output. With `--html-only` it only compares the sampled pages' HTML of the two builds (each page's first render
 * on both), without timing anything: a check of a change in a minute.
 *
 * Needs `npm run build`. Ports PAGES_BENCH_PORT (default 3320) to +2, and +3 to +5 for the baseline. RENDER_THREADS and
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

/** issue 37: at least 300 first-time pages a second with p99 under 100 ms, one process, both databases */
const COLD_TARGET_RPS = 300;
export const COLD_TARGET_P99_MS = 100;
const CONNECTIONS = 10;
/** how many pages, the first a new process serves, the "fresh" figure times */
const FRESH_PAGES = 40;
const PORT_BASE = Number(process.env.PAGES_BENCH_PORT) || 3320;
/**
 * RENDER_THREADS and PAGE_CACHE_MB from the environment reach the servers the bench starts; BASELINE_RENDER_THREADS,
 * when set, is the --baseline servers' RENDER_THREADS (one build against a copy of itself: one thread against two).
 */
const SERVER_ENV = Object.fromEntries(
  ['RENDER_THREADS', 'PAGE_CACHE_MB'].flatMap((name) =>
    process.env[name] ? [[name, process.env[name] as string]] : [],
  ),
);
function serverEnv(build: Build): Record<string, string> {
  const threads = process.env.BASELINE_RENDER_THREADS;
  return build === 'before' && threads ? { ...SERVER_ENV, RENDER_THREADS: threads } : SERVER_ENV;
}

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

/** What one drive saw: each request's time, status and Server-Timing, and how long the drive took. */
interface DriveSamples {
  latencies: number[];
  statusCodes: Record<string, number>;
  timings: Map<string, number[]>;
  seconds: number;
}

async function driveSamples(baseUrl: string, jobs: PageRequest[], connections: number): Promise<DriveSamples> {
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
  return { latencies, statusCodes, timings, seconds };
}

/** The figures of one or more drives taken together (slices of one run, alternated with another server's). */
function figuresOf(parts: DriveSamples[]): DriveFigures {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  const statusCodes: Record<string, number> = {};
  const timings = new Map<string, number[]>();
  for (const part of parts) {
    for (const [code, n] of Object.entries(part.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
    for (const [name, values] of part.timings) timings.set(name, [...(timings.get(name) ?? []), ...values]);
  }
  const serverTimingMedianMs: Record<string, number> = {};
  for (const [name, values] of timings)
    serverTimingMedianMs[name] = round(
      percentile(
        values.sort((a, b) => a - b),
        50,
      ),
    );
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / (seconds || 1)),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
    statusCodes,
    serverTimingMedianMs,
  };
}

/** Each request once, in order, from `connections` keep-alive connections pulling from one queue. */
export async function drive(baseUrl: string, jobs: PageRequest[], connections = CONNECTIONS): Promise<DriveFigures> {
  return figuresOf([await driveSamples(baseUrl, jobs, connections)]);
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
export function processTreeCpuMs(pid: number): number {
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
  /** which checkout served: this one ("after"), or the one given by --baseline ("before") */
  build: Build;
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
  /** with --baseline: how many sampled pages' HTML differs between the builds (HTML_SAMPLE compared), else null */
  htmlDiffering: number | null;
}

type Build = 'after' | 'before';

/** A server of one build under measurement. */
interface Measured {
  build: Build;
  server: ServerProcess;
}

/**
 * Slices a run is cut into when two builds are measured: each build serves a slice in turn (the first to go
 * alternating), so both meet the same load of the machine.
 */
const SLICES = 8;

/** How long a server may take to migrate, seed and warm up (minutes on a loaded machine). */
const READY_TIMEOUT_MS = 600_000;

/**
 * Drives the same jobs on each server, slice by slice in turn, and answers each server's figures and the CPU time
 * its processes used over its own slices.
 */
async function alternate(
  servers: Measured[],
  jobs: PageRequest[],
): Promise<{ figures: DriveFigures; cpuMs: number }[]> {
  const slices = servers.length > 1 ? SLICES : 1;
  const size = Math.ceil(jobs.length / slices);
  const samples = servers.map(() => [] as DriveSamples[]);
  const cpuMs = servers.map(() => 0);
  for (let i = 0; i < slices; i++) {
    const slice = jobs.slice(i * size, (i + 1) * size);
    const order = servers.map((_, k) => (k + i) % servers.length);
    for (const k of order) {
      const pid = servers[k].server.child.pid ?? 0;
      const before = processTreeCpuMs(pid);
      samples[k].push(await driveSamples(servers[k].server.base, slice, CONNECTIONS));
      cpuMs[k] += processTreeCpuMs(pid) - before;
    }
  }
  return servers.map((_, k) => ({ figures: figuresOf(samples[k]), cpuMs: cpuMs[k] }));
}

/** Pages whose HTML the two builds must write alike (compared once both have kept them). */
const HTML_SAMPLE = 60;

/**
 * A page's HTML as a server sends it, with what must differ between two builds written as placeholders: its own
 * address (PUBLIC_URL, with its port), the content hashes of the built files it names, and the list of chunks its
 * script loads, and the times in its kept answers.
 */
async function pageHtml(server: ServerProcess, job: PageRequest): Promise<string> {
  const res = await fetch(server.base + job.path, { headers: { 'accept-language': job.headers['accept-language'] } });
  const html = (await res.text()).replaceAll(server.base, 'PUBLIC_URL');
  const named = html.replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|woff2)/g, '$1.$2');
  // which chunks hold a page's modules is the bundler's choice, not the page's
  const chunked = named.replace(/ data-modules="[^"]*"/g, ' data-modules="CHUNKS"');
  // and the moment the page's answers were kept
  return `${res.status} ${chunked.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0')}`;
}

/**
 * The same HTML from both builds (issue 37: a faster first render writes the same page): each sampled page from each
 * server, the first difference logged. Answers how many differ.
 */
async function compareHtml(servers: Measured[], sample: PageRequest[], log: (line: string) => void): Promise<number> {
  const differing: string[] = [];
  for (const job of sample) {
    const [a, b] = await Promise.all(servers.map(({ server }) => pageHtml(server, job)));
    if (a === b) continue;
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    differing.push(job.path);
    if (differing.length === 1)
      log(
        `  HTML differs: ${job.path} (${job.headers['accept-language']}) at ${at}:\n    ${servers[0].build}: ${a.slice(Math.max(0, at - 80), at + 120)}\n    ${servers[1].build}: ${b.slice(Math.max(0, at - 80), at + 120)}`,
      );
  }
  log(`  HTML of ${sample.length} sampled pages: ${sample.length - differing.length} identical in both builds`);
  return differing.length;
}

async function measure(
  setup: PagesRun['setup'],
  servers: Measured[],
  log: (line: string) => void,
  target: boolean,
  languages: readonly LanguageCode[],
  htmlOnly = false,
): Promise<PagesRun[]> {
  const all = shuffled(inEveryLanguage(await listedPages(servers[0].server.base), languages));
  if (htmlOnly) {
    const differing = servers.length > 1 ? await compareHtml(servers, all.slice(0, HTML_SAMPLE), log) : 0;
    if (differing > 0) throw new Error(`${setup}: the HTML of ${differing} sampled pages differs between the builds`);
    return [];
  }
  // a new process's first pages (issue 35, item 7: p99 800-900 ms when the process warmed up on them), measured
  // apart and left out of the cold run
  const fresh: DriveFigures[] = [];
  for (const { server } of servers) fresh.push(await drive(server.base, all.slice(0, FRESH_PAGES)));
  const jobs = all.slice(FRESH_PAGES);
  for (const { server } of servers) await warmUp(server.base);
  const cold = await alternate(servers, jobs);
  const cached = await alternate(servers, shuffled(jobs, 7));
  const htmlDiffering = servers.length > 1 ? await compareHtml(servers, jobs.slice(0, HTML_SAMPLE), log) : null;
  return servers.map(({ build }, k): PagesRun => {
    const run: PagesRun = {
      setup,
      build,
      pages: jobs.length,
      fresh: fresh[k],
      cold: cold[k].figures,
      cached: cached[k].figures,
      serverCpuMsPerPage: {
        cold: round(cold[k].cpuMs / jobs.length, 2),
        cached: round(cached[k].cpuMs / jobs.length, 2),
      },
      coldToCached: round(cold[k].figures.requestsPerSecond / (cached[k].figures.requestsPerSecond || 1), 3),
      meetsTarget: target
        ? cold[k].figures.requestsPerSecond >= COLD_TARGET_RPS &&
          cold[k].figures.p99Ms <= COLD_TARGET_P99_MS &&
          (cold[k].figures.statusCodes['200'] ?? 0) === jobs.length
        : null,
      htmlDiffering,
    };
    const name = servers.length > 1 ? `${setup}, ${build}` : setup;
    const line = (what: string, f: DriveFigures) =>
      `  ${name.padEnd(30)} ${what.padEnd(7)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${String(f.p50Ms).padStart(6)} ms  p99 ${String(f.p99Ms).padStart(7)} ms  ${JSON.stringify(f.statusCodes)}  ${JSON.stringify(f.serverTimingMedianMs)}`;
    log(line('fresh', run.fresh));
    log(line('cold', run.cold));
    log(line('cached', run.cached));
    log(
      `  ${name.padEnd(30)} ${jobs.length} pages; server CPU per page ${run.serverCpuMsPerPage.cold} ms cold, ${run.serverCpuMsPerPage.cached} ms cached; cold / cached ${run.coldToCached}${run.meetsTarget === null ? '' : run.meetsTarget ? '  target met' : '  target MISSED'}`,
    );
    return run;
  });
}

export interface PagesBenchReport {
  generatedAt: string;
  loadAverage: number[];
  connections: number;
  target: { coldRps: number; coldP99Ms: number };
  /** the checkout measured as "before" (--baseline), or null */
  baseline: string | null;
  runs: PagesRun[];
  /** cold and cached req/s of two processes over one, on PostgreSQL, of each build */
  twoProcessScaling: { build: Build; cold: number; cached: number }[];
}

type Setup = 'pglite' | 'postgres' | 'cluster';

/** The checkouts measured: this one, and the baseline's (with its own ports: PAGES_BENCH_PORT + 3 to + 5). */
function builds(baseline: string | null): { build: Build; cwd: string; portOffset: number }[] {
  return [
    { build: 'after' as const, cwd: '.', portOffset: 0 },
    ...(baseline ? [{ build: 'before' as const, cwd: baseline, portOffset: 3 }] : []),
  ];
}

function assertBuilt(cwd: string): void {
  if (!fs.existsSync(path.join(cwd, 'dist', 'server', 'entry-server.js')))
    throw new Error(`run npm run build first in ${path.resolve(cwd)}: the pages bench needs dist/server`);
}

/** Starts one server per build (spawn, at once), runs `body` with them, and stops them. */
async function withServers(
  checkouts: ReturnType<typeof builds>,
  spawn: (checkout: ReturnType<typeof builds>[number]) => Promise<ServerProcess>,
  body: (servers: Measured[]) => Promise<void>,
): Promise<void> {
  const started = await Promise.allSettled(checkouts.map(spawn));
  const servers = started.flatMap((s, i) =>
    s.status === 'fulfilled' ? [{ build: checkouts[i].build, server: s.value }] : [],
  );
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    await body(servers);
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

export async function runPagesBench(
  opts: {
    log?: (line: string) => void;
    setups?: Setup[];
    languages?: readonly LanguageCode[];
    /** a built checkout (of main, say) measured beside this one, alternating, as "before" */
    baseline?: string | null;
    /** only compare the sampled pages' HTML of the two builds (a quick check of a change), no timing */
    htmlOnly?: boolean;
  } = {},
): Promise<PagesBenchReport> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const languages = opts.languages ?? MEASURED_LANGUAGES;
  const setups = opts.setups ?? ['pglite', 'postgres', 'cluster'];
  const checkouts = builds(opts.baseline ?? null);
  for (const { cwd } of checkouts) assertBuilt(cwd);
  const runs: PagesRun[] = [];
  log(
    `Cold pages: every provider page and listed pet profile in ${languages.join('/')}, each once, ${CONNECTIONS} connections; then the same pages cached` +
      (opts.baseline ? `; this checkout ("after") and ${opts.baseline} ("before") in turn, ${SLICES} slices each` : ''),
  );

  if (setups.includes('pglite')) {
    const dataDirs = checkouts.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pages-')));
    try {
      await withServers(
        checkouts,
        (c) =>
          spawnServer({
            port: PORT_BASE + c.portOffset,
            cwd: c.cwd,
            env: { DATA_DIR: dataDirs[checkouts.indexOf(c)], LOG_LEVEL: 'warn', ...serverEnv(c.build) },
            readyTimeoutMs: READY_TIMEOUT_MS,
          }),
        async (servers) => {
          runs.push(...(await measure('pglite', servers, log, true, languages, opts.htmlOnly)));
        },
      );
    } finally {
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  if (setups.includes('postgres') || setups.includes('cluster')) {
    let cluster: PgCluster | null = null;
    const dataDirs = checkouts.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-pages-pg-')));
    try {
      cluster = await startPgCluster();
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      for (const { build } of checkouts) await admin.query(`CREATE DATABASE pawtal_pages_${build}`);
      await admin.end();
      const pgCluster = cluster;
      const env = (c: ReturnType<typeof builds>[number]) => ({
        DATA_DIR: dataDirs[checkouts.indexOf(c)],
        DATABASE_URL: pgCluster.url(`pawtal_pages_${c.build}`),
        LOG_LEVEL: 'warn',
        ...serverEnv(c.build),
      });
      if (setups.includes('postgres'))
        await withServers(
          checkouts,
          (c) =>
            spawnServer({
              port: PORT_BASE + 1 + c.portOffset,
              cwd: c.cwd,
              env: env(c),
              readyTimeoutMs: READY_TIMEOUT_MS,
            }),
          async (servers) => {
            runs.push(...(await measure('postgres', servers, log, true, languages, opts.htmlOnly)));
          },
        );
      if (setups.includes('cluster'))
        await withServers(
          checkouts,
          (c) =>
            spawnServer({
              port: PORT_BASE + 2 + c.portOffset,
              cwd: c.cwd,
              env: { ...env(c), WEB_CONCURRENCY: '2' },
              entry: 'cluster',
              readyTimeoutMs: READY_TIMEOUT_MS,
            }),
          async (servers) => {
            runs.push(...(await measure('postgres, 2 processes', servers, log, false, languages, opts.htmlOnly)));
          },
        );
    } finally {
      cluster?.stop();
      if (cluster) removeClusterFiles(cluster);
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const twoProcessScaling = checkouts.flatMap(({ build }) => {
    const one = runs.find((r) => r.setup === 'postgres' && r.build === build);
    const two = runs.find((r) => r.setup === 'postgres, 2 processes' && r.build === build);
    return one && two
      ? [
          {
            build,
            cold: round(two.cold.requestsPerSecond / one.cold.requestsPerSecond, 2),
            cached: round(two.cached.requestsPerSecond / one.cached.requestsPerSecond, 2),
          },
        ]
      : [];
  });
  for (const scaling of twoProcessScaling)
    log(
      `  two processes over one (PostgreSQL${checkouts.length > 1 ? `, ${scaling.build}` : ''}): cold ${scaling.cold}x, second round ${scaling.cached}x (the load generator shares the cores)`,
    );
  if (checkouts.length > 1 && !opts.htmlOnly) logSideBySide(runs, log);
  const report: PagesBenchReport = {
    generatedAt: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => round(n, 2)),
    connections: CONNECTIONS,
    target: { coldRps: COLD_TARGET_RPS, coldP99Ms: COLD_TARGET_P99_MS },
    baseline: opts.baseline ? path.resolve(opts.baseline) : null,
    runs,
    twoProcessScaling,
  };
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'pages-cold.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`  load average ${report.loadAverage.join(' ')}; written: bench-results/pages-cold.json`);
  return report;
}

/** One line per setup: before and after side by side (cold req/s and p99, cached req/s and p99, CPU per cold page). */
function logSideBySide(runs: PagesRun[], log: (line: string) => void): void {
  const cell = (r: PagesRun | undefined) =>
    r
      ? `${String(r.cold.requestsPerSecond).padStart(4)} req/s p99 ${String(r.cold.p99Ms).padStart(6)} | ${String(r.cached.requestsPerSecond).padStart(5)} req/s p99 ${String(r.cached.p99Ms).padStart(5)} | ${String(r.serverCpuMsPerPage.cold).padStart(5)} ms`
      : '-';
  log(
    '\n  setup                   before: cold | cached | CPU per cold page        after: cold | cached | CPU per cold page',
  );
  for (const setup of [...new Set(runs.map((r) => r.setup))]) {
    const of = (build: Build) => runs.find((r) => r.setup === setup && r.build === build);
    log(`  ${setup.padEnd(22)}  ${cell(of('before'))}    ${cell(of('after'))}`);
  }
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const setups = argument('databases')?.split(',') as Setup[] | undefined;
  const codes = new Set<string>(LANGUAGES.map((x) => x.code));
  const languages = argument('languages')
    ?.split(',')
    .filter((c): c is LanguageCode => codes.has(c));
  const htmlOnly = process.argv.includes('--html-only');
  runPagesBench({ setups, languages, baseline: argument('baseline') ?? null, htmlOnly })
    .then((r) =>
      process.exit(r.runs.every((x) => (x.build === 'before' || x.meetsTarget !== false) && !x.htmlDiffering) ? 0 : 1),
    )
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
