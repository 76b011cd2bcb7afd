import { eq } from 'drizzle-orm';
import type { ReminderSchedule } from '#shared/contract/reminder-protocols';
import { HISTORY_FIELDS, type HistoryValue } from '#shared/contract/vet-records';
import type { ReminderScheduleValues } from '#shared/forms/reminder-protocol-form';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinics, reminderSchedules } from '#server/db/schema';
import { assertVersion, fieldChanges, writeHistory } from '#server/history/record-history';

/** A clinic that never saved its schedule: off; two weeks before, on the day, two weeks after; 9:00 UTC. */
const DEFAULT_SCHEDULE: ReminderSchedule = {
  enabled: false,
  stages: [-14, 0, 14],
  sendHour: 9,
  timeZone: 'UTC',
  version: 0,
};

type ScheduleFields = Omit<ReminderSchedule, 'version'>;

/** GetReminderSchedule: the clinic's schedule, or the defaults (version 0). */
export async function readReminderSchedule(db: Db, clinicId: number): Promise<ReminderSchedule> {
  const [row] = await db
    .select({
      enabled: reminderSchedules.enabled,
      stages: reminderSchedules.stages,
      sendHour: reminderSchedules.sendHour,
      timeZone: reminderSchedules.timeZone,
      version: reminderSchedules.version,
    })
    .from(reminderSchedules)
    .where(eq(reminderSchedules.clinicId, clinicId));
  return row ?? DEFAULT_SCHEDULE;
}

function historyValues(s: ScheduleFields): Record<(typeof HISTORY_FIELDS.schedule)[number], HistoryValue> {
  return { enabled: s.enabled, stages: s.stages.join(', '), sendHour: s.sendHour, timeZone: s.timeZone };
}

/**
 * SaveReminderSchedule: the clinic's schedule, checked against the version the form read (409 over a newer one; 0
 * for one never saved), with its history entry in the same transaction. The clinic's row is locked first, so two
 * first saves take turns. Answers the version now.
 */
export async function saveReminderSchedule(
  db: Db,
  actor: Actor,
  values: ReminderScheduleValues,
): Promise<{ version: number }> {
  const { version, ...fields } = values;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, actor.clinicId)).for('no key update');
    const before = await readReminderSchedule(txDb, actor.clinicId);
    await assertVersion(txDb, actor.clinicId, 'schedule', actor.clinicId, before.version, version);
    const changes = fieldChanges(
      HISTORY_FIELDS.schedule,
      before.version === 0 ? null : historyValues(before),
      historyValues(fields),
    );
    if (changes.length === 0) return { version: before.version };
    const next = before.version + 1;
    await tx
      .insert(reminderSchedules)
      .values({ clinicId: actor.clinicId, ...fields, version: next })
      .onConflictDoUpdate({ target: reminderSchedules.clinicId, set: { ...fields, version: next } });
    await writeHistory(txDb, actor, [
      {
        petProfileId: null,
        entity: 'schedule',
        entityId: actor.clinicId,
        action: before.version === 0 ? 'create' : 'change',
        version: next,
        changes,
      },
    ]);
    return { version: next };
  });
}
