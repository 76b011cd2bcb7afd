import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ErasePetsChoice } from '#shared/contract/vet-record-values';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinicOwners, clinicPatients, outboxMessages, recordHistory } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { eraseContactHistoryValues, writeHistory, type ErasedContact } from '#server/history/record-history';
import { lockOwnersPets } from '#server/clinic-pets/pet-lock';
import { deleteLockedPets } from '#server/clinic-pets/pet-writes';
import { forgetRecipientCounts } from '#server/mail/outbox';
import { clinicMailSender } from '#server/reminders/send-reminders';

type OwnerRow = typeof clinicOwners.$inferSelect;

/**
 * Owner `ownerId` of the clinic (live) and the clinic's owners merged into them (the same person's older records),
 * locked in id order like every write of owners. "Owner not found." when the owner is not the clinic's live one.
 */
async function lockOwnerAndMerged(tx: Db, clinicId: number, ownerId: number): Promise<OwnerRow[]> {
  const ofClinic = eq(clinicOwners.clinicId, clinicId);
  const ids = await tx
    .select({ id: clinicOwners.id })
    .from(clinicOwners)
    .where(and(ofClinic, or(eq(clinicOwners.id, ownerId), eq(clinicOwners.mergedIntoId, ownerId))));
  const owners = await tx
    .select()
    .from(clinicOwners)
    .where(
      and(
        ofClinic,
        inArray(
          clinicOwners.id,
          ids.map((o) => o.id),
        ),
      ),
    )
    .orderBy(clinicOwners.id)
    .for('no key update');
  const owner = owners.find((o) => o.id === ownerId);
  if (!owner || owner.deletedAt !== null) throw new UserError('ownerNotFound');
  return owners;
}

const known = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * Every value the erased owners were known by: their fields now, each line of their notes (migration 0042 kept
 * there the other values their rows held), and every value their own history entries name.
 */
async function erasedContact(tx: Db, clinicId: number, owners: OwnerRow[]): Promise<ErasedContact> {
  const ownerIds = owners.map((o) => o.id);
  const entries = await tx
    .select({ changes: recordHistory.changes })
    .from(recordHistory)
    .where(
      and(
        eq(recordHistory.clinicId, clinicId),
        eq(recordHistory.entity, 'owner'),
        inArray(recordHistory.entityId, ownerIds),
      ),
    );
  const texts = [
    ...owners.flatMap((o) => [o.name, o.phone, o.email, ...o.notes.split('\n')]),
    ...entries.flatMap((e) =>
      e.changes
        .filter((c) => ['name', 'phone', 'email', 'notes'].includes(c.field))
        .flatMap((c) => [c.from, c.to])
        .flatMap((v) => (typeof v === 'string' ? v.split('\n') : [])),
    ),
  ];
  const values = [...new Set(texts.map(known).filter((v) => v.length >= 2))];
  const phoneDigits = [...new Set(values.map((v) => v.replace(/\D/g, '')).filter((d) => d.length >= 6))];
  return { ownerIds, values, phoneDigits };
}

/**
 * The clinic's reminder e-mails to the erased addresses: the address goes, and one not yet sent never will be. The
 * clinic's daily count of e-mails to that address goes too (its key names the address).
 */
async function eraseMail(tx: Db, clinicId: number, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await tx
    .update(outboxMessages)
    .set({
      recipient: '',
      status: sql`case when ${outboxMessages.status} = 'queued' then 'dropped' else ${outboxMessages.status} end`,
      lastError: null,
    })
    .where(
      and(
        eq(outboxMessages.kind, 'reminder'),
        sql`(${outboxMessages.payload}->>'clinicId')::int = ${clinicId}`,
        inArray(sql`lower(trim(${outboxMessages.recipient}))`, addresses),
      ),
    );
  await forgetRecipientCounts(tx, clinicMailSender(clinicId), addresses);
}

/**
 * EraseVetOwner (issue 32, item 7; docs/decisions/0182): in one transaction, the owner's contact data is removed
 * everywhere the clinic keeps it: their record and the records merged into them (blanked, deleted, never restorable:
 * the purge removes them once no patient names them), the copies on their patient rows (the triggers of migration
 * 0042), the clinic's reminder e-mails to them, and the values of the clinic's history. Their pets stay patients
 * without contact data (`keep`) or are deleted as DeleteVetPet does (`delete`, restorable). One `erase` entry names
 * the signed-in admin. Answers how many pets were kept or deleted.
 */
export async function eraseClinicOwner(
  db: Db,
  actor: Actor,
  ownerId: number,
  pets: ErasePetsChoice,
): Promise<{ pets: number }> {
  return db.transaction(async (tx) => {
    const owners = await lockOwnerAndMerged(tx, actor.clinicId, ownerId);
    const ownerIds = owners.map((o) => o.id);
    const now = new Date();
    let count: number;
    if (pets === 'delete') {
      const locked = await lockOwnersPets(tx, actor.clinicId, ownerIds);
      await deleteLockedPets(tx, actor, locked, now);
      count = locked.length;
    } else {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(clinicPatients)
        .where(
          and(
            eq(clinicPatients.clinicId, actor.clinicId),
            inArray(clinicPatients.clinicOwnerId, ownerIds),
            sql`${clinicPatients.deletedAt} is null`,
          ),
        );
      count = n;
    }
    const contact = await erasedContact(tx, actor.clinicId, owners);
    // The triggers of migration 0042 copy the blank name, phone and e-mail onto every patient row of theirs.
    const [erased] = await tx
      .update(clinicOwners)
      .set({
        name: '',
        phone: '',
        email: null,
        notes: '',
        language: null,
        remindersByEmail: false,
        mergedIntoId: null,
        mergeUndo: null,
        deletedAt: sql`coalesce(${clinicOwners.deletedAt}, ${now})`,
        erasedAt: now,
        version: sql`${clinicOwners.version} + 1`,
      })
      .where(inArray(clinicOwners.id, ownerIds))
      .returning({ id: clinicOwners.id, version: clinicOwners.version })
      .then((rows) => rows.filter((r) => r.id === ownerId));
    const addresses = [...new Set(owners.map((o) => known(o.email)).filter((a) => a !== ''))];
    await eraseMail(tx, actor.clinicId, addresses);
    await eraseContactHistoryValues(tx, actor.clinicId, contact);
    await writeHistory(
      tx,
      actor,
      [
        {
          petProfileId: null,
          entity: 'owner',
          entityId: ownerId,
          action: 'erase',
          version: erased.version,
          changes: [],
        },
      ],
      now,
    );
    return { pets: count };
  });
}
