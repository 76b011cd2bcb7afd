/**
 * Portal API benchmark (issue 6): requests per second and p99 of Login, GetVetVisits, GetVetPets
 * (search) and GetVetReminders beside the constant route of the same server (Login with 4 connections:
 * its scrypt is meant to be slow), on PGlite (fresh
 * seeded DATA_DIR) and PostgreSQL (throwaway cluster). Ports 3860-3861.
 */
import type { AutocannonRequest } from 'autocannon';
import { API } from '#shared/contract/paths';
import { portalClient, DEMO_PASSWORD, DEMO_USERNAME, today } from '../faults/portal-client';
import type { ServerProcess } from '../faults/server-process';
import { onBothDatabases } from './on-both-databases';
import { cannon, type CannonFigures } from './cannon';

const CONNECTIONS = 50;

export interface PortalBenchRow extends CannonFigures {
  database: 'pglite' | 'postgres';
  ratioToConstant: number;
}

/** Login runs scrypt (about 0.3 s of CPU by design): it gets LOGIN_CONNECTIONS, not CONNECTIONS. */
const LOGIN_CONNECTIONS = 4;

function routes(token: string): { route: string; requests: AutocannonRequest[]; connections?: number }[] {
  const auth = { authorization: `Bearer ${token}` };
  return [
    { route: 'constant (/api/health/live)', requests: [{ path: API.healthLive }] },
    {
      route: 'Login',
      connections: LOGIN_CONNECTIONS,
      requests: [{ method: 'POST', path: API.vetLogin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }) }],
    },
    { route: 'GetVetVisits', requests: [0, 1, 2].map((f) => ({ path: `${API.vetVisits}?isFinished=${f}&offset=1&limit=4`, headers: auth })) },
    { route: 'GetVetPets (search)', requests: ['', 'a', 'bel', 'max'].map((q) => ({ path: `${API.vetPets}?offset=1&limit=5&searchTerm=${q}`, headers: auth })) },
    {
      route: 'GetVetReminders',
      requests: [{ method: 'POST', path: API.vetReminders, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ date: today(), offset: 1, limit: 4 }) }],
    },
  ];
}

async function measure(database: 'pglite' | 'postgres', server: ServerProcess, seconds: number, log: (l: string) => void): Promise<PortalBenchRow[]> {
  const client = portalClient(server.base);
  await client.login();
  const list = routes(client.token());
  for (const r of list) await cannon({ name: r.route, base: server.base, requests: r.requests, connections: 10, seconds: 1 });
  const figures: CannonFigures[] = [];
  for (const r of list) {
    const f = await cannon({ name: r.route, base: server.base, requests: r.requests, connections: r.connections ?? CONNECTIONS, seconds: r.connections ? seconds * 2 : seconds });
    figures.push(f);
    log(`  ${database.padEnd(8)} ${f.name.padEnd(28)} ${String(f.requestsPerSecond).padStart(7)} req/s   p99 ${String(f.p99Ms).padStart(5)} ms   non-2xx ${f.non2xx}`);
  }
  const constant = figures[0].requestsPerSecond || 1;
  return figures.map((f) => ({ ...f, database, ratioToConstant: Math.round((f.requestsPerSecond / constant) * 1000) / 1000 }));
}

export async function runPortalApiBench(opts: { seconds?: number; log?: (l: string) => void } = {}): Promise<{ rows: PortalBenchRow[]; postgresSkipped: string | null }> {
  const seconds = opts.seconds ?? 5;
  const log = opts.log ?? ((l: string) => console.log(l));
  const rows: PortalBenchRow[] = [];
  log(`Portal API benchmark: ${CONNECTIONS} connections, ${seconds} s per route, loopback`);
  const postgresSkipped = await onBothDatabases({ pglite: 3860, postgres: 3861 }, log, async (database, server) => {
    rows.push(...(await measure(database, server, seconds, log)));
  });
  return { rows, postgresSkipped };
}
