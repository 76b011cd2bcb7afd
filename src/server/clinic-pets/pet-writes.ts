import crypto from 'node:crypto';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { GENDER_FEMALE } from '#shared/constants';
import { HISTORY_FIELDS, type HistoryValue } from '#shared/contract/vet-records';
import type { PetFormValues } from '#shared/forms/pet-form';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { patientNotDeleted } from '#server/db/live-rows';
import {
  clinicOwners,
  clinicPatients,
  petBreeds,
  petCoOwners,
  petProfiles,
  petTypes,
  vetVisits,
  wellnessRecords,
} from '#server/db/schema';
import { UserError } from '#server/http/errors';
import {
  assertVersion,
  fieldChanges,
  HISTORY_PER_STATEMENT,
  writeHistory,
  type HistoryWrite,
} from '#server/history/record-history';
import { lockClinicPet, lockOwnersOfPatients, patientOfPet, type LockedPet } from '#server/clinic-pets/pet-lock';
import { changeOwner, createOwner, lockClinicOwner } from '#server/clinic-owners/owner-writes';

const PUBLIC_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomPublicId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += PUBLIC_ID_ALPHABET[crypto.randomInt(PUBLIC_ID_ALPHABET.length)];
  return id;
}

async function freePublicId(tx: Db): Promise<string> {
  const [publicId] = await freePublicIds(tx, 1);
  return publicId;
}

/** `count` public ids no pet holds, told apart from each other: one query a round (an import's batch of pets). */
export async function freePublicIds(tx: Db, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const candidate = randomPublicId();
      if (!chosen.has(candidate)) candidates.add(candidate);
    }
    const taken = await tx
      .select({ publicId: petProfiles.publicId })
      .from(petProfiles)
      .where(inArray(petProfiles.publicId, [...candidates]));
    const takenIds = new Set(taken.map((t) => t.publicId));
    for (const candidate of candidates) if (!takenIds.has(candidate)) chosen.add(candidate);
  }
  return [...chosen];
}

/** Throws unless the breed exists and belongs to the pet type. */
export async function assertBreedOfType(db: Db, petTypeId: number, petBreedId: number): Promise<void> {
  const [breed] = await db
    .select({ petTypeId: petBreeds.petTypeId })
    .from(petBreeds)
    .where(eq(petBreeds.id, petBreedId))
    .limit(1);
  if (!breed) throw new UserError('breedNotOfType');
  if (breed.petTypeId !== petTypeId) throw new UserError('breedNotOfType');
}

/** The pet_profiles columns a clinic sets, from whitelisted form fields only. */
export function profileFields(v: PetFormValues) {
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

/** The SPEC fields of the pet form as the contact data of an owner. */
function formContact(v: PetFormValues) {
  return { name: v.ownerNameForVet, phone: v.ownerPhoneForVet, email: v.ownerEmailForVet || null };
}

/** An owner's contact data as a patient row keeps its copy (migration 0042). */
function asPatientOwner(owner: { name: string; phone: string; email: string | null }): OwnerState {
  return { ownerNameForVet: owner.name, ownerPhoneForVet: owner.phone, ownerEmailForVet: owner.email };
}

/** A new owner's record from the pet form: the clinic's language, consent to reminder e-mails, no notes. */
export function newOwner(v: PetFormValues) {
  return { ...formContact(v), language: null, remindersByEmail: true, notes: '' };
}

/**
 * Locks the owners an update of pet `petId` writes, before the pet (the lock order: owners by id, pet, patient):
 * its owner now and the owner it moves to. The owner picked must be the clinic's ("Owner not found.").
 */
async function lockPetOwners(tx: Db, clinicId: number, petId: number, pickedOwnerId: number | null) {
  const [patient] = await tx
    .select({ ownerId: clinicPatients.clinicOwnerId })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)));
  const ids = [...new Set([patient?.ownerId, pickedOwnerId].filter((id): id is number => typeof id === 'number'))];
  const owners = new Map<number, Awaited<ReturnType<typeof lockClinicOwner>>>();
  for (const id of ids.sort((a, b) => a - b)) {
    if (id === pickedOwnerId) owners.set(id, await lockClinicOwner(tx, clinicId, id));
    else {
      const [owner] = await tx.select().from(clinicOwners).where(eq(clinicOwners.id, id)).for('no key update');
      if (owner) owners.set(id, owner);
    }
  }
  return owners;
}

type PetHistoryValues = Record<(typeof HISTORY_FIELDS.pet)[number], HistoryValue>;
type ProfileState = Pick<
  typeof petProfiles.$inferSelect,
  'name' | 'petTypeId' | 'petBreedId' | 'dob' | 'genderId' | 'isSterilized' | 'bloodType' | 'microChipId' | 'imagePath'
>;
type OwnerState = Pick<typeof clinicPatients.$inferSelect, 'ownerNameForVet' | 'ownerPhoneForVet' | 'ownerEmailForVet'>;

/** A pet's fields as its history shows them (titles, not ids; whether there is a photo, never its bytes). */
async function petValues(tx: Db, profile: ProfileState, owner: OwnerState): Promise<PetHistoryValues> {
  const [[type], [breed]] = await Promise.all([
    tx.select({ title: petTypes.title }).from(petTypes).where(eq(petTypes.id, profile.petTypeId)),
    tx.select({ title: petBreeds.title }).from(petBreeds).where(eq(petBreeds.id, profile.petBreedId)),
  ]);
  return petHistoryValues(profile, { petType: type?.title ?? null, petBreed: breed?.title ?? null }, owner);
}

/** petValues with the type's and breed's stored titles already known (an import reads them once). */
export function petHistoryValues(
  profile: ProfileState,
  titles: { petType: string | null; petBreed: string | null },
  owner: OwnerState,
): PetHistoryValues {
  return {
    petName: profile.name,
    ...titles,
    dob: profile.dob,
    gender: profile.genderId === GENDER_FEMALE ? 'Female' : 'Male',
    isSterilized: profile.isSterilized,
    bloodType: profile.bloodType,
    microChipId: profile.microChipId,
    photo: profile.imagePath !== null,
    ownerName: owner.ownerNameForVet,
    ownerPhone: owner.ownerPhoneForVet,
    ownerEmail: owner.ownerEmailForVet,
  };
}

/** A new pet profile (no owner account), the clinic's patient row for it and its history entry. Answers its id. */
export async function createClinicPet(
  db: Db,
  actor: Actor,
  values: PetFormValues,
  imagePath: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    // The owner first (the lock order: owner, pet, patient). Without one picked, a new owner from the SPEC fields,
    // even when the clinic has an owner with that e-mail (GetVetOwnerDuplicates suggests the pair).
    const owner =
      values.ownerId == null
        ? { ...formContact(values), id: await createOwner(tx, actor, newOwner(values)) }
        : await lockClinicOwner(tx, actor.clinicId, values.ownerId);
    const publicId = await freePublicId(tx);
    const profile = profileFields(values);
    const [pet] = await tx
      .insert(petProfiles)
      // Privacy by default (docs/decisions/0050): nobody has chosen to publish a clinic patient's records.
      .values({ ...profile, publicId, ownerId: null, shelterId: null, imagePath, isRecordsPrivate: true })
      .returning({ id: petProfiles.id, version: petProfiles.version });
    await tx
      .insert(clinicPatients)
      .values({ clinicId: actor.clinicId, petProfileId: pet.id, clinicOwnerId: owner.id, ...asPatientOwner(owner) });
    const changes = fieldChanges(
      HISTORY_FIELDS.pet,
      null,
      await petValues(tx, { ...profile, imagePath }, asPatientOwner(owner)),
    );
    await writeHistory(tx, actor, [
      { petProfileId: pet.id, entity: 'pet', entityId: pet.id, action: 'create', version: pet.version, changes },
    ]);
    return pet.id;
  });
}

/**
 * Updates a patient's profile and the clinic's owner contact data; a new image replaces the old.
 * `version` (the pet's as the form read it) guards against saving over a change the user never
 * saw (409). Answers the replaced image path (to remove once committed), or null.
 */
export async function updateClinicPet(
  db: Db,
  actor: Actor,
  petId: number,
  values: PetFormValues & { version?: number },
  newImagePath: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const pickedOwnerId = values.ownerId ?? null;
    const owners = await lockPetOwners(tx, actor.clinicId, petId, pickedOwnerId);
    const pet = await lockClinicPet(tx, actor.clinicId, petId);
    await assertVersion(tx, actor.clinicId, 'pet', petId, pet.version, values.version);
    const [current] = await tx.select().from(petProfiles).where(eq(petProfiles.id, petId));
    const profile = profileFields(values);
    const currentOwner = owners.get(pet.patient.clinicOwnerId ?? 0) ?? null;
    const nextOwner = pickedOwnerId === null ? null : (owners.get(pickedOwnerId) ?? null);
    // Picked: the pet moves to that owner. Not picked: the SPEC fields change the pet's owner (every pet of theirs).
    const owner = nextOwner ? asPatientOwner(nextOwner) : asPatientOwner(formContact(values));
    const imagePath = newImagePath ?? current.imagePath;
    const before = await petValues(tx, current, pet.patient);
    const changes = fieldChanges(HISTORY_FIELDS.pet, before, await petValues(tx, { ...profile, imagePath }, owner));
    // A new photo is a change even when one was there before (the field says whether there is one).
    if (newImagePath && newImagePath !== current.imagePath && !changes.some((c) => c.field === 'photo'))
      changes.push({ field: 'photo', from: current.imagePath !== null, to: true });
    if (changes.length === 0) return null;
    const [saved] = await tx
      .update(petProfiles)
      .set({ ...profile, imagePath, version: sql`${petProfiles.version} + 1` })
      .where(and(eq(petProfiles.id, petId), eq(petProfiles.version, pet.version)))
      .returning({ version: petProfiles.version });
    // The row is locked: its version cannot have moved since it was read.
    if (!saved) throw new Error(`pet ${petId} changed under its lock`);
    // A pet kept when its owner was erased: the contact data typed now is a new owner's, never the erased record's.
    const ownerNow =
      nextOwner ?? (currentOwner?.erasedAt ? { id: await createOwner(tx, actor, newOwner(values)) } : null);
    if (ownerNow)
      await tx.update(clinicPatients).set({ clinicOwnerId: ownerNow.id }).where(eq(clinicPatients.id, pet.patient.id));
    else if (currentOwner) await changeOwner(tx, actor, currentOwner, { ...currentOwner, ...formContact(values) });
    // a patient row without an owner cannot be (migration 0042's trigger gives it one): its copy is its own
    else await tx.update(clinicPatients).set(owner).where(eq(clinicPatients.id, pet.patient.id));
    await writeHistory(tx, actor, [
      { petProfileId: petId, entity: 'pet', entityId: petId, action: 'change', version: saved.version, changes },
    ]);
    return newImagePath && current.imagePath && current.imagePath !== newImagePath ? current.imagePath : null;
  });
}

/**
 * Deletes a pet from the clinic (docs/decisions/0098): its patient row, the clinic's visits of it
 * and their records are marked deleted at one instant; the profile is hidden from every public
 * path too when nobody else holds it (no owner account, shelter, co-owner or other clinic).
 * RestoreVetPet brings it all back until the purge removes it. Answers whether the profile was hidden.
 */
export async function deleteClinicPet(db: Db, actor: Actor, petId: number): Promise<{ profileHidden: boolean }> {
  return db.transaction(async (tx) => {
    await lockOwnersOfPatients(tx, patientOfPet(actor.clinicId, petId));
    const pet = await lockClinicPet(tx, actor.clinicId, petId);
    const hidden = await deleteLockedPets(tx, actor, [pet], new Date());
    return { profileHidden: hidden.has(petId) };
  });
}

/**
 * deleteClinicPet of pets the caller locked (lockClinicPet, lockImportedPets), all at instant `now`, a statement
 * for each kind of row whatever their number (UndoImport deletes an import's pets at once). Answers the pets
 * whose profile was hidden too.
 */
export async function deleteLockedPets(
  tx: Db,
  actor: Actor,
  pets: readonly LockedPet[],
  now: Date,
): Promise<Set<number>> {
  const clinicId = actor.clinicId;
  if (pets.length === 0) return new Set();
  const petIds = pets.map((p) => p.id);
  const patientIds = pets.map((p) => p.patient.id);
  const clinicVisits = tx
    .select({ id: vetVisits.id })
    .from(vetVisits)
    .where(and(eq(vetVisits.clinicId, clinicId), inArray(vetVisits.petProfileId, petIds)));
  await tx
    .update(wellnessRecords)
    .set({ deletedAt: now })
    .where(
      and(
        inArray(wellnessRecords.petProfileId, petIds),
        isNull(wellnessRecords.deletedAt),
        or(eq(wellnessRecords.clinicId, clinicId), inArray(wellnessRecords.vetVisitId, clinicVisits)),
      ),
    );
  await tx
    .update(vetVisits)
    .set({ deletedAt: now, version: sql`${vetVisits.version} + 1` })
    .where(and(eq(vetVisits.clinicId, clinicId), inArray(vetVisits.petProfileId, petIds), isNull(vetVisits.deletedAt)));
  await tx.update(clinicPatients).set({ deletedAt: now }).where(inArray(clinicPatients.id, patientIds));

  const [heldElsewhere, coOwned] = await Promise.all([
    tx
      .selectDistinct({ petId: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(
        and(inArray(clinicPatients.petProfileId, petIds), notInArray(clinicPatients.id, patientIds), patientNotDeleted),
      ),
    tx
      .selectDistinct({ petId: petCoOwners.petProfileId })
      .from(petCoOwners)
      .where(inArray(petCoOwners.petProfileId, petIds)),
  ]);
  const held = new Set([...heldElsewhere, ...coOwned].map((r) => r.petId));
  const hidden = new Set(
    pets.filter((p) => !held.has(p.id) && p.ownerId === null && p.shelterId === null).map((p) => p.id),
  );
  if (hidden.size > 0)
    await tx
      .update(petProfiles)
      .set({ deletedAt: now })
      .where(inArray(petProfiles.id, [...hidden]));
  const versions = await tx
    .select({ id: petProfiles.id, version: petProfiles.version })
    .from(petProfiles)
    .where(inArray(petProfiles.id, petIds));
  const entries: HistoryWrite[] = versions.map((v) => ({
    petProfileId: v.id,
    entity: 'pet',
    entityId: v.id,
    action: 'delete',
    version: v.version,
    changes: [],
  }));
  for (let i = 0; i < entries.length; i += HISTORY_PER_STATEMENT)
    await writeHistory(tx, actor, entries.slice(i, i + HISTORY_PER_STATEMENT), now);
  return hidden;
}

/**
 * RestoreVetPet: brings back a pet the clinic deleted within the restore window (`restoreDays`),
 * with the visits and records deleted with it (not those deleted on their own before), and its
 * public profile. Restoring a pet that is not deleted changes nothing.
 */
export async function restoreClinicPet(db: Db, actor: Actor, petId: number, restoreDays: number): Promise<void> {
  const clinicId = actor.clinicId;
  await db.transaction(async (tx) => {
    await lockOwnersOfPatients(tx, patientOfPet(clinicId, petId));
    const pet = await lockClinicPet(tx, clinicId, petId, { allowDeleted: true });
    const deletedAt = pet.patient.deletedAt;
    if (!deletedAt) return;
    if (deletedAt.getTime() < Date.now() - restoreDays * 86_400_000) throw new UserError('petNotFound');
    await tx.update(clinicPatients).set({ deletedAt: null }).where(eq(clinicPatients.id, pet.patient.id));
    const restoredVisits = await tx
      .update(vetVisits)
      .set({ deletedAt: null, version: sql`${vetVisits.version} + 1` })
      .where(
        and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId), eq(vetVisits.deletedAt, deletedAt)),
      )
      .returning({ id: vetVisits.id });
    await tx
      .update(wellnessRecords)
      .set({ deletedAt: null })
      .where(
        and(
          eq(wellnessRecords.petProfileId, petId),
          eq(wellnessRecords.deletedAt, deletedAt),
          or(
            eq(wellnessRecords.clinicId, clinicId),
            restoredVisits.length > 0
              ? inArray(
                  wellnessRecords.vetVisitId,
                  restoredVisits.map((v) => v.id),
                )
              : undefined,
          ),
        ),
      );
    if (pet.profileDeletedAt) await tx.update(petProfiles).set({ deletedAt: null }).where(eq(petProfiles.id, petId));
    // an owner deleted with the pet (an import undone) comes back with it; an erased one never does
    if (pet.patient.clinicOwnerId !== null)
      await tx
        .update(clinicOwners)
        .set({ deletedAt: null })
        .where(
          and(
            eq(clinicOwners.id, pet.patient.clinicOwnerId),
            eq(clinicOwners.deletedAt, deletedAt),
            isNull(clinicOwners.erasedAt),
          ),
        );
    const [after] = await tx
      .select({ version: petProfiles.version })
      .from(petProfiles)
      .where(eq(petProfiles.id, petId));
    await writeHistory(tx, actor, [
      { petProfileId: petId, entity: 'pet', entityId: petId, action: 'restore', version: after.version, changes: [] },
    ]);
  });
}
