import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '#shared/languages';
import type {
  VetOwner,
  VetOwnerDetails,
  VetOwnersExportQuery,
  VetOwnersQuery,
  VetOwnersResult,
} from '#shared/contract/vet-owners';
import type { Db } from '#server/db/client';
import { clinicOwners, clinicPatients, petProfiles } from '#server/db/schema';
import { pageWithCount, rowCount, rowsToSkip } from '#server/db/query-helpers';
import { patientNotDeleted } from '#server/db/live-rows';
import { readOneSnapshot } from '#server/db/one-snapshot';
import { imageUrl } from '#server/media/media-url';
import { readSearchTerm, searchTextCondition } from '#server/clinic-pets/search-term';

const ownerNotDeleted = isNull(clinicOwners.deletedAt);

const ownerColumns = {
  id: clinicOwners.id,
  name: clinicOwners.name,
  phone: clinicOwners.phone,
  email: clinicOwners.email,
  language: clinicOwners.language,
  remindersByEmail: clinicOwners.remindersByEmail,
  /** their live patients, kept on the row by a trigger (docs/decisions/0207) */
  petCount: clinicOwners.petCount,
};

interface OwnerRow {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  language: string | null;
  remindersByEmail: boolean;
  petCount: number;
}

function toVetOwner(row: OwnerRow): VetOwner {
  return {
    ID: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email ?? '',
    language: row.language as LanguageCode | null,
    remindersByEmail: row.remindersByEmail,
    petCount: row.petCount,
  };
}

/** The sort of the owners' list: its key (and the key's SQL type, for the export's keyset), then the id. */
function ownerSortPlan(query: Pick<VetOwnersQuery, 'sortField' | 'sortOrder'>) {
  const descending = (query.sortOrder ?? 'asc') === 'desc';
  const [key, keyType] =
    query.sortField === 'petCount'
      ? [sql`${clinicOwners.petCount}`, 'integer']
      : query.sortField === 'created'
        ? [sql`${clinicOwners.createdAt}`, 'timestamptz']
        : [sql`lower(${clinicOwners.name})`, 'text'];
  const direction = descending ? desc : asc;
  return { key, keyType, descending, orderBy: [direction(key), direction(clinicOwners.id)] };
}

function ownersWhere(clinicId: number, searchTerm: string): SQL | undefined {
  const term = readSearchTerm(searchTerm);
  return and(
    eq(clinicOwners.clinicId, clinicId),
    ownerNotDeleted,
    term ? searchTextCondition(clinicOwners.searchText, term) : undefined,
  );
}

/**
 * GetVetOwners: a page of the clinic's owners and the count of all that match, searched like the pets (the folded
 * name, phone or e-mail, a phone also by its digits: docs/decisions/0110) through the trigram index on
 * clinic_owners.search_text.
 */
export async function listClinicOwners(db: Db, clinicId: number, query: VetOwnersQuery): Promise<VetOwnersResult> {
  const where = ownersWhere(clinicId, query.searchTerm);
  const { rows, count } = await pageWithCount(
    db,
    (tx) =>
      tx
        .select(ownerColumns)
        .from(clinicOwners)
        .where(where)
        .orderBy(...ownerSortPlan(query).orderBy)
        .limit(query.limit)
        .offset(rowsToSkip({ page: query.offset, limit: query.limit })),
    (tx) => tx.select({ count: rowCount }).from(clinicOwners).where(where),
  );
  return { owners: rows.map(toVetOwner), count };
}

/** The statement of listClinicOwnersById (exported for its plan test: the owners' rows alone, by primary key). */
export const clinicOwnersById = (db: Db, clinicId: number, ids: number[]) =>
  db
    .select(ownerColumns)
    .from(clinicOwners)
    .where(and(eq(clinicOwners.clinicId, clinicId), ownerNotDeleted, inArray(clinicOwners.id, ids)));

/** The clinic's live owners of these ids, as the list shows them (GetVetOwnerDuplicates' owners). */
export async function listClinicOwnersById(db: Db, clinicId: number, ids: number[]): Promise<VetOwner[]> {
  if (ids.length === 0) return [];
  return (await clinicOwnersById(db, clinicId, ids)).map(toVetOwner);
}

/** An owner as the Owners tab's export writes it: the list's columns, their notes and when they were added. */
export interface ExportedOwner extends VetOwner {
  notes: string;
  addedAt: string;
}

type ExportOwnerRow = OwnerRow & { notes: string; createdAt: Date; sortKey: string };

/**
 * ExportVetOwners: every owner GetVetOwners lists with the same search and order, in keyset pages (one page in
 * memory, any number of owners).
 */
export async function* clinicOwnersInPages(
  db: Db,
  clinicId: number,
  query: VetOwnersExportQuery,
  pageSize = 1000,
): AsyncGenerator<ExportedOwner[]> {
  const where = ownersWhere(clinicId, query.searchTerm);
  const plan = ownerSortPlan(query);
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${plan.key}, ${clinicOwners.id}) ${sql.raw(plan.descending ? '<' : '>')}
          (cast(${after.key} as ${sql.raw(plan.keyType)}), ${after.id})`
      : undefined;
    const rows: ExportOwnerRow[] = await db
      .select({
        ...ownerColumns,
        notes: clinicOwners.notes,
        createdAt: clinicOwners.createdAt,
        sortKey: sql<string>`cast(${plan.key} as text)`,
      })
      .from(clinicOwners)
      .where(and(where, keyset))
      .orderBy(...plan.orderBy)
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...toVetOwner(r), notes: r.notes, addedAt: r.createdAt.toISOString() }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { key: last.sortKey, id: last.id };
  }
}

/**
 * GetVetOwnerDetails: one of the clinic's owners with their version and pets (null: not the clinic's), read in one
 * snapshot (docs/decisions/0155).
 */
export function loadClinicOwnerDetails(
  db: Db,
  base: string,
  clinicId: number,
  ownerId: number,
): Promise<VetOwnerDetails | null> {
  return readOneSnapshot(db, (tx) => readOwnerDetails(tx, base, clinicId, ownerId));
}

async function readOwnerDetails(
  db: Db,
  base: string,
  clinicId: number,
  ownerId: number,
): Promise<VetOwnerDetails | null> {
  const [owner] = await db
    .select({ ...ownerColumns, notes: clinicOwners.notes, version: clinicOwners.version })
    .from(clinicOwners)
    .where(and(eq(clinicOwners.id, ownerId), eq(clinicOwners.clinicId, clinicId), ownerNotDeleted));
  if (!owner) return null;
  const pets = await db
    .select({
      petProfileId: petProfiles.id,
      petName: petProfiles.name,
      petTypeId: petProfiles.petTypeId,
      petBreedId: petProfiles.petBreedId,
      imagePath: petProfiles.imagePath,
    })
    .from(clinicPatients)
    .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
    .where(and(eq(clinicPatients.clinicOwnerId, ownerId), eq(clinicPatients.clinicId, clinicId), patientNotDeleted))
    .orderBy(asc(sql`lower(${petProfiles.name})`), asc(petProfiles.id));
  return {
    ...toVetOwner(owner),
    notes: owner.notes,
    version: owner.version,
    pets: pets.map(({ imagePath, ...pet }) => ({ ...pet, petImage: imageUrl(base, imagePath) })),
  };
}
