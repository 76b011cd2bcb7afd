import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicOwners, clinicPatients, petProfiles } from '#server/db/schema';
import { UserError } from '#server/http/errors';

/**
 * The one lock order of every write on a pet's data (docs/decisions/0095):
 *
 *   1. the pet_profiles row, 2. the clinic's clinic_patients row, 3. a vet_visits row, 4. records.
 *
 * Every transaction that writes a pet, its patient row, a visit of it or a record of it starts
 * here, so two of them on one pet wait for each other instead of deadlocking (a visit save held
 * its visit and waited for the pet while a pet delete held the pet and waited for the visit), and
 * what they check (the pet is the clinic's and not deleted) cannot change before they commit.
 * Renaming a pet updates every clinic's patient row of it (migration 0003's trigger): taking the
 * pet row before any patient row keeps that in the same order too.
 */
export interface LockedPet {
  id: number;
  version: number;
  imagePath: string | null;
  ownerId: number | null;
  shelterId: number | null;
  /** the profile itself is deleted (the last clinic holding it deleted it) */
  profileDeletedAt: Date | null;
  patient: typeof clinicPatients.$inferSelect;
}

/**
 * Locks pet `petId` and the clinic's patient row of it, in that order, until the transaction ends.
 * A pet that is not the clinic's patient is "Pet not found."; a patient the clinic deleted is
 * "This pet was deleted." unless `allowDeleted` (a restore, a purge).
 */
export async function lockClinicPet(
  tx: Db,
  clinicId: number,
  petId: number,
  opts: { allowDeleted?: boolean } = {},
): Promise<LockedPet> {
  // FOR NO KEY UPDATE: writers of one pet queue here; inserts elsewhere that only reference the
  // pet (a sighting, an e-mail) are not held up, as its key never changes.
  const [pet] = await tx
    .select({
      id: petProfiles.id,
      version: petProfiles.version,
      imagePath: petProfiles.imagePath,
      ownerId: petProfiles.ownerId,
      shelterId: petProfiles.shelterId,
      profileDeletedAt: petProfiles.deletedAt,
    })
    .from(petProfiles)
    .where(eq(petProfiles.id, petId))
    .for('no key update');
  if (!pet) throw new UserError('petNotFound');
  const [patient] = await tx.select().from(clinicPatients).where(patientOfPet(clinicId, petId)).for('no key update');
  if (!patient) throw new UserError('petNotFound');
  if (patient.deletedAt && !opts.allowDeleted) throw new UserError('petDeleted');
  return { ...pet, patient };
}

/**
 * Locks the owners of the patients `which` selects, by id, before the caller locks their pets: the order of owners'
 * writes (owners by id, then the pet, then its patient row: UpdateVetPet, MergeVetOwners, EraseVetOwner). A patient
 * deleted or restored moves its owner's pet count (migration 0062's trigger updates the owner's row after the
 * patient's), while an owner's save updates their patients' rows after the owner's (migration 0042): without the owner
 * first, the two deadlock (docs/decisions/0207).
 */
export async function lockOwnersOfPatients(tx: Db, which: SQL | undefined): Promise<void> {
  await tx
    .select({ id: clinicOwners.id })
    .from(clinicOwners)
    .where(inArray(clinicOwners.id, tx.select({ id: clinicPatients.clinicOwnerId }).from(clinicPatients).where(which)))
    .orderBy(clinicOwners.id)
    .for('no key update');
}

/** The clinic's patient row of pet `petId`, as `which` for lockOwnersOfPatients. */
export const patientOfPet = (clinicId: number, petId: number) =>
  and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId));

/**
 * lockClinicPet for every live patient an import created (UndoImport): the pets by id, then their patient rows, the
 * same order, in two statements.
 */
export function lockImportedPets(tx: Db, clinicId: number, importId: number): Promise<LockedPet[]> {
  return lockLivePatients(tx, and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.importId, importId)));
}

/** lockClinicPet for every live patient of these owners of the clinic (EraseVetOwner deleting an owner's pets). */
export function lockOwnersPets(tx: Db, clinicId: number, ownerIds: readonly number[]): Promise<LockedPet[]> {
  return lockLivePatients(
    tx,
    and(eq(clinicPatients.clinicId, clinicId), inArray(clinicPatients.clinicOwnerId, [...ownerIds])),
  );
}

/** The live patients `which` selects, locked as lockClinicPet does: their pets by id, then their patient rows. */
async function lockLivePatients(tx: Db, which: SQL | undefined): Promise<LockedPet[]> {
  const live = and(which, isNull(clinicPatients.deletedAt));
  const pets = await tx
    .select({
      id: petProfiles.id,
      version: petProfiles.version,
      imagePath: petProfiles.imagePath,
      ownerId: petProfiles.ownerId,
      shelterId: petProfiles.shelterId,
      profileDeletedAt: petProfiles.deletedAt,
    })
    .from(petProfiles)
    .where(inArray(petProfiles.id, tx.select({ id: clinicPatients.petProfileId }).from(clinicPatients).where(live)))
    .orderBy(petProfiles.id)
    .for('no key update');
  const patients = await tx
    .select()
    .from(clinicPatients)
    .where(live)
    .orderBy(clinicPatients.petProfileId)
    .for('no key update');
  const patientOf = new Map(patients.map((p) => [p.petProfileId, p]));
  return pets.flatMap((pet) => {
    const patient = patientOf.get(pet.id);
    return patient ? [{ ...pet, patient }] : [];
  });
}
