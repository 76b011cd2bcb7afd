import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DeletedVetItem, DeletedVetItemsResult } from '#shared/contract/vet-records';
import type { Db } from '#server/db/client';
import { pageWithCount, rowsToSkip, type Paging } from '#server/db/query-helpers';
import { clinicOwners, clinicPatients, petProfiles, recordHistory, vetVisits } from '#server/db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { imageUrl } from '#server/media/media-url';
import { mergedOwnersWhere } from '#server/clinic-owners/merge-owners';

/** Who deleted an entity, as its latest "delete" history entry of this clinic names them. */
function deletedBy(
  clinicId: number,
  entity: 'pet' | 'visit' | 'owner',
  entityId: typeof clinicPatients.petProfileId | typeof vetVisits.id | typeof clinicOwners.id,
) {
  return sql<string>`coalesce((select ${recordHistory.userName} from ${recordHistory}
    where ${recordHistory.entity} = ${entity} and ${recordHistory.entityId} = ${entityId}
      and ${recordHistory.clinicId} = ${clinicId} and ${recordHistory.action} = 'delete'
    order by ${recordHistory.id} desc limit 1), '')`;
}

/**
 * GetDeletedVetItems: the clinic's pets and visits deleted within the restore window, newest
 * deletion first, which RestoreVetPet / RestoreVetVisit can bring back. A visit deleted with its
 * pet comes back with the pet, so only visits of pets that are not deleted are listed.
 */
export async function listDeletedItems(
  db: Db,
  base: string,
  clinicId: number,
  restoreDays: number,
  page: Paging,
): Promise<DeletedVetItemsResult> {
  const cutoff = new Date(Date.now() - restoreDays * 86_400_000);
  const pets = db
    .select({
      kind: sql<'pet' | 'visit' | 'owner'>`'pet'`.as('kind'),
      id: sql<number>`${clinicPatients.petProfileId}`.as('item_id'),
      petProfileId: sql<number>`${clinicPatients.petProfileId}`.as('pet_id'),
      petName: sql<string>`${petProfiles.name}`.as('pet_name'),
      imagePath: sql<string | null>`${petProfiles.imagePath}`.as('pet_image'),
      visitDate: sql<string | null>`null::date`.as('visit_date'),
      mergedInto: sql<string | null>`null::text`.as('merged_into'),
      deletedAt: sql<Date>`${clinicPatients.deletedAt}`.as('deleted_at'),
      deletedBy: deletedBy(clinicId, 'pet', clinicPatients.petProfileId).as('deleted_by'),
    })
    .from(clinicPatients)
    .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
    .where(and(eq(clinicPatients.clinicId, clinicId), gte(clinicPatients.deletedAt, cutoff)));
  const visits = db
    .select({
      kind: sql<'pet' | 'visit' | 'owner'>`'visit'`.as('kind'),
      id: sql<number>`${vetVisits.id}`.as('item_id'),
      petProfileId: sql<number>`${vetVisits.petProfileId}`.as('pet_id'),
      petName: sql<string>`${petProfiles.name}`.as('pet_name'),
      imagePath: sql<string | null>`${petProfiles.imagePath}`.as('pet_image'),
      visitDate: sql<string | null>`${vetVisits.visitDate}`.as('visit_date'),
      mergedInto: sql<string | null>`null::text`.as('merged_into'),
      deletedAt: sql<Date>`${vetVisits.deletedAt}`.as('deleted_at'),
      deletedBy: deletedBy(clinicId, 'visit', vetVisits.id).as('deleted_by'),
    })
    .from(vetVisits)
    .innerJoin(petProfiles, eq(petProfiles.id, vetVisits.petProfileId))
    .innerJoin(
      clinicPatients,
      and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, vetVisits.petProfileId)),
    )
    .where(and(eq(vetVisits.clinicId, clinicId), gte(vetVisits.deletedAt, cutoff), isNull(clinicPatients.deletedAt)));
  // owners merged into another (issue 32): the merge is undone from here
  const keptOwner = alias(clinicOwners, 'kept_owner');
  const owners = db
    .select({
      kind: sql<'pet' | 'visit' | 'owner'>`'owner'`.as('kind'),
      id: sql<number>`${clinicOwners.id}`.as('item_id'),
      petProfileId: sql<number>`null::integer`.as('pet_id'),
      petName: sql<string>`${clinicOwners.name}`.as('pet_name'),
      imagePath: sql<string | null>`null::text`.as('pet_image'),
      visitDate: sql<string | null>`null::date`.as('visit_date'),
      mergedInto: sql<string | null>`${keptOwner.name}`.as('merged_into'),
      deletedAt: sql<Date>`${clinicOwners.deletedAt}`.as('deleted_at'),
      deletedBy: deletedBy(clinicId, 'owner', clinicOwners.id).as('deleted_by'),
    })
    .from(clinicOwners)
    .innerJoin(keptOwner, eq(keptOwner.id, clinicOwners.mergedIntoId))
    .where(mergedOwnersWhere(clinicId, cutoff));
  const all = unionAll(pets, visits, owners).as('deleted_items');
  const { rows, count } = await pageWithCount(
    db,
    (tx) => tx.select().from(all).orderBy(desc(all.deletedAt), desc(all.id)).limit(page.limit).offset(rowsToSkip(page)),
    (tx) => tx.select({ count: sql<number>`count(*)::int` }).from(all),
  );
  const items: DeletedVetItem[] = rows.map((r) => {
    const deletedAt = new Date(r.deletedAt);
    return {
      kind: r.kind,
      id: r.id,
      petProfileId: r.petProfileId,
      petName: r.petName,
      ...(r.mergedInto === null ? {} : { mergedInto: r.mergedInto }),
      petImage: imageUrl(base, r.imagePath),
      visitDate: r.visitDate,
      deletedAt: deletedAt.toISOString(),
      deletedBy: r.deletedBy,
      restoreUntil: new Date(deletedAt.getTime() + restoreDays * 86_400_000).toISOString(),
    };
  });
  return { items, count };
}
