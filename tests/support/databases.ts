import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { createServer, type RunningServer } from '#server/start';
import { testConfig } from '#tests/support/test-config';
import { undocumentedAnswers, type AnswerSeen } from '#tests/support/documented-answers';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestServer {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  config: Config;
  server: RunningServer;
}

const PG_TEMPLATE_DB = 'pawtal_template';

let snapshot: Blob | null = null;
/** The seeded PGlite template as a dump, read once per test file (tests/support/global-setup.ts). */
export function templateSnapshot(): Blob {
  snapshot ??= new Blob([fs.readFileSync(inject('pgliteSnapshotFile'))]);
  return snapshot;
}

interface TestServerOptions {
  logStream?: { write(line: string): void };
  /**
   * Whether the app's scheduled jobs run (BuildAppOptions.backgroundJobs): off unless the file tests what they do at
   * start or on their timers. Each would run on the seeded data at start, and the server's stop waits for them.
   */
  backgroundJobs?: boolean;
}

/** A fresh copy of the seeded demo database of the given kind, with a server built on it. */
export async function startTestServer(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  appOptions: TestServerOptions = {},
): Promise<TestServer> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `pawtal-test-${kind}-`));
  let config: Config;
  let cleanup: () => Promise<void>;
  let pgliteSnapshot: Blob | undefined;
  if (kind === 'pglite') {
    // the database starts in memory from the template's dump; only the demo images are copied
    fs.cpSync(path.join(inject('pgliteTemplateDir'), 'media'), path.join(workDir, 'media'), { recursive: true });
    pgliteSnapshot = templateSnapshot();
    config = testConfig({
      dataDir: 'memory://',
      mediaDir: path.join(workDir, 'media'),
      outboxDir: path.join(workDir, 'outbox'),
      databaseUrl: null,
      ...overrides,
    });
    cleanup = async () => fs.rmSync(workDir, { recursive: true, force: true });
  } else {
    const base = inject('pgBaseUrl');
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    config = testConfig({
      dataDir: workDir,
      mediaDir: path.join(workDir, 'media'),
      outboxDir: path.join(workDir, 'outbox'),
      databaseUrl: `${base}/${name}`,
      ...overrides,
    });
    cleanup = async () => {
      const a = new pg.Client({ connectionString: `${base}/postgres` });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      fs.rmSync(workDir, { recursive: true, force: true });
    };
  }
  const seen = new Map<string, AnswerSeen>();
  const onAnswer = (answer: AnswerSeen) => seen.set(`${answer.method} ${answer.route} ${answer.status}`, answer);
  const server = await createServer(config, {
    ...(appOptions.logStream ? { logStream: appOptions.logStream } : { logger: false }),
    onAnswer,
    pgliteSnapshot,
    backgroundJobs: appOptions.backgroundJobs ?? false,
  });
  const stop = server.stop.bind(server);
  server.stop = async () => {
    const undocumented = seen.size > 0 ? undocumentedAnswers(server.app, seen.values()) : [];
    await stop();
    await cleanup();
    if (undocumented.length > 0)
      throw new Error(`Answers the API document does not name for their operation:\n${undocumented.join('\n')}`);
  };
  return { kind, app: server.app, db: server.database.db, config, server };
}

/**
 * Runs the same suite on PGlite and on PostgreSQL, each on its own fresh seeded database.
 * `ctx()` gives the running server inside tests.
 */
export function describeOnBothDatabases(
  name: string,
  suite: (ctx: () => TestServer) => void,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  { backgroundJobs }: Pick<TestServerOptions, 'backgroundJobs'> = {},
): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    const skip = kind === 'postgres' && inject('pgUnavailable') !== '';
    (skip ? describe.skip : describe)(`${name} [${kind}]`, () => {
      let current: TestServer | null = null;
      beforeAll(async () => {
        current = await startTestServer(kind, typeof overrides === 'function' ? overrides() : overrides, {
          backgroundJobs,
        });
      }, 60_000);
      afterAll(async () => {
        await current?.server.stop();
      });
      suite(() => {
        if (!current) throw new Error('test server not started');
        return current;
      });
    });
  }
}
