import { and, asc, eq, sql } from 'drizzle-orm';
import { HISTORY_FIELDS, type HistoryValue } from '#shared/contract/vet-records';
import type { ReminderProtocol } from '#shared/contract/reminder-protocols';
import type { ReminderProtocolValues } from '#shared/forms/reminder-protocol-form';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { addDays, matchProtocol } from '#shared/reminder-protocol-match';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { petProfiles, petTypes, reminderProtocols } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { assertVersion, fieldChanges, writeHistory } from '#server/history/record-history';

type ProtocolRow = typeof reminderProtocols.$inferSelect;
type ProtocolFields = Omit<ReminderProtocolValues, 'id' | 'version'>;

const protocolColumns = {
  id: reminderProtocols.id,
  title: reminderProtocols.title,
  petTypeId: reminderProtocols.petTypeId,
  minAgeWeeks: reminderProtocols.minAgeWeeks,
  maxAgeWeeks: reminderProtocols.maxAgeWeeks,
  intervalDays: reminderProtocols.intervalDays,
  version: reminderProtocols.version,
};

/** GetReminderProtocols: the clinic's protocols by title, then the oldest first. */
export async function listReminderProtocols(db: Db, clinicId: number): Promise<ReminderProtocol[]> {
  const rows = await db
    .select(protocolColumns)
    .from(reminderProtocols)
    .where(eq(reminderProtocols.clinicId, clinicId))
    .orderBy(asc(reminderProtocols.title), asc(reminderProtocols.id));
  return rows.map((r) => ({ ...r, title: r.title as ReminderProtocol['title'] }));
}

/** What the history shows of a protocol: the pet type by its title (English, as every stored title). */
async function historyValues(
  tx: Db,
  p: ProtocolFields,
): Promise<Record<(typeof HISTORY_FIELDS.protocol)[number], HistoryValue>> {
  let petType: string | null = null;
  if (p.petTypeId !== null) {
    const [type] = await tx.select({ title: petTypes.title }).from(petTypes).where(eq(petTypes.id, p.petTypeId));
    if (!type) throw new UserError('petTypeNotFound');
    petType = type.title;
  }
  return {
    title: p.title,
    petType,
    minAgeWeeks: p.minAgeWeeks,
    maxAgeWeeks: p.maxAgeWeeks,
    intervalDays: p.intervalDays,
  };
}

/**
 * SaveReminderProtocol: a new protocol of the actor's clinic (no `id`), or a change of one of its protocols, checked
 * against the version the form read (409 over a newer one), with its history entry in the same transaction. An age
 * range must end after it starts; an unknown pet type, or another clinic's protocol, is refused.
 */
export async function saveReminderProtocol(
  db: Db,
  actor: Actor,
  body: ReminderProtocolValues,
): Promise<{ id: number; version: number }> {
  const { id, version, ...fields } = body;
  // `id` null: a new protocol
  if (fields.minAgeWeeks !== null && fields.maxAgeWeeks !== null && fields.minAgeWeeks >= fields.maxAgeWeeks)
    throw new UserError('badProtocolAges');
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const after = await historyValues(txDb, fields);
    if (id === null) {
      const [saved] = await tx
        .insert(reminderProtocols)
        .values({ clinicId: actor.clinicId, ...fields })
        .returning({ id: reminderProtocols.id, version: reminderProtocols.version });
      await writeHistory(txDb, actor, [
        {
          petProfileId: null,
          entity: 'protocol',
          entityId: saved.id,
          action: 'create',
          version: saved.version,
          changes: fieldChanges(HISTORY_FIELDS.protocol, null, after),
        },
      ]);
      return saved;
    }
    const [stored] = await tx
      .select()
      .from(reminderProtocols)
      .where(and(eq(reminderProtocols.id, id), eq(reminderProtocols.clinicId, actor.clinicId)))
      .for('no key update');
    if (!stored) throw new UserError('protocolNotFound');
    await assertVersion(txDb, actor.clinicId, 'protocol', stored.id, stored.version, version);
    const changes = fieldChanges(HISTORY_FIELDS.protocol, await historyValues(txDb, storedFields(stored)), after);
    if (changes.length === 0) return { id: stored.id, version: stored.version };
    const [saved] = await tx
      .update(reminderProtocols)
      .set({ ...fields, version: sql`${reminderProtocols.version} + 1` })
      .where(eq(reminderProtocols.id, stored.id))
      .returning({ id: reminderProtocols.id, version: reminderProtocols.version });
    await writeHistory(txDb, actor, [
      { petProfileId: null, entity: 'protocol', entityId: saved.id, action: 'change', version: saved.version, changes },
    ]);
    return saved;
  });
}

/**
 * DeleteReminderProtocol (docs/decisions/0193): removes one of the clinic's protocols, checked against the version the
 * dialog read (409 over a newer one), with a history entry holding every value it had, in one transaction. Dates
 * already given to records by the protocol stay; records saved later match the remaining protocols.
 */
export async function deleteReminderProtocol(db: Db, actor: Actor, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [stored] = await tx
      .select()
      .from(reminderProtocols)
      .where(and(eq(reminderProtocols.id, id), eq(reminderProtocols.clinicId, actor.clinicId)))
      .for('update');
    if (!stored) throw new UserError('protocolNotFound');
    await assertVersion(txDb, actor.clinicId, 'protocol', stored.id, stored.version, version);
    await tx.delete(reminderProtocols).where(eq(reminderProtocols.id, stored.id));
    const before = await historyValues(txDb, storedFields(stored));
    await writeHistory(txDb, actor, [
      {
        petProfileId: null,
        entity: 'protocol',
        entityId: stored.id,
        action: 'delete',
        version: stored.version,
        changes: fieldChanges(HISTORY_FIELDS.protocol, before, null),
      },
    ]);
  });
}

function storedFields(row: ProtocolRow): ProtocolFields {
  return {
    title: row.title as ProtocolFields['title'],
    petTypeId: row.petTypeId,
    minAgeWeeks: row.minAgeWeeks,
    maxAgeWeeks: row.maxAgeWeeks,
    intervalDays: row.intervalDays,
  };
}

/** A vaccination or antiparasitic of a visit's payload: its type, name, day and next reminder (undefined: not sent). */
interface ReminderRecord {
  categoryTypeId: number;
  recordValue: string;
  actionDate: string;
  nextReminderDate: string | null | undefined;
}

/**
 * The next reminder of each record, SaveVetVisit's rule (issue 33): a date sent (or null, "No reminder") stays; a
 * vaccination or antiparasitic sent without one gets the day of the clinic's matching protocol for the pet (its
 * type, its age on the record's day: matchProtocol), else none.
 */
export async function withProtocolDates<R extends ReminderRecord>(
  tx: Db,
  clinicId: number,
  petProfileId: number,
  records: readonly R[],
): Promise<Array<R & { nextReminderDate: string | null }>> {
  const needed = records.some(
    (r) =>
      r.nextReminderDate === undefined &&
      (r.categoryTypeId === CATEGORY_TYPE_VACCINATION || r.categoryTypeId === CATEGORY_TYPE_ANTIPARASITIC),
  );
  if (!needed) return records.map((r) => ({ ...r, nextReminderDate: r.nextReminderDate ?? null }));
  const protocols = await listReminderProtocols(tx, clinicId);
  const [pet] = await tx
    .select({ petTypeId: petProfiles.petTypeId, dob: petProfiles.dob })
    .from(petProfiles)
    .where(eq(petProfiles.id, petProfileId));
  return records.map((r) => {
    if (r.nextReminderDate !== undefined) return { ...r, nextReminderDate: r.nextReminderDate };
    const protocol = pet ? matchProtocol(protocols, pet, r.recordValue, r.actionDate) : null;
    return { ...r, nextReminderDate: protocol ? addDays(r.actionDate, protocol.intervalDays) : null };
  });
}
