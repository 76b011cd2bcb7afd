import { and, eq, isNull, sql } from 'drizzle-orm';
import { HISTORY_FIELDS, type HistoryValue } from '#shared/contract/vet-records';
import type { OwnerFormValues } from '#shared/forms/owner-form';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinicOwners } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { assertVersion, fieldChanges, writeHistory } from '#server/history/record-history';

type OwnerRow = typeof clinicOwners.$inferSelect;
/** What an owner's record holds that people write (their pets aside). */
export type OwnerFields = Pick<OwnerRow, 'name' | 'phone' | 'email' | 'language' | 'remindersByEmail' | 'notes'>;
type OwnerHistoryValues = Record<(typeof HISTORY_FIELDS.owner)[number], HistoryValue>;

function historyValues(owner: OwnerFields): OwnerHistoryValues {
  return {
    name: owner.name,
    phone: owner.phone,
    email: owner.email,
    language: owner.language,
    remindersByEmail: owner.remindersByEmail,
    notes: owner.notes,
  };
}

/**
 * Locks owner `ownerId` of the clinic until the transaction ends: the first lock of a write that changes an owner
 * (before the pet and patient rows of docs/decisions/0095's order, since saving an owner rewrites their patient
 * rows). Another clinic's owner, a merged or erased one, is "Owner not found.".
 */
export async function lockClinicOwner(tx: Db, clinicId: number, ownerId: number): Promise<OwnerRow> {
  const [owner] = await tx
    .select()
    .from(clinicOwners)
    .where(and(eq(clinicOwners.id, ownerId), eq(clinicOwners.clinicId, clinicId), isNull(clinicOwners.deletedAt)))
    .for('no key update');
  if (!owner) throw new UserError('ownerNotFound');
  return owner;
}

/** A new owner of the actor's clinic and its history entry. Answers its id. */
export async function createOwner(tx: Db, actor: Actor, fields: OwnerFields): Promise<number> {
  const [id] = await createOwners(tx, actor, [fields], null);
  return id;
}

/**
 * New owners of the actor's clinic with their history entries, in one statement each (an import's batch; `importId`
 * marks them as the import's, for UndoImport). Answers their ids in the order of `owners`.
 */
export async function createOwners(
  tx: Db,
  actor: Actor,
  owners: readonly OwnerFields[],
  importId: number | null,
): Promise<number[]> {
  if (owners.length === 0) return [];
  const rows = await tx
    .insert(clinicOwners)
    .values(owners.map((fields) => ({ clinicId: actor.clinicId, ...fields, importId })))
    .returning({ id: clinicOwners.id, version: clinicOwners.version });
  // RETURNING follows the VALUES' order for a plain multi-row insert; ids are given in that order too
  rows.sort((a, b) => a.id - b.id);
  await writeHistory(
    tx,
    actor,
    rows.map((owner, i) => ({
      petProfileId: null,
      entity: 'owner' as const,
      entityId: owner.id,
      action: 'create' as const,
      version: owner.version,
      changes: fieldChanges(HISTORY_FIELDS.owner, null, historyValues(owners[i])),
    })),
  );
  return rows.map((r) => r.id);
}

/**
 * Changes a locked owner's record (the triggers of migration 0042 copy name, phone and e-mail onto every pet of
 * theirs at once), with its history entry. Nothing changed: nothing written.
 */
export async function changeOwner(tx: Db, actor: Actor, owner: OwnerRow, fields: OwnerFields): Promise<void> {
  const changes = fieldChanges(HISTORY_FIELDS.owner, historyValues(owner), historyValues(fields));
  if (changes.length === 0) return;
  const [saved] = await tx
    .update(clinicOwners)
    .set({ ...fields, version: sql`${clinicOwners.version} + 1` })
    .where(eq(clinicOwners.id, owner.id))
    .returning({ version: clinicOwners.version });
  await writeHistory(tx, actor, [
    { petProfileId: null, entity: 'owner', entityId: owner.id, action: 'change', version: saved.version, changes },
  ]);
}

/** The owner form's values as the record keeps them ('' e-mail: none). */
function ownerFields(values: OwnerFormValues): OwnerFields {
  return {
    name: values.name,
    phone: values.phone,
    email: values.email || null,
    language: values.language,
    remindersByEmail: values.remindersByEmail,
    notes: values.notes,
  };
}

/**
 * SaveVetOwner: a new owner, or a change of one of the clinic's (`version` as the form read it: a save over a
 * change the user never saw is refused with 409). Answers the owner's id.
 */
export async function saveClinicOwner(db: Db, actor: Actor, values: OwnerFormValues): Promise<number> {
  return db.transaction(async (tx) => {
    if (values.ownerId === null) return createOwner(tx, actor, ownerFields(values));
    const owner = await lockClinicOwner(tx, actor.clinicId, values.ownerId);
    await assertVersion(tx, actor.clinicId, 'owner', owner.id, owner.version, values.version);
    await changeOwner(tx, actor, owner, ownerFields(values));
    return owner.id;
  });
}
