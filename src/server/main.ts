import 'dotenv/config';
import cluster from 'node:cluster';
import { ConfigError, loadConfig, publicUrlWarning } from '#server/config';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { createServer } from '#server/start';
import { errorText } from '#server/http/loggable-error';

/** How long SIGTERM waits for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let server;
  try {
    server = await createServer(config, { warmUp: true });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const { app } = server;
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A keep-alive connection would hold the close open until it times out (72 s): close each one
    // as soon as its request is answered. Requests still running after the grace period are cut.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    server
      .stop()
      .then(() => {
        clearInterval(sweep);
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // once per start: in a cluster the primary says it (src/server/cluster.ts)
  const publicUrlProblem = cluster.isWorker ? null : publicUrlWarning(process.env, config);
  if (publicUrlProblem) app.log.warn(publicUrlProblem);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`${config.appName} is running at http://${shown}:${config.port} (${server.database.kind})`);
}

main().catch((err: unknown) => {
  console.error('Failed to start:', errorText(err));
  process.exit(1);
});
