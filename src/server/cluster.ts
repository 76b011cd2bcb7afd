import 'dotenv/config';
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { ConfigError, loadConfig, publicUrlWarning, type Config } from '#server/config';
import { openDatabase } from '#server/db/client';
import { seedIfEmpty } from '#server/db/seed/index';
import { errorText } from '#server/http/loggable-error';

/**
 * One server process per core on PostgreSQL (`npm run serve:cluster`, docs/operations.md,
 * docs/decisions/0068). The primary migrates and seeds once, then forks WEB_CONCURRENCY workers
 * (default: one per core); each worker is a whole server (src/server/main.ts) with its own pool,
 * caches and change feed, and node:cluster shares the listening port among them. A worker that
 * dies is replaced; SIGTERM stops them all gracefully.
 */
const RESTART_DELAY_MS = 1000;
/** Workers failing faster than this (e.g. a database that refuses them) stop the cluster. */
const MAX_RESTARTS_PER_MINUTE = 10;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function prepareDatabase(config: Config): Promise<void> {
  // Once, here: workers migrating at the same moment would race on the same tables.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    if (config.seedDemoData) await seedIfEmpty(database.db, config);
  } finally {
    await database.close();
  }
}

async function primary(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`);
    throw err;
  }
  const publicUrlProblem = publicUrlWarning(process.env, config);
  if (publicUrlProblem) console.warn(publicUrlProblem);
  if (!config.databaseUrl)
    fail(
      'Cannot start a cluster: set DATABASE_URL. The embedded PGlite database belongs to one process; ' +
        'run `npm run serve` for it.',
    );
  const count = config.workers || os.availableParallelism();
  await prepareDatabase(config);

  let stopping = false;
  const workers = new Set<Worker>();
  let restarts: number[] = [];
  function stop(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    if (workers.size === 0) process.exit(0);
    // Each worker finishes its requests in flight (src/server/main.ts), then exits.
    for (const worker of workers) worker.process.kill(signal);
  }
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      const now = Date.now();
      restarts = [...restarts.filter((t) => now - t < 60_000), now];
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        console.error(`workers keep ending (${restarts.length} in a minute): stopping the cluster`);
        stop('SIGTERM');
        return;
      }
      console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
      setTimeout(fork, RESTART_DELAY_MS);
    });
  };
  for (let i = 0; i < count; i++) fork();
  console.log(
    `${config.appName} cluster: ${count} server processes on port ${config.port}, ` +
      `${config.databasePoolSize} database connections each`,
  );

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
}

if (cluster.isPrimary) {
  primary().catch((err: unknown) => fail(`Failed to start: ${errorText(err)}`));
} else {
  await import('#server/main');
}
