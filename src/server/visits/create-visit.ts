import type { CreateVisitValues } from '#shared/forms/visit-payload';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { vetVisits } from '#server/db/schema';
import { lockClinicPet } from '#server/clinic-pets/pet-lock';
import { fieldChanges, writeHistory } from '#server/history/record-history';
import { clinicUserName } from '#server/visits/visit-access';
import { VISIT_FIELDS, visitValues } from '#server/visits/visit-history-values';

/**
 * A new active visit of one of the clinic's patients, by one of the clinic's users, with its
 * history entry. The pet is locked and checked inside the transaction (docs/decisions/0095): a pet
 * deleted at the same moment answers "This pet was deleted.", never a foreign-key error.
 */
export async function createVisit(db: Db, actor: Actor, values: CreateVisitValues): Promise<number> {
  return db.transaction(async (tx) => {
    await lockClinicPet(tx, actor.clinicId, values.petId);
    const vetName = await clinicUserName(tx, actor.clinicId, values.vetUserId);
    const [row] = await tx
      .insert(vetVisits)
      .values({
        clinicId: actor.clinicId,
        petProfileId: values.petId,
        vetUserId: values.vetUserId,
        visitDate: values.visitDate,
        isFinished: false,
      })
      .returning({ id: vetVisits.id, version: vetVisits.version, notes: vetVisits.notes });
    await writeHistory(tx, actor, [
      {
        petProfileId: values.petId,
        vetVisitId: row.id,
        entity: 'visit',
        entityId: row.id,
        action: 'create',
        version: row.version,
        changes: fieldChanges(
          VISIT_FIELDS,
          null,
          visitValues({ visitDate: values.visitDate, notes: row.notes, isFinished: false }, vetName),
        ),
      },
    ]);
    return row.id;
  });
}
