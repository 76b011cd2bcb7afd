import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Finds the PostgreSQL server binaries (initdb, pg_ctl): PG_BIN, PATH, then /usr/lib/postgresql/N/bin. */
function findPgBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) candidates.push(path.dirname(which.stdout.trim()));
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(root, v, 'bin'));
  }
  return (
    candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null
  );
}

const portsHandedOut = new Set<number>();

/** A loopback port free now and not handed out before by this process (two servers started at once get two). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (!portsHandedOut.has(port)) {
      portsHandedOut.add(port);
      return port;
    }
  }
}

export interface PgCluster {
  url(database?: string): string;
  port: number;
  dir: string;
  stop(): void;
  /** pg_ctl start again after stop() (for fault tests) */
  start(): void;
}

/**
 * Starts a throwaway PostgreSQL cluster on a loopback port. As root, initdb and the server run as
 * the postgres user (initdb refuses root). Call stop() to shut it down and remove its files.
 * With `dir`, the cluster lives there and is kept: started again if dir/data already holds one,
 * made there if not, and stop() shuts it down cleanly (so the next start needs no recovery).
 */
export async function startPgCluster(options: { dir?: string } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries not found (looked in PG_BIN, PATH and /usr/lib/postgresql/*/bin). Run: apt-get install -y postgresql',
    );
  const isRoot = process.getuid?.() === 0;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-pg-'));
  const dataDir = path.join(dir, 'data');
  const sockDir = path.join(dir, 'sock');
  const existing = options.dir !== undefined && fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(sockDir, { recursive: true });
  const asPg = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  // a kept cluster whose last run was killed may still be running (pg_ctl's server outlives node)
  if (existing && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    try {
      asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      /* not running: a stale pid file, which start replaces */
    }
  }
  if (!existing)
    asPg(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${sockDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () =>
    asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  start();
  let running = true;
  return {
    port,
    dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      if (running) return;
      start();
      running = true;
    },
    stop() {
      if (!running) return;
      running = false;
      try {
        asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', options.dir ? 'fast' : 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}

export function removeClusterFiles(cluster: PgCluster): void {
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
