import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicPatients, outboxMessages, owners, petProfiles } from '#server/db/schema';
import { ownerLanguage } from '#server/clinic-owners/owner-preferences';
import { deliverableAddress } from '#shared/email-address';

/**
 * The address a lost pet's owner is told at (sightings, matches, relay messages): the owner account's e-mail,
 * else the lost report's contact e-mail; null when there is none. Never shown to anyone. In the language of whoever
 * reads that address (issue 32): the account's own choice when it goes to the account and the account has one, else
 * what a clinic that has the pet as a patient knows of its owner (ownerLanguage: their own, the account's, the
 * clinic's), an owner with that address first; else English.
 */
export async function lostPetOwnerAddress(
  db: Pick<Db, 'select'>,
  petProfileId: number,
): Promise<{ email: string; language: string } | null> {
  const [row] = await db
    .select({ accountEmail: owners.email, language: owners.language, contactEmail: petProfiles.ownerContactEmail })
    .from(petProfiles)
    .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
    .where(eq(petProfiles.id, petProfileId));
  const accountEmail = deliverableAddress(row?.accountEmail);
  const email = accountEmail ?? deliverableAddress(row?.contactEmail);
  if (!email) return null;
  if (accountEmail && row?.language) return { email, language: row.language };
  const [atClinic] = await db
    .select({ language: ownerLanguage(clinicPatients.clinicId, sql`${row?.language ?? null}::text`) })
    .from(clinicPatients)
    .where(and(eq(clinicPatients.petProfileId, petProfileId), isNull(clinicPatients.deletedAt)))
    .orderBy(
      sql`lower(${clinicPatients.ownerEmailForVet}) is not distinct from lower(${email}) desc`,
      asc(clinicPatients.id),
    )
    .limit(1);
  return { email, language: atClinic?.language ?? row?.language ?? 'en' };
}

/**
 * Queues the owner's sighting e-mail, in the caller's transaction. One e-mail per pet waits in the
 * queue at a time (a partial unique index): later sightings join it. It is due at once, or
 * `intervalMinutes` after the pet's last sent sighting e-mail, whichever is later.
 * Returns whether the owner has an address (so the sighting will reach them).
 */
export async function queueSightingMail(tx: Db, petProfileId: number, intervalMinutes: number): Promise<boolean> {
  const recipient = await lostPetOwnerAddress(tx, petProfileId);
  if (!recipient) return false;
  const lastSent = sql`(select max(${outboxMessages.sentAt}) from ${outboxMessages}
    where ${outboxMessages.petProfileId} = ${petProfileId}
      and ${outboxMessages.kind} = 'sighting' and ${outboxMessages.status} = 'sent')`;
  await tx
    .insert(outboxMessages)
    .values({
      kind: 'sighting',
      recipient: recipient.email,
      language: recipient.language,
      payload: { petProfileId },
      petProfileId,
      nextAttemptAt: sql`greatest(now(), coalesce(${lastSent} + ${intervalMinutes}::int * interval '1 minute', now()))`,
    })
    .onConflictDoNothing({
      target: outboxMessages.petProfileId,
      where: sql`${outboxMessages.kind} = 'sighting' and ${outboxMessages.status} = 'queued'`,
    });
  return true;
}
