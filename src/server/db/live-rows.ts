import { isNull } from 'drizzle-orm';
import { clinicPatients, petProfiles, vetVisits, wellnessRecords } from '#server/db/schema';

/**
 * "Not deleted" (docs/decisions/0098): the one condition per table that every list, count, search,
 * reminder, export and public path adds, so a deleted pet, visit or record is gone from all of them
 * the moment it is deleted and back the moment it is restored. The lists' indexes are partial on
 * the same conditions (migration 0033).
 */
export const petNotDeleted = isNull(petProfiles.deletedAt);
export const patientNotDeleted = isNull(clinicPatients.deletedAt);
export const visitNotDeleted = isNull(vetVisits.deletedAt);
export const recordNotDeleted = isNull(wellnessRecords.deletedAt);
