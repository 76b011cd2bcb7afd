import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { FEED_APPLICATION_NAME } from '#server/cache/change-feed';
import { freshPgDatabase, pgAvailable } from '#tests/faults/databases';
import { baseEnv } from '#tests/faults/server-process';
import { freePort } from '#tests/support/pg-cluster';

/** `npm run serve:cluster`: one port, WEB_CONCURRENCY server processes, each with its own pool and change feed. */
describe.skipIf(!pgAvailable())('one server process per core (node:cluster) on PostgreSQL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('serves on one port from two workers, each listening for cache changes, and stops cleanly on SIGTERM', async () => {
    const database = await freshPgDatabase();
    cleanups.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-cluster-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = {
      ...baseEnv(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      SEED_DEMO_DATA: 'false',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/cluster.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | string>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
    );
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const listeners = async () =>
      (
        await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
          [FEED_APPLICATION_NAME],
        )
      ).rows[0].n;
    const deadline = Date.now() + 90_000;
    while ((await listeners()) < 2) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`the cluster did not start two workers:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const answering = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}${API.healthLive}`)).status === 200;
      } catch {
        return false;
      }
    };
    while (!(await answering())) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the cluster does not answer:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}${API.petTypes}`).then((r) => r.status)),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(await listeners()).toBe(2);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toMatch(/2 server processes/);
  }, 150_000);
});
