import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PetFormValues } from '#shared/forms/pet-form';
import type { Db } from '#server/db/client';
import { clinicPatients, petBreeds, petCoOwners, petProfiles, vetVisits, wellnessRecords } from '#server/db/schema';
import { UserError } from '#server/http/errors';


const PUBLIC_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomPublicId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += PUBLIC_ID_ALPHABET[crypto.randomInt(PUBLIC_ID_ALPHABET.length)];
  return id;
}

async function freePublicId(tx: Db): Promise<string> {
  for (;;) {
    const candidate = randomPublicId();
    const [taken] = await tx.select({ id: petProfiles.id }).from(petProfiles).where(eq(petProfiles.publicId, candidate)).limit(1);
    if (!taken) return candidate;
  }
}

/** Throws unless the breed exists and belongs to the pet type. */
export async function assertBreedOfType(db: Db, petTypeId: number, petBreedId: number): Promise<void> {
  const [breed] = await db.select({ petTypeId: petBreeds.petTypeId }).from(petBreeds).where(eq(petBreeds.id, petBreedId)).limit(1);
  if (!breed) throw new UserError('breedNotOfType');
  if (breed.petTypeId !== petTypeId) throw new UserError('breedNotOfType');
}

/** The pet_profiles columns a clinic sets, from whitelisted form fields only. */
function profileFields(v: PetFormValues) {
  return {
    name: v.petName,
    petTypeId: v.petTypeId,
    petBreedId: v.petBreedId,
    dob: v.petDateOfBirth,
    genderId: v.petGenderId,
    isSterilized: v.isSterilized ?? null,
    bloodType: v.bloodType || null,
    microChipId: v.microChipId || null,
  };
}

function ownerFields(v: PetFormValues) {
  return { ownerNameForVet: v.ownerNameForVet, ownerPhoneForVet: v.ownerPhoneForVet, ownerEmailForVet: v.ownerEmailForVet || null };
}

/** A new pet profile (no owner account) and the clinic's patient row for it. Answers its id. */
export async function createClinicPet(db: Db, clinicId: number, values: PetFormValues, imagePath: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const publicId = await freePublicId(tx);
    const [pet] = await tx
      .insert(petProfiles)
      // Privacy by default (docs/decisions/0050): nobody has chosen to publish a clinic patient's records.
      .values({ ...profileFields(values), publicId, ownerId: null, shelterId: null, imagePath, isRecordsPrivate: true })
      .returning({ id: petProfiles.id });
    await tx.insert(clinicPatients).values({ clinicId, petProfileId: pet.id, ...ownerFields(values) });
    return pet.id;
  });
}

/** The clinic's patient `petId` with its profile row locked until the transaction ends, else "Pet not found". */
async function lockClinicPet(tx: Db, clinicId: number, petId: number) {
  const [row] = await tx
    .select({ id: petProfiles.id, imagePath: petProfiles.imagePath, ownerId: petProfiles.ownerId, shelterId: petProfiles.shelterId })
    .from(clinicPatients)
    .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)))
    .for('update');
  if (!row) throw new UserError('petNotFound');
  return row;
}

/**
 * Updates a patient's profile and the clinic's owner contact data; a new image replaces the old.
 * Answers the replaced image path (to remove once committed), or null.
 */
export async function updateClinicPet(db: Db, clinicId: number, petId: number, values: PetFormValues, newImagePath: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const pet = await lockClinicPet(tx, clinicId, petId);
    await tx
      .update(petProfiles)
      .set({ ...profileFields(values), ...(newImagePath ? { imagePath: newImagePath } : {}) })
      .where(eq(petProfiles.id, petId));
    await tx
      .update(clinicPatients)
      .set(ownerFields(values))
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)));
    return newImagePath && pet.imagePath && pet.imagePath !== newImagePath ? pet.imagePath : null;
  });
}

/**
 * Removes a pet from the clinic: its patient row and the clinic's visits and records of it. The pet
 * profile itself goes too when nobody else holds it (no owner account, shelter, co-owner or other
 * clinic). Answers the image paths to remove once committed and whether the profile went.
 */
export async function deleteClinicPet(db: Db, clinicId: number, petId: number): Promise<{ files: string[]; profileDeleted: boolean }> {
  return db.transaction(async (tx) => {
    const pet = await lockClinicPet(tx, clinicId, petId);
    const clinicVisits = tx.select({ id: vetVisits.id }).from(vetVisits).where(and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId)));
    const clinicRecords = and(
      eq(wellnessRecords.petProfileId, petId),
      or(eq(wellnessRecords.clinicId, clinicId), inArray(wellnessRecords.vetVisitId, clinicVisits)),
    );
    const files = (
      await tx.select({ path: wellnessRecords.imagePath }).from(wellnessRecords).where(and(clinicRecords, isNotNull(wellnessRecords.imagePath)))
    ).map((r) => r.path);
    await tx.delete(wellnessRecords).where(clinicRecords);
    await tx.delete(vetVisits).where(and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId)));
    await tx.delete(clinicPatients).where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)));

    const [[patients], [coOwners]] = await Promise.all([
      tx.select({ n: sql<number>`count(*)::int` }).from(clinicPatients).where(eq(clinicPatients.petProfileId, petId)),
      tx.select({ n: sql<number>`count(*)::int` }).from(petCoOwners).where(eq(petCoOwners.petProfileId, petId)),
    ]);
    const holders = patients.n + coOwners.n;
    const profileDeleted = holders === 0 && pet.ownerId === null && pet.shelterId === null;
    if (profileDeleted) {
      const rest = await tx
        .select({ path: wellnessRecords.imagePath })
        .from(wellnessRecords)
        .where(and(eq(wellnessRecords.petProfileId, petId), isNotNull(wellnessRecords.imagePath)));
      await tx.delete(petProfiles).where(eq(petProfiles.id, petId));
      files.push(pet.imagePath, ...rest.map((r) => r.path));
    }
    return { files: files.filter((p): p is string => !!p), profileDeleted };
  });
}
