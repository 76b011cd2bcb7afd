import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import type { ReminderState, ReminderUpdated } from '#shared/contract/vet';
import type { HistoryChange } from '#shared/contract/vet-records';
import type { ReminderActionValues } from '#shared/forms/reminder-action-form';
import type { Actor } from '#server/auth/acting-user';
import { lockClinicPet } from '#server/clinic-pets/pet-lock';
import type { Db } from '#server/db/client';
import { recordNotDeleted } from '#server/db/live-rows';
import { wellnessRecords } from '#server/db/schema';
import { assertVersion, writeHistory } from '#server/history/record-history';
import { UserError } from '#server/http/errors';

/**
 * A reminder's state as staff marked it (issue 33, item 3; docs/decisions/0188), stored on its wellness record:
 * reminder_state 'open' | 'done' | 'snoozed', reminder_until (the last day of a snooze), reminder_changed_at and
 * reminder_version. A snooze ends by itself: from the day after `until` the reminder is open again, with nothing
 * written. Every reader goes through the two expressions below.
 */

/** The records that carry reminders: vaccinations and antiparasitics. */
export const REMINDER_TYPES = [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC];

/**
 * The one predicate "staff left this reminder open" on `today` (yyyy-mm-dd): not marked done, and not snoozed through
 * today. The scheduled notices' "still open" rule is this and the "done since" rule of list-reminders.ts.
 */
export function reminderMarkedOpen(today: string): SQL {
  return sql`(${wellnessRecords.reminderState} = 'open'
    or (${wellnessRecords.reminderState} = 'snoozed' and ${wellnessRecords.reminderUntil} < ${today}::date))`;
}

/** The state a reminder shows on `today`: a snooze that ended reads 'open'. */
export function reminderStateOn(today: string): SQL<ReminderState> {
  return sql<ReminderState>`case
    when ${wellnessRecords.reminderState} = 'snoozed' and ${wellnessRecords.reminderUntil} < ${today}::date then 'open'
    else ${wellnessRecords.reminderState} end`;
}

/** The snooze's last day while it lasts, else null. */
export function snoozedUntilOn(today: string): SQL<string | null> {
  return sql<string | null>`case when ${wellnessRecords.reminderState} = 'snoozed'
    and ${wellnessRecords.reminderUntil} >= ${today}::date then to_char(${wellnessRecords.reminderUntil}, 'YYYY-MM-DD') end`;
}

const STORED_STATE: Record<ReminderActionValues['action'], ReminderState> = {
  done: 'done',
  snooze: 'snoozed',
  reopen: 'open',
};

/** The clinic's live reminder `id` (a vaccination or antiparasitic with a next reminder), or nothing. */
function reminderOfClinic(clinicId: number, id: number): SQL {
  return and(
    eq(wellnessRecords.id, id),
    eq(wellnessRecords.clinicId, clinicId),
    recordNotDeleted,
    isNotNull(wellnessRecords.nextReminderDate),
    inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
  ) as SQL;
}

/**
 * UpdateVetReminder: marks the clinic's reminder done, snoozed until a later day, or open again, checked against the
 * version the card showed (409 over a newer one), with its history entry in the same transaction, attributed to
 * `actor`. Locks in the pet's lock order (pet-lock.ts): the pet and the patient row, then the record. Marking it as
 * it already is writes nothing. Another clinic's or a deleted reminder is "Reminder not found." like a missing one.
 */
export async function updateReminder(
  db: Db,
  actor: Actor,
  values: ReminderActionValues,
  today: string,
): Promise<ReminderUpdated> {
  if (values.action === 'snooze' && (values.until === null || values.until === undefined || values.until <= today))
    throw new UserError('snoozeUntilPast');
  const until = values.action === 'snooze' ? (values.until ?? null) : null;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [found] = await tx
      .select({ petProfileId: wellnessRecords.petProfileId })
      .from(wellnessRecords)
      .where(reminderOfClinic(actor.clinicId, values.reminderId));
    if (!found) throw new UserError('reminderNotFound');
    await lockClinicPet(txDb, actor.clinicId, found.petProfileId);
    const [row] = await tx
      .select({
        petProfileId: wellnessRecords.petProfileId,
        shown: reminderStateOn(today),
        state: wellnessRecords.reminderState,
        until: sql<string | null>`to_char(${wellnessRecords.reminderUntil}, 'YYYY-MM-DD')`,
        version: wellnessRecords.reminderVersion,
      })
      .from(wellnessRecords)
      .where(reminderOfClinic(actor.clinicId, values.reminderId))
      .for('update');
    if (!row) throw new UserError('reminderNotFound');
    await assertVersion(txDb, actor.clinicId, 'reminder', values.reminderId, row.version, values.version);
    const state = STORED_STATE[values.action];
    // what the reminder showed before: an ended snooze was open, whatever the row still says
    const before = { state: row.shown, until: row.shown === 'snoozed' ? row.until : null };
    if (before.state === state && before.until === until)
      return { reminderId: values.reminderId, reminderState: state, snoozedUntil: until, reminderVersion: row.version };
    const version = row.version + 1;
    const at = new Date();
    await tx
      .update(wellnessRecords)
      .set({ reminderState: state, reminderUntil: until, reminderChangedAt: at, reminderVersion: version })
      .where(eq(wellnessRecords.id, values.reminderId));
    const changes: HistoryChange[] = [{ field: 'state', from: before.state, to: state }];
    if (before.until !== until) changes.push({ field: 'until', from: before.until, to: until });
    await writeHistory(
      txDb,
      actor,
      [
        {
          petProfileId: row.petProfileId,
          // not the visit's: a visit's entries carry the visit's version, this one the reminder's
          vetVisitId: null,
          entity: 'reminder',
          entityId: values.reminderId,
          action: 'change',
          version,
          changes,
        },
      ],
      at,
    );
    return { reminderId: values.reminderId, reminderState: state, snoozedUntil: until, reminderVersion: version };
  });
}
