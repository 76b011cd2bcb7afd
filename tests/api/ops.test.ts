import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { createServer } from '#server/start';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { testConfig } from '#tests/support/test-config';
import { sessionOf } from '#tests/support/vet-session';
import { freshDataDir, freshPgDatabase, pgAvailable } from '#tests/faults/databases';
import { portalClient, DEMO_PASSWORD } from '#tests/faults/portal-client';
import { runServerToExit, spawnServer, type ServerProcess } from '#tests/faults/server-process';

describeOnBothDatabases('health', (ctx) => {
  it('answers with the database kind and the version', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: API.health });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: 1, data: { status: 'ok', database: ctx().kind } });
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('start-up checks', () => {
  it('a bad config value stops the start with one line naming the variable', async () => {
    const { code, output } = await runServerToExit({ PORT: 'abc', DATA_DIR: 'memory://' });
    expect(code).toBe(1);
    const lines = output
      .trim()
      .split('\n')
      .filter((l) => !/^\(node:\d+\) |--trace-warnings/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toMatch(/abc/);
  });

  it('a second server on the same DATA_DIR refuses to start and says why', async () => {
    const data = freshDataDir('lock');
    let first: ServerProcess | null = null;
    try {
      first = await spawnServer({ env: { DATA_DIR: data.dir } });
      const { code, output } = await runServerToExit({ DATA_DIR: data.dir });
      expect(code).toBe(1);
      expect(output).toMatch(/DATA_DIR/);
      expect(output).toContain(data.dir);
      // The first one is unharmed.
      const res = await fetch(`${first.base}${API.petTypes}`);
      expect(res.status).toBe(200);
      expect(await first.stop()).toBe(0);
      expect(fs.existsSync(path.join(data.dir, 'server.lock'))).toBe(false);
    } finally {
      await first?.kill9();
      data.remove();
    }
  }, 90_000);
});

describe('PUBLIC_URL at start-up', () => {
  it('the server warns when PUBLIC_URL is the default but it listens on another host name', async () => {
    // 127.0.0.2: another name for this machine (loopback, so nothing outside can reach the test server).
    // When PUBLIC_URL is set, or the host is localhost, it is quiet: src/server/public-url-warning.test.ts.
    const server = await spawnServer({
      env: { DATA_DIR: 'memory://', HOST: '127.0.0.2', PUBLIC_URL: '' },
      waitReady: false,
    });
    try {
      await expect
        .poll(() => server.output(), { timeout: 150_000, interval: 500 })
        .toMatch(new RegExp(`PUBLIC_URL is not set.*http://localhost:${server.port}.*127\\.0\\.0\\.2:${server.port}`));
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('request logs', () => {
  it('carry a request id and no password, token, position or owner contact', async () => {
    const lines: string[] = [];
    const data = freshDataDir('logs');
    const server = await createServer(
      testConfig({ dataDir: data.dir, mediaDir: path.join(data.dir, 'media'), databaseUrl: null, logLevel: 'trace' }),
      {
        logStream: { write: (line: string) => void lines.push(line) },
      },
    );
    try {
      const api = injectApi(server.app);
      const login = await api.post(API.vetLogin, { username: 'demo.clinic', password: DEMO_PASSWORD });
      expect(login.json().result).toBe(1);
      const token = sessionOf(login.json().data).token;
      const badLogin = await api.post(API.vetLogin, { username: 'demo.clinic', password: 'Wrong!Secret9' });
      expect(badLogin.json().result).toBe(0);

      const pets = await api.get(API.vetPets, { offset: 1, limit: 4, searchTerm: '' }, { token });
      expect(pets.json().result).toBe(1);
      const petRows = pets.json().data.pets;
      const lost = await api.send(API.petDetailsByPublicId, {
        query: 'publicId=DEMO0002&latitude=40.416775&longitude=-3.703790&petProfileId=&profileNeeded=',
      });
      expect(lost.json().result).toBe(1);
      const pet = lost.json().data;

      const text = lines.join('');
      const records = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      expect(records.filter((r) => r.msg === 'incoming request').length).toBeGreaterThanOrEqual(4);
      for (const r of records.filter((x) => x.msg === 'incoming request' || x.msg === 'request completed'))
        expect(r.reqId).toMatch(/^[0-9a-f-]{36}$/);

      const secrets = [
        DEMO_PASSWORD,
        'Wrong!Secret9',
        token,
        '40.416775',
        '-3.70379',
        pet.ownderContactPhone,
        pet.ownerContactEmail,
      ];
      for (const row of petRows) secrets.push(row.OwnerPhoneForVet, row.OwnerEmailForVet);
      for (const s of secrets.filter((v) => v && v.length > 3)) expect(text, `logs contain "${s}"`).not.toContain(s);
      expect(text).not.toMatch(/"authorization"/i);
    } finally {
      await server.stop();
      data.remove();
    }
  }, 60_000);
});

describe.skipIf(!pgAvailable())('several server processes on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('a token from one server works on the other, and a logout on one is seen by the other', async () => {
    const db = await freshPgDatabase();
    drop = db.drop;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-multi-'));
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
    servers.push(...(await Promise.all([spawnServer({ env }), spawnServer({ env })])));
    const [a, b] = servers;
    const onA = portalClient(a.base);
    await onA.login();
    const onB = portalClient(b.base, onA.token());
    const visits = await onB.get(API.vetVisits, {
      isFinished: 2,
      offset: 1,
      limit: 4,
    });
    expect(visits.result).toBe(1);
    expect(visits.data.count).toBeGreaterThan(0);
    const logout = await fetch(`${a.base}${API.vetLogout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${onA.token()}` },
    });
    expect(logout.status).toBe(200);
    const after = await fetch(`${b.base}${API.vetVisits}?isFinished=2&offset=1&limit=4`, {
      headers: { authorization: `Bearer ${onA.token()}` },
    });
    expect(after.status).toBe(401);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});

describe('backup and restore', () => {
  const check = (env: Record<string, string>) => {
    const r = spawnSync(process.execPath, ['scripts/backup-check.mjs'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 120_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/backup-check OK: \d+ tables, \d+ rows/);
  };

  it('the embedded database: backup, wipe, restore gives the same rows, checksums and media', () => {
    const data = freshDataDir('backup');
    try {
      check({ DATA_DIR: data.dir });
    } finally {
      data.remove();
    }
  }, 150_000);

  it.skipIf(!pgAvailable())(
    'PostgreSQL (pg_dump / pg_restore): backup, wipe, restore gives the same rows and checksums',
    async () => {
      const db = await freshPgDatabase();
      const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-backup-media-'));
      fs.writeFileSync(path.join(mediaDir, 'upload.jpg'), 'not really a picture');
      try {
        check({ DATABASE_URL: db.url, MEDIA_DIR: mediaDir, DATA_DIR: mediaDir });
      } finally {
        await db.drop();
        fs.rmSync(mediaDir, { recursive: true, force: true });
      }
    },
    150_000,
  );
});
