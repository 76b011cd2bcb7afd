import { DEMO_CLINIC_ID } from '#server/db/seed/people';
import { nextId, type SeedContext } from '#server/db/seed/types';

/** The Demo Clinic's new patients (by their order) that make one family: the first one's owner has all three. */
const FAMILY = [1, 2, 3];
/** Two of its patients whose owners look like one person (the same e-mail, the name in capitals): a pair to merge. */
const DUPLICATE_PAIR = [4, 5];

/**
 * The clinics' owners (issue 32): one per patient, except a family of three pets with one owner and a pair of
 * owners that GetVetOwnerDuplicates suggests merging, at the Demo Clinic. Runs after the patients are built; draws
 * nothing at random (the other builders' ids and values stay as they were).
 */
export function buildClinicOwners(ctx: SeedContext): void {
  const patients = ctx.rows.clinicPatients;
  const demo = patients.filter((p) => p.clinicId === DEMO_CLINIC_ID);
  const [head, ...members] = FAMILY.map((i) => demo[i]);
  for (const member of members) {
    member.ownerNameForVet = head.ownerNameForVet;
    member.ownerPhoneForVet = head.ownerPhoneForVet;
    member.ownerEmailForVet = head.ownerEmailForVet;
  }
  const [first, second] = DUPLICATE_PAIR.map((i) => demo[i]);
  const email = first.ownerEmailForVet ?? 'jordan.lee@example.org';
  first.ownerEmailForVet = email;
  second.ownerNameForVet = first.ownerNameForVet.toUpperCase();
  second.ownerEmailForVet = email.toUpperCase();

  for (const patient of patients) {
    const sameFamily = members.includes(patient) ? head.clinicOwnerId : undefined;
    if (sameFamily) {
      patient.clinicOwnerId = sameFamily;
      continue;
    }
    const id = nextId(ctx.rows.clinicOwners);
    ctx.rows.clinicOwners.push({
      id,
      clinicId: patient.clinicId,
      name: patient.ownerNameForVet,
      phone: patient.ownerPhoneForVet,
      email: patient.ownerEmailForVet ?? null,
      createdAt: patient.createdAt,
    });
    patient.clinicOwnerId = id;
  }
}
