import { and, desc, eq, sql } from 'drizzle-orm';
import type { VetPetVisitsResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicUsers, vetVisits } from '#server/db/schema';
import { pageWithCount, rowCount, rowsToSkip } from '#server/db/query-helpers';
import { visitNotDeleted } from '#server/db/live-rows';

/** Visit history of one pet at one clinic, newest first; one page. */
export async function listPetVisits(
  db: Db,
  clinicId: number,
  petId: number,
  page: number,
  limit: number,
): Promise<VetPetVisitsResult> {
  const where = and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId), visitNotDeleted);
  const { rows: visits, count } = await pageWithCount(
    db,
    (tx) =>
      tx
        .select({
          id: vetVisits.id,
          visitDate: vetVisits.visitDate,
          vetName: sql<string>`coalesce(${clinicUsers.name}, '')`,
        })
        .from(vetVisits)
        .leftJoin(clinicUsers, and(eq(clinicUsers.id, vetVisits.vetUserId), eq(clinicUsers.clinicId, clinicId)))
        .where(where)
        .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id))
        .limit(limit)
        .offset(rowsToSkip({ page, limit })),
    (tx) => tx.select({ count: rowCount }).from(vetVisits).where(where),
  );
  return { visits, count };
}
