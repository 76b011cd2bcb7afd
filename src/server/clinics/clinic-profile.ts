import { eq } from 'drizzle-orm';
import type { ClinicContactSaved, VetClinic } from '#shared/contract/vet';
import type { ClinicContactValues } from '#shared/forms/clinic-contact-form';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinics } from '#server/db/schema';
import { assertVersion, fieldChanges } from '#server/history/record-history';
import { writeStaffHistory } from '#server/history/staff-history';

/** GetVetClinic: the clinic as its printouts and e-mails name it (null when the clinic no longer exists). */
export async function loadClinicProfile(db: Db, clinicId: number): Promise<VetClinic | null> {
  const [row] = await db
    .select({
      name: clinics.name,
      address: clinics.address,
      phone: clinics.phone,
      email: clinics.email,
      contactVersion: clinics.contactVersion,
      language: clinics.language,
    })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return row ?? null;
}

const CONTACT_FIELDS = ['phone', 'email'] as const;

/**
 * SaveClinicContact (issue 33): the clinic's phone and e-mail, checked against the version the form read (409 over a
 * newer one), with the clinic's history entry in the same transaction. Answers the version now.
 */
export async function saveClinicContact(
  db: Db,
  actor: Actor,
  values: ClinicContactValues,
): Promise<ClinicContactSaved> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [before] = await tx
      .select({ phone: clinics.phone, email: clinics.email, contactVersion: clinics.contactVersion })
      .from(clinics)
      .where(eq(clinics.id, actor.clinicId))
      .for('update');
    await assertVersion(txDb, actor.clinicId, 'clinic', actor.clinicId, before.contactVersion, values.version);
    const after = { phone: values.phone, email: values.email };
    const changes = fieldChanges(CONTACT_FIELDS, before, after);
    if (changes.length === 0) return { contactVersion: before.contactVersion };
    const contactVersion = before.contactVersion + 1;
    await tx
      .update(clinics)
      .set({ ...after, contactVersion })
      .where(eq(clinics.id, actor.clinicId));
    await writeStaffHistory(txDb, actor, {
      entity: 'clinic',
      entityId: actor.clinicId,
      action: 'change',
      version: contactVersion,
      changes,
    });
    return { contactVersion };
  });
}
