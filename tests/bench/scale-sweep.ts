/**
 * One reminder sweep (issue 33, reminders/notice-sweep.ts) over the scale clinics: 100 clinics of 5,000 patients each
 * (at SCALE_SIZE 1), every one with the schedule on, as a server process runs it, on the scale database after the
 * timings (it writes notices, history and outbox messages). Its figure: wall time, clinics swept, notices claimed,
 * e-mails queued, owners held back by the caps, and the statements it ran. The e-mails stay queued: the outbox's
 * sending is the mail worker's and is timed by the api benchmark.
 * The schedules stay off outside the timed sweep (schedulesOff before the bench starts a server, and again after):
 * every server process sweeps when it starts (reminders/notice-schedule.ts), so with them on the servers of the
 * timings would sweep in the background, loading the timings and leaving the timed sweep nothing due.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '#server/db/schema';
import type { Db } from '#server/db/client';
import { buildApp } from '#server/app';
import { sweepReminderNotices, type SweepResult } from '#server/reminders/notice-sweep';
import { testConfig } from '#tests/support/test-config';

export interface SweepFigure extends SweepResult {
  seconds: number;
  statements: number;
}

/** Turns every reminder schedule off: no server started on the database sweeps. */
export async function schedulesOff(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('UPDATE reminder_schedules SET enabled = false');
  } finally {
    await client.end();
  }
}

export async function measureSweep(scaleUrl: string): Promise<SweepFigure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-scale-sweep-'));
  const pool = new pg.Pool({ connectionString: scaleUrl, max: 4 });
  // as openDatabase marks the app's connections (the change-notice triggers skip its writes)
  pool.on('connect', (client) => void client.query("select set_config('pawtal.origin', 'app', false)").catch(() => {}));
  let statements = 0;
  let counting = false;
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: () => void (counting && statements++) },
  }) as unknown as Db;
  const config = testConfig({
    databaseUrl: scaleUrl,
    dataDir: dir,
    mediaDir: path.join(dir, 'media'),
    outboxDir: path.join(dir, 'outbox'),
  });
  // The schedules off while the app starts (its plugin sweeps once when ready), on for the sweep timed here.
  await pool.query('UPDATE reminder_schedules SET enabled = false');
  const app = await buildApp({ config, database: { db, kind: 'postgres', close: () => pool.end() }, logger: false });
  try {
    await app.ready();
    await app.reminderNotices.idle();
    await pool.query(
      `UPDATE reminder_schedules SET enabled = true WHERE clinic_id IN (SELECT id FROM clinics WHERE username LIKE 'scale.clinic.%')`,
    );
    counting = true;
    const t = performance.now();
    const result = await sweepReminderNotices(app);
    const seconds = Math.round((performance.now() - t) / 10) / 100;
    counting = false;
    return { ...result, seconds, statements };
  } finally {
    await pool.query('UPDATE reminder_schedules SET enabled = false');
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
