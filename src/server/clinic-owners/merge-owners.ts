import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { VetOwner, VetOwnerDuplicate } from '#shared/contract/vet-owners';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinicOwners, clinicPatients, OWNER_DUPLICATE_KEYS, type OwnerMergeUndo } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { writeHistory } from '#server/history/record-history';
import { changeOwner, lockClinicOwner, type OwnerFields } from '#server/clinic-owners/owner-writes';
import { listClinicOwnersById } from '#server/clinic-owners/list-owners';

/** At most this many suggested pairs in one answer (the clinic merges them, then asks again). */
const MAX_PAIRS = 100;

/** The live owners of the clinic holding a key that more than one of them holds, for each reason (its index). */
const sharedKeys = (clinicId: number) =>
  sql.join(
    OWNER_DUPLICATE_KEYS.map(([, keyOf], reason) => {
      const key = keyOf({ name: clinicOwners.name, phone: clinicOwners.phone, email: clinicOwners.email });
      return sql`select ${clinicOwners.id} as id, ${sql.raw(String(reason))} as reason, d.key as k
        from clinic_owner_key_counts d join ${clinicOwners} on ${key} = d.key
       where d.clinic_id = ${clinicId} and d.reason = ${sql.raw(String(reason))} and d.owners > 1
         and ${clinicOwners.clinicId} = ${clinicId} and ${clinicOwners.deletedAt} is null and ${key} is not null`;
    }),
    sql` union all `,
  );

/** The first MAX_PAIRS pairs (a < b) of owners sharing a key, each with its first reason (exported for its plan test). */
export const duplicatePairs = (clinicId: number) => sql`
    with keys as (${sharedKeys(clinicId)})
    select x.id as a, y.id as b, min(x.reason) as reason
      from keys x join keys y on y.reason = x.reason and y.k = x.k and y.id > x.id
     group by x.id, y.id
     order by x.id, y.id
     limit ${MAX_PAIRS}`;

/**
 * GetVetOwnerDuplicates: pairs of the clinic's owners that look like one person: the same e-mail (case and spaces
 * aside), the same phone digits (at least 6), or the same folded name with the same last 7 phone digits
 * (OWNER_DUPLICATE_KEYS). Only the keys more than one live owner holds are read (clinic_owner_key_counts, kept by
 * triggers: docs/decisions/0197), then their owners by an index; a pair found by several keys is named by the first of
 * e-mail, phone, name. The one suggested to keep has more pets, else is the older record.
 */
export async function listOwnerDuplicates(db: Db, clinicId: number): Promise<VetOwnerDuplicate[]> {
  const { rows } = (await db.execute(duplicatePairs(clinicId))) as unknown as {
    rows: Array<{ a: number; b: number; reason: number }>;
  };
  const owners = await listClinicOwnersById(db, clinicId, [...new Set(rows.flatMap((r) => [r.a, r.b]))]);
  const byId = new Map(owners.map((o) => [o.ID, o]));
  return rows.flatMap((r) => {
    const a = byId.get(Number(r.a));
    const b = byId.get(Number(r.b));
    if (!a || !b) return [];
    const [keep, merge] = suggestKeep(a, b);
    return [{ reason: OWNER_DUPLICATE_KEYS[Number(r.reason)][0], keep, merge }];
  });
}

/** More pets first, else the older record (the smaller id). */
function suggestKeep(a: VetOwner, b: VetOwner): [VetOwner, VetOwner] {
  if (a.petCount !== b.petCount) return a.petCount > b.petCount ? [a, b] : [b, a];
  return a.ID < b.ID ? [a, b] : [b, a];
}

const filled = (v: string | null) => v !== null && v.trim() !== '';

/**
 * The kept owner's fields after a merge: theirs where they have a value, else the merged owner's (the fuller contact
 * data); notes joined; reminder e-mails only if both agreed (an opt-out is never undone by a merge).
 */
function mergedFields(keep: OwnerFields, merge: OwnerFields): OwnerFields {
  const notes = [keep.notes.trim(), merge.notes.trim()].filter((n, i, all) => n !== '' && all.indexOf(n) === i);
  return {
    name: filled(keep.name) ? keep.name : merge.name,
    phone: filled(keep.phone) ? keep.phone : merge.phone,
    email: filled(keep.email) ? keep.email : merge.email,
    language: keep.language ?? merge.language,
    remindersByEmail: keep.remindersByEmail && merge.remindersByEmail,
    notes: notes.join('\n'),
  };
}

function fieldsOf(owner: OwnerFields): OwnerFields {
  const { name, phone, email, language, remindersByEmail, notes } = owner;
  return { name, phone, email, language, remindersByEmail, notes };
}

/** An owner of the clinic locked for a merge's undo, merged ones included (null: not the clinic's). */
async function lockAnyClinicOwner(tx: Db, clinicId: number, ownerId: number) {
  const [owner] = await tx
    .select()
    .from(clinicOwners)
    .where(and(eq(clinicOwners.id, ownerId), eq(clinicOwners.clinicId, clinicId)))
    .for('no key update');
  return owner ?? null;
}

/** Sets patients' owner and their copy of the owner's contact data (the triggers copy only on an owner's change). */
async function movePatients(tx: Db, patientIds: number[], ownerId: number, owner: OwnerFields) {
  if (patientIds.length === 0) return;
  await tx
    .update(clinicPatients)
    .set({
      clinicOwnerId: ownerId,
      ownerNameForVet: owner.name,
      ownerPhoneForVet: owner.phone,
      ownerEmailForVet: owner.email,
    })
    .where(inArray(clinicPatients.id, patientIds));
}

/**
 * MergeVetOwners: every patient of `mergeOwnerId` (deleted ones too, so a restored pet has a live owner) goes to
 * `keepOwnerId`, which keeps the fuller contact data (mergedFields); the merged owner is deleted (restorable within the
 * restore window: RestoreVetOwner), with what the undo needs. History: a change of the kept owner, a delete of the
 * merged one. Both locked in id order, like every write of owners.
 */
export async function mergeClinicOwners(db: Db, actor: Actor, keepOwnerId: number, mergeOwnerId: number) {
  if (keepOwnerId === mergeOwnerId) throw new UserError('ownersSame');
  await db.transaction(async (tx) => {
    const locked = new Map<number, Awaited<ReturnType<typeof lockClinicOwner>>>();
    for (const id of [keepOwnerId, mergeOwnerId].sort((a, b) => a - b))
      locked.set(id, await lockClinicOwner(tx, actor.clinicId, id));
    const keep = locked.get(keepOwnerId)!;
    const merge = locked.get(mergeOwnerId)!;
    const after = mergedFields(keep, merge);
    const moved = await tx
      .select({ id: clinicPatients.id })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicOwnerId, merge.id), eq(clinicPatients.clinicId, actor.clinicId)));
    const movedPatientIds = moved.map((p) => p.id);
    await movePatients(tx, movedPatientIds, keep.id, after);
    await changeOwner(tx, actor, keep, after);
    const undo: OwnerMergeUndo = { movedPatientIds, keepBefore: { ...fieldsOf(keep) }, keepAfter: { ...after } };
    const [merged] = await tx
      .update(clinicOwners)
      .set({ deletedAt: new Date(), mergedIntoId: keep.id, mergeUndo: undo, version: sql`${clinicOwners.version} + 1` })
      .where(eq(clinicOwners.id, merge.id))
      .returning({ version: clinicOwners.version });
    await writeHistory(tx, actor, [
      {
        petProfileId: null,
        entity: 'owner',
        entityId: merge.id,
        action: 'delete',
        version: merged.version,
        changes: [],
      },
    ]);
  });
}

/**
 * RestoreVetOwner: undoes the merge of owner `ownerId` within the restore window: they come back, the patients the
 * merge moved that are still with the kept owner come back to them, and each field of the kept owner that still
 * holds what the merge gave it gets its value from before. Restoring an owner that is not merged changes nothing.
 */
export async function restoreMergedOwner(db: Db, actor: Actor, ownerId: number, restoreDays: number) {
  await db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ mergedIntoId: clinicOwners.mergedIntoId })
      .from(clinicOwners)
      .where(and(eq(clinicOwners.id, ownerId), eq(clinicOwners.clinicId, actor.clinicId)));
    if (!peek) throw new UserError('ownerNotFound');
    const ids = [ownerId, ...(peek.mergedIntoId === null ? [] : [peek.mergedIntoId])].sort((a, b) => a - b);
    const locked = new Map<number, NonNullable<Awaited<ReturnType<typeof lockAnyClinicOwner>>>>();
    for (const id of ids) {
      const owner = await lockAnyClinicOwner(tx, actor.clinicId, id);
      if (owner) locked.set(id, owner);
    }
    const merged = locked.get(ownerId);
    if (!merged?.deletedAt || merged.mergedIntoId === null || !merged.mergeUndo) return;
    if (merged.deletedAt.getTime() < Date.now() - restoreDays * 86_400_000) throw new UserError('ownerNotFound');
    const keep = locked.get(merged.mergedIntoId);
    const { movedPatientIds, keepBefore, keepAfter } = merged.mergeUndo;
    if (keep && keep.deletedAt === null) {
      const current = fieldsOf(keep);
      const reverted = Object.fromEntries(
        Object.entries(current).map(([field, value]) => [
          field,
          value === keepAfter[field] && field in keepBefore ? keepBefore[field] : value,
        ]),
      ) as unknown as OwnerFields;
      await changeOwner(tx, actor, keep, reverted);
      const stillThere = await tx
        .select({ id: clinicPatients.id })
        .from(clinicPatients)
        .where(
          and(
            movedPatientIds.length > 0 ? inArray(clinicPatients.id, movedPatientIds) : sql`false`,
            eq(clinicPatients.clinicOwnerId, keep.id),
          ),
        );
      await movePatients(
        tx,
        stillThere.map((p) => p.id),
        merged.id,
        fieldsOf(merged),
      );
    }
    const [restored] = await tx
      .update(clinicOwners)
      .set({ deletedAt: null, mergedIntoId: null, mergeUndo: null, version: sql`${clinicOwners.version} + 1` })
      .where(eq(clinicOwners.id, merged.id))
      .returning({ version: clinicOwners.version });
    await writeHistory(tx, actor, [
      {
        petProfileId: null,
        entity: 'owner',
        entityId: merged.id,
        action: 'restore',
        version: restored.version,
        changes: [],
      },
    ]);
  });
}

/** The clinic's owners merged within the restore window, newest first (for Recently deleted). */
export const mergedOwnersWhere = (clinicId: number, cutoff: Date) =>
  and(
    eq(clinicOwners.clinicId, clinicId),
    isNotNull(clinicOwners.deletedAt),
    isNotNull(clinicOwners.mergedIntoId),
    sql`${clinicOwners.deletedAt} >= ${cutoff}`,
  );
