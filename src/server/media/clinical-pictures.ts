import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { CATEGORY_TYPE_PICTURE } from '#shared/constants';
import { wellnessRecords } from '#server/db/schema';

const BATCH = 50;

/**
 * Visit pictures saved before they were clinical records (docs/decisions/0099) lie among the public
 * uploads (uploads/…), where anyone with the address could load them. This moves each into the
 * clinical area (served only through signed links): copy, point the record at the copy (only if
 * it still names the old file), then remove the old file. Idempotent and safe to run in several
 * processes at once (the conditional update decides which copy wins; the other copy is removed).
 * Answers how many pictures it moved.
 */
export async function moveVisitPicturesToClinicalArea(app: FastifyInstance): Promise<number> {
  const storage = app.mediaStorage;
  let moved = 0;
  const missing = new Set<number>();
  for (;;) {
    const rows = (
      await app.db
        .select({ id: wellnessRecords.id, imagePath: wellnessRecords.imagePath })
        .from(wellnessRecords)
        .where(
          and(
            eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_PICTURE),
            isNotNull(wellnessRecords.clinicId),
            like(wellnessRecords.imagePath, 'uploads/%'),
          ),
        )
        .orderBy(wellnessRecords.id)
        .limit(BATCH + missing.size)
    ).filter((r) => !missing.has(r.id));
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const from = row.imagePath as string;
      const bytes = await storage.read(from);
      if (!bytes) {
        // The file is gone already: nothing to protect; the record stays as it is.
        missing.add(row.id);
        continue;
      }
      const to = await storage.put(bytes, from.slice(from.lastIndexOf('.') + 1), 'clinical');
      const updated = await app.db
        .update(wellnessRecords)
        .set({ imagePath: to })
        .where(and(eq(wellnessRecords.id, row.id), eq(wellnessRecords.imagePath, from)))
        .returning({ id: wellnessRecords.id });
      await storage.delete(updated.length > 0 ? from : to);
      if (updated.length > 0) moved++;
    }
  }
}
