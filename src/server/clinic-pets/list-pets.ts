import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { VetPet, VetPetSortField, VetPetsQuery, VetPetsResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicPatients, petBreeds, petProfiles, petTypes } from '#server/db/schema';
import { imageUrl } from '#server/media/media-url';
import { containsPattern, pageWithCount, rowCount, rowsToSkip } from '#server/db/query-helpers';
import { patientNotDeleted } from '#server/db/live-rows';
import { ageInYearsSql } from '#server/pets/age';

const SORT_COLUMNS: Record<VetPetSortField, SQL> = {
  name: sql`lower(${petProfiles.name})`,
  // Older pets first when ascending by age: the earlier date of birth.
  age: sql`${petProfiles.dob}`,
  dob: sql`${petProfiles.dob}`,
  type: sql`lower(${petTypes.title})`,
  breed: sql`lower(${petBreeds.title})`,
  owner: sql`lower(${clinicPatients.ownerNameForVet})`,
  created: sql`${clinicPatients.createdAt}`,
};

function orderBy(query: VetPetsQuery): SQL[] {
  const field = query.sortField ?? 'created';
  const descending = (query.sortOrder ?? (query.sortField ? 'asc' : 'desc')) === 'desc';
  // age ascending = youngest first = latest date of birth first.
  const reverse = field === 'age' ? !descending : descending;
  const tieBreak = reverse ? desc(clinicPatients.id) : asc(clinicPatients.id);
  // created_at is NOT NULL: a plain direction (no NULLS LAST), so the scan walks
  // clinic_patients_clinic_created_idx (clinic_id, created_at, id) and stops after the page.
  if (field === 'created') return [reverse ? desc(clinicPatients.createdAt) : asc(clinicPatients.createdAt), tieBreak];
  const column = SORT_COLUMNS[field];
  return [reverse ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, tieBreak];
}

/** Separates the parts of clinic_patients.search_text (migration 0003). */
const SEARCH_TEXT_SEPARATOR = '\n';

/**
 * The search condition: pet name, owner name, phone or e-mail ILIKE '%term%'. Written over
 * clinic_patients.search_text (each part lower()ed on its own, as ILIKE lower()s both sides), so
 * clinic_patients alone answers it, from an index (docs/decisions/0041). A term without the
 * separator can only match inside one part, so the condition is exact; a term with it keeps the
 * per-field conditions to drop matches across parts.
 */
function searchCondition(term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const inSearchText = sql`${clinicPatients.searchText} like lower(${pattern})`;
  if (!term.includes(SEARCH_TEXT_SEPARATOR)) return inSearchText;
  return and(
    inSearchText,
    or(ilike(petProfiles.name, pattern), ilike(clinicPatients.ownerNameForVet, pattern), ilike(clinicPatients.ownerPhoneForVet, pattern), ilike(clinicPatients.ownerEmailForVet, pattern)),
  );
}

/** The clinic's patients, searched over pet name and owner name, phone and e-mail; one page. */
export async function listClinicPets(db: Db, base: string, clinicId: number, query: VetPetsQuery): Promise<VetPetsResult> {
  const term = query.searchTerm.trim();
  const where = and(eq(clinicPatients.clinicId, clinicId), patientNotDeleted, term === '' ? undefined : searchCondition(term));
  // Only a term with the separator needs pet_profiles in its condition.
  const needsPet = term.includes(SEARCH_TEXT_SEPARATOR);
  const order = orderBy(query);
  const skip = rowsToSkip({ page: query.offset, limit: query.limit });
  // A search in the default order: the page's ids first, from an index-only scan of
  // clinic_patients_clinic_created_idx that checks search_text in the index and stops after the
  // page, then the details of those rows only (a plain index scan would visit the table for every
  // patient it skips).
  const pageOfSearch =
    term !== '' && !needsPet && (query.sortField ?? 'created') === 'created'
      ? inArray(clinicPatients.id, db.select({ id: clinicPatients.id }).from(clinicPatients).where(where).orderBy(...order).limit(query.limit).offset(skip))
      : undefined;
  const { rows, count } = await pageWithCount(
    db
      .select({
        pet: {
          id: petProfiles.id,
          name: petProfiles.name,
          dob: petProfiles.dob,
          imagePath: petProfiles.imagePath,
          petTypeId: petProfiles.petTypeId,
          petBreedId: petProfiles.petBreedId,
        },
        age: ageInYearsSql,
        petType: petTypes.title,
        petTypeImagePath: petTypes.image,
        petBreed: petBreeds.title,
        owner: { name: clinicPatients.ownerNameForVet, phone: clinicPatients.ownerPhoneForVet, email: clinicPatients.ownerEmailForVet },
      })
      .from(clinicPatients)
      .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
      .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
      .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
      .where(pageOfSearch ?? where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOfSearch ? 0 : skip),
    // Only clinic_patients is read (an index-only scan of clinic_patients_clinic_created_idx,
    // which holds search_text): pet_profile_id is a NOT NULL foreign key, so the join to
    // pet_profiles drops no patient.
    needsPet
      ? db
          .select({ count: rowCount })
          .from(clinicPatients)
          .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
          .where(where)
      : db.select({ count: rowCount }).from(clinicPatients).where(where),
  );
  const pets: VetPet[] = rows.map((r) => ({
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
  }));
  return { pets, count };
}
