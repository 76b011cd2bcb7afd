/**
 * The desk's queries at scale (issue 21): every new list, search, filter, range and calendar query
 * of the portal timed on the demo-sized and the scale database, called as the routes call them
 * (the domain functions, in this process, so the clinic list cache never answers for them), with
 * the plan of every statement they run (EXPLAIN), flagging a sequential scan of a large table. And
 * ExportVetPets of a clinic with 100,000 patients over HTTP: rows, time and the server's memory.
 * Part of `npm run bench -- --only scale`; `--calls desk` runs only the desk's calls (no server starts), and
 * `--calls ExportVetPets` only the export (scale.ts lists every name `--calls` matches).
 */
import fs from 'node:fs';
import pg from 'pg';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import * as schema from '#server/db/schema';
import type { Db } from '#server/db/client';
import { listClinicPets } from '#server/clinic-pets/list-pets';
import { listVisits } from '#server/visits/list-visits';
import { listReminders, reminderDays, type ReminderRange } from '#server/visits/list-reminders';
import { listClinicOwners } from '#server/clinic-owners/list-owners';
import { listOwnerDuplicates } from '#server/clinic-owners/merge-owners';
import { reminderCompliance } from '#server/reminders/compliance';
import { listVisitRequests } from '#server/visit-requests/list-visit-requests';
import { updateReminder } from '#server/reminders/reminder-state';
import type { Actor } from '#server/auth/acting-user';
import type { ServerProcess } from '#tests/faults/server-process';
import { LARGE_TABLES } from '#tests/bench/scale-fill';
import type { ScaleCall, ScaleExplain } from '#tests/bench/scale';

const BASE = 'http://bench/media/';
const RUNS = 40;
const WARMUP = 5;

interface Side {
  clinicId: number;
  today: string;
}

interface DeskCall {
  call: string;
  run: (db: Db, side: Side) => Promise<unknown>;
}

function day(today: string, offset: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const range = (from: string | null, to: string | null, overdue = false): ReminderRange => ({ from, to, overdue });

/** The write the desk times (one per clinic, found on the first run): the clinic's next open vaccination reminder. */
const writtenReminders = new Map<number, { reminderId: number; actor: Actor }>();
async function reminderToWrite(db: Db, s: Side): Promise<{ reminderId: number; actor: Actor }> {
  const known = writtenReminders.get(s.clinicId);
  if (known) return known;
  const w = schema.wellnessRecords;
  const [reminder] = await db
    .select({ id: w.id, userId: w.vetUserId })
    .from(w)
    .where(
      and(
        eq(w.clinicId, s.clinicId),
        gte(w.nextReminderDate, s.today),
        isNull(w.deletedAt),
        eq(w.categoryTypeId, 9),
        eq(w.reminderState, 'open'),
      ),
    )
    .orderBy(asc(w.nextReminderDate), asc(w.id))
    .limit(1);
  const picked = {
    reminderId: reminder.id,
    actor: { clinicId: s.clinicId, userId: reminder.userId, userName: 'bench' },
  };
  writtenReminders.set(s.clinicId, picked);
  return picked;
}

/** The desk's calls, each with terms and filters that give a full page and a count on both databases. */
export const DESK_CALLS: DeskCall[] = [
  {
    call: 'desk: GetVetPets folded search',
    run: (db, s) =>
      Promise.all(
        ['EXAMPLE', 'éxample', '.COM'].map((searchTerm) =>
          listClinicPets(db, BASE, s.clinicId, { offset: 1, limit: 25, searchTerm }),
        ),
      ),
  },
  {
    call: 'desk: GetVetPets phone as digits',
    run: (db, s) =>
      Promise.all(
        ['+1 555', '00 1 555', '555-0'].map((searchTerm) =>
          listClinicPets(db, BASE, s.clinicId, { offset: 1, limit: 25, searchTerm }),
        ),
      ),
  },
  {
    call: 'desk: GetVetPets filters',
    run: (db, s) =>
      listClinicPets(db, BASE, s.clinicId, {
        offset: 1,
        limit: 25,
        searchTerm: '',
        petTypeId: 1,
        genderId: 1,
        ageFrom: 2,
        ageTo: 12,
      }),
  },
  {
    call: 'desk: GetVetPets filters + sort',
    run: (db, s) =>
      listClinicPets(db, BASE, s.clinicId, {
        offset: 1,
        limit: 25,
        searchTerm: '',
        isSterilized: 'false',
        sortField: 'name',
        sortOrder: 'asc',
      }),
  },
  {
    call: 'desk: GetVetPets sort by breed (French titles)',
    run: (db, s) =>
      listClinicPets(
        db,
        BASE,
        s.clinicId,
        { offset: 1, limit: 25, searchTerm: '', sortField: 'breed', sortOrder: 'asc' },
        'fr',
      ),
  },
  {
    call: 'desk: GetVetPets sort by reminder status (Due)',
    run: (db, s) =>
      listClinicPets(
        db,
        BASE,
        s.clinicId,
        { offset: 1, limit: 25, searchTerm: '', sortField: 'due', sortOrder: 'asc' },
        'en',
        s.today,
      ),
  },
  {
    call: 'desk: GetVetPets filter due soon',
    run: (db, s) =>
      listClinicPets(db, BASE, s.clinicId, { offset: 1, limit: 25, searchTerm: '', dueStatus: 'due' }, 'en', s.today),
  },
  {
    call: 'desk: GetVetVisits range',
    run: (db, s) =>
      listVisits(db, BASE, s.clinicId, {
        isFinished: 2,
        offset: 1,
        limit: 25,
        dateFrom: day(s.today, -30),
        dateTo: s.today,
      }),
  },
  {
    call: 'desk: GetVetVisits search',
    run: (db, s) =>
      Promise.all(
        ['a', 'example'].map((searchTerm) =>
          listVisits(db, BASE, s.clinicId, { isFinished: 2, offset: 1, limit: 25, searchTerm }),
        ),
      ),
  },
  {
    call: 'desk: GetVetVisits sort by pet (7 days)',
    run: (db, s) =>
      listVisits(db, BASE, s.clinicId, {
        isFinished: 2,
        offset: 1,
        limit: 25,
        dateFrom: day(s.today, -6),
        dateTo: s.today,
        sortField: 'pet',
        sortOrder: 'asc',
      }),
  },
  {
    call: 'desk: GetVetReminders next 30 days',
    run: (db, s) =>
      listReminders(db, BASE, s.clinicId, { range: range(s.today, day(s.today, 29)) }, { page: 1, limit: 25 }),
  },
  {
    call: 'desk: GetVetReminders overdue',
    run: (db, s) =>
      listReminders(db, BASE, s.clinicId, { range: range(null, day(s.today, -1), true) }, { page: 1, limit: 25 }),
  },
  {
    call: 'desk: GetVetReminders status',
    run: (db, s) =>
      listReminders(
        db,
        BASE,
        s.clinicId,
        { range: range(s.today, day(s.today, 6)), status: 'notSent' },
        { page: 1, limit: 25 },
      ),
  },
  {
    call: 'desk: GetVetReminderDays',
    run: (db, s) => reminderDays(db, s.clinicId, range(day(s.today, -7), day(s.today, 35))),
  },
  {
    call: 'desk: GetVetReminderDays status',
    run: (db, s) => reminderDays(db, s.clinicId, range(day(s.today, -7), day(s.today, 35)), 'notSent'),
  },
  // issue 37: the calls of issues 32 and 33 at scale
  {
    call: 'desk: GetVetOwners search',
    run: (db, s) =>
      Promise.all(
        ['owner', 'EXAMPLE', '555 00'].map((searchTerm) =>
          listClinicOwners(db, s.clinicId, { offset: 1, limit: 25, searchTerm }),
        ),
      ),
  },
  { call: 'desk: GetVetOwnerDuplicates', run: (db, s) => listOwnerDuplicates(db, s.clinicId) },
  {
    call: 'desk: GetReminderCompliance',
    run: (db, s) => reminderCompliance(db, s.clinicId, `${day(s.today, -90).slice(0, 7)}-01`, day(s.today, 90)),
  },
  // a write: each reminder write refreshes the Due dates of the pet's patient rows (migration 0052's triggers)
  {
    call: 'desk: UpdateVetReminder snooze and reopen',
    run: async (db, s) => {
      const { reminderId, actor } = await reminderToWrite(db, s);
      const [{ version }] = await db
        .select({ version: schema.wellnessRecords.reminderVersion })
        .from(schema.wellnessRecords)
        .where(eq(schema.wellnessRecords.id, reminderId));
      const snoozed = await updateReminder(
        db,
        actor,
        { reminderId, action: 'snooze', until: day(s.today, 7), version },
        s.today,
      );
      await updateReminder(
        db,
        actor,
        { reminderId, action: 'reopen', until: null, version: snoozed.reminderVersion },
        s.today,
      );
    },
  },
  {
    call: 'desk: GetVisitRequests',
    run: (db, s) => listVisitRequests(db, s.clinicId, { state: 'requested', offset: 1, limit: 25 }),
  },
];

/** A drizzle database on `url` that notes every statement it runs (for EXPLAIN). */
function recordingDb(url: string): { db: Db; statements: { query: string; params: unknown[] }[]; pool: pg.Pool } {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => statements.push({ query, params }) };
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return { db: drizzle({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Db, statements, pool };
}

async function sideOf(pool: pg.Pool, username: string): Promise<Side> {
  const r = await pool.query<{ id: number; today: string }>(
    `SELECT id, to_char(current_date, 'YYYY-MM-DD') AS today FROM clinics WHERE username = $1`,
    [username],
  );
  return { clinicId: r.rows[0].id, today: r.rows[0].today };
}

async function time(db: Db, side: Side, call: DeskCall): Promise<{ meanMs: number; p50Ms: number; p99Ms: number }> {
  for (let i = 0; i < WARMUP; i++) await call.run(db, side);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call.run(db, side);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    meanMs: round(times.reduce((n, t) => n + t, 0) / times.length),
    p50Ms: round(times[Math.floor(times.length / 2)]),
    p99Ms: round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]),
  };
}

async function explain(
  pool: pg.Pool,
  call: string,
  statements: { query: string; params: unknown[] }[],
): Promise<ScaleExplain> {
  const plans: string[] = [];
  // only the queries: pageWithCount's snapshot adds begin, set transaction and commit
  for (const s of statements.filter((st) => /^\s*(select|with)\b/i.test(st.query))) {
    const r = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.query}`, s.params);
    plans.push(r.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  const scans = (re: RegExp) => [...new Set(plans.flatMap((p) => [...p.matchAll(re)].map((m) => m[1])))];
  return {
    call,
    queries: plans.length,
    indexesUsed: scans(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g).concat(scans(/Bitmap Index Scan on (\w+)/g)),
    seqScans: scans(/Seq Scan on (\w+)/g).filter((t) => LARGE_TABLES.includes(t)),
    plans,
  };
}

/** Times and explains the desk's calls, alternating demo and scale call by call. */
export async function runDeskScale(
  demoUrl: string,
  scaleUrl: string,
  scaleUsername: string,
  filters: string[] | undefined,
  log: (l: string) => void,
): Promise<{ calls: ScaleCall[]; explains: ScaleExplain[] }> {
  const calls = filters?.length
    ? DESK_CALLS.filter((c) => filters.some((f) => c.call.toLowerCase().includes(f.toLowerCase())))
    : DESK_CALLS;
  const demo = recordingDb(demoUrl);
  const scale = recordingDb(scaleUrl);
  try {
    const demoSide = await sideOf(demo.pool, 'demo.clinic');
    const scaleSide = await sideOf(scale.pool, scaleUsername);
    const figures: ScaleCall[] = [];
    const explains: ScaleExplain[] = [];
    for (const c of calls) {
      scale.statements.length = 0;
      await c.run(scale.db, scaleSide);
      const statements = [...scale.statements];
      explains.push(await explain(scale.pool, c.call, statements));
      const d = await time(demo.db, demoSide, c);
      const s = await time(scale.db, scaleSide, c);
      const ratio = Math.round((s.meanMs / d.meanMs) * 100) / 100;
      figures.push({ call: c.call, demo: d, scale: s, ratio, meetsTarget: ratio <= 2 });
      const e = explains[explains.length - 1];
      log(
        `  ${c.call.padEnd(40)} ${`${d.meanMs}`.padStart(7)} → ${`${s.meanMs}`.padStart(7)} ms  ${ratio.toFixed(2)}x${ratio <= 2 ? '' : ' MISSED'}; indexes: ${e.indexesUsed.join(', ') || '-'}${e.seqScans.length ? `; SEQ SCAN on ${e.seqScans.join(', ')}` : ''}`,
      );
    }
    return { calls: figures, explains };
  } finally {
    await demo.pool.end();
    await scale.pool.end();
  }
}

/** The server's resident memory now (Linux), in MiB. */
function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export interface ExportFigure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

/**
 * ExportVetPets of the export clinic (100,000 patients) over HTTP, streamed to nowhere: rows, time, the server's
 * memory.
 */
export async function measureExport(server: ServerProcess, token: string): Promise<ExportFigure> {
  const pid = server.child.pid ?? 0;
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 25);
  const t = performance.now();
  const res = await fetch(`${server.base}/api/VetPets/ExportVetPets?searchTerm=`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let newlines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 10) newlines++;
  }
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const rows = newlines - 1;
  return {
    rows,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMiB: Math.round(before),
    rssPeakMiB: Math.round(peak),
  };
}
