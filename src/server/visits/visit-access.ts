import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { clinicPatients, clinicUsers, vetVisits } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import type { ServerMessageKey } from '#server/http/messages';
import { patientNotDeleted, visitNotDeleted } from '#server/db/live-rows';

/* Objects that are missing or belong to another clinic get the same answer (visitNotFound, petNotFound,
   vetUserNotFound). */

export type LockedVisit = Pick<
  typeof vetVisits.$inferSelect,
  'id' | 'petProfileId' | 'vetUserId' | 'isFinished' | 'version' | 'deletedAt' | 'visitDate' | 'notes'
>;

/**
 * The clinic's visit `visitId` of pet `petId`, locked FOR UPDATE until the transaction ends (two
 * saves, or a save and a delete, of one visit never interleave). Step 3 of the lock order
 * (clinic-pets/pet-lock.ts): the caller has locked the pet first. A missing visit, another
 * clinic's or another pet's is "Visit not found"; one deleted meanwhile is "This visit was deleted."
 * unless `allowDeleted` (a restore).
 */
export async function lockClinicVisit(
  tx: Db,
  clinicId: number,
  visitId: number,
  petId: number,
  opts: { allowDeleted?: boolean } = {},
): Promise<LockedVisit> {
  const [visit] = await tx
    .select({
      id: vetVisits.id,
      petProfileId: vetVisits.petProfileId,
      vetUserId: vetVisits.vetUserId,
      isFinished: vetVisits.isFinished,
      version: vetVisits.version,
      deletedAt: vetVisits.deletedAt,
      visitDate: vetVisits.visitDate,
      notes: vetVisits.notes,
    })
    .from(vetVisits)
    .where(and(eq(vetVisits.id, visitId), eq(vetVisits.clinicId, clinicId)))
    .for('update');
  if (!visit || visit.petProfileId !== petId) throw new UserError('visitNotFound');
  if (visit.deletedAt && !opts.allowDeleted) throw new UserError('visitDeleted');
  return visit;
}

/** Throws the answer `notFound` unless a row of `id`'s table matches `where` (no lock: a cheap early check). */
async function assertRow(db: Db, id: PgColumn, where: SQL | undefined, notFound: ServerMessageKey): Promise<void> {
  const [row] = await db.select({ id }).from(id.table).where(where).limit(1);
  if (!row) throw new UserError(notFound);
}

/** Throws "Visit not found" unless the clinic has visit `visitId` of pet `petId` (not deleted). */
export function assertClinicVisit(db: Db, clinicId: number, visitId: number, petId: number): Promise<void> {
  return assertRow(
    db,
    vetVisits.id,
    and(
      eq(vetVisits.id, visitId),
      eq(vetVisits.clinicId, clinicId),
      eq(vetVisits.petProfileId, petId),
      visitNotDeleted,
    ),
    'visitNotFound',
  );
}

/** The name of the clinic's staff user `vetUserId`; throws "Vet user not found" for anyone else. */
export async function clinicUserName(db: Db, clinicId: number, vetUserId: number): Promise<string> {
  const [user] = await db
    .select({ name: clinicUsers.name })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.id, vetUserId), eq(clinicUsers.clinicId, clinicId)))
    .limit(1);
  if (!user) throw new UserError('vetUserNotFound');
  return user.name;
}

/** Throws "Pet not found" unless the pet is one of the clinic's patients (not deleted). */
export function assertClinicPatient(db: Db, clinicId: number, petId: number): Promise<void> {
  return assertRow(
    db,
    clinicPatients.id,
    and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId), patientNotDeleted),
    'petNotFound',
  );
}
