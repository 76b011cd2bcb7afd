import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { vetVisits, wellnessRecords } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { lockClinicPet } from '#server/clinic-pets/pet-lock';
import { writeHistory } from '#server/history/record-history';
import { lockClinicVisit } from '#server/visits/visit-access';

/**
 * Deletes the clinic's visit `visitId` of pet `petId` (docs/decisions/0098): the visit and its
 * records are marked deleted at one instant, in one transaction with the history entry, and are
 * gone from every list at once; RestoreVetVisit brings them back until the purge removes them
 * (their pictures' files go then). "Visit not found" for a missing visit or another clinic's.
 */
export async function deleteVisit(db: Db, actor: Actor, visitId: number, petId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockClinicPet(tx, actor.clinicId, petId);
    const visit = await lockClinicVisit(tx, actor.clinicId, visitId, petId);
    const now = new Date();
    const [saved] = await tx
      .update(vetVisits)
      .set({ deletedAt: now, version: sql`${vetVisits.version} + 1` })
      .where(eq(vetVisits.id, visit.id))
      .returning({ version: vetVisits.version });
    await tx
      .update(wellnessRecords)
      .set({ deletedAt: now })
      .where(and(eq(wellnessRecords.vetVisitId, visit.id), isNull(wellnessRecords.deletedAt)));
    await writeHistory(
      tx,
      actor,
      [
        {
          petProfileId: petId,
          vetVisitId: visit.id,
          entity: 'visit',
          entityId: visit.id,
          action: 'delete',
          version: saved.version,
          changes: [],
        },
      ],
      now,
    );
  });
}

/**
 * RestoreVetVisit: brings back a visit the clinic deleted, with the records deleted with it, while
 * it is within the restore window (`restoreDays`). Restoring a visit that is not deleted changes
 * nothing; a visit whose pet is deleted waits for the pet's restore ("This pet was deleted.").
 */
export async function restoreVisit(
  db: Db,
  actor: Actor,
  visitId: number,
  restoreDays: number,
): Promise<{ petProfileId: number }> {
  const [known] = await db
    .select({ petProfileId: vetVisits.petProfileId })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, actor.clinicId)))
    .limit(1);
  if (!known) throw new UserError('visitNotFound');
  return db.transaction(async (tx) => {
    await lockClinicPet(tx, actor.clinicId, known.petProfileId);
    const visit = await lockClinicVisit(tx, actor.clinicId, visitId, known.petProfileId, { allowDeleted: true });
    if (!visit.deletedAt) return { petProfileId: visit.petProfileId };
    if (visit.deletedAt.getTime() < Date.now() - restoreDays * 86_400_000) throw new UserError('visitNotFound');
    const [saved] = await tx
      .update(vetVisits)
      .set({ deletedAt: null, version: sql`${vetVisits.version} + 1` })
      .where(eq(vetVisits.id, visit.id))
      .returning({ version: vetVisits.version });
    await tx
      .update(wellnessRecords)
      .set({ deletedAt: null })
      .where(and(eq(wellnessRecords.vetVisitId, visit.id), eq(wellnessRecords.deletedAt, visit.deletedAt)));
    await writeHistory(tx, actor, [
      {
        petProfileId: visit.petProfileId,
        vetVisitId: visit.id,
        entity: 'visit',
        entityId: visit.id,
        action: 'restore',
        version: saved.version,
        changes: [],
      },
    ]);
    return { petProfileId: visit.petProfileId };
  });
}
