import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicPatients, clinicUsers, vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { serverMessage } from '#server/http/messages';

/** Answers for objects that are missing or belong to another clinic: the same text for both. */
export const VISIT_NOT_FOUND = serverMessage('visitNotFound');
export const PET_NOT_FOUND = serverMessage('clinicPetNotFound');
export const VET_USER_NOT_FOUND = serverMessage('vetUserNotFound');

export interface LockedVisit {
  id: number;
  petProfileId: number;
  vetUserId: number | null;
  isFinished: boolean;
}

/**
 * The clinic's visit `visitId` of pet `petId`, locked FOR UPDATE until the transaction ends
 * (two saves or a save and a delete of one visit never interleave). Else "Visit not found".
 */
export async function lockClinicVisit(tx: Db, clinicId: number, visitId: number, petId: number): Promise<LockedVisit> {
  const [visit] = await tx
    .select({ id: vetVisits.id, petProfileId: vetVisits.petProfileId, vetUserId: vetVisits.vetUserId, isFinished: vetVisits.isFinished })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId)))
    .for('update');
  if (!visit || visit.petProfileId !== petId) throw new UserError('visitNotFound');
  return visit;
}

/** Throws "Visit not found" unless the clinic has visit `visitId` of pet `petId` (no lock: a cheap early check). */
export async function assertClinicVisit(db: Db, clinicId: number, visitId: number, petId: number): Promise<void> {
  const [visit] = await db
    .select({ id: vetVisits.id })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId)))
    .limit(1);
  if (!visit) throw new UserError('visitNotFound');
}

/** Throws "Vet user not found" unless `vetUserId` is one of the clinic's staff users. */
export async function assertClinicUser(db: Db, clinicId: number, vetUserId: number): Promise<void> {
  const [user] = await db
    .select({ id: clinicUsers.id })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.id, vetUserId), eq(clinicUsers.clinicId, clinicId)))
    .limit(1);
  if (!user) throw new UserError('vetUserNotFound');
}

/** Throws "Pet not found" unless the pet is one of the clinic's patients. */
export async function assertClinicPatient(db: Db, clinicId: number, petId: number): Promise<void> {
  const [patient] = await db
    .select({ id: clinicPatients.id })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)))
    .limit(1);
  if (!patient) throw new UserError('clinicPetNotFound');
}
