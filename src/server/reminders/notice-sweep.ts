import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { REMINDER_SCHEDULE_ACTOR } from '#shared/contract/vet-record-values';
import { deliverableAddress, mailboxOf } from '#shared/email-address';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { owners, petProfiles, reminderNotices, reminderSchedules, wellnessRecords } from '#server/db/schema';
import { recordNotDeleted } from '#server/db/live-rows';
import { HISTORY_PER_STATEMENT, writeHistory, type HistoryWrite } from '#server/history/record-history';
import { enqueueMails } from '#server/mail/outbox';
import { cacheTag, invalidatePublicCache } from '#server/cache/public-cache';
import { ownerConsentsToReminders, ownerLanguage } from '#server/clinic-owners/owner-preferences';
import { withPetSummary } from '#server/pets/pet-columns';
import { reminderRecipient, reminderStillOpen } from '#server/visits/list-reminders';
import { REMINDER_TYPES } from '#server/reminders/reminder-state';
import { groupRemindersByOwner, type ReminderToSend } from '#server/reminders/group-by-owner';
import { clinicMailCap, SEND_LOCK, type ReminderMailPayload } from '#server/reminders/send-reminders';

/**
 * A stage is sent at most this many days after its day (a sweep that could not run, an owner held back by the
 * caps); after that it is left unsent. Without it, turning a schedule on would mail every reminder overdue for years.
 */
export const STAGE_GRACE_DAYS = 7;

/** The counts of one sweep over every clinic (the benchmark and the log read them). */
export interface SweepResult {
  clinics: number;
  emails: number;
  notices: number;
  /** reminders whose notice waits for another day: the owner had one today, or a mail cap was reached */
  heldBack: number;
  optedOut: number;
}

/** The day and hour it is at `now` in `timeZone` (yyyy-mm-dd, 0-23). */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The due dates whose current stage (the latest one reached by `today`, within the grace) is `stage`. */
interface StageWindow {
  stage: number;
  from: string;
  to: string;
}

/**
 * For each stage, the due dates for which it is the latest stage reached on `today` and at most STAGE_GRACE_DAYS old:
 * due + stage <= today < due + next stage, and today - (due + stage) < STAGE_GRACE_DAYS. The windows do not overlap,
 * so a reminder has at most one stage to send on a day, and a stage passed over by a later one is never sent late.
 */
export function stageWindows(stages: readonly number[], today: string): StageWindow[] {
  const sorted = [...stages].sort((a, b) => a - b);
  return sorted.map((stage, i) => {
    const next = sorted[i + 1];
    const earliestByGrace = addDays(today, -stage - STAGE_GRACE_DAYS + 1);
    const earliestByNext = next === undefined ? earliestByGrace : addDays(today, -next + 1);
    return {
      stage,
      from: earliestByGrace > earliestByNext ? earliestByGrace : earliestByNext,
      to: addDays(today, -stage),
    };
  });
}

function stageOf(windows: StageWindow[]): SQL<number> {
  const cases = windows.map(
    (w) => sql`when ${wellnessRecords.nextReminderDate} between ${w.from}::date and ${w.to}::date then ${w.stage}`,
  );
  return sql<number>`(case ${sql.join(cases, sql` `)} end)::int`;
}

/** The clinic's open reminders with a stage to send today and no notice of it yet, with their owner's address. */
function dueNoticesQuery(db: Db, clinicId: number, windows: StageWindow[], today: string) {
  const stage = stageOf(windows);
  const rows = db
    .select({
      wellnessRecordId: wellnessRecords.id,
      petProfileId: wellnessRecords.petProfileId,
      date: sql<string>`${wellnessRecords.nextReminderDate}`.mapWith(wellnessRecords.nextReminderDate),
      stage,
      recipient: reminderRecipient,
      language: ownerLanguage(clinicId, owners.language),
      optedOut: sql<boolean>`not ${ownerConsentsToReminders}`,
    })
    .from(wellnessRecords)
    .$dynamic();
  return withPetSummary(rows, clinicId, wellnessRecords.petProfileId)
    .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
    .where(
      and(
        eq(wellnessRecords.clinicId, clinicId),
        recordNotDeleted,
        sql`${wellnessRecords.nextReminderDate} is not null`,
        inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
        or(
          ...windows.map((w) =>
            and(gte(wellnessRecords.nextReminderDate, w.from), lte(wellnessRecords.nextReminderDate, w.to)),
          ),
        ),
        reminderStillOpen(today),
        sql`not exists (select 1 from ${reminderNotices} n where n.wellness_record_id = ${wellnessRecords.id}
          and n.reminder_date = ${wellnessRecords.nextReminderDate} and n.stage = ${stage})`,
      ),
    )
    .orderBy(asc(wellnessRecords.nextReminderDate), asc(wellnessRecords.id));
}

/** Rows per INSERT of reminder_notices (six parameters a row, PostgreSQL allows 65,535 a statement). */
const NOTICES_PER_STATEMENT = 5000;

/** The system actor of every notice's history entry. */
const scheduleActor = (clinicId: number): Actor => ({ clinicId, userId: null, userName: REMINDER_SCHEDULE_ACTOR });

/** One e-mail per owner and local day, whichever sweep or process queues it: the outbox's unique dedupe key. */
function ownerDayKey(clinicId: number, day: string, recipient: string): string {
  const mailbox = createHash('sha256').update(mailboxOf(recipient)).digest('hex').slice(0, 32);
  return `reminder-notices:${clinicId}:${day}:${mailbox}`;
}

interface ClinicSchedule {
  clinicId: number;
  stages: number[];
  sendHour: number;
  timeZone: string;
}

/**
 * One clinic's notices for its local day, in one transaction: the clinic's sweeps take turns with each other and with
 * "Send reminders" (the same advisory lock, tried: a clinic another process is sweeping is left to it); the due
 * notices are read, grouped one e-mail per owner (in the owner's language, only with consent, within the mail caps),
 * each e-mail queued with its notice rows (the claim: their key refuses a second notice of a stage) and a history
 * entry per notice written by the schedule's actor.
 */
async function sweepClinic(
  app: FastifyInstance,
  schedule: ClinicSchedule,
  day: string,
  now: Date,
  result: SweepResult,
): Promise<number> {
  const { clinicId } = schedule;
  const windows = stageWindows(schedule.stages, day);
  const cap = clinicMailCap(clinicId, app.config);
  return app.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const { rows: lock } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SEND_LOCK}, ${clinicId}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock[0]?.locked) return 0;
    const rows = await dueNoticesQuery(txDb, clinicId, windows, day);
    const toSend: ReminderToSend[] = [];
    const noticeOf = new Map<number, { stage: number; petProfileId: number }>();
    for (const row of rows) {
      const recipient = deliverableAddress(row.recipient);
      if (recipient === null) continue;
      if (row.optedOut) {
        result.optedOut++;
        continue;
      }
      toSend.push({ wellnessRecordId: row.wellnessRecordId, date: row.date, recipient, language: row.language });
      noticeOf.set(row.wellnessRecordId, { stage: row.stage, petProfileId: row.petProfileId });
    }
    const emails = groupRemindersByOwner(toSend);
    const queued = await enqueueMails(
      txDb,
      emails.map((email) => {
        const payload: ReminderMailPayload = { clinicId, reminders: email.reminders };
        return {
          kind: 'reminder' as const,
          recipient: email.recipient,
          language: email.language,
          payload: { ...payload },
          dedupeKey: ownerDayKey(clinicId, day, email.recipient),
        };
      }),
      cap,
    );
    let queuedEmails = 0;
    const notices: { wellnessRecordId: number; date: string; stage: number; petProfileId: number; outboxId: number }[] =
      [];
    emails.forEach((email, i) => {
      const answer = queued[i];
      if (answer?.status !== 'queued') {
        result.heldBack += email.reminders.length;
        return;
      }
      queuedEmails++;
      for (const r of email.reminders)
        notices.push({ ...r, ...noticeOf.get(r.wellnessRecordId)!, outboxId: answer.id });
    });
    result.notices += notices.length;
    // plain inserts: a notice claimed meanwhile fails the whole transaction rather than go out twice
    for (let i = 0; i < notices.length; i += NOTICES_PER_STATEMENT)
      await tx.insert(reminderNotices).values(
        notices.slice(i, i + NOTICES_PER_STATEMENT).map((n) => ({
          wellnessRecordId: n.wellnessRecordId,
          reminderDate: n.date,
          stage: n.stage,
          clinicId,
          outboxMessageId: n.outboxId,
          sentAt: now,
        })),
      );
    const history: HistoryWrite[] = notices.map((n) => ({
      petProfileId: n.petProfileId,
      entity: 'notice',
      entityId: n.wellnessRecordId,
      action: 'create',
      changes: [
        { field: 'stage', from: null, to: n.stage },
        { field: 'nextReminderDate', from: null, to: n.date },
      ],
    }));
    for (let i = 0; i < history.length; i += HISTORY_PER_STATEMENT)
      await writeHistory(txDb, scheduleActor(clinicId), history.slice(i, i + HISTORY_PER_STATEMENT), now);
    return queuedEmails;
  });
}

/**
 * The sweep of scheduled reminder notices (issue 33, docs/decisions/0184), run by every server process every
 * REMINDER_SWEEP_MS: each clinic whose schedule is on and whose local hour (in its time zone) has reached its send
 * hour gets today's notices (sweepClinic). `now` is the clock (tests set it). Answers the counts.
 */
export async function sweepReminderNotices(app: FastifyInstance, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { clinics: 0, emails: 0, notices: 0, heldBack: 0, optedOut: 0 };
  const schedules = await app.db
    .select({
      clinicId: reminderSchedules.clinicId,
      stages: reminderSchedules.stages,
      sendHour: reminderSchedules.sendHour,
      timeZone: reminderSchedules.timeZone,
    })
    .from(reminderSchedules)
    .where(eq(reminderSchedules.enabled, true))
    .orderBy(asc(reminderSchedules.clinicId));
  for (const schedule of schedules) {
    const { day, hour } = localDayAndHour(now, schedule.timeZone);
    if (hour < schedule.sendHour || schedule.stages.length === 0) continue;
    result.clinics++;
    const emails = await sweepClinic(app, schedule, day, now, result);
    result.emails += emails;
    // the workbench's notices and delivery states are cached per clinic, in every process
    if (emails > 0) await invalidatePublicCache(app, [cacheTag.clinic(schedule.clinicId)]);
  }
  if (result.emails > 0) app.mail.nudge();
  return result;
}
