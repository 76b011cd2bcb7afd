/**
 * Portal API benchmark (issues 6 and 14): requests per second and p99 of Login, GetVetVisits,
 * GetVetPets (search) and GetVetReminders beside the constant route of the same server (Login with
 * 4 connections: its scrypt is meant to be slow), on PGlite (fresh seeded DATA_DIR) and PostgreSQL
 * (throwaway cluster). Target (issue 14) for the list calls, on both: at least 0.1 of the constant
 * route with p99 < 100 ms at 50 connections. Then GetVetVisits again while logins run beside it:
 * scrypt runs off the event loop, so the list call's p99 must stay within its target.
 * Ports 3860-3861, or BENCH_PORT_BASE+2 and +3.
 */
import type { AutocannonRequest } from 'autocannon';
import { API } from '#shared/contract/paths';
import { portalClient, DEMO_PASSWORD, DEMO_USERNAME } from '#tests/faults/portal-client';
import { isoDay } from '#tests/support/days';
import type { ServerProcess } from '#tests/faults/server-process';
import { onBothDatabases } from '#tests/bench/on-both-databases';
import { cannon, type CannonFigures } from '#tests/bench/cannon';

const CONNECTIONS = 50;
export const PORTAL_TARGET_RATIO = 0.1;
export const PORTAL_TARGET_P99_MS = 100;
const PORT_BASE = Number(process.env.BENCH_PORT_BASE);
const PORTS = PORT_BASE ? { pglite: PORT_BASE + 2, postgres: PORT_BASE + 3 } : { pglite: 3860, postgres: 3861 };

export interface PortalBenchRow extends CannonFigures {
  database: 'pglite' | 'postgres';
  ratioToConstant: number;
  /** null: no target (the constant route, Login) */
  meetsTarget: boolean | null;
}

const LIST_CALLS = new Set(['GetVetVisits', 'GetVetPets (search)', 'GetVetReminders', 'GetVetVisits during logins']);

/** Login runs scrypt (about 0.3 s of CPU by design): it gets LOGIN_CONNECTIONS, not CONNECTIONS. */
const LOGIN_CONNECTIONS = 4;

function routes(token: string): { route: string; requests: AutocannonRequest[]; connections?: number }[] {
  const auth = { authorization: `Bearer ${token}` };
  return [
    { route: 'constant (/api/health/live)', requests: [{ path: API.healthLive }] },
    {
      route: 'Login',
      connections: LOGIN_CONNECTIONS,
      requests: [
        {
          method: 'POST',
          path: API.vetLogin,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
        },
      ],
    },
    {
      route: 'GetVetVisits',
      requests: [0, 1, 2].map((f) => ({ path: `${API.vetVisits}?isFinished=${f}&offset=1&limit=4`, headers: auth })),
    },
    {
      route: 'GetVetPets (search)',
      requests: ['', 'a', 'bel', 'max'].map((q) => ({
        path: `${API.vetPets}?offset=1&limit=5&searchTerm=${q}`,
        headers: auth,
      })),
    },
    {
      route: 'GetVetReminders',
      requests: [
        {
          method: 'POST',
          path: API.vetReminders,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ date: isoDay(), offset: 1, limit: 4 }),
        },
      ],
    },
  ];
}

async function measure(
  database: 'pglite' | 'postgres',
  server: ServerProcess,
  seconds: number,
  log: (l: string) => void,
): Promise<PortalBenchRow[]> {
  const client = portalClient(server.base);
  await client.login();
  const list = routes(client.token());
  for (const r of list)
    await cannon({ name: r.route, base: server.base, requests: r.requests, connections: 10, seconds: 1 });
  const figures: CannonFigures[] = [];
  for (const r of list) {
    const f = await cannon({
      name: r.route,
      base: server.base,
      requests: r.requests,
      connections: r.connections ?? CONNECTIONS,
      seconds: r.connections ? seconds * 2 : seconds,
    });
    figures.push(f);
    log(
      `  ${database.padEnd(8)} ${f.name.padEnd(28)} ${String(f.requestsPerSecond).padStart(7)} req/s   p99 ${String(f.p99Ms).padStart(5)} ms   non-2xx ${f.non2xx}`,
    );
  }
  // GetVetVisits while Login runs beside it on LOGIN_CONNECTIONS (scrypt on the thread pool).
  const visits = list.find((r) => r.route === 'GetVetVisits');
  const login = list.find((r) => r.route === 'Login');
  if (visits && login) {
    const [during, logins] = await Promise.all([
      cannon({
        name: 'GetVetVisits during logins',
        base: server.base,
        requests: visits.requests,
        connections: CONNECTIONS,
        seconds,
      }),
      cannon({
        name: 'Login (beside)',
        base: server.base,
        requests: login.requests,
        connections: LOGIN_CONNECTIONS,
        seconds,
      }),
    ]);
    figures.push(during);
    log(
      `  ${database.padEnd(8)} ${during.name.padEnd(28)} ${String(during.requestsPerSecond).padStart(7)} req/s   p99 ${String(during.p99Ms).padStart(5)} ms   (${logins.total} logins beside it, p99 ${logins.p99Ms} ms)`,
    );
  }
  const constant = figures[0].requestsPerSecond || 1;
  return figures.map((f) => {
    const ratioToConstant = Math.round((f.requestsPerSecond / constant) * 1000) / 1000;
    const meetsTarget = LIST_CALLS.has(f.name)
      ? ratioToConstant >= PORTAL_TARGET_RATIO && f.p99Ms < PORTAL_TARGET_P99_MS && f.non2xx === 0
      : null;
    return { ...f, database, ratioToConstant, meetsTarget };
  });
}

export async function runPortalApiBench(
  opts: { seconds?: number; log?: (l: string) => void } = {},
): Promise<{ rows: PortalBenchRow[]; postgresSkipped: string | null }> {
  const seconds = opts.seconds ?? 5;
  const log = opts.log ?? ((l: string) => console.log(l));
  const rows: PortalBenchRow[] = [];
  log(`Portal API benchmark: ${CONNECTIONS} connections, ${seconds} s per route, loopback`);
  // Logins run from one address on LOGIN_CONNECTIONS twice over (docs/decisions/0091 bounds them per address).
  const env = {
    LOGIN_QUEUE_PER_ADDRESS: String(LOGIN_CONNECTIONS * 2),
    LOGIN_QUEUE_MAX: String(LOGIN_CONNECTIONS * 2),
  };
  const postgresSkipped = await onBothDatabases(
    PORTS,
    log,
    async (database, server) => {
      rows.push(...(await measure(database, server, seconds, log)));
    },
    env,
  );
  return { rows, postgresSkipped };
}
