import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '#tests/support/pg-cluster';

/**
 * A Pawtal server as a real process (`node --import tsx src/server/main.ts`), for crash, signal and
 * multi-process tests. Output is kept so a test can read what the server printed.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output(): string;
  /** resolves with the exit code (or signal name) once the process has ended */
  exited: Promise<number | string>;
  /** SIGTERM and wait (SIGKILL after the grace period) */
  stop(graceMs?: number): Promise<number | string>;
  kill9(): Promise<number | string>;
}

const ENTRIES = { main: 'src/server/main.ts', cluster: 'src/server/cluster.ts' } as const;

export interface SpawnOptions {
  /** default: a free loopback port (a fixed one collides when two test runs share a machine) */
  port?: number;
  env: Record<string, string>;
  /** wait until the API answers (default true) */
  waitReady?: boolean;
  readyTimeoutMs?: number;
  /** main.ts (one process, the default) or cluster.ts (WEB_CONCURRENCY processes on one port) */
  entry?: keyof typeof ENTRIES;
  /** node options before the script (e.g. --cpu-prof, which NODE_OPTIONS does not allow) */
  nodeArgs?: string[];
  /**
   * a command that runs the server as its last arguments and ends by exec'ing it (so the process stopped and killed is
   * the server), e.g. unshare and a shell that mounts a small disk first
   */
  wrapper?: string[];
  /** the checkout the server runs from (its src/, dist/ and migrations); default the current directory */
  cwd?: string;
}

export function baseEnv(port: number): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS'];
  const env: Record<string, string> = {};
  for (const k of keep) if (process.env[k]) env[k] = process.env[k] as string;
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

export async function spawnServer(opts: SpawnOptions): Promise<ServerProcess> {
  // cwd is the repository root so the built client (dist/client) and migrations are found.
  // `node --import tsx` rather than the tsx CLI: the CLI runs the server in a child process, so a
  // SIGKILL would hit the wrapper and leave the server running.
  const cwd = path.resolve(opts.cwd ?? '.');
  const entry = path.join(cwd, ENTRIES[opts.entry ?? 'main']);
  const command = [process.execPath, ...(opts.nodeArgs ?? []), '--import', 'tsx', entry];
  const [program, ...args] = [...(opts.wrapper ?? []), ...command];
  const port = opts.port ?? (await freePort());
  const child = spawn(program, args, {
    cwd,
    env: { ...baseEnv(port), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  let done = false;
  void exited.then(() => (done = true));
  const base = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    child,
    port,
    base,
    output: () => out,
    exited,
    async stop(graceMs = 10_000) {
      if (done) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill9() {
      if (done) return exited;
      child.kill('SIGKILL');
      return exited;
    },
  };
  if (opts.waitReady !== false) {
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (done) throw new Error(`server exited before it was ready (code ${String(await exited)}):\n${out}`);
      try {
        const res = await fetch(`${base}/api/General/GetPetTypes`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server on port ${port} not ready in time:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return proc;
}

/** Runs the server to its end (for start-up failures); returns exit code and output. */
export async function runServerToExit(
  env: Record<string, string>,
  port?: number,
  timeoutMs = 30_000,
): Promise<{ code: number | string; output: string }> {
  const proc = await spawnServer({ port, env, waitReady: false });
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, output: proc.output() };
}
