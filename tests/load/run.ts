#!/usr/bin/env tsx
/**
 * `npm run test:load [-- --short] [-- --database-url postgres://… | --postgres] [-- --connections N --seconds S]`
 * (`--postgres`: on a throwaway PostgreSQL cluster, as `npm test` runs it besides PGlite)
 * `npm run test:load -- --two-process [--database-url postgres://…]`: two server processes on one
 * PostgreSQL (a throwaway cluster without --database-url), reads on one, writes on the other:
 * zero stale reads after the invalidation window, zero errors (tests/load/two-process.ts).
 *
 * One server process, mixed public and portal traffic (autocannon, loopback), and concurrent
 * SaveVetVisit calls on the same and on different visits during it. Fails (exit 1) on any 5xx, any
 * connection error or timeout, any unexpected status, or any save that is lost or interleaved.
 * Writes the report to bench-results/load-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API } from '#shared/contract/paths';
import { cannon, type CannonFigures } from '#tests/bench/cannon';
import { portalClient } from '#tests/faults/portal-client';
import { isoDay } from '#tests/support/days';
import { spawnServer } from '#tests/faults/server-process';
import pg from 'pg';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';
import { runSaveStorm, type StormReport } from '#tests/load/save-storm';
import { runTwoProcessLoad, WINDOW_MS } from '#tests/load/two-process';

const PORT = Number(process.env.LOAD_PORT_BASE) || 3850;

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'two-process': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds ?? (values.short ? 10 : 60));
const connections = Number(values.connections);

/** A database on a throwaway PostgreSQL cluster: its address, and the cluster to stop afterwards. */
async function throwawayDatabase(): Promise<{ url: string; cluster: PgCluster }> {
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE pawtal_load');
  await admin.end();
  return { url: cluster.url('pawtal_load'), cluster };
}

function stopCluster(cluster: PgCluster | null): void {
  if (!cluster) return;
  cluster.stop();
  removeClusterFiles(cluster);
}

async function twoProcesses(): Promise<number> {
  let cluster: PgCluster | null = null;
  let url = values['database-url'];
  try {
    if (!url) ({ url, cluster } = await throwawayDatabase());
    console.log(
      `[load] two server processes on one PostgreSQL (ports ${PORT + 1}, ${PORT + 2}): ${connections} connections of reads on B for ${seconds} s, renames on A…`,
    );
    const r = await runTwoProcessLoad({ databaseUrl: url, seconds, connections, ports: [PORT + 1, PORT + 2] });
    const report = {
      kind: 'load-two-process',
      at: new Date().toISOString(),
      database: 'postgres',
      connections,
      seconds,
      windowMs: WINDOW_MS,
      ...r,
    };
    fs.mkdirSync('bench-results', { recursive: true });
    const file = path.join('bench-results', `load-two-process-${report.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(
      `[load] B: ${r.mixed.total} requests, ${r.mixed.requestsPerSecond} req/s, p99 ${r.mixed.p99Ms} ms, status codes ${JSON.stringify(r.mixed.statusCodes)}`,
    );
    console.log(
      `[load] A: ${r.writes} renames (${r.writeErrors} failed); B: ${r.reads} checked reads, ${r.staleReads} stale after ${WINDOW_MS} ms, ${r.readErrors} failed; slowest rename seen on B after ${r.worstVisibleMs} ms`,
    );
    console.log(`[load] report: ${file}`);
    if (r.failures.length) {
      console.error(`[load] FAILED:\n  ${r.failures.join('\n  ')}`);
      return 1;
    }
    console.log('[load] PASS');
    return 0;
  } finally {
    stopCluster(cluster);
  }
}

async function main(): Promise<number> {
  if (values['two-process']) return twoProcesses();
  const cluster = values.postgres && !values['database-url'] ? await throwawayDatabase() : null;
  try {
    return await oneProcess(values['database-url'] ?? cluster?.url);
  } finally {
    stopCluster(cluster?.cluster ?? null);
  }
}

async function oneProcess(databaseUrl: string | undefined): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-load-'));
  // Every connection of the load comes from 127.0.0.1: many visitors, one address (docs/decisions/0092 caps one
  // address's connections).
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MAX_CONNECTIONS_PER_ADDRESS: String(connections + 50),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  console.log(`[load] starting the server on ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (port ${PORT})…`);
  const server = await spawnServer({ port: PORT, env, readyTimeoutMs: 120_000 });
  try {
    const client = portalClient(server.base);
    const session = await client.login();
    const auth = { authorization: `Bearer ${client.token()}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const visits = await client.get(API.vetVisits, {
      isFinished: 2,
      offset: 1,
      limit: 4,
    });
    const sitters = await client.get(API.petSitters, { offset: 1, limit: 4 });
    if (visits.result !== 1 || !visits.data.visits.length) throw new Error(`no demo visits: ${visits.message}`);
    const visit = visits.data.visits[0];
    const sitterId = sitters.data.items[0].ID;

    const requests = [
      { method: 'GET', path: API.petTypes },
      {
        method: 'GET',
        path: `${API.petSitters}?offset=1&limit=4&SearchTerm=&CurrencyId=&PricingTypeId=&PriceFrom=&PriceTo=&CountryId=`,
      },
      { method: 'GET', path: `${API.vetVisits}?isFinished=0&offset=1&limit=4`, headers: auth },
      { method: 'GET', path: `${API.petsForAdoption}?petTypeId=1&offset=1&limit=4&searchTerm=` },
      {
        method: 'GET',
        path: `${API.petDetailsByPublicId}?publicId=DEMO0001&petProfileId=&profileNeeded=&latitude=0&longitude=0`,
      },
      { method: 'GET', path: `${API.vetPets}?offset=1&limit=5&searchTerm=a`, headers: auth },
      { method: 'GET', path: `${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=` },
      { method: 'GET', path: `${API.petSitterById}?id=${sitterId}` },
      {
        method: 'POST',
        path: API.vetReminders,
        headers: json,
        body: JSON.stringify({ date: isoDay(), offset: 1, limit: 4 }),
      },
      { method: 'GET', path: `${API.vetVisitDetails}?vetVisitId=${visit.ID}`, headers: auth },
      { method: 'GET', path: `${API.wellnessCategories}` },
      { method: 'GET', path: `${API.vets}?offset=2&limit=4&CountryId=` },
    ];

    console.log(
      `[load] ${connections} connections for ${seconds} s of mixed traffic (${requests.length} calls), with concurrent visit saves…`,
    );
    let trafficDone = false;
    const traffic = cannon({
      name: 'mixed public and portal',
      base: server.base,
      requests,
      connections,
      seconds,
    }).finally(() => (trafficDone = true));
    const storm = runSaveStorm(client, session.users[0].ID, { until: () => trafficDone, burst: 8, otherVisits: 4 });
    const [mixed, saves] = (await Promise.all([traffic, storm])) as [CannonFigures, StormReport];

    const unexpected = Object.entries(mixed.statusCodes).filter(([code]) => code !== '200');
    const failures: string[] = [];
    if (mixed.status5xx) failures.push(`${mixed.status5xx} answers with 5xx`);
    if (mixed.errors || mixed.timeouts) failures.push(`${mixed.errors} connection errors, ${mixed.timeouts} timeouts`);
    if (unexpected.length) failures.push(`unexpected status codes: ${JSON.stringify(Object.fromEntries(unexpected))}`);
    if (saves.savesFailed.length)
      failures.push(`${saves.savesFailed.length} saves failed: ${saves.savesFailed.slice(0, 3).join('; ')}`);
    if (saves.problems.length)
      failures.push(`${saves.problems.length} save problems: ${saves.problems.slice(0, 3).join('; ')}`);
    if (mixed.total === 0 || saves.savesAcked === 0) failures.push('no traffic was served');

    const report = {
      kind: 'load',
      at: new Date().toISOString(),
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      connections,
      seconds,
      mixed,
      saves,
      failures,
    };
    fs.mkdirSync('bench-results', { recursive: true });
    const file = path.join('bench-results', `load-${report.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));

    console.log(
      `[load] ${mixed.total} requests, ${mixed.requestsPerSecond} req/s, p50 ${mixed.p50Ms} ms, p99 ${mixed.p99Ms} ms, max ${mixed.maxMs} ms`,
    );
    console.log(
      `[load] status codes ${JSON.stringify(mixed.statusCodes)}, 5xx ${mixed.status5xx}, errors ${mixed.errors}, timeouts ${mixed.timeouts}`,
    );
    console.log(
      `[load] saves: ${saves.rounds} rounds, ${saves.savesAcked}/${saves.savesSent} acknowledged, ${saves.readsChecked} reads checked, ${saves.problems.length} problems`,
    );
    console.log(`[load] report: ${file}`);
    if (failures.length) {
      console.error(`[load] FAILED:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    console.log('[load] PASS');
    return 0;
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`[load] server exited with ${String(code)}:\n${server.output().slice(-2000)}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('[load] error:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
