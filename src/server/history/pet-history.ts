import { and, desc, eq } from 'drizzle-orm';
import type { HistoryAction, HistoryEntity, VetPetHistoryResult } from '#shared/contract/vet-records';
import type { Db } from '#server/db/client';
import { rowCount, rowsToSkip, type Paging } from '#server/db/query-helpers';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { clinicPatients, recordHistory, unitsOfMeasure, vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';

/**
 * GetVetPetHistory: a page of what this clinic changed of one pet, newest first (docs/decisions/0097).
 * The clinic sees its own entries only, for a pet that is or was its patient (deleted and purged
 * pets too: the history outlives them); anything else is "Pet not found.", as a missing pet.
 */
export async function loadPetHistory(
  db: Db,
  clinicId: number,
  petId: number,
  page: Paging,
): Promise<VetPetHistoryResult> {
  const ofPet = and(eq(recordHistory.clinicId, clinicId), eq(recordHistory.petProfileId, petId));
  const { rows, count, units } = await readOneSnapshot(db, async (tx) => {
    const [patient] = await tx
      .select({ id: clinicPatients.id })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)))
      .limit(1);
    const [entry] = await tx.select({ id: recordHistory.id }).from(recordHistory).where(ofPet).limit(1);
    if (!patient && !entry) throw new UserError('petNotFound');
    const pageRows = await tx
      .select({
        at: recordHistory.at,
        userName: recordHistory.userName,
        action: recordHistory.action,
        entity: recordHistory.entity,
        changes: recordHistory.changes,
        visitDate: vetVisits.visitDate,
      })
      .from(recordHistory)
      .leftJoin(vetVisits, eq(vetVisits.id, recordHistory.vetVisitId))
      .where(ofPet)
      .orderBy(desc(recordHistory.at), desc(recordHistory.id))
      .limit(page.limit)
      .offset(rowsToSkip(page));
    const [{ count: total }] = await tx.select({ count: rowCount }).from(recordHistory).where(ofPet);
    const unitRows = await tx
      .select({ id: unitsOfMeasure.id, title: unitsOfMeasure.title })
      .from(unitsOfMeasure)
      .orderBy(unitsOfMeasure.id);
    return { rows: pageRows, count: total, units: unitRows };
  });
  return {
    entries: rows.map((r) => ({
      at: r.at.toISOString(),
      userName: r.userName,
      action: r.action as HistoryAction,
      entity: r.entity as HistoryEntity,
      changes: r.changes,
      visitDate: r.visitDate,
    })),
    count,
    units,
  };
}
