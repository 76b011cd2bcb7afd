import type { FastifyInstance } from 'fastify';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { foundPets } from '#server/db/schema';
import { cacheTag } from '#server/cache/public-cache';
import { enqueueMail } from '#server/mail/outbox';
import { purgeExpiredLinks } from '#server/auth/link-tokens';

/** A report whose finder never followed the confirmation link is dropped, with its photos, after this. */
const UNCONFIRMED_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The found reports' upkeep (a schedule of every process, docs/decisions/0150): open reports past their end are
 * expired and their finders e-mailed a link to renew, in one statement and its transaction (rows another process
 * expires first are not seen again, so no report is expired or announced twice); reports never confirmed are
 * dropped with their photos; expired private links go.
 */
export async function expireFoundReports(
  app: FastifyInstance,
  now = new Date(),
): Promise<{ expired: number; dropped: number }> {
  const expired = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(foundPets)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(foundPets.status, 'open'), lte(foundPets.expiresAt, now)))
      .returning({
        id: foundPets.id,
        finderEmail: foundPets.finderEmail,
        language: foundPets.language,
        expiresAt: foundPets.expiresAt,
      });
    for (const row of rows)
      await enqueueMail(tx as unknown as Db, {
        kind: 'found-expired',
        recipient: row.finderEmail,
        language: row.language,
        payload: { foundPetId: row.id },
        dedupeKey: `found-expired:${row.id}:${row.expiresAt?.getTime() ?? 0}`,
      });
    return rows.map((r) => r.id);
  });
  const dropped = await app.db
    .delete(foundPets)
    .where(
      and(
        eq(foundPets.status, 'pending'),
        lte(foundPets.createdAt, new Date(now.getTime() - UNCONFIRMED_DAYS * DAY_MS)),
      ),
    )
    .returning({ photos: foundPets.photos });
  const files = dropped.flatMap((d) => d.photos);
  const removed = await Promise.allSettled(files.map((f) => app.mediaStorage.delete(f)));
  if (removed.some((r) => r.status === 'rejected')) app.log.warn('found reports: could not remove some photos');
  await purgeExpiredLinks(app.db, now);
  if (expired.length > 0) {
    await app.changeFeed.publish([cacheTag.found, ...expired.map(cacheTag.foundPet)]);
    app.mail.nudge();
  }
  return { expired: expired.length, dropped: dropped.length };
}
