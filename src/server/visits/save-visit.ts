import { and, eq, inArray } from 'drizzle-orm';
import {
  CATEGORY_TYPE_ANTIPARASITIC,
  CATEGORY_TYPE_CONSULTATION,
  CATEGORY_TYPE_PICTURE,
  CATEGORY_TYPE_VACCINATION,
  CATEGORY_TYPE_WEIGHT,
} from '#shared/constants';
import { type NormalisedVisitPayload } from '#shared/forms/visit-payload';
import type { Db } from '#server/db/client';
import { vetVisits, wellnessRecords } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { assertClinicUser, lockClinicVisit } from '#server/visits/visit-access';
import { unitsOfType } from '#server/visits/visit-records';

/** The record types a save replaces wholesale (pictures are kept, updated, added or removed one by one). */
const REPLACED_TYPES = [CATEGORY_TYPE_WEIGHT, CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_CONSULTATION];

type NewRecord = typeof wellnessRecords.$inferInsert;

/** Throws unless every unit is one the weight is measured in (a weight in km or bpm is refused). */
async function assertWeightUnits(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const allowed = new Set((await unitsOfType(tx, CATEGORY_TYPE_WEIGHT)).map((u) => u.id));
  if (ids.some((id) => !allowed.has(id))) throw new UserError('portal:validation.invalidValue');
}

/**
 * Saves an Edit Visit form in ONE transaction, the visit row locked FOR UPDATE first: the visit
 * fields (date, notes, vet user, completed flag), the weight, vaccination, antiparasitic and
 * consultation rows (replaced by the payload's), and the pictures (kept ones get their notes,
 * ones marked deleted are removed, new ones are added with the already stored images of
 * `newImages`, fileIndex → stored path). Either all of it is saved or none.
 *
 * Returns the stored paths of the removed pictures: the caller deletes those files AFTER commit.
 */
export async function saveVisit(db: Db, clinicId: number, payload: NormalisedVisitPayload, newImages: ReadonlyMap<number, string>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const visit = await lockClinicVisit(tx, clinicId, payload.vetVisitId, payload.petId);
    if (payload.vetUserId !== null) await assertClinicUser(tx, clinicId, payload.vetUserId);
    await assertWeightUnits(
      tx,
      payload.weight.map((w) => w.unitOfMeasureId),
    );
    const vetUserId = payload.vetUserId ?? visit.vetUserId;

    await tx
      .update(vetVisits)
      .set({
        visitDate: payload.visitDate,
        notes: payload.notes,
        vetUserId,
        isFinished: payload.isFinished ?? visit.isFinished,
        updatedAt: new Date(),
      })
      .where(eq(vetVisits.id, visit.id));

    await tx.delete(wellnessRecords).where(and(eq(wellnessRecords.vetVisitId, visit.id), inArray(wellnessRecords.categoryTypeId, REPLACED_TYPES)));
    const common = { petProfileId: visit.petProfileId, clinicId, vetVisitId: visit.id, vetUserId };
    const rows: NewRecord[] = [
      ...payload.weight.map((w) => ({ ...common, categoryTypeId: CATEGORY_TYPE_WEIGHT, actionDate: w.date, recordValue: String(w.recordValue), unitId: w.unitOfMeasureId })),
      ...payload.vaccinations.map((v) => ({ ...common, categoryTypeId: CATEGORY_TYPE_VACCINATION, actionDate: v.date, recordValue: v.title, nextReminderDate: v.nextReminderDate })),
      ...payload.antiparasitics.map((a) => ({ ...common, categoryTypeId: CATEGORY_TYPE_ANTIPARASITIC, actionDate: a.date, recordValue: a.title, nextReminderDate: a.nextReminderDate })),
      ...payload.consultations.map((c) => ({
        ...common,
        categoryTypeId: CATEGORY_TYPE_CONSULTATION,
        actionDate: c.date,
        recordValue: c.title,
        notes: c.notes,
        nextReminderDate: c.nextReminderDate,
      })),
    ];
    if (rows.length > 0) await tx.insert(wellnessRecords).values(rows);

    return savePictures(tx, visit.id, payload, newImages, { ...common, actionDate: payload.visitDate });
  });
}

async function savePictures(
  tx: Db,
  visitId: number,
  payload: NormalisedVisitPayload,
  newImages: ReadonlyMap<number, string>,
  common: Omit<NewRecord, 'categoryTypeId'>,
): Promise<string[]> {
  const existing = await tx
    .select({ id: wellnessRecords.id, imagePath: wellnessRecords.imagePath })
    .from(wellnessRecords)
    .where(and(eq(wellnessRecords.vetVisitId, visitId), eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_PICTURE)));
  const pathById = new Map(existing.map((e) => [e.id, e.imagePath]));

  const removed: string[] = [];
  const removedIds: number[] = [];
  const added: NewRecord[] = [];
  for (const picture of payload.pictures) {
    // A new picture carries its file's index (the shared normaliser's picture-to-file rule).
    if (picture.fileIndex !== undefined) {
      const imagePath = newImages.get(picture.fileIndex);
      if (!imagePath) throw new UserError('portal:validation.pictureFileMissing');
      added.push({ ...common, categoryTypeId: CATEGORY_TYPE_PICTURE, notes: picture.notes, imagePath });
    } else if (pathById.has(picture.id)) {
      // Ids that are not pictures of this visit (already removed, or anyone else's) are ignored.
      if (picture.isDeleted) {
        removedIds.push(picture.id);
        const path = pathById.get(picture.id);
        if (path) removed.push(path);
      } else {
        await tx.update(wellnessRecords).set({ notes: picture.notes }).where(eq(wellnessRecords.id, picture.id));
      }
    }
  }
  if (removedIds.length > 0) await tx.delete(wellnessRecords).where(inArray(wellnessRecords.id, removedIds));
  if (added.length > 0) await tx.insert(wellnessRecords).values(added);
  return removed;
}
