import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { freshDataDir, freshPgDatabase, pgAvailable } from '#tests/faults/databases';
import { portalClient, testPet } from '#tests/faults/portal-client';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { fetchApi } from '#tests/support/api-client';
import { pngImage } from '#tests/support/images';

/**
 * A real full disk (issue 35, item 5): the server runs in a mount namespace of its own (unshare: no root needed where
 * user namespaces are allowed) with MEDIA_DIR on a small tmpfs, which the test fills and empties from inside that
 * namespace (nsenter).
 */
const MEDIA_DISK = '48m';
const inNamespace = (server: ServerProcess, script: string, env: Record<string, string>) =>
  spawnSync(
    'nsenter',
    ['--target', String(server.child.pid), '--user', '--mount', '--preserve-credentials', 'sh', '-c', script],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );

function namespacesWork(): boolean {
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt'], { encoding: 'utf8' });
  return r.status === 0;
}

async function fullDisk(env: Record<string, string>): Promise<void> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-full-disk-'));
  const server = await spawnServer({
    env: { ...env, MEDIA_DIR: mediaDir },
    readyTimeoutMs: 180_000,
    wrapper: [
      'unshare',
      '-rm',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${MEDIA_DISK} tmpfs "$MEDIA_DIR" && exec "$@"`,
      'sh',
    ],
  });
  const ns = (script: string) => inNamespace(server, script, { MEDIA_DIR: mediaDir });
  try {
    const client = portalClient(server.base);
    await client.login();
    const api = fetchApi(server.base, () => ({ token: client.token(), headers: { 'accept-language': 'es' } }));
    const health = async () => ((await (await fetch(`${server.base}${API.health}`)).json()) as { data: unknown }).data;
    expect(await health()).toMatchObject({ status: 'ok', storage: 'ok' });
    const picture = await pngImage({ width: 900, height: 700, colour: '#e76f51' });
    const before = (await client.pets('Full Disk', 1, 50)).data?.count;

    // the disk filled up by something else
    expect(ns('cat /dev/zero > "$MEDIA_DIR/filler" 2>/dev/null; true').status).toBe(0);
    expect(ns('df -k "$MEDIA_DIR" | tail -1').stdout).toMatch(/\s100%\s/);
    for (let i = 0; i < 3; i++) {
      const res = await api.postForm(API.createVetPet, testPet(`Full Disk ${i}`), [
        { bytes: picture, filename: 'rex.png', contentType: 'image/png' },
      ]);
      // a clear answer in the person's language: the picture was not stored, and nothing of the save was
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        result: 0,
        message:
          'No se pudo guardar la foto: el almacenamiento del servidor está lleno. No se guardó nada; inténtalo de nuevo más tarde.',
      });
    }
    expect((await client.pets('Full Disk', 1, 50)).data?.count).toBe(before);
    // no temporary file stays behind
    expect(ns('find "$MEDIA_DIR" -name "*.tmp"').stdout.trim()).toBe('');
    // health reports the storage, and the operator's log says what happened
    expect(await health()).toMatchObject({ status: 'degraded', storage: 'full' });
    expect(server.output()).toContain('media storage full: a picture was not stored');
    expect(server.output()).toContain('ENOSPC');

    // room again: the same save goes through
    expect(ns('rm "$MEDIA_DIR/filler"').status).toBe(0);
    const saved = await api.postForm(API.createVetPet, testPet('Full Disk after'), [
      { bytes: picture, filename: 'rex.png', contentType: 'image/png' },
    ]);
    expect(saved.json()).toMatchObject({ result: 1 });
    expect(await health()).toMatchObject({ status: 'ok', storage: 'ok' });
    expect(await server.stop()).toBe(0);
  } finally {
    await server.kill9();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

describe.skipIf(!namespacesWork())('a full media disk', () => {
  it('PGlite: a picture save is refused whole with a clear 503 in the language asked, no .tmp stays, health says full', async () => {
    const data = freshDataDir('full-disk');
    try {
      await fullDisk({ DATA_DIR: data.dir });
    } finally {
      data.remove();
    }
  }, 240_000);

  it.skipIf(!pgAvailable())(
    'PostgreSQL: the same',
    async () => {
      const db = await freshPgDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-full-disk-pg-'));
      try {
        await fullDisk({ DATABASE_URL: db.url, DATA_DIR: dataDir });
      } finally {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
