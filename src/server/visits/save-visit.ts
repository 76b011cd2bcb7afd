import { and, eq, inArray, sql } from 'drizzle-orm';
import { VISIT_RECORD_TYPES } from '#shared/constants';
import type { NormalisedVisitPayload } from '#shared/forms/visit-payload';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { recordNotDeleted } from '#server/db/live-rows';
import { clinicUsers, vetVisits, wellnessRecords } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { lockClinicPet } from '#server/clinic-pets/pet-lock';
import { assertVersion, fieldChanges, writeHistory, type HistoryWrite } from '#server/history/record-history';
import { lockClinicVisit } from '#server/visits/visit-access';
import {
  RECORD_ENTITY,
  recordFields,
  recordValues,
  VISIT_FIELDS,
  visitValues,
  type RecordEntity,
} from '#server/visits/visit-history-values';
import { unitsOfType } from '#server/visits/visit-records';
import { withProtocolDates } from '#server/reminders/protocols';

type StoredRecord = typeof wellnessRecords.$inferSelect;
type NewRecord = typeof wellnessRecords.$inferInsert;

/** A row of the payload as the record it stands for (id: the stored record it was read from). */
interface WantedRecord {
  id?: number;
  categoryTypeId: number;
  actionDate: string;
  recordValue: string;
  unitId: number | null;
  /** null: the form does not edit this type's notes (they are kept) */
  notes: string | null;
  /** undefined: not sent, the clinic's protocol decides (withProtocolDates) */
  nextReminderDate: string | null | undefined;
}

type DatedRecord = WantedRecord & { nextReminderDate: string | null };

/** The record rows a payload asks for, by type (pictures are handled on their own). */
function wantedRecords(payload: NormalisedVisitPayload): WantedRecord[] {
  return [
    ...payload.weight.map((w) => ({
      id: w.id,
      categoryTypeId: VISIT_RECORD_TYPES.weight,
      actionDate: w.date,
      recordValue: String(w.recordValue),
      unitId: w.unitOfMeasureId,
      notes: null,
      nextReminderDate: null,
    })),
    ...payload.vaccinations.map((v) => ({
      id: v.id,
      categoryTypeId: VISIT_RECORD_TYPES.vaccination,
      actionDate: v.date,
      recordValue: v.title,
      unitId: null,
      notes: null,
      nextReminderDate: v.nextReminderDate,
    })),
    ...payload.antiparasitics.map((a) => ({
      id: a.id,
      categoryTypeId: VISIT_RECORD_TYPES.antiparasitic,
      actionDate: a.date,
      recordValue: a.title,
      unitId: null,
      notes: null,
      nextReminderDate: a.nextReminderDate,
    })),
    ...payload.consultations.map((c) => ({
      id: c.id,
      categoryTypeId: VISIT_RECORD_TYPES.consultation,
      actionDate: c.date,
      recordValue: c.title,
      unitId: null,
      notes: c.notes,
      nextReminderDate: c.nextReminderDate,
    })),
  ];
}

/** A weight compares by number ("12.0" is 12), the rest by text. */
function sameValue(typeId: number, stored: string, wanted: string): boolean {
  return typeId === VISIT_RECORD_TYPES.weight ? Number(stored) === Number(wanted) : stored === wanted;
}

function sameContent(w: DatedRecord, r: StoredRecord): boolean {
  return (
    sameValue(r.categoryTypeId, r.recordValue, w.recordValue) &&
    r.actionDate === w.actionDate &&
    (r.unitId ?? null) === w.unitId &&
    (r.nextReminderDate ?? null) === w.nextReminderDate &&
    (w.notes === null || r.notes === w.notes)
  );
}

interface Matched {
  pairs: Array<[DatedRecord, StoredRecord]>;
  added: DatedRecord[];
  removed: StoredRecord[];
}

/**
 * Which stored record each payload row stands for (issue 20: records keep their identity): a row
 * sent with a record's ID is that record; a row without one (an older client) is an unchanged
 * stored record when one has exactly its content; the visit's one weight is updated in place.
 * Stored records no row stands for were removed; rows no record stands for are new.
 */
function matchRecords(wanted: DatedRecord[], stored: StoredRecord[]): Matched {
  const left = new Map(stored.map((r) => [r.id, r]));
  const pairs: Array<[DatedRecord, StoredRecord]> = [];
  const unmatched: DatedRecord[] = [];
  for (const w of wanted) {
    const r = w.id === undefined ? undefined : left.get(w.id);
    if (r && r.categoryTypeId === w.categoryTypeId) {
      pairs.push([w, r]);
      left.delete(r.id);
    } else {
      unmatched.push(w);
    }
  }
  const added: DatedRecord[] = [];
  for (const w of unmatched) {
    const same = [...left.values()].find((r) => r.categoryTypeId === w.categoryTypeId && sameContent(w, r));
    const weight =
      w.categoryTypeId === VISIT_RECORD_TYPES.weight
        ? [...left.values()].find((r) => r.categoryTypeId === VISIT_RECORD_TYPES.weight)
        : undefined;
    const r = same ?? weight;
    if (r) {
      pairs.push([w, r]);
      left.delete(r.id);
    } else {
      added.push(w);
    }
  }
  return { pairs, added, removed: [...left.values()] };
}

/**
 * Saves an Edit Visit form in ONE transaction (docs/decisions/0095, 0096, 0097), locking the pet,
 * then the visit: a form read at an older version than the visit's is refused (409); the visit
 * fields (date, notes, vet user, completed flag) are updated; each weight, vaccination,
 * antiparasitic and consultation row updates its record in place, new rows are added and records
 * no row names are removed; pictures keep their records (notes updated), ones marked deleted are
 * removed, new ones are added with the already stored images of `newImages` (fileIndex → path).
 * Each change writes its history entry, and the visit's version moves on when anything changed.
 *
 * Returns the stored paths of the removed pictures: the caller deletes those files AFTER commit.
 */
export async function saveVisit(
  db: Db,
  actor: Actor,
  payload: NormalisedVisitPayload,
  newImages: ReadonlyMap<number, string>,
): Promise<string[]> {
  const clinicId = actor.clinicId;
  return db.transaction(async (tx) => {
    await lockClinicPet(tx, clinicId, payload.petId);
    const visit = await lockClinicVisit(tx, clinicId, payload.vetVisitId, payload.petId);
    await assertVersion(tx, clinicId, 'visit', visit.id, visit.version, payload.version);

    const staff = new Map(
      (
        await tx
          .select({ id: clinicUsers.id, name: clinicUsers.name })
          .from(clinicUsers)
          .where(eq(clinicUsers.clinicId, clinicId))
      ).map((u) => [u.id, u.name]),
    );
    if (payload.vetUserId !== null && !staff.has(payload.vetUserId)) throw new UserError('vetUserNotFound');
    const weightUnits = new Map((await unitsOfType(tx, VISIT_RECORD_TYPES.weight)).map((u) => [u.id, u.title]));
    if (payload.weight.some((w) => !weightUnits.has(w.unitOfMeasureId)))
      throw new UserError('portal:validation.invalidValue');
    const unitTitle = (id: number | null) => (id === null ? '' : (weightUnits.get(id) ?? ''));

    const vetUserId = payload.vetUserId ?? visit.vetUserId;
    const after = {
      visitDate: payload.visitDate,
      notes: payload.notes,
      isFinished: payload.isFinished ?? visit.isFinished,
    };
    const visitChanges = fieldChanges(
      VISIT_FIELDS,
      visitValues(visit, staff.get(visit.vetUserId ?? 0) ?? null),
      visitValues(after, staff.get(vetUserId ?? 0) ?? null),
    );

    const stored = await tx
      .select()
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, visit.id), recordNotDeleted));
    const entries: Array<Omit<HistoryWrite, 'version'>> = [];
    const entry = (
      entity: RecordEntity,
      entityId: number,
      action: 'create' | 'change' | 'delete',
      changes: HistoryWrite['changes'],
    ) => entries.push({ petProfileId: visit.petProfileId, vetVisitId: visit.id, entity, entityId, action, changes });
    const common = { petProfileId: visit.petProfileId, clinicId, vetVisitId: visit.id, vetUserId };

    // Records: in place, added, removed.
    const { pairs, added, removed } = matchRecords(
      await withProtocolDates(tx, clinicId, visit.petProfileId, wantedRecords(payload)),
      stored.filter((r) => r.categoryTypeId !== VISIT_RECORD_TYPES.picture),
    );
    for (const [w, r] of pairs) {
      const entity = RECORD_ENTITY.get(r.categoryTypeId) as RecordEntity;
      // A weight typed as before ("12" for "12.0") keeps its stored text.
      const recordValue = sameValue(r.categoryTypeId, r.recordValue, w.recordValue) ? r.recordValue : w.recordValue;
      const next = {
        actionDate: w.actionDate,
        recordValue,
        unitId: w.unitId,
        notes: w.notes ?? r.notes,
        nextReminderDate: w.nextReminderDate,
      };
      const changes = fieldChanges(
        recordFields(entity),
        recordValues(entity, r, unitTitle),
        recordValues(entity, next, unitTitle),
      );
      if (changes.length === 0 && r.vetUserId === vetUserId) continue;
      await tx
        .update(wellnessRecords)
        .set({ ...next, vetUserId })
        .where(eq(wellnessRecords.id, r.id));
      if (changes.length > 0) entry(entity, r.id, 'change', changes);
    }
    if (removed.length > 0) {
      await tx.delete(wellnessRecords).where(
        inArray(
          wellnessRecords.id,
          removed.map((r) => r.id),
        ),
      );
      for (const r of removed) {
        const entity = RECORD_ENTITY.get(r.categoryTypeId) as RecordEntity;
        entry(entity, r.id, 'delete', fieldChanges(recordFields(entity), recordValues(entity, r, unitTitle), null));
      }
    }
    if (added.length > 0) {
      const rows: NewRecord[] = added.map((w) => ({
        ...common,
        categoryTypeId: w.categoryTypeId,
        actionDate: w.actionDate,
        recordValue: w.recordValue,
        unitId: w.unitId,
        notes: w.notes ?? '',
        nextReminderDate: w.nextReminderDate,
      }));
      const inserted = await tx.insert(wellnessRecords).values(rows).returning();
      for (const r of inserted) {
        const entity = RECORD_ENTITY.get(r.categoryTypeId) as RecordEntity;
        entry(entity, r.id, 'create', fieldChanges(recordFields(entity), null, recordValues(entity, r, unitTitle)));
      }
    }

    const removedFiles = await savePictures(
      tx,
      payload,
      newImages,
      stored.filter((r) => r.categoryTypeId === VISIT_RECORD_TYPES.picture),
      { ...common, actionDate: payload.visitDate },
      entry,
    );

    if (visitChanges.length === 0 && entries.length === 0) return removedFiles;
    const [saved] = await tx
      .update(vetVisits)
      .set({ ...after, vetUserId, version: sql`${vetVisits.version} + 1`, updatedAt: new Date() })
      .where(and(eq(vetVisits.id, visit.id), eq(vetVisits.version, visit.version)))
      .returning({ version: vetVisits.version });
    // The row is locked: its version cannot have moved since it was read.
    if (!saved) throw new Error(`visit ${visit.id} changed under its lock`);
    const visitEntry =
      visitChanges.length > 0
        ? [
            {
              petProfileId: visit.petProfileId,
              vetVisitId: visit.id,
              entity: 'visit' as const,
              entityId: visit.id,
              action: 'change' as const,
              changes: visitChanges,
            },
          ]
        : [];
    await writeHistory(
      tx,
      actor,
      [...visitEntry, ...entries].map((e) => ({ ...e, version: saved.version })),
    );
    return removedFiles;
  });
}

async function savePictures(
  tx: Db,
  payload: NormalisedVisitPayload,
  newImages: ReadonlyMap<number, string>,
  existing: StoredRecord[],
  common: Omit<NewRecord, 'categoryTypeId'>,
  entry: (
    entity: RecordEntity,
    entityId: number,
    action: 'create' | 'change' | 'delete',
    changes: HistoryWrite['changes'],
  ) => void,
): Promise<string[]> {
  const byId = new Map(existing.map((e) => [e.id, e]));
  const removed: StoredRecord[] = [];
  const added: NewRecord[] = [];
  for (const picture of payload.pictures) {
    // A new picture carries its file's index (the shared normaliser's picture-to-file rule).
    if (picture.fileIndex !== undefined) {
      const imagePath = newImages.get(picture.fileIndex);
      if (!imagePath) throw new UserError('portal:validation.pictureFileMissing');
      added.push({ ...common, categoryTypeId: VISIT_RECORD_TYPES.picture, notes: picture.notes, imagePath });
      continue;
    }
    // Ids that are not pictures of this visit (already removed, or anyone else's) are ignored.
    const stored = byId.get(picture.id);
    if (!stored) continue;
    byId.delete(picture.id);
    if (picture.isDeleted) {
      removed.push(stored);
    } else if (stored.notes !== picture.notes) {
      await tx.update(wellnessRecords).set({ notes: picture.notes }).where(eq(wellnessRecords.id, stored.id));
      entry('picture', stored.id, 'change', [
        { field: 'notes', from: stored.notes || null, to: picture.notes || null },
      ]);
    }
  }
  if (removed.length > 0) {
    await tx.delete(wellnessRecords).where(
      inArray(
        wellnessRecords.id,
        removed.map((r) => r.id),
      ),
    );
    for (const r of removed)
      entry(
        'picture',
        r.id,
        'delete',
        fieldChanges(
          recordFields('picture'),
          recordValues('picture', r, () => ''),
          null,
        ),
      );
  }
  if (added.length > 0) {
    const inserted = await tx.insert(wellnessRecords).values(added).returning();
    for (const r of inserted)
      entry(
        'picture',
        r.id,
        'create',
        fieldChanges(
          recordFields('picture'),
          null,
          recordValues('picture', r, () => ''),
        ),
      );
  }
  return removed.flatMap((r) => (r.imagePath ? [r.imagePath] : []));
}
