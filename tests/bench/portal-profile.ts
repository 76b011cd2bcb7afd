#!/usr/bin/env tsx
/**
 * Where a portal list call spends its time (issue 14): the session check, the count, the page query
 * and serialisation of GetVetVisits, GetVetPets (search) and GetVetReminders, each timed alone as
 * 50 concurrent requests would run it (mean and p99 of one batch of 50), on the seeded demo data.
 *
 *   npx tsx tests/bench/portal-profile.ts [--database-url postgres://…]
 *
 * Without --database-url it runs on a fresh PGlite in a temporary folder. The server is built
 * in-process (no HTTP): the figures are the database and the app's own work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { API } from '#shared/contract/paths';
import { hashToken } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { sessions, vetVisits } from '#server/db/schema';
import { createServer } from '#server/start';
import { listClinicPets } from '#server/clinic-pets/list-pets';
import { listReminders } from '#server/visits/list-reminders';
import { listVisits, visitsPageQuery } from '#server/visits/list-visits';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

const CONCURRENCY = 50;

async function batch(label: string, run: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const mean = times.reduce((n, t) => n + t, 0) / times.length;
  console.log(
    `  ${label.padEnd(44)} mean ${mean.toFixed(1).padStart(7)} ms   p99 ${times[Math.floor(times.length * 0.99)].toFixed(1).padStart(7)} ms   batch ${wall.toFixed(0).padStart(5)} ms (${(wall / CONCURRENCY).toFixed(2)} ms/request)`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-profile-'));
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
    }),
    mediaDir: path.join(workDir, 'media'),
  };
  const server = await createServer(config, { logger: false });
  const { app } = server;
  const db = app.db;
  try {
    const token = await loginClinic(app, DEMO_CLINIC);
    const auth = { authorization: `Bearer ${token}` };
    const [{ clinicId }] = await db
      .select({ clinicId: sessions.clinicId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const base = 'http://x/media/';
    const today = isoDay();
    console.log(`Portal profile on ${server.database.kind}: ${CONCURRENCY} concurrent runs of each step`);

    const warm = () =>
      Promise.all([
        listVisits(db, base, clinicId, { isFinished: 0, offset: 1, limit: 4 }),
        listClinicPets(db, base, clinicId, { offset: 1, limit: 5, searchTerm: 'bel' }),
        listReminders(db, base, clinicId, { range: { from: today, to: today, overdue: false } }, { page: 1, limit: 4 }),
      ]);
    await warm();
    await warm();

    await batch('session check (select by token hash)', () =>
      db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
        )
        .limit(1),
    );
    await batch('GetVetVisits: count', () =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(vetVisits)
        .where(and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.isFinished, false))),
    );
    await batch('GetVetVisits: page query', () =>
      visitsPageQuery(db, clinicId, { isFinished: 0, offset: 1, limit: 4 }),
    );
    await batch('GetVetVisits: listVisits (both, in parallel)', () =>
      listVisits(db, base, clinicId, { isFinished: 0, offset: 1, limit: 4 }),
    );
    const result = await listVisits(db, base, clinicId, { isFinished: 0, offset: 1, limit: 4 });
    await batch('GetVetVisits: serialisation (JSON.stringify)', async () =>
      JSON.stringify({ result: 1, message: '', data: result }),
    );
    await batch('GetVetPets search "bel": listClinicPets', () =>
      listClinicPets(db, base, clinicId, { offset: 1, limit: 5, searchTerm: 'bel' }),
    );
    await batch('GetVetReminders: listReminders', () =>
      listReminders(db, base, clinicId, { range: { from: today, to: today, overdue: false } }, { page: 1, limit: 4 }),
    );
    const url = `${API.vetVisits}?isFinished=0&offset=1&limit=4`;
    await batch('GetVetVisits through the app, list cache hit', () =>
      app.inject({ method: 'GET', url, headers: auth }),
    );
    let n = 0;
    await batch('GetVetVisits through the app, list cache miss', () =>
      app.inject({
        method: 'GET',
        url: `${API.vetVisits}?isFinished=0&offset=${(n++ % 40) + 1}&limit=4`,
        headers: auth,
      }),
    );
  } finally {
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
