import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { clinicPatients, petBreeds, petProfiles, petTypes } from '#server/db/schema';

/**
 * The pet columns every visit and reminder answer shows (name, age, type with icon, breed, photo,
 * and the owner contact data the clinic keeps), to be selected over a join of pet_profiles,
 * pet_types, pet_breeds and the clinic's clinic_patients row.
 */
export const petSummaryColumns = {
  petName: petProfiles.name,
  /** whole years, null when the date of birth is unknown */
  age: sql<number | null>`extract(year from age(current_date, ${petProfiles.dob}))::int`,
  petType: petTypes.title,
  petTypeImagePath: petTypes.image,
  petBreed: petBreeds.title,
  petImagePath: petProfiles.imagePath,
  ownerNameForVet: sql<string>`coalesce(${clinicPatients.ownerNameForVet}, '')`,
  ownerPhoneForVet: sql<string>`coalesce(${clinicPatients.ownerPhoneForVet}, '')`,
  ownerEmailForVet: sql<string>`coalesce(${clinicPatients.ownerEmailForVet}, '')`,
};

/** Join condition of a clinic's patient row (owner contact data) for a pet id column. */
export function patientOf(clinicId: number, petIdColumn: AnyColumn) {
  return and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petIdColumn));
}

/** An absolute image address; the bare media base when there is no image (SPEC.md §3). */
export function imageUrl(base: string, path: string | null | undefined): string {
  return path ? base + path : base;
}
