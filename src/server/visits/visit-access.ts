import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { clinicPatients, clinicUsers, vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import type { ServerMessageKey } from '#server/http/messages';

/* Objects that are missing or belong to another clinic get the same answer (visitNotFound, petNotFound, vetUserNotFound). */

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

/** Throws the answer `notFound` unless a row of `id`'s table matches `where` (no lock: a cheap early check). */
async function assertRow(db: Db, id: PgColumn, where: SQL | undefined, notFound: ServerMessageKey): Promise<void> {
  const [row] = await db.select({ id }).from(id.table).where(where).limit(1);
  if (!row) throw new UserError(notFound);
}

/** Throws "Visit not found" unless the clinic has visit `visitId` of pet `petId`. */
export function assertClinicVisit(db: Db, clinicId: number, visitId: number, petId: number): Promise<void> {
  return assertRow(db, vetVisits.id, and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId)), 'visitNotFound');
}

/** Throws "Vet user not found" unless `vetUserId` is one of the clinic's staff users. */
export function assertClinicUser(db: Db, clinicId: number, vetUserId: number): Promise<void> {
  return assertRow(db, clinicUsers.id, and(eq(clinicUsers.id, vetUserId), eq(clinicUsers.clinicId, clinicId)), 'vetUserNotFound');
}

/** Throws "Pet not found" unless the pet is one of the clinic's patients. */
export function assertClinicPatient(db: Db, clinicId: number, petId: number): Promise<void> {
  return assertRow(db, clinicPatients.id, and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)), 'petNotFound');
}
