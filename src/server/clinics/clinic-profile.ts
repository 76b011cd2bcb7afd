import { eq } from 'drizzle-orm';
import type { VetClinic } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinics } from '#server/db/schema';

/** GetVetClinic: the clinic as its printouts name it (null when the clinic no longer exists). */
export async function loadClinicProfile(db: Db, clinicId: number): Promise<VetClinic | null> {
  const [row] = await db
    .select({ name: clinics.name, address: clinics.address, phone: clinics.phone, language: clinics.language })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return row ?? null;
}
