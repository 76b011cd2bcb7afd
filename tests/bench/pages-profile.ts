/**
 * Where a first render's time goes (issue 24, docs/decisions/0100): a CPU profile of one server
 * process on PGlite (node --cpu-prof) while it renders the cold pages of pages-cold.ts once each
 * from 10 connections, reduced to the share of the run's samples spent inside each part of the
 * work (a sample counts for every part on its stack, so shares overlap: render includes styles).
 *
 *   npx tsx tests/bench/pages-profile.ts [--pages 300]
 *
 * Port PAGES_BENCH_PORT + 5 (default 3325). Needs `npm run build`. Prints the table and writes
 * bench-results/pages-profile.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnServer } from '#tests/faults/server-process';
import { drive, inEveryLanguage, listedPages, shuffled } from '#tests/bench/pages-cold';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the work, by a frame on the stack: a function name (and, where names repeat, a file). */
const PARTS: { part: string; match: (fn: string, url: string) => boolean }[] = [
  { part: 'page cache miss, whole (serverRender)', match: (fn) => fn === 'serverRender' },
  {
    part: 'React render (renderToString / stream)',
    match: (fn) => /^(renderToString|renderToPipeableStream|renderToReadableStream|prerender|performWork)$/.test(fn),
  },
  {
    part: 'Emotion style extraction',
    match: (fn) => fn === 'extractCriticalToChunks' || fn === 'constructStyleTagsFromChunks',
  },
  {
    part: 'Emotion style serialisation (in render)',
    match: (fn) => fn === 'serializeStyles' || fn === 'compile' || fn === 'serialize',
  },
  {
    part: 'i18n (instance clone, t)',
    match: (fn, url) => (fn === 'cloneInstance' || fn === 't' || fn === 'translate') && /entry-server|assets/.test(url),
  },
  { part: 'in-process API calls (app.inject)', match: (fn) => fn === 'inject' || fn === 'fetchApi' },
  { part: 'route matching / static handler', match: (fn, url) => fn === 'query' && /assets|entry-server/.test(url) },
  { part: 'dehydrate + JSON for the page', match: (fn) => fn === 'dehydrate' || fn === 'jsonForScript' },
  { part: 'writing the page (index.html)', match: (fn) => fn === 'writePage' || fn === 'startAppAfterLoad' },
  {
    part: 'compression (gzip/brotli)',
    match: (fn) => /^(gzip|brotliCompress|zlibBufferOnData|processCallback|zlibOnError)$/.test(fn),
  },
  { part: 'database (PGlite / pg)', match: (_fn, url) => /pglite|node_modules\/pg\//.test(url) },
  { part: 'garbage collection', match: (fn) => fn === '(garbage collector)' },
  { part: 'idle', match: (fn) => fn === '(idle)' },
];

interface ProfileShare {
  part: string;
  percent: number;
}

/** Shares of the samples taken between `from` and `to` (µs, the monotonic clock) in each part. */
function summarise(
  profile: CpuProfile,
  from: number,
  to: number,
): { samples: number; busyMs: number; parts: ProfileShare[]; topFrames: ProfileShare[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<string, number>();
  const frames = new Map<string, number>();
  let t = profile.startTime;
  let samples = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < from || t > to) return;
    samples++;
    const seen = new Set<string>();
    const seenFrames = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)?.callFrame;
      if (!frame) continue;
      for (const p of PARTS) if (!seen.has(p.part) && p.match(frame.functionName, frame.url)) seen.add(p.part);
      seenFrames.add(`${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`);
    }
    if (!seen.has('idle')) for (const f of seenFrames) frames.set(f, (frames.get(f) ?? 0) + 1);
    if (seen.has('idle')) idle++;
    for (const part of seen) counts.set(part, (counts.get(part) ?? 0) + 1);
  });
  const busy = samples - idle;
  const share = (n: number, of: number) => Math.round((n / (of || 1)) * 1000) / 10;
  return {
    samples,
    busyMs: Math.round(((to - from) / 1000) * (busy / (samples || 1))),
    parts: PARTS.map(({ part }) => ({ part, percent: share(counts.get(part) ?? 0, part === 'idle' ? samples : busy) })),
    topFrames: [...frames]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([part, n]) => ({ part, percent: share(n, busy) })),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '300' } } });
  const port = (Number(process.env.PAGES_BENCH_PORT) || 3320) + 5;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-profile-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-profile-data-'));
  const running = await spawnServer({
    port,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'],
    readyTimeoutMs: 180_000,
  });
  let window: [number, number];
  let figures;
  try {
    const jobs = shuffled(inEveryLanguage(await listedPages(running.base))).slice(0, Number(values.pages));
    await drive(
      running.base,
      inEveryLanguage(['/', '/adopt', '/lost', '/sitters', '/vets', '/AnimalHouse', '/support']),
      4,
    );
    const from = Number(process.hrtime.bigint() / 1000n);
    figures = await drive(running.base, jobs);
    window = [from, Number(process.hrtime.bigint() / 1000n)];
  } finally {
    await running.stop();
  }
  // One profile per thread: the server's own thread (it ran server-render.ts) and its render
  // threads (render-thread.js), or one thread doing both (RENDER_THREADS=0); tsx's loader has its own.
  const profiles = fs.readdirSync(profileDir).map((f) => ({
    file: path.join(profileDir, f),
    profile: JSON.parse(fs.readFileSync(path.join(profileDir, f), 'utf8')) as CpuProfile,
  }));
  const ran = (p: CpuProfile, what: string) => p.nodes.some((n) => n.callFrame.url.includes(what));
  const threads = profiles
    .filter((p) => ran(p.profile, 'server-render') || ran(p.profile, 'render-thread'))
    .map((p) => ({
      ...p,
      name: ran(p.profile, 'server-render')
        ? ran(p.profile, 'entry-server')
          ? 'server thread (rendering too)'
          : 'server thread'
        : 'render thread',
    }));
  if (threads.length === 0) throw new Error(`no profile of the server in ${profileDir}`);
  console.log(
    `cold run: ${figures.requests} pages, ${figures.requestsPerSecond} req/s, p99 ${figures.p99Ms} ms (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  const report = [];
  for (const thread of threads) {
    const summary = summarise(thread.profile, window[0], window[1]);
    report.push({ thread: thread.name, file: thread.file, ...summary });
    console.log(
      `\n${thread.name}: busy ${summary.busyMs} ms = ${Math.round((summary.busyMs / figures.requests) * 10) / 10} ms per page`,
    );
    for (const p of summary.parts)
      if (p.percent > 0)
        console.log(
          `  ${p.part.padEnd(44)} ${String(p.percent).padStart(5)} %${p.part === 'idle' ? ' of all samples' : ' of busy samples'}`,
        );
    console.log('  frames on the most busy samples (inclusive):');
    for (const p of summary.topFrames.slice(0, 25)) console.log(`    ${String(p.percent).padStart(5)} %  ${p.part}`);
    console.log(`  profile: ${thread.file}`);
  }
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    path.join('bench-results', 'pages-profile.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), loadAverage: os.loadavg(), figures, threads: report }, null, 2)}\n`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
