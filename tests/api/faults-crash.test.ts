import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDataDir, freshPgDatabase, pgAvailable } from '#tests/faults/databases';
import { portalClient } from '#tests/faults/portal-client';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { prepareVisits, startWriteStream, verifyAfterCrash } from '#tests/faults/write-stream';

const MAX_STREAM_MS = 30_000;

async function crashAndRestart(env: Record<string, string>, label: string): Promise<void> {
  let server: ServerProcess | null = await spawnServer({ env });
  const { port } = server;
  try {
    const client = portalClient(server.base);
    const session = await client.login();
    const visits = await prepareVisits(client, session.users[0].ID, 3, label);
    const stream = startWriteStream(client, visits, label);
    // Let the stream do real work (however slow the machine), then kill it mid-flight.
    const deadline = Date.now() + MAX_STREAM_MS;
    const enough = () => stream.log.ackedPets.size > 2 && [...stream.log.visits.values()].every((v) => v.lastAcked > 1);
    while (!enough() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
    expect(await server.kill9()).toBe('SIGKILL');
    await stream.done;
    expect(stream.log.errors).toEqual([]);
    // The stream did real work before the kill.
    expect(stream.log.ackedPets.size).toBeGreaterThan(2);
    for (const v of stream.log.visits.values()) expect(v.lastAcked).toBeGreaterThan(1);

    // Same data, same port: the stale lock of the killed process is taken over.
    server = await spawnServer({ port, env });
    const after = portalClient(server.base);
    await after.login();
    expect(await verifyAfterCrash(after, stream.log, label)).toEqual([]);
    expect(await server.stop()).toBe(0);
    server = null;
  } finally {
    await server?.kill9();
  }
}

describe('SIGKILL in the middle of a stream of pet creations and visit saves', () => {
  it('PGlite: restarts on the same DATA_DIR with every acknowledged write and no half-saved visit', async () => {
    const data = freshDataDir('crash');
    try {
      await crashAndRestart({ DATA_DIR: data.dir }, 'crashpgl');
    } finally {
      data.remove();
    }
  }, 240_000);

  it.skipIf(!pgAvailable())(
    'PostgreSQL: restarts with every acknowledged write and no half-saved visit',
    async () => {
      const db = await freshPgDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-crash-pg-'));
      try {
        await crashAndRestart({ DATABASE_URL: db.url, DATA_DIR: dataDir }, 'crashpg');
      } finally {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
