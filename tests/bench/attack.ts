/**
 * Attack benchmark (issue 19): what one address can make the server do, measured against real
 * server processes on PGlite and on a throwaway PostgreSQL (two processes on one database there).
 *
 * - login burst: 30 wrong passwords sent at once from one address, and a real login from another
 *   address 50 ms into the burst. Figures: how many of the 30 had their password checked (answered
 *   "Invalid username or password."), how many were refused (429), 5xx, and the real login's time.
 * - lookup burst: 200 unknown public IDs sent at once from one address (on PostgreSQL split over two
 *   processes). Figures: answered "Pet not found." (the limit is FAILED_LOOKUP_LIMIT, 30), 429, 5xx.
 * - image bombs: four visit saves at once, each with ten 6200 x 6200 PNGs of a few KB (a picture
 *   no camera makes, costing most of a second of CPU each to decode). Figures: the time until all
 *   four are answered, the answers, the server's peak resident memory while they ran.
 * - slow clients: 200 connections from one address, each sending its body one byte every 2 s.
 *   Figures: connections the server accepted, still open after the observation time, the server's
 *   resident memory before and during.
 *
 * - junk page parameters: for 10 s, pages whose parameters hold values that do not parse or are out of
 *   range (page=abc…, page=999999…, a page past the listing's end, near=junk…, petType=x…, country=zz…, an unknown country id, view=…), each value new, eight at a
 *   time, while a visitor reads a page already cached. Figures: requests, how many forced a render
 *   (Server-Timing "rendered"), renders a second, 5xx, the visitor's p50/p99 before and during.
 *
 * Requests come from distinct loopback addresses (127.0.0.0/8 is all local on Linux), so the
 * server sees real client addresses without a proxy in front.
 *
 * npx tsx tests/bench/attack.ts [--slow-seconds 30] [--parts login,lookups,images,slow,junk] or npm run bench -- --only
 * attack
 *
 * Ports 3870-3872, or BENCH_PORT_BASE+4 .. +6. Written to bench-results/attack.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { API } from '#shared/contract/paths';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';
import { multipartBody } from '#tests/support/multipart-body';

const PORT_BASE = Number(process.env.BENCH_PORT_BASE) ? Number(process.env.BENCH_PORT_BASE) + 4 : 3870;
const DEMO_USERNAME = 'demo.clinic';
const DEMO_PASSWORD = 'Pawtal!2026';
const BURST_LOGINS = 30;
const BURST_LOOKUPS = 200;
const SLOW_CONNECTIONS = 200;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/**
 * Keep-alive connections from one local address, opened before a burst: the burst's requests then
 * leave in the same moment instead of waiting for their connections to be set up one by one.
 */
async function warmAgent(base: string, from: string, sockets: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, localAddress: from });
  await Promise.all(
    Array.from({ length: sockets }, () => call(base, 'GET', API.healthLive, from, undefined, 60_000, agent)),
  );
  return agent;
}

/** One request from a chosen local address (the server's request.ip). */
function call(
  base: string,
  method: 'GET' | 'POST',
  urlPath: string,
  from: string,
  body?: object,
  timeoutMs = 60_000,
  agent?: http.Agent,
): Promise<Answer> {
  const started = performance.now();
  const url = new URL(urlPath, base);
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        agent: agent ?? false,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    req.end(payload);
  });
}

const messageOf = (a: Answer): string => {
  try {
    return String((JSON.parse(a.body) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

interface LoginBurstFigures {
  tried: number;
  passwordChecked: number;
  refused429: number;
  status5xx: number;
  other: number;
  realLoginMs: number;
  realLoginOk: boolean;
  realLoginAloneMs: number;
}

async function loginBurst(base: string, round: number): Promise<LoginBurstFigures> {
  const attacker = `127.0.${10 + round}.7`;
  const real = `127.0.${10 + round}.9`;
  const alone = await call(base, 'POST', API.vetLogin, `127.0.${10 + round}.10`, {
    username: DEMO_USERNAME,
    password: DEMO_PASSWORD,
  });
  const agent = await warmAgent(base, attacker, BURST_LOGINS);
  const burst = Array.from({ length: BURST_LOGINS }, (_, i) =>
    call(
      base,
      'POST',
      API.vetLogin,
      attacker,
      { username: DEMO_USERNAME, password: `wrong-${round}-${i}` },
      60_000,
      agent,
    ),
  );
  await new Promise((r) => setTimeout(r, 50));
  const realAnswer = await call(base, 'POST', API.vetLogin, real, { username: DEMO_USERNAME, password: DEMO_PASSWORD });
  const answers = await Promise.all(burst);
  agent.destroy();
  const checked = answers.filter((a) => a.status === 200 && messageOf(a) === 'Invalid username or password.').length;
  const refused = answers.filter((a) => a.status === 429).length;
  const fivexx = answers.filter((a) => a.status >= 500).length;
  return {
    tried: BURST_LOGINS,
    passwordChecked: checked,
    refused429: refused,
    status5xx: fivexx,
    other: BURST_LOGINS - checked - refused - fivexx,
    realLoginMs: Math.round(realAnswer.ms),
    realLoginOk: realAnswer.status === 200 && realAnswer.body.includes('"result":1'),
    realLoginAloneMs: Math.round(alone.ms),
  };
}

interface LookupBurstFigures {
  tried: number;
  processes: number;
  answeredNotFound: number;
  refused429: number;
  status5xx: number;
  other: number;
}

async function lookupBurst(bases: string[], from: string): Promise<LookupBurstFigures> {
  const agents = await Promise.all(bases.map((base) => warmAgent(base, from, BURST_LOOKUPS / bases.length)));
  const answers = await Promise.all(
    Array.from({ length: BURST_LOOKUPS }, (_, i) =>
      call(
        bases[i % bases.length],
        'GET',
        `${API.petDetailsByPublicId}?publicId=ZZ${from.replace(/\./g, '')}X${i}`,
        from,
        undefined,
        60_000,
        agents[i % bases.length],
      ),
    ),
  );
  for (const agent of agents) agent.destroy();
  const notFound = answers.filter((a) => a.status === 200 && messageOf(a) === 'Pet not found.').length;
  const refused = answers.filter((a) => a.status === 429).length;
  const fivexx = answers.filter((a) => a.status >= 500).length;
  return {
    tried: BURST_LOOKUPS,
    processes: bases.length,
    answeredNotFound: notFound,
    refused429: refused,
    status5xx: fivexx,
    other: BURST_LOOKUPS - notFound - refused - fivexx,
  };
}

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : 0;
  } catch {
    return 0;
  }
}

interface SlowClientFigures {
  tried: number;
  accepted: number;
  openAfter: number;
  observedSeconds: number;
  rssBeforeMiB: number;
  rssDuringMiB: number;
}

/**
 * SLOW_CONNECTIONS sockets from one address, each sending a POST's headers, then its body one byte
 * every 2 s. Counts the sockets still open after `seconds`.
 */
async function slowClients(server: ServerProcess, seconds: number): Promise<SlowClientFigures> {
  const from = '127.0.40.1';
  const rssBeforeMiB = rssMiB(server.child.pid);
  const sockets: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let accepted = 0;
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < SLOW_CONNECTIONS; i++) {
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: from });
    sockets.push(socket);
    socket.on('error', () => open.delete(socket));
    socket.on('close', () => open.delete(socket));
    socket.on('data', () => {});
    socket.on('connect', () => {
      accepted++;
      open.add(socket);
      socket.write(
        `POST ${API.vetLogin} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
      );
      timers.push(setInterval(() => socket.writable && socket.write('{'), 2000));
    });
    if (i % 20 === 19) await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 2000));
  // A connection the server refused after accepting it closes at once: count those that stayed.
  const acceptedAndKept = open.size;
  await new Promise((r) => setTimeout(r, seconds * 1000 - 2000));
  const rssDuringMiB = rssMiB(server.child.pid);
  const openAfter = open.size;
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  return {
    tried: SLOW_CONNECTIONS,
    accepted: Math.min(accepted, acceptedAndKept),
    openAfter,
    observedSeconds: seconds,
    rssBeforeMiB,
    rssDuringMiB,
  };
}

interface ImageBombFigures {
  saves: number;
  picturesPerSave: number;
  seconds: number;
  answers: string[];
  status5xx: number;
  peakRssMiB: number;
  rssBeforeMiB: number;
}

/** A 6200 x 6200 grey PNG of a few kilobytes. */
function bombPng(): Promise<Buffer> {
  return sharp({ create: { width: 6200, height: 6200, channels: 3, background: '#000000' } })
    .greyscale()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function imageBombs(server: ServerProcess): Promise<ImageBombFigures> {
  const from = '127.0.50.1';
  const login = await call(server.base, 'POST', API.vetLogin, from, {
    username: DEMO_USERNAME,
    password: DEMO_PASSWORD,
  });
  const token = (JSON.parse(login.body) as { data: { token: string; users: { ID: number }[] } }).data;
  const auth = { authorization: `Bearer ${token.token}` };
  const visits = (await (
    await fetch(`${server.base}${API.vetVisits}?isFinished=2&offset=1&limit=4`, { headers: auth })
  ).json()) as { data: { visits: { ID: number; PetProfileID: number; VisitDate: string }[] } };
  const bomb = await bombPng();
  const rssBeforeMiB = rssMiB(server.child.pid);
  let peakRssMiB = rssBeforeMiB;
  const sampler = setInterval(() => (peakRssMiB = Math.max(peakRssMiB, rssMiB(server.child.pid))), 100);
  const started = performance.now();
  const answers = await Promise.all(
    visits.data.visits.slice(0, 4).map(async (visit) => {
      const payload = {
        petId: visit.PetProfileID,
        vetVisitId: visit.ID,
        vetUserId: token.users[0].ID,
        visitDate: visit.VisitDate.slice(0, 10),
        notes: '',
        weight: [],
        vaccinations: [],
        antiparasitics: [],
        consultations: [],
        pictures: Array.from({ length: 10 }, (_, i) => ({ id: -1 - i, notes: '', fileIndex: i })),
      };
      const { body, headers } = multipartBody(
        payload,
        Array.from({ length: 10 }, (_, i) => ({ bytes: bomb, filename: `bomb-${i}.png`, contentType: 'image/png' })),
      );
      const res = await fetch(`${server.base}${API.saveVetVisit}`, {
        method: 'POST',
        headers: { ...auth, ...headers },
        body: new Uint8Array(body),
      });
      return `${res.status} ${(await res.text()).slice(0, 120)}`;
    }),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  clearInterval(sampler);
  return {
    saves: answers.length,
    picturesPerSave: 10,
    seconds,
    answers,
    status5xx: answers.filter((a) => a.startsWith('5')).length,
    peakRssMiB,
    rssBeforeMiB,
  };
}

const PARTS = ['login', 'lookups', 'images', 'slow', 'junk'] as const;
type Part = (typeof PARTS)[number];

interface AttackReport {
  database: 'pglite' | 'postgres';
  loginBursts: LoginBurstFigures[];
  lookupBurst: LookupBurstFigures | null;
  imageBombs: ImageBombFigures | null;
  slowClients: SlowClientFigures | null;
  junkParameters: JunkParameterFigures | null;
}

async function measure(
  database: 'pglite' | 'postgres',
  servers: ServerProcess[],
  opts: { slowSeconds: number; parts: readonly Part[] },
  log: (l: string) => void,
): Promise<AttackReport> {
  const [first] = servers;
  const report: AttackReport = {
    database,
    loginBursts: [],
    lookupBurst: null,
    imageBombs: null,
    slowClients: null,
    junkParameters: null,
  };
  if (opts.parts.includes('login')) {
    for (let round = 0; round < 3; round++) {
      const f = await loginBurst(first.base, round);
      report.loginBursts.push(f);
      log(
        `  ${database.padEnd(8)} login burst ${round + 1}: ${f.tried} wrong passwords at once, ${f.passwordChecked} checked, ${f.refused429} answered 429, ${f.status5xx} 5xx, ${f.other} other; ` +
          `real login from elsewhere ${f.realLoginMs} ms (${f.realLoginOk ? 'ok' : 'FAILED'}; alone before the burst ${f.realLoginAloneMs} ms)`,
      );
    }
  }
  if (opts.parts.includes('lookups')) {
    const lookups = await lookupBurst(
      servers.map((s) => s.base),
      '127.0.30.1',
    );
    report.lookupBurst = lookups;
    log(
      `  ${database.padEnd(8)} lookup burst: ${lookups.tried} unknown public IDs at once from one address over ${lookups.processes} process(es): ` +
        `${lookups.answeredNotFound} answered "Pet not found." (limit 30), ${lookups.refused429} answered 429, ${lookups.status5xx} 5xx, ${lookups.other} other`,
    );
  }
  if (opts.parts.includes('images')) {
    const bombs = await imageBombs(first);
    report.imageBombs = bombs;
    log(
      `  ${database.padEnd(8)} image bombs: ${bombs.saves} visit saves at once with ${bombs.picturesPerSave} pictures of 6200 x 6200 px each: answered in ${bombs.seconds} s, ${bombs.status5xx} 5xx, ` +
        `server memory ${bombs.rssBeforeMiB} MiB before, peak ${bombs.peakRssMiB} MiB; first answer: ${bombs.answers[0] ?? 'none'}`,
    );
  }
  if (opts.parts.includes('slow')) {
    const slow = await slowClients(first, opts.slowSeconds);
    report.slowClients = slow;
    log(
      `  ${database.padEnd(8)} slow clients: ${slow.tried} connections from one address sending a byte every 2 s: ${slow.accepted} kept by the server, ` +
        `${slow.openAfter} still open after ${slow.observedSeconds} s; server memory ${slow.rssBeforeMiB} MiB before, ${slow.rssDuringMiB} MiB during`,
    );
  }
  if (opts.parts.includes('junk')) {
    const junk = await junkParameters(first.base);
    report.junkParameters = junk;
    log(
      `  ${database.padEnd(8)} junk page parameters: ${junk.requests} requests in ${junk.seconds} s, ${junk.rendered} forced a render (${junk.rendersPerSecond}/s), ${junk.status5xx} 5xx; ` +
        `a cached page p50/p99 ${junk.visitorBefore.p50}/${junk.visitorBefore.p99} ms before, ${junk.visitorDuring.p50}/${junk.visitorDuring.p99} ms during`,
    );
  }
  return report;
}

interface JunkParameterFigures {
  requests: number;
  seconds: number;
  rendered: number;
  rendersPerSecond: number;
  status5xx: number;
  visitorBefore: { p50: number; p99: number };
  visitorDuring: { p50: number; p99: number };
}

/** Values a page reads that do not parse or are out of range, each one new (`i`). */
const JUNK_PAGES = [
  (i: number) => `/adopt?page=abc${i}`,
  (i: number) => `/sitters?page=${999_999 + i}`,
  (i: number) => `/lost?near=junk${i}`,
  (i: number) => `/lost?near=${95 + i},${200 + i}`,
  (i: number) => `/adopt?petType=x${i}`,
  (i: number) => `/vets?country=zz${i}`,
  (i: number) => `/trainers?country=${900_000 + i}`,
  (i: number) => `/AnimalHouse?page=-${i}`,
  (i: number) => `/walkers?view=v${i}`,
  // in range, but past the end of the real listing (docs/decisions/0159)
  (i: number) => `/walkers?page=${50 + i}`,
  (i: number) => `/adopt?page=${400 + i}`,
];

/** One page asked for as a browser asks: the status and how the server says it made it (Server-Timing). */
function getPage(base: string, urlPath: string, from: string): Promise<{ status: number; how: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      new URL(urlPath, base),
      { localAddress: from, agent: false, headers: { accept: 'text/html', 'accept-language': 'en' }, timeout: 60_000 },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            how: /desc="([^"]+)"/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? '',
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, how: '', ms: performance.now() - started }));
  });
}

function percentiles(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

/** A visitor reading a page already cached, one request after another, until `until` says stop. */
async function visitor(base: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) times.push((await getPage(base, '/adopt', '127.0.40.2')).ms);
  return times;
}

async function junkParameters(base: string, seconds = 10, inFlight = 8): Promise<JunkParameterFigures> {
  await getPage(base, '/adopt', '127.0.40.2');
  let stopBefore = false;
  const timer = setTimeout(() => (stopBefore = true), 3000);
  const before = await visitor(base, () => stopBefore);
  clearTimeout(timer);
  let next = 0;
  let rendered = 0;
  let status5xx = 0;
  const endAt = performance.now() + seconds * 1000;
  const over = () => performance.now() >= endAt;
  const attacker = async () => {
    while (!over()) {
      const i = next++;
      const answer = await getPage(base, JUNK_PAGES[i % JUNK_PAGES.length](i), '127.0.40.1');
      if (answer.how === 'rendered') rendered += 1;
      if (answer.status >= 500) status5xx += 1;
    }
  };
  const [during] = await Promise.all([visitor(base, over), ...Array.from({ length: inFlight }, attacker)]);
  return {
    requests: next,
    seconds,
    rendered,
    rendersPerSecond: Math.round((rendered / seconds) * 10) / 10,
    status5xx,
    visitorBefore: percentiles(before),
    visitorDuring: percentiles(during),
  };
}

/** The servers' settings for this bench: the slow-client timeouts short enough to be seen in the observation time. */
const BENCH_ENV = { LOG_LEVEL: 'warn', HTTP_REQUEST_TIMEOUT_MS: '20000', HTTP_HEADERS_TIMEOUT_MS: '10000' };

export async function runAttackBench(
  opts: { slowSeconds?: number; parts?: readonly Part[]; log?: (l: string) => void } = {},
): Promise<{ rows: AttackReport[]; postgresSkipped: string | null }> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const settings = { slowSeconds: opts.slowSeconds ?? 30, parts: opts.parts ?? PARTS };
  const rows: AttackReport[] = [];
  log(
    `Attack benchmark: login burst (${BURST_LOGINS}), lookup burst (${BURST_LOOKUPS}), slow clients (${SLOW_CONNECTIONS}); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-attack-'));
  let server: ServerProcess | null = null;
  try {
    server = await spawnServer({ port: PORT_BASE, env: { ...BENCH_ENV, DATA_DIR: dataDir }, readyTimeoutMs: 180_000 });
    rows.push(await measure('pglite', [server], settings, log));
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  let postgresSkipped: string | null = null;
  let cluster: PgCluster | null = null;
  const servers: ServerProcess[] = [];
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-attack-pg-'));
  try {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE pawtal_attack');
    await admin.end();
    const env = { ...BENCH_ENV, DATA_DIR: pgDataDir, DATABASE_URL: cluster.url('pawtal_attack') };
    servers.push(await spawnServer({ port: PORT_BASE + 1, env, readyTimeoutMs: 180_000 }));
    servers.push(
      await spawnServer({ port: PORT_BASE + 2, env: { ...env, SEED_DEMO_DATA: 'false' }, readyTimeoutMs: 180_000 }),
    );
    rows.push(await measure('postgres', servers, settings, log));
  } catch (err) {
    postgresSkipped = `PostgreSQL run skipped: ${err instanceof Error ? err.message : String(err)}`;
    log(postgresSkipped);
  } finally {
    for (const s of servers) await s.stop();
    if (cluster) {
      cluster.stop();
      removeClusterFiles(cluster);
    }
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
  return { rows, postgresSkipped };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { 'slow-seconds': { type: 'string', default: '30' }, parts: { type: 'string', default: PARTS.join(',') } },
  });
  const parts = values.parts.split(',').map((p) => p.trim()) as Part[];
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown part(s): ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
  runAttackBench({ slowSeconds: Number(values['slow-seconds']), parts }).then(
    (report) => {
      fs.mkdirSync('bench-results', { recursive: true });
      fs.writeFileSync(
        path.join('bench-results', 'attack.json'),
        `${JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg(), ...report }, null, 2)}\n`,
      );
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
