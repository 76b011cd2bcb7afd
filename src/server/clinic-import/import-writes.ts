import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { HISTORY_FIELDS } from '#shared/contract/vet-records';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinicImports, clinicOwners, clinicPatients, petProfiles } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { fieldChanges, HISTORY_PER_STATEMENT, writeHistory, type HistoryWrite } from '#server/history/record-history';
import { createOwners } from '#server/clinic-owners/owner-writes';
import { lockImportedPets, lockOwnersOfPatients } from '#server/clinic-pets/pet-lock';
import {
  deleteLockedPets,
  freePublicIds,
  newOwner,
  petHistoryValues,
  profileFields,
} from '#server/clinic-pets/pet-writes';
import type { ReferenceTitles } from '#server/clinic-import/import-vocabulary';
import type { ImportedRow } from '#server/clinic-import/import-rows';

/** Rows written per transaction: each row's owner and pet together, and other requests get the database between. */
export const IMPORT_CHUNK_ROWS = 500;

/** Where a row's owner comes from: an owner of the clinic already, or a new one (shared by the file's rows with its key). */
export type RowOwner = { existingId: number } | { newKey: string };

/** The keys an owner is matched by: the e-mail, and the phone's digits with the folded name (migration 0042's rule). */
export function ownerKeys(name: string, phone: string, email: string | null): string[] {
  const keys: string[] = [];
  const mail = (email ?? '').trim().toLowerCase();
  if (mail !== '') keys.push(`e:${mail}`);
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (digits !== '') keys.push(`p:${digits}\n${folded}`);
  return keys;
}

/** The clinic's live owners by their keys (read once per import). */
export async function loadOwnerIndex(db: Db, clinicId: number): Promise<Map<string, number>> {
  const owners = await db
    .select({ id: clinicOwners.id, name: clinicOwners.name, phone: clinicOwners.phone, email: clinicOwners.email })
    .from(clinicOwners)
    .where(and(eq(clinicOwners.clinicId, clinicId), isNull(clinicOwners.deletedAt)))
    .orderBy(clinicOwners.id);
  const index = new Map<string, number>();
  for (const owner of owners)
    for (const key of ownerKeys(owner.name, owner.phone, owner.email)) if (!index.has(key)) index.set(key, owner.id);
  return index;
}

/**
 * Each row's owner: an owner of the clinic with the same e-mail, or phone digits and name (a duplicate: the row
 * joins them), else a new owner shared with the earlier rows of the file that match it (one family, several pets).
 */
export function resolveOwners(rows: readonly ImportedRow[], index: ReadonlyMap<string, number>): RowOwner[] {
  const fileOwners = new Map<string, string>();
  return rows.map(({ values }) => {
    const keys = ownerKeys(values.ownerNameForVet, values.ownerPhoneForVet, values.ownerEmailForVet || null);
    const existingId = keys.map((k) => index.get(k)).find((id) => id !== undefined);
    if (existingId !== undefined) return { existingId };
    const newKey =
      keys.map((k) => fileOwners.get(k)).find((k) => k !== undefined) ?? keys[0] ?? `row:${fileOwners.size}`;
    for (const key of keys) if (!fileOwners.has(key)) fileOwners.set(key, newKey);
    fileOwners.set(newKey, newKey);
    return { newKey };
  });
}

/** The import's record, before its first rows are written. */
export async function startImport(db: Db, actor: Actor, rows: number): Promise<number> {
  const [row] = await db
    .insert(clinicImports)
    .values({ clinicId: actor.clinicId, userId: actor.userId, rows })
    .returning({ id: clinicImports.id });
  return row.id;
}

/**
 * Writes a chunk of rows in one transaction: the new owners (those of earlier chunks are in `created`), each pet's
 * profile and patient row, every history entry, and the import's count. An existing owner is locked as the pet form
 * locks the owner it picks; one merged or erased since the file was read gets a new owner instead.
 */
export async function writeImportChunk(
  db: Db,
  actor: Actor,
  importId: number,
  rows: readonly ImportedRow[],
  owners: readonly RowOwner[],
  createdOwners: Map<string, number>,
  titles: ReferenceTitles,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existingIds = [...new Set(owners.flatMap((o) => ('existingId' in o ? [o.existingId] : [])))];
    const live = new Set<number>();
    if (existingIds.length > 0) {
      const locked = await tx
        .select({ id: clinicOwners.id })
        .from(clinicOwners)
        .where(
          and(
            inArray(clinicOwners.id, existingIds),
            eq(clinicOwners.clinicId, actor.clinicId),
            isNull(clinicOwners.deletedAt),
          ),
        )
        .orderBy(clinicOwners.id)
        .for('no key update');
      for (const o of locked) live.add(o.id);
    }
    const ownerKeyOf = (owner: RowOwner, i: number) =>
      'newKey' in owner ? owner.newKey : live.has(owner.existingId) ? null : `gone:${i}`;
    const made = new Map(createdOwners);
    const toCreate: { key: string; row: ImportedRow }[] = [];
    owners.forEach((owner, i) => {
      const key = ownerKeyOf(owner, i);
      if (key !== null && !made.has(key) && !toCreate.some((c) => c.key === key)) toCreate.push({ key, row: rows[i] });
    });
    const ids = await createOwners(
      tx,
      actor,
      toCreate.map((c) => newOwner(c.row.values)),
      importId,
    );
    toCreate.forEach((c, i) => made.set(c.key, ids[i]));
    const ownerIdOf = (i: number) => {
      const owner = owners[i];
      const key = ownerKeyOf(owner, i);
      return key === null && 'existingId' in owner ? owner.existingId : (made.get(key ?? '') as number);
    };

    const publicIds = await freePublicIds(tx, rows.length);
    const profiles = rows.map((r) => profileFields(r.values));
    const pets = await tx
      .insert(petProfiles)
      // Privacy by default (docs/decisions/0050), as a pet the form creates
      .values(profiles.map((p, i) => ({ ...p, publicId: publicIds[i], isRecordsPrivate: true })))
      .returning({ id: petProfiles.id, version: petProfiles.version, publicId: petProfiles.publicId });
    const petOf = new Map(pets.map((p) => [p.publicId, p]));
    const patients = await tx
      .insert(clinicPatients)
      .values(
        rows.map((_, i) => ({
          clinicId: actor.clinicId,
          petProfileId: (petOf.get(publicIds[i]) as (typeof pets)[number]).id,
          clinicOwnerId: ownerIdOf(i),
          // the trigger of migration 0042 copies the owner's own fields over these
          ownerNameForVet: '',
          ownerPhoneForVet: '',
          importId,
        })),
      )
      .returning({
        petProfileId: clinicPatients.petProfileId,
        ownerNameForVet: clinicPatients.ownerNameForVet,
        ownerPhoneForVet: clinicPatients.ownerPhoneForVet,
        ownerEmailForVet: clinicPatients.ownerEmailForVet,
      });
    const ownerOfPet = new Map(patients.map((p) => [p.petProfileId, p]));
    const entries: HistoryWrite[] = rows.map((_, i) => {
      const pet = petOf.get(publicIds[i]) as (typeof pets)[number];
      const profile = { ...profiles[i], imagePath: null };
      const values = petHistoryValues(
        profile,
        { petType: titles.typeTitle(profile.petTypeId), petBreed: titles.breedTitle(profile.petBreedId) },
        ownerOfPet.get(pet.id) as (typeof patients)[number],
      );
      return {
        petProfileId: pet.id,
        entity: 'pet',
        entityId: pet.id,
        action: 'create',
        version: pet.version,
        changes: fieldChanges(HISTORY_FIELDS.pet, null, values),
      };
    });
    for (let i = 0; i < entries.length; i += HISTORY_PER_STATEMENT)
      await writeHistory(tx, actor, entries.slice(i, i + HISTORY_PER_STATEMENT));
    await tx
      .update(clinicImports)
      .set({ created: sql`${clinicImports.created} + ${rows.length}` })
      .where(eq(clinicImports.id, importId));
    for (const [key, id] of made) createdOwners.set(key, id);
  });
}

/**
 * UndoImport: deletes the import's pets that are still the clinic's patients, as DeleteVetPet does (restorable from
 * Recently deleted until the purge), and the owners it created that have no other pet left, all at one instant and
 * in one transaction (restoring a pet brings back its owner). Answers the pets deleted.
 */
export async function undoClinicImport(db: Db, actor: Actor, importId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: clinicImports.id })
      .from(clinicImports)
      .where(
        and(eq(clinicImports.id, importId), eq(clinicImports.clinicId, actor.clinicId), isNull(clinicImports.undoneAt)),
      )
      .for('update');
    if (!record) throw new UserError('importNotFound');
    const now = new Date();
    await lockOwnersOfPatients(
      tx,
      and(
        eq(clinicPatients.clinicId, actor.clinicId),
        eq(clinicPatients.importId, importId),
        isNull(clinicPatients.deletedAt),
      ),
    );
    const pets = await lockImportedPets(tx, actor.clinicId, importId);
    await deleteLockedPets(tx, actor, pets, now);
    const owners = await tx
      .update(clinicOwners)
      .set({ deletedAt: now })
      .where(
        and(
          eq(clinicOwners.importId, importId),
          eq(clinicOwners.clinicId, actor.clinicId),
          isNull(clinicOwners.deletedAt),
          sql`not exists (select 1 from ${clinicPatients} p where p.clinic_owner_id = ${clinicOwners.id} and p.deleted_at is null)`,
        ),
      )
      .returning({ id: clinicOwners.id, version: clinicOwners.version });
    const entries: HistoryWrite[] = owners.map((o) => ({
      petProfileId: null,
      entity: 'owner',
      entityId: o.id,
      action: 'delete',
      version: o.version,
      changes: [],
    }));
    for (let i = 0; i < entries.length; i += HISTORY_PER_STATEMENT)
      await writeHistory(tx, actor, entries.slice(i, i + HISTORY_PER_STATEMENT), now);
    await tx.update(clinicImports).set({ undoneAt: now }).where(eq(clinicImports.id, importId));
    return pets.length;
  });
}
