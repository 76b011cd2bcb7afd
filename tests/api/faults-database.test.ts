import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { createServer, type RunningServer } from '#server/start';
import { removeClusterFiles, startPgCluster, type PgCluster } from '#tests/support/pg-cluster';
import { testConfig } from '#tests/support/test-config';
import { pgAvailable } from '#tests/faults/databases';

/** PostgreSQL going away under a running server, then coming back. */
describe.skipIf(!pgAvailable())('PostgreSQL stopped while the server runs', () => {
  // Its own cluster: stopping the shared one would break the other test files.
  let cluster: PgCluster;
  let server: RunningServer;
  let workDir: string;
  beforeAll(async () => {
    cluster = await startPgCluster();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-dbdown-'));
    server = await createServer(
      testConfig({
        databaseUrl: cluster.url(),
        dataDir: workDir,
        mediaDir: path.join(workDir, 'media'),
        seedDemoData: false,
      }),
      { logger: false },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (cluster) {
      cluster.stop();
      removeClusterFiles(cluster);
    }
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it('answers 503 with the envelope while the database is down, then recovers by itself', async () => {
    const petTypes = await call('GET', API.petTypes);
    expect(petTypes.statusCode).toBe(200);
    expect((await call('GET', API.health)).json()).toMatchObject({ result: 1 });

    cluster.stop();
    // reference data already read is served from the public cache (src/server/reference/lookups.ts); what was not read
    // answers 503
    const cached = await call('GET', API.petTypes);
    expect(cached.statusCode).toBe(200);
    expect(cached.json()).toEqual(petTypes.json());
    const during = [
      await call('GET', `${API.petSitters}?offset=1&limit=4`),
      await call('GET', `${API.petDetailsByPublicId}?publicId=DEMO0001`),
      await call('POST', API.vetLogin, { username: 'demo.clinic', password: 'Pawtal!2026' }),
      await call('GET', API.health),
    ];
    for (const res of during) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ result: 0, data: null });
      expect(res.json().message).toMatch(/unavailable|not answering/i);
      expect(res.body).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    }

    cluster.start();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await call('GET', `${API.petSitters}?offset=1&limit=4`)).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await call('GET', API.health)).json()).toMatchObject({ result: 1, data: { database: 'postgres' } });
  }, 60_000);
});
