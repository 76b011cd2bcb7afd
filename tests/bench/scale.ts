/**
 * Scale benchmark: a throwaway PostgreSQL holding the demo seed plus millions of rows
 * (scale-fill.ts), against a demo-sized database on the same cluster. For each listing, search,
 * profile and reminder call: mean and p99 latency on both (autocannon, a few connections) and
 * the ratio; and the plan of each query the call runs (auto_explain, captured from the server log),
 * flagging any sequential scan of a large table. Ports 3880-3881.
 * `npm run bench -- --only scale --calls "near me"` runs only the parts whose name contains one of the
 * comma-separated words (case-insensitive); the fill (or the reuse of a kept one) always runs, and a part whose name no
 * word matches is skipped with the servers it alone needs. The names:
 * - the HTTP calls (explained, then timed cached and on a cache miss on both databases): `GetPetSitters (pages 1-5)`,
 *   `GetPetSitters near me`, `GetVets near me (country)`, `GetLostPets near me`, `GetVets (country filter)`,
 *   `GetPetsForAdoption`, `GetLostPets`, `GetPetDetailsByPublicId`, `GetVetVisits`, `GetVetPets (search)`,
 *   `GetVetPets (first page)`, `GetVetPetDetails`, `GetVetReminders`;
 * - `long tail of pet profiles` (600 first renders among the million, LONG_TAIL_PAGES);
 * - the desk's calls, in process (scale-desk.ts DESK_CALLS), each named `desk: …`, e.g. `desk: GetVetReminderDays`:
 *   `--calls desk` runs them all;
 * - `ExportVetPets of 100,000 patients` (over HTTP, about 10 s idle and 100 s under load);
 * - `reminder sweep` (scale-sweep.ts, run last: it writes into the scale database).
 * So `--calls "desk: GetVetOwnerDuplicates"` times that one desk call, with no server started. Without `--calls` every
 * part runs. Each phase's wall and CPU time is logged (`phase …`) and reported (`phases`), with the whole: on a shared
 * machine the wall time follows the load, the CPU time (the bench, its servers and the cluster) much less.
 * SCALE_KEEP_DIR=<dir> keeps the filled cluster there and reuses it: the fill runs only if the directory holds no
 * finished fill of this fill's version and size (scale-keep.ts), so two builds can be timed against one fill (a
 * full fill takes about 35 minutes on a loaded machine). A reused fill's dates are those of the day it was filled;
 * a build with newer migrations applies them to the kept databases when its server starts; and the sweep, run
 * last, leaves its notices and queued e-mails there, so a later run's sweep finds only what fell due since.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AutocannonRequest } from 'autocannon';
import { API } from '#shared/contract/paths';
import { openDatabase } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { portalClient } from '#tests/faults/portal-client';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';
import { testConfig } from '#tests/support/test-config';
import { cannon } from '#tests/bench/cannon';
import {
  EXPORT_CLINIC_USERNAME,
  fillScaleData,
  LARGE_TABLES,
  SCALE,
  SCALE_CLINIC_USERNAME,
  scaleFillVersion,
} from '#tests/bench/scale-fill';
import { COLD_TARGET_P99_MS, drive, processTreeCpuMs } from '#tests/bench/pages-cold';
import { petProfilePath } from '#shared/pet-profile-path';
import { DESK_CALLS, measureExport, runDeskScale, type ExportFigure } from '#tests/bench/scale-desk';
import { keptFill, markFilled } from '#tests/bench/scale-keep';
import { EXPORT_PART, selectParts } from '#tests/bench/scale-parts';
import { measureSweep, schedulesOff, type SweepFigure } from '#tests/bench/scale-sweep';

export const SCALE_TARGET_RATIO = 2;
/** The demo-sized server's port (the scale server's is the next); SCALE_BENCH_PORT moves both. */
const DEMO_PORT = Number(process.env.SCALE_BENCH_PORT ?? 3880);
const SCALE_PORT = DEMO_PORT + 1;

interface Call {
  call: string;
  requests: (token: string, ctx: { reminderDate: string; scalePetId: string }) => AutocannonRequest[];
}

/** `count` distinct positions (2 decimals) on a square grid around a place, 0.01 degree apart. */
function positionsAround(lat: number, lon: number, count: number): [string, string][] {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => [
    (lat + (Math.floor(i / side) - side / 2) * 0.01).toFixed(2),
    (lon + ((i % side) - side / 2) * 0.01).toFixed(2),
  ]);
}

const CALLS: Call[] = [
  {
    call: 'GetPetSitters (pages 1-5)',
    requests: () => [1, 2, 3, 4, 5].map((p) => ({ path: `${API.petSitters}?offset=${p}&limit=4&CountryId=` })),
  },
  // Near me (issue 15): pages 1-3 around three places, one of them far from every provider (the
  // KNN scan of providers_near_idx must still stop after the page), and with a country. Every request
  // is from a position of its own (a grid of 0.01-degree steps, as the client rounds), more of them
  // than the public read cache keeps (2,000 entries, least recently used out): autocannon cycles
  // through the list, so each request misses and times the query itself, not a cache hit.
  {
    call: 'GetPetSitters near me',
    requests: () =>
      [
        [51.51, -0.13],
        [40.71, -74.01],
        [-45.5, 170.5],
      ].flatMap(([lat, lon]) =>
        positionsAround(lat, lon, 400).flatMap(([la, lo]) =>
          [1, 2, 3].map((p) => ({
            path: `${API.petSitters}?offset=${p}&limit=4&CountryId=&latitude=${la}&longitude=${lo}`,
          })),
        ),
      ),
  },
  {
    call: 'GetVets near me (country)',
    requests: () =>
      positionsAround(48.86, 2.35, 1500).flatMap(([la, lo]) =>
        [1, 2].map((p) => ({ path: `${API.vets}?offset=${p}&limit=4&CountryId=1&latitude=${la}&longitude=${lo}` })),
      ),
  },
  {
    call: 'GetLostPets near me',
    requests: () =>
      positionsAround(40.42, -3.7, 1500).flatMap(([la, lo]) =>
        [1, 2].map((p) => ({
          path: `${API.lostPets}?petTypeId=1&offset=${p}&limit=4&searchTerm=&latitude=${la}&longitude=${lo}`,
        })),
      ),
  },
  {
    call: 'GetVets (country filter)',
    requests: () => [1, 2].map((p) => ({ path: `${API.vets}?offset=${p}&limit=4&CountryId=1` })),
  },
  {
    call: 'GetPetsForAdoption',
    requests: () =>
      [1, 2, 3].map((p) => ({ path: `${API.petsForAdoption}?petTypeId=1&offset=${p}&limit=4&searchTerm=` })),
  },
  {
    call: 'GetLostPets',
    requests: () => [1, 2, 3].map((p) => ({ path: `${API.lostPets}?petTypeId=1&offset=${p}&limit=4&searchTerm=` })),
  },
  {
    call: 'GetPetDetailsByPublicId',
    requests: () =>
      ['DEMO0001', 'DEMO0002'].map((id) => ({
        path: `${API.petDetailsByPublicId}?publicId=${id}&petProfileId=&profileNeeded=&latitude=0&longitude=0`,
      })),
  },
  {
    call: 'GetVetVisits',
    requests: (t) =>
      [0, 1, 2].map((f) => ({
        path: `${API.vetVisits}?isFinished=${f}&offset=1&limit=4`,
        headers: { authorization: `Bearer ${t}` },
      })),
  },
  // Terms that give a full page (5) and a count on both databases: an owner e-mail part, one letter,
  // a domain end (demo clinic 19 / 25 / 8 matches, scale clinic 5,000 each). A term that matches
  // nothing on the demo side would compare an empty answer with a full page, not small with large.
  {
    call: 'GetVetPets (search)',
    requests: (t) =>
      ['example', 'a', '.com'].map((q) => ({
        path: `${API.vetPets}?offset=1&limit=5&searchTerm=${encodeURIComponent(q)}`,
        headers: { authorization: `Bearer ${t}` },
      })),
  },
  {
    call: 'GetVetPets (first page)',
    requests: (t) => [
      { path: `${API.vetPets}?offset=1&limit=4&searchTerm=`, headers: { authorization: `Bearer ${t}` } },
    ],
  },
  {
    call: 'GetVetPetDetails',
    requests: (t, c) => [
      { path: `${API.vetPetDetails}?petProfileId=${c.scalePetId}`, headers: { authorization: `Bearer ${t}` } },
    ],
  },
  {
    call: 'GetVetReminders',
    requests: (t, c) => [
      {
        method: 'POST',
        path: API.vetReminders,
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: JSON.stringify({ date: c.reminderDate, offset: 1, limit: 4 }),
      },
    ],
  },
];

export interface ScaleCall {
  call: string;
  demo: { meanMs: number; p50Ms: number; p99Ms: number };
  scale: { meanMs: number; p50Ms: number; p99Ms: number };
  ratio: number;
  /**
   * the same call with the servers' read caches off (READ_CACHE_ENTRIES=0): the query itself, every time (issue 24 item
   * 5)
   */
  onMiss?: {
    demo: { meanMs: number; p50Ms: number; p99Ms: number };
    scale: { meanMs: number; p50Ms: number; p99Ms: number };
    ratio: number;
  };
  meetsTarget: boolean;
}

/** Random pet profiles among the million, each asked once and rendered for the first time (issue 24 item 2). */
export interface LongTailFigures {
  pages: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
  serverTimingMedianMs: Record<string, number>;
  meetsTarget: boolean;
}
export interface ScaleExplain {
  call: string;
  queries: number;
  indexesUsed: string[];
  seqScans: string[];
  plans: string[];
}
export interface ScaleReport {
  rows: Record<string, number>;
  fillSeconds: number;
  /** the day of the kept fill this run reused (SCALE_KEEP_DIR); absent when this run filled */
  reusedFillOf?: string;
  calls: ScaleCall[];
  explains: ScaleExplain[];
  /** the whole run's wall time, from the cluster's start to the sweep's end */
  wholeSeconds: number;
  /** the whole run's CPU time (runCpuSeconds: the bench, its servers and the cluster), whatever the machine's load */
  wholeCpuSeconds: number;
  /** each phase's wall and CPU time (`phase …` in the log) */
  phases: Record<string, { seconds: number; cpuSeconds: number }>;
  /** the desk's queries (issue 21, scale-desk.ts): timed in-process */
  desk?: { calls: ScaleCall[]; explains: ScaleExplain[] };
  /** ExportVetPets of the export clinic's 100,000 patients over HTTP */
  export?: ExportFigure;
  longTail?: LongTailFigures;
  /** one reminder sweep over the scale clinics (issue 33, scale-sweep.ts) */
  sweep?: SweepFigure;
}

async function createDb(cluster: PgCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = cluster.url(name);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-scale-media-'));
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    await seedIfEmpty(database.db, testConfig({ mediaDir }));
  } finally {
    await database.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
  return url;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function context(url: string): Promise<{ reminderDate: string; scalePetId: string }> {
  return withClient(url, async (c) => {
    const r = await c.query<{ d: string; pet: string }>(
      `SELECT to_char(w.next_reminder_date, 'YYYY-MM-DD') AS d, w.pet_profile_id::text AS pet FROM wellness_records w JOIN clinics c ON c.id = w.clinic_id
       WHERE c.username IN ('demo.clinic', '${SCALE_CLINIC_USERNAME}') AND w.next_reminder_date >= current_date ORDER BY c.username DESC, w.next_reminder_date LIMIT 1`,
    );
    return { reminderDate: r.rows[0]?.d ?? new Date().toISOString().slice(0, 10), scalePetId: r.rows[0]?.pet ?? '1' };
  });
}

async function session(server: ServerProcess, username: string): Promise<string> {
  const c = portalClient(server.base);
  await c.login(username);
  return c.token();
}

interface Timing {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * Times every call on both servers, alternating demo and scale call by call, so a change in the
 * machine's load during the run hits both sides alike. Mean latency = connections / throughput.
 */
async function timeCalls(
  sides: {
    demo: { server: ServerProcess; username: string; ctx: { reminderDate: string; scalePetId: string } };
    scale: { server: ServerProcess; username: string; ctx: { reminderDate: string; scalePetId: string } };
  },
  seconds: number,
  calls: Call[],
): Promise<{ demo: Record<string, Timing>; scale: Record<string, Timing> }> {
  const tokens = {
    demo: await session(sides.demo.server, sides.demo.username),
    scale: await session(sides.scale.server, sides.scale.username),
  };
  const out: { demo: Record<string, Timing>; scale: Record<string, Timing> } = { demo: {}, scale: {} };
  const connections = 4;
  for (const c of calls) {
    for (const side of ['demo', 'scale'] as const) {
      const { server, ctx } = sides[side];
      const requests = c.requests(tokens[side], ctx);
      await cannon({ name: c.call, base: server.base, requests, connections: 2, seconds: 1 });
      const f = await cannon({ name: c.call, base: server.base, requests, connections, seconds });
      const meanMs = f.requestsPerSecond
        ? Math.round(((connections * 1000) / f.requestsPerSecond) * 100) / 100
        : Infinity;
      out[side][c.call] = { meanMs, p50Ms: f.p50Ms, p99Ms: f.p99Ms, non2xx: f.non2xx };
    }
  }
  return out;
}

/** Runs each call once with auto_explain on and collects the plans the server log shows for it. */
async function explainCalls(
  cluster: PgCluster,
  server: ServerProcess,
  ctx: { reminderDate: string; scalePetId: string },
  calls: Call[],
): Promise<ScaleExplain[]> {
  const logFile = path.join(cluster.dir, 'server.log');
  const token = await session(server, SCALE_CLINIC_USERNAME);
  const result: ScaleExplain[] = [];
  for (const c of calls) {
    const start = fs.statSync(logFile).size;
    for (const r of c.requests(token, ctx).slice(0, 1)) {
      const res = await fetch(`${server.base}${r.path}`, {
        method: r.method ?? 'GET',
        headers: r.headers,
        body: r.body,
      });
      await res.text();
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fd = fs.openSync(logFile, 'r');
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(size - start);
    fs.readSync(fd, buf, 0, buf.length, start);
    fs.closeSync(fd);
    const plans = buf
      .toString()
      .split(/LOG:\s+duration: [\d.]+ ms\s+plan:/)
      .slice(1)
      .map((p) => p.trim())
      .filter((p) => !/Query Text: (select 1|SELECT 1)\b/.test(p) && !/sessions/.test(p.split('\n')[0] ?? ''));
    const scans = (re: RegExp) => [...new Set(plans.flatMap((p) => [...p.matchAll(re)].map((m) => m[1])))];
    result.push({
      call: c.call,
      queries: plans.length,
      indexesUsed: scans(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g).concat(
        scans(/Bitmap Index Scan on (\w+)/g),
      ),
      seqScans: scans(/Seq Scan on (\w+)/g).filter((t) => LARGE_TABLES.includes(t)),
      plans,
    });
  }
  return result;
}

const LONG_TAIL_PAGES = 600;

/**
 * Random pet profiles among the scale database's million (SCL0000001…), each asked once from 10
 * connections in the visitor's language (en, es, ar in turn): every one a first render on a server
 * whose page cache has never seen it.
 */
export async function measureLongTail(server: ServerProcess, log: (l: string) => void): Promise<LongTailFigures> {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const languages = ['en', 'es', 'ar'];
  const jobs = Array.from({ length: LONG_TAIL_PAGES }, (_, i) => {
    const publicId = `SCL${String(1 + Math.floor(random() * SCALE.pets)).padStart(7, '0')}`;
    return {
      path: petProfilePath({ publicId }, 'Home'),
      headers: { 'accept-encoding': 'gzip', 'accept-language': languages[i % 3] },
    };
  });
  // a process that has rendered nothing yet loads its page modules and languages first: warm it on other pets
  await drive(
    server.base,
    jobs.slice(0, 30).map((j, i) => ({
      ...j,
      path: petProfilePath({ publicId: `SCL${String(SCALE.pets - i).padStart(7, '0')}` }, 'Home'),
    })),
    4,
  );
  const f = await drive(server.base, jobs);
  const meetsTarget = f.p99Ms <= COLD_TARGET_P99_MS && (f.statusCodes['200'] ?? 0) === LONG_TAIL_PAGES;
  log(
    `  long tail: ${LONG_TAIL_PAGES} random pet profiles of ${SCALE.pets.toLocaleString('en')}, each once, 10 connections: ${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms ${JSON.stringify(f.statusCodes)} ${JSON.stringify(f.serverTimingMedianMs)}${meetsTarget ? '' : ` MISSED (p99 target ${COLD_TARGET_P99_MS} ms)`}`,
  );
  return {
    pages: LONG_TAIL_PAGES,
    requestsPerSecond: f.requestsPerSecond,
    p50Ms: f.p50Ms,
    p99Ms: f.p99Ms,
    statusCodes: f.statusCodes,
    serverTimingMedianMs: f.serverTimingMedianMs,
    meetsTarget,
  };
}

/** CPU time (ms) of a process's children that ended and were waited for (cutime + cstime in /proc); 0 if none. */
function endedChildrenCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (s) the run has used so far, whatever the machine's load: this process and its servers (running or ended)
 * and the cluster (the postmaster, its backends, and those that ended). pg_ctl starts the postmaster outside this
 * process's tree: its pid is the first line of postmaster.pid.
 */
function runCpuSeconds(cluster: PgCluster): number {
  let postmaster = 0;
  try {
    postmaster = Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    /* stopped: its CPU is no longer counted */
  }
  const tree = (pid: number) => (pid ? processTreeCpuMs(pid) + endedChildrenCpuMs(pid) : 0);
  return (tree(process.pid) + tree(postmaster)) / 1000;
}

export async function runScaleBench(
  opts: { log?: (l: string) => void; seconds?: number; calls?: string[] } = {},
): Promise<ScaleReport> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const seconds = opts.seconds ?? 4;
  const filters = opts.calls?.length ? opts.calls : undefined;
  const parts = selectParts(filters, { calls: CALLS.map((c) => c.call), desk: DESK_CALLS.map((c) => c.call) });
  const calls = CALLS.filter((c) => parts.calls.includes(c.call));
  const began = Date.now();
  const phases: Record<string, { seconds: number; cpuSeconds: number }> = {};
  let cpuNow = () => 0;
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const cpu = cpuNow();
    try {
      return await fn();
    } finally {
      const seconds = Math.round((Date.now() - t) / 100) / 10;
      const cpuSeconds = Math.round((cpuNow() - cpu) * 10) / 10;
      const before = phases[name] ?? { seconds: 0, cpuSeconds: 0 };
      phases[name] = { seconds: before.seconds + seconds, cpuSeconds: before.cpuSeconds + cpuSeconds };
      log(
        `  phase ${name}: ${seconds} s, CPU ${cpuSeconds} s (${new Date().toISOString().slice(11, 19)} UTC, load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  };
  const keepDir = process.env.SCALE_KEEP_DIR ? path.resolve(process.env.SCALE_KEEP_DIR) : undefined;
  const version = scaleFillVersion();
  const kept = keepDir ? keptFill(keepDir, version) : null;
  const cluster = await startPgCluster({ dir: keepDir });
  cpuNow = () => runCpuSeconds(cluster);
  const cpuAtStart = cpuNow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-scale-'));
  let server: ServerProcess | null = null;
  let demoServer: ServerProcess | null = null;
  const stopServers = async () => {
    await server?.stop();
    await demoServer?.stop();
    server = demoServer = null;
  };
  try {
    const demoUrl = cluster.url('pawtal_demo');
    const scaleUrl = cluster.url('pawtal_scale');
    const startScale = (env: Record<string, string> = {}) =>
      spawnServer({
        port: SCALE_PORT,
        env: { DATA_DIR: dataDir, DATABASE_URL: scaleUrl, ...env },
        readyTimeoutMs: 180_000,
      });
    const startDemo = (env: Record<string, string> = {}) =>
      spawnServer({
        port: DEMO_PORT,
        env: { DATA_DIR: path.join(dataDir, 'demo'), DATABASE_URL: demoUrl, ...env },
        readyTimeoutMs: 180_000,
      });
    let rows: Record<string, number>;
    let fillSeconds: number;
    if (kept) {
      ({ rows, fillSeconds } = kept);
      log(`  reusing the fill of ${kept.filledOn} kept in ${keepDir} (version ${version}): ${JSON.stringify(rows)}`);
      // a run stopped while explaining leaves auto_explain on
      await withClient(cluster.url(), (c) => c.query('ALTER DATABASE pawtal_scale RESET ALL'));
      // A kept fill may predate migrations of this build. The server would apply them when it starts, but a backfill
      // over millions of rows outlasts its ready timeout, and under auto_explain it would log a plan per row: apply
      // them here first.
      await phase('migrations of the kept fill', async () => {
        for (const url of [demoUrl, scaleUrl]) await (await openDatabase({ databaseUrl: url, dataDir: '' })).close();
      });
    } else {
      log('  seeding the demo-sized and the scale databases…');
      await phase('seed', () => Promise.all([createDb(cluster, 'pawtal_demo'), createDb(cluster, 'pawtal_scale')]));
      const t = Date.now();
      // each step's line with the CPU it took (mostly the backend's): the wall time follows the machine's load
      let stepCpu = cpuNow();
      const stepLog = (line: string) => {
        const now = cpuNow();
        log(`${line}, CPU ${(now - stepCpu).toFixed(1)} s`);
        stepCpu = now;
      };
      rows = await phase('fill', () => withClient(scaleUrl, (c) => fillScaleData(c, stepLog)));
      fillSeconds = Math.round((Date.now() - t) / 1000);
      log(`  filled in ${fillSeconds} s: ${JSON.stringify(rows)}`);
      if (keepDir) {
        markFilled(keepDir, { version, filledOn: new Date().toISOString().slice(0, 10), fillSeconds, rows });
        log(`  the fill is kept in ${keepDir} (version ${version})`);
      }
    }
    const ctxScale = await context(scaleUrl);
    const ctxDemo = await context(demoUrl);
    // before any server starts on it: a server sweeps reminders when it starts (scale-sweep.ts)
    await schedulesOff(scaleUrl);
    const sides = () => ({
      demo: { server: demoServer!, username: 'demo.clinic', ctx: ctxDemo },
      scale: { server: server!, username: SCALE_CLINIC_USERNAME, ctx: ctxScale },
    });

    let explains: ScaleExplain[] = [];
    if (calls.length)
      explains = await phase('explain (a server with auto_explain)', async () => {
        await withClient(cluster.url(), (c) =>
          c.query(`ALTER DATABASE pawtal_scale SET session_preload_libraries = 'auto_explain';
                   ALTER DATABASE pawtal_scale SET auto_explain.log_min_duration = 0;
                   ALTER DATABASE pawtal_scale SET auto_explain.log_nested_statements = on;`),
        );
        try {
          server = await startScale();
          log('  explaining each call on the scale database…');
          const found = await explainCalls(cluster, server, ctxScale, calls);
          for (const e of found)
            log(
              `  ${e.call.padEnd(28)} ${e.queries} queries; indexes: ${e.indexesUsed.join(', ') || '-'}${e.seqScans.length ? `; SEQ SCAN on ${e.seqScans.join(', ')}` : ''}`,
            );
          return found;
        } finally {
          await stopServers();
          await withClient(cluster.url(), (c) => c.query('ALTER DATABASE pawtal_scale RESET ALL'));
        }
      });

    let cached: Awaited<ReturnType<typeof timeCalls>> | undefined;
    if (calls.length)
      cached = await phase('HTTP calls, cached (with server starts)', async () => {
        log('  timing on both databases, call by call…');
        server = await startScale();
        demoServer = await startDemo();
        return timeCalls(sides(), seconds, calls);
      });

    // The long tail: pet profiles no one asked for, rendered on the scale database.
    let longTail: LongTailFigures | undefined;
    if (parts.longTail)
      longTail = await phase('long tail', async () => measureLongTail((server ??= await startScale()), log));

    // Again with the read caches off: every call times its query (issue 24 item 5).
    const noCache = { READ_CACHE_ENTRIES: '0' };
    let figures: ScaleCall[] = [];
    if (cached) {
      const onHit = cached;
      await stopServers();
      const miss = await phase('HTTP calls, cache miss (with server starts)', async () => {
        server = await startScale(noCache);
        demoServer = await startDemo(noCache);
        return timeCalls(sides(), seconds, calls);
      });
      const { demo, scale } = onHit;
      const ratioOf = (scaleMs: number, demoMs: number) => Math.round((scaleMs / demoMs) * 100) / 100;
      figures = calls.map(({ call }) => {
        const ratio = ratioOf(scale[call].meanMs, demo[call].meanMs);
        const { non2xx: _d, ...demoFigures } = demo[call];
        const { non2xx: _s, ...scaleFigures } = scale[call];
        const { non2xx: _dm, ...demoMiss } = miss.demo[call];
        const { non2xx: _sm, ...scaleMiss } = miss.scale[call];
        const onMiss = { demo: demoMiss, scale: scaleMiss, ratio: ratioOf(scaleMiss.meanMs, demoMiss.meanMs) };
        const ok =
          ratio <= SCALE_TARGET_RATIO &&
          onMiss.ratio <= SCALE_TARGET_RATIO &&
          scale[call].non2xx === 0 &&
          miss.scale[call].non2xx === 0;
        return { call, demo: demoFigures, scale: scaleFigures, ratio, onMiss, meetsTarget: ok };
      });
      const cell = (t: { meanMs: number; p50Ms: number; p99Ms: number }) =>
        `${t.meanMs}/${t.p50Ms}/${t.p99Ms} ms`.padStart(22);
      log(
        '\n  call                          demo mean/p50/p99        scale mean/p50/p99      ratio (mean)   on a cache miss: demo, scale, ratio',
      );
      for (const c of figures)
        log(
          `  ${c.call.padEnd(28)} ${cell(c.demo)}  ${cell(c.scale)}  ${c.ratio.toFixed(2).padStart(5)}x   ${cell(c.onMiss!.demo)} ${cell(c.onMiss!.scale)} ${c.onMiss!.ratio.toFixed(2).padStart(5)}x${c.meetsTarget ? '' : ' MISSED'}`,
        );
    }
    let desk: ScaleReport['desk'];
    if (parts.desk.length)
      desk = await phase('desk', async () => {
        log('\n  the desk (issue 21), each query as its route runs it, demo → scale mean:');
        return runDeskScale(demoUrl, scaleUrl, SCALE_CLINIC_USERNAME, filters, log);
      });
    let exported: ExportFigure | undefined;
    if (parts.export)
      exported = await phase('export', async () => {
        await demoServer?.stop();
        demoServer = null;
        const s = (server ??= await startScale(noCache));
        const f = await measureExport(s, await session(s, EXPORT_CLINIC_USERNAME));
        log(
          `  ${EXPORT_PART}: ${f.rows} rows in ${f.seconds} s (${f.rowsPerSecond} rows/s); server RSS ${f.rssBeforeMiB} → peak ${f.rssPeakMiB} MiB`,
        );
        return f;
      });
    await stopServers();
    let sweep: SweepFigure | undefined;
    if (parts.sweep)
      sweep = await phase('sweep', async () => {
        // last: it writes notices, history and queued e-mails into the scale database
        log('\n  the reminder sweep (issue 33) over the scale clinics…');
        const f = await measureSweep(scaleUrl);
        log(
          `  sweepReminderNotices: ${f.seconds} s, ${f.clinics} clinics, ${f.notices} notices claimed, ${f.emails} e-mails queued, ${f.heldBack} held back (caps), ${f.optedOut} opted out; ${f.statements} statements`,
        );
        return f;
      });
    const wholeSeconds = Math.round((Date.now() - began) / 1000);
    const wholeCpuSeconds = Math.round(cpuNow() - cpuAtStart);
    log(`  the whole scale benchmark: ${wholeSeconds} s, CPU ${wholeCpuSeconds} s; phases: ${JSON.stringify(phases)}`);
    return {
      rows,
      fillSeconds,
      reusedFillOf: kept?.filledOn,
      wholeSeconds,
      wholeCpuSeconds,
      phases,
      calls: figures,
      explains,
      desk,
      export: exported,
      longTail,
      sweep,
    };
  } finally {
    await stopServers();
    cluster.stop();
    if (!keepDir) removeClusterFiles(cluster);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
