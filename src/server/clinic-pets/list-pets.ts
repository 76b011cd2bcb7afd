import { and, asc, desc, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { VetPet, VetPetListFilters, VetPetsQuery, VetPetsResult } from '#shared/contract/vet';
import type { LanguageCode } from '#shared/languages';
import type { Db } from '#server/db/client';
import { clinicPatients, petBreeds, petProfiles, petTypes } from '#server/db/schema';
import { imageUrl } from '#server/media/media-url';
import { pageWithCount, rowCount, rowsToSkip } from '#server/db/query-helpers';
import { patientNotDeleted } from '#server/db/live-rows';
import { ageInYearsSql, utcDay } from '#server/pets/age';
import { patientSearchCondition, readSearchTerm } from '#server/clinic-pets/search-term';
import { titleOrder } from '#server/i18n';
import { dueRankSql, dueStatusOfRank, dueStatusWhere } from '#server/clinic-pets/due-status';

/**
 * How a list of patients is ordered: one key that is never null (a missing date of birth sorts
 * last either way) and its direction, the patient row's id breaking ties in the same direction. The
 * same key pages the export (keyset: after the last row's key and id).
 */
interface SortPlan {
  key: SQL;
  /** the key's SQL type, to read a key back from its text in a keyset condition */
  keyType: 'text' | 'date' | 'timestamptz' | 'integer';
  descending: boolean;
}

/**
 * A type or breed as its title in the reader's language sorts: its place in that language's
 * alphabetical order (titleOrder), as five digits, then its stored title (a row data.json does
 * not know yet sorts after the known ones, by its title). Text, so the export's keyset reads it back.
 */
function titleSortKey(kind: 'petType' | 'breed', id: Column, title: Column, language: LanguageCode): SQL {
  const ids = titleOrder(kind, language);
  // integers from our own locale file, written into the statement as one array literal
  const order = sql.raw(`'{${ids.join(',')}}'::int[]`);
  return sql`lpad(coalesce(array_position(${order}, ${id}), 99999)::text, 5, '0') || lower(${title})`;
}

function sortPlan(
  query: Pick<VetPetListFilters, 'sortField' | 'sortOrder'>,
  language: LanguageCode,
  today: string,
): SortPlan {
  const field = query.sortField ?? 'created';
  const descending = (query.sortOrder ?? (query.sortField ? 'asc' : 'desc')) === 'desc';
  switch (field) {
    case 'created':
      // created_at is NOT NULL: the scan walks clinic_patients_clinic_created_idx (clinic_id,
      // created_at, id) and stops after the page.
      return { key: sql`${clinicPatients.createdAt}`, keyType: 'timestamptz', descending };
    case 'name':
      // clinic_patients_clinic_name_idx walks it a page at a time
      return { key: sql`lower(${clinicPatients.petName})`, keyType: 'text', descending };
    // Over the title table's own columns, so its rows can be ordered alone (pageByTitle).
    case 'type':
      return { key: titleSortKey('petType', petTypes.id, petTypes.title, language), keyType: 'text', descending };
    case 'breed':
      return { key: titleSortKey('breed', petBreeds.id, petBreeds.title, language), keyType: 'text', descending };
    case 'owner':
      return { key: sql`lower(${clinicPatients.ownerNameForVet})`, keyType: 'text', descending };
    case 'due':
      // ascending: overdue first, then due, then up to date; from the patient row's stored dates (docs/decisions/0192)
      return { key: dueRankSql(today), keyType: 'integer', descending };
    case 'dob':
    case 'age': {
      // Ascending by age = youngest first = latest date of birth first.
      const byDob = field === 'age' ? !descending : descending;
      return {
        key: sql`coalesce(${clinicPatients.petDob}, ${byDob ? sql`'-infinity'::date` : sql`'infinity'::date`})`,
        keyType: 'date',
        descending: byDob,
      };
    }
  }
}

function orderBy(plan: SortPlan): SQL[] {
  return plan.descending ? [desc(plan.key), desc(clinicPatients.id)] : [asc(plan.key), asc(clinicPatients.id)];
}

/**
 * The one place a list of a clinic's patients is filtered (GetVetPets, ExportVetPets, quick
 * search): the clinic, not deleted (docs/decisions/0098), the search term, then the pet's type,
 * breed, gender, sterilisation, age and reminder status on `today`.
 */
function patientsWhere(clinicId: number, filters: VetPetListFilters, today: string): SQL {
  const term = readSearchTerm(filters.searchTerm);
  const { petTypeId, petBreedId, genderId, isSterilized, ageFrom, ageTo, dueStatus } = filters;
  // Over the pet's attributes as the patient row keeps a copy of them (migration 0039), so the
  // clinic's patients alone answer: an index-only scan of clinic_patients_clinic_created_idx.
  return and(
    eq(clinicPatients.clinicId, clinicId),
    patientNotDeleted,
    term ? patientSearchCondition(term) : undefined,
    petTypeId === undefined ? undefined : eq(clinicPatients.petTypeId, petTypeId),
    petBreedId === undefined ? undefined : eq(clinicPatients.petBreedId, petBreedId),
    genderId === undefined ? undefined : eq(clinicPatients.petGenderId, genderId),
    isSterilized === undefined
      ? undefined
      : isSterilized === 'unknown'
        ? isNull(clinicPatients.petIsSterilized)
        : eq(clinicPatients.petIsSterilized, isSterilized === 'true'),
    // Whole years as ageInYearsSql counts them, written over the date of birth.
    ageFrom === undefined
      ? undefined
      : sql`${clinicPatients.petDob} <= (current_date - make_interval(years => ${ageFrom}::int))::date`,
    ageTo === undefined
      ? undefined
      : sql`${clinicPatients.petDob} > (current_date - make_interval(years => ${ageTo + 1}::int))::date`,
    dueStatus === undefined ? undefined : dueStatusWhere(dueStatus, today),
  ) as SQL;
}

const petListColumns = {
  pet: {
    id: petProfiles.id,
    name: petProfiles.name,
    dob: petProfiles.dob,
    imagePath: petProfiles.imagePath,
    petTypeId: petProfiles.petTypeId,
    petBreedId: petProfiles.petBreedId,
    genderId: petProfiles.genderId,
    isSterilized: petProfiles.isSterilized,
    microChipId: petProfiles.microChipId,
    bloodType: petProfiles.bloodType,
  },
  patientId: clinicPatients.id,
  age: ageInYearsSql,
  petType: petTypes.title,
  petTypeImagePath: petTypes.image,
  petBreed: petBreeds.title,
  owner: {
    name: clinicPatients.ownerNameForVet,
    phone: clinicPatients.ownerPhoneForVet,
    email: clinicPatients.ownerEmailForVet,
  },
  createdAt: clinicPatients.createdAt,
};

/** The list's columns and the pet's reminder status on `today`, with the row's sort key as text (the export's keyset reads it back). */
function selectPets(db: Db, plan: SortPlan, today: string) {
  return db
    .select({ ...petListColumns, dueRank: dueRankSql(today), sortKey: sql<string>`(${plan.key})::text` })
    .from(clinicPatients)
    .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
    .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId));
}

type PetRow = Awaited<ReturnType<ReturnType<typeof selectPets>['execute']>>[number];

function toVetPet(base: string, r: PetRow): VetPet {
  return {
    ID: r.pet.id,
    Name: r.pet.name,
    petName: r.pet.name,
    age: r.age,
    petImage: imageUrl(base, r.pet.imagePath),
    petType: r.petType,
    petTypeId: r.pet.petTypeId,
    petTypeImage: imageUrl(base, r.petTypeImagePath),
    petBreed: r.petBreed,
    petBreedId: r.pet.petBreedId,
    dob: r.pet.dob,
    OwnerNameForVet: r.owner.name,
    OwnerPhoneForVet: r.owner.phone,
    OwnerEmailForVet: r.owner.email ?? '',
    dueStatus: dueStatusOfRank(Number(r.dueRank)),
  };
}

/**
 * The ids of a page of patients sorted by type or breed title (docs/decisions/0192): the title table's rows in the
 * reader's order first (a few hundred at most), then each one's patients from clinic_patients_clinic_breed_idx or
 * clinic_patients_clinic_type_idx (the patient row's copy of the pet's type and breed, migration 0039) in id order,
 * so the scan stops after the page instead of computing and sorting the key of every patient of the clinic.
 */
function pageByTitle(
  tx: Db,
  field: 'breed' | 'type',
  plan: SortPlan,
  where: SQL,
  page: { limit: number; skip: number },
) {
  const [table, copied] =
    field === 'breed' ? [petBreeds, clinicPatients.petBreedId] : [petTypes, clinicPatients.petTypeId];
  const direction = plan.descending ? desc : asc;
  const titles = tx
    .select({ id: table.id, key: sql<string>`${plan.key}`.as('title_key') })
    .from(table)
    .orderBy(direction(plan.key))
    .as('titles');
  const patients = tx
    .select({ id: clinicPatients.id })
    .from(clinicPatients)
    .where(and(where, eq(copied, titles.id)))
    .as('patients');
  return tx
    .select({ id: patients.id })
    .from(titles)
    .crossJoinLateral(patients)
    .orderBy(direction(titles.key), direction(patients.id))
    .limit(page.limit)
    .offset(page.skip);
}

/**
 * How many patients `where` keeps. Only clinic_patients is read: pet_profile_id is a NOT NULL foreign key, so the
 * join to pet_profiles drops no patient. A search reads search_text in an index-only scan of
 * clinic_patients_clinic_created_idx; the pet's filters alone (sex, sterilised, type, breed, age) read the narrow
 * clinic_patients_clinic_filters_idx, led by the sterilisation (docs/decisions/0204).
 */
const countPatients = (tx: Db, where: SQL) => tx.select({ count: rowCount }).from(clinicPatients).where(where);

/** GetVetPets' count statement for these filters on `today` (its plan test). */
export const clinicPetsCount = (db: Db, clinicId: number, filters: VetPetListFilters, today: string = utcDay()) =>
  countPatients(db, patientsWhere(clinicId, filters, today));

/** The clinic's patients, searched and filtered (patientsWhere) on `today`; one page, with the count. */
export async function listClinicPets(
  db: Db,
  base: string,
  clinicId: number,
  query: VetPetsQuery,
  language: LanguageCode = 'en',
  today: string = utcDay(),
): Promise<VetPetsResult> {
  const where = patientsWhere(clinicId, query, today);
  const plan = sortPlan(query, language, today);
  const order = orderBy(plan);
  const skip = rowsToSkip({ page: query.offset, limit: query.limit });
  // The page's ids first, then the details and the reminder status of those rows only (docs/decisions/0192:
  // over a whole list the planner hashed the status's subqueries, reading every reminder of the clinic). A search
  // or filter in the default order: an index-only scan of clinic_patients_clinic_created_idx checks the
  // conditions in the index and stops after the page. By type or breed title: pageByTitle.
  const sortField = query.sortField ?? 'created';
  const pageIds = (tx: Db) =>
    inArray(
      clinicPatients.id,
      sortField === 'breed' || sortField === 'type'
        ? pageByTitle(tx, sortField, plan, where, { limit: query.limit, skip })
        : tx
            .select({ id: clinicPatients.id })
            .from(clinicPatients)
            .where(where)
            .orderBy(...order)
            .limit(query.limit)
            .offset(skip),
    );
  const { rows, count } = await pageWithCount(
    db,
    (tx) =>
      selectPets(tx, plan, today)
        .where(pageIds(tx))
        .orderBy(...order),
    (tx) => countPatients(tx, where),
  );
  return { pets: rows.map((r) => toVetPet(base, r)), count };
}

/** A patient as the export writes it: the list's pet plus what only the export shows. */
export interface ExportedPet extends VetPet {
  genderId: number;
  isSterilized: boolean | null;
  microChipId: string;
  bloodType: string;
  /** when the pet became the clinic's patient (ISO) */
  addedAt: string;
}

/**
 * Every patient listClinicPets would list with the same search, filters and order, in pages of
 * `pageSize` read one after the other (keyset: after the last row's sort key and id), so an export
 * of any size holds one page in memory.
 */
export async function* clinicPetsInPages(
  db: Db,
  base: string,
  clinicId: number,
  filters: VetPetListFilters,
  language: LanguageCode = 'en',
  pageSize = 1000,
  today: string = utcDay(),
): AsyncGenerator<ExportedPet[]> {
  const where = patientsWhere(clinicId, filters, today);
  const plan = sortPlan(filters, language, today);
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${plan.key}, ${clinicPatients.id}) ${sql.raw(plan.descending ? '<' : '>')}
          (cast(${after.key} as ${sql.raw(plan.keyType)}), ${after.id})`
      : undefined;
    const rows: PetRow[] = await selectPets(db, plan, today)
      .where(and(where, keyset))
      .orderBy(...orderBy(plan))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ...toVetPet(base, r),
      genderId: r.pet.genderId,
      isSterilized: r.pet.isSterilized,
      microChipId: r.pet.microChipId ?? '',
      bloodType: r.pet.bloodType ?? '',
      addedAt: r.createdAt.toISOString(),
    }));
    if (rows.length < pageSize) return;
    const last: PetRow = rows[rows.length - 1];
    after = { key: last.sortKey, id: last.patientId };
  }
}
