import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { outboxMessages, owners, petProfiles } from '#server/db/schema';
import { deliverableAddress } from '#shared/email-address';

/**
 * The address a lost pet's owner is told at (sightings, matches, relay messages): the owner account's e-mail,
 * else the lost report's contact e-mail; null when there is none. Never shown to anyone.
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
  const email = deliverableAddress(row?.accountEmail) ?? deliverableAddress(row?.contactEmail);
  return email ? { email, language: row?.language ?? 'en' } : null;
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
