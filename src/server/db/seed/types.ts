import type {
  clinicOwners,
  clinicPatients,
  clinicUsers,
  clinics,
  lostPetDetails,
  owners,
  petProfileSkills,
  petProfiles,
  providers,
  shelters,
  vetVisits,
  wellnessRecords,
} from '#server/db/schema';
import type { PublicIdFactory, Random } from '#server/db/seed/random';

type OwnerRow = typeof owners.$inferInsert & { id: number };
type ShelterRow = typeof shelters.$inferInsert & { id: number };
export type PetRow = typeof petProfiles.$inferInsert & { id: number };
type PetSkillRow = typeof petProfileSkills.$inferInsert;
type LostDetailsRow = typeof lostPetDetails.$inferInsert;
type ProviderRow = typeof providers.$inferInsert & { id: number };
type ClinicRow = typeof clinics.$inferInsert & { id: number };
type ClinicUserRow = typeof clinicUsers.$inferInsert & { id: number };
type ClinicOwnerRow = typeof clinicOwners.$inferInsert & { id: number };
type ClinicPatientRow = typeof clinicPatients.$inferInsert & { id: number };
export type VetVisitRow = typeof vetVisits.$inferInsert & { id: number };
export type WellnessRecordRow = typeof wellnessRecords.$inferInsert & { id: number };

/** The generated (non-reference) rows, in the order they are inserted. */
export interface DemoRows {
  owners: OwnerRow[];
  shelters: ShelterRow[];
  pets: PetRow[];
  petSkills: PetSkillRow[];
  lostDetails: LostDetailsRow[];
  providers: ProviderRow[];
  clinics: ClinicRow[];
  clinicUsers: ClinicUserRow[];
  clinicOwners: ClinicOwnerRow[];
  clinicPatients: ClinicPatientRow[];
  vetVisits: VetVisitRow[];
  records: WellnessRecordRow[];
}

export interface PasswordHashes {
  /** shared by every demo owner account */
  owner: string;
  demoClinic: string;
  otherClinic: string;
  /** shared by every demo staff person who signs in (issue 31) */
  staff: string;
  /** each demo staff person's PIN hash, by PIN */
  pins: Record<string, string>;
}

/** What the builders share: the seed day, the hashes, id factories and the rows so far. */
export interface SeedContext {
  /** the seed day, "YYYY-MM-DD" (UTC); dates of records and reminders are relative to it */
  today: string;
  hashes: PasswordHashes;
  publicIds: PublicIdFactory;
  rows: DemoRows;
  /** a PRNG stream per builder, so a change in one does not shift the others */
  random(stream: string): Random;
}

export function nextId(rows: readonly { id: number }[]): number {
  return rows.length === 0 ? 1 : rows[rows.length - 1].id + 1;
}
