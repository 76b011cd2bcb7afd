import type { HistoryChange } from '#shared/contract/vet-records';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { recordHistory } from '#server/db/schema';

/** What a staff change names: a person of the staff, or the clinic's settings. */
export interface StaffHistoryWrite {
  entity: 'staff' | 'clinic';
  entityId: number;
  action: 'create' | 'change';
  /** the clinic's contact settings' version after the change (issue 33: SaveClinicContact) */
  version?: number;
  changes: HistoryChange[];
}

/**
 * Appends a change of the clinic's staff or settings to the clinic's history (issue 31), in the transaction of the
 * change, like every write of clinic data (docs/decisions/0097): who (the verified person; '' and no id for the
 * command line), when, and each field from old to new (an invitation, a role, active, a reset link sent...).
 */
export async function writeStaffHistory(tx: Db, actor: Actor, entry: StaffHistoryWrite): Promise<void> {
  await tx.insert(recordHistory).values({
    clinicId: actor.clinicId,
    petProfileId: null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    version: entry.version ?? null,
    userId: actor.userId,
    userName: actor.userName,
    changes: entry.changes,
  });
}
