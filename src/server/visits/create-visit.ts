import type { CreateVisitValues } from '#shared/forms/visit-payload';
import type { Db } from '#server/db/client';
import { vetVisits } from '#server/db/schema';
import { assertClinicPatient, assertClinicUser } from '#server/visits/visit-access';

/** A new active visit of one of the clinic's patients, by one of the clinic's users. */
export async function createVisit(db: Db, clinicId: number, values: CreateVisitValues): Promise<number> {
  await assertClinicPatient(db, clinicId, values.petId);
  await assertClinicUser(db, clinicId, values.vetUserId);
  const [row] = await db
    .insert(vetVisits)
    .values({ clinicId, petProfileId: values.petId, vetUserId: values.vetUserId, visitDate: values.visitDate, isFinished: false })
    .returning({ id: vetVisits.id });
  return row.id;
}
