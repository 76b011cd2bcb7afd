import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { rowCount } from '#server/db/query-helpers';
import { clinicOwners, clinicPatients, petCoOwners, petProfiles, vetVisits, wellnessRecords } from '#server/db/schema';
import { cacheTag } from '#server/cache/public-cache';
import { blankPrivateHistoryValues, writeHistory } from '#server/history/record-history';
import { removeShareImages } from '#server/pages/share-image';

/**
 * The purge (docs/decisions/0098): pets, visits and owners (issue 32) deleted more than `retentionDays` ago are
 * removed for good, with their records and the files of their pictures (and the pet's photo and
 * share images when its profile goes too). Each one in its own transaction, in the lock order of
 * docs/decisions/0095 (pet, patient, visit), checking again under the locks that it is still
 * deleted and old enough (a restore may have won the race). History entries stay; a "purge" entry
 * is added. Files are removed after the commit.
 */
export interface PurgeResult {
  visits: number;
  pets: number;
  profiles: number;
  files: number;
  /** owners merged, erased or removed with an undone import, once no patient row names them (issue 32) */
  owners: number;
}

const BATCH = 100;

export async function purgeDeleted(
  app: FastifyInstance,
  retentionDays: number,
  now: Date = new Date(),
): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const result: PurgeResult = { visits: 0, pets: 0, profiles: 0, files: 0, owners: 0 };
  const db = app.db;
  for (;;) {
    const patients = await db
      .select({ clinicId: clinicPatients.clinicId, petId: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(and(isNotNull(clinicPatients.deletedAt), lt(clinicPatients.deletedAt, cutoff)))
      .limit(BATCH);
    for (const p of patients) await finish(app, await purgePatient(db, p.clinicId, p.petId, cutoff), result);
    if (patients.length < BATCH) break;
  }
  for (;;) {
    const visits = await db
      .select({ id: vetVisits.id, clinicId: vetVisits.clinicId, petId: vetVisits.petProfileId })
      .from(vetVisits)
      .where(and(isNotNull(vetVisits.deletedAt), lt(vetVisits.deletedAt, cutoff)))
      .limit(BATCH);
    for (const v of visits) await finish(app, await purgeVisit(db, v.clinicId, v.petId, v.id, cutoff), result);
    if (visits.length < BATCH) break;
  }
  // After the patients: an owner's last patient row may have just gone. Rows still named by a patient are skipped
  // (an erased owner's kept pets), so the loop goes on from the last id seen.
  let afterId = 0;
  for (;;) {
    const owners = await db
      .select({ id: clinicOwners.id, clinicId: clinicOwners.clinicId })
      .from(clinicOwners)
      .where(and(isNotNull(clinicOwners.deletedAt), lt(clinicOwners.deletedAt, cutoff), gt(clinicOwners.id, afterId)))
      .orderBy(clinicOwners.id)
      .limit(BATCH);
    for (const o of owners) if (await purgeOwner(db, o.clinicId, o.id, cutoff)) result.owners++;
    if (owners.length < BATCH) break;
    afterId = owners[owners.length - 1].id;
  }
  return result;
}

/**
 * Removes a deleted owner for good once no patient row names them: their row, and the contact data and notes in
 * their history entries (blanked; an erased owner's already say so). The entries stay; a "purge" entry is added.
 */
async function purgeOwner(db: Db, clinicId: number, ownerId: number, cutoff: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ deletedAt: clinicOwners.deletedAt, erasedAt: clinicOwners.erasedAt })
      .from(clinicOwners)
      .where(eq(clinicOwners.id, ownerId))
      .for('update');
    if (!owner?.deletedAt || owner.deletedAt >= cutoff) return false;
    const [named] = await tx
      .select({ n: rowCount })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicOwnerId, ownerId));
    if (named.n > 0) return false;
    await tx.delete(clinicOwners).where(eq(clinicOwners.id, ownerId));
    if (!owner.erasedAt) await blankPrivateHistoryValues(tx, clinicId, { ownerId });
    await writeHistory(tx, { clinicId, userId: null, userName: '' }, [
      { petProfileId: null, entity: 'owner', entityId: ownerId, action: 'purge', changes: [] },
    ]);
    return true;
  });
}

interface Purged {
  kind: 'pet' | 'visit' | 'none';
  clinicId: number;
  petId: number;
  profileGone: boolean;
  files: string[];
}

/** After a commit: the files go, and every process forgets what it kept of the clinic and the pet. */
async function finish(app: FastifyInstance, purged: Purged, result: PurgeResult): Promise<void> {
  if (purged.kind === 'none') return;
  if (purged.kind === 'pet') result.pets++;
  else result.visits++;
  if (purged.profileGone) result.profiles++;
  const removed = await Promise.allSettled(purged.files.map((f) => app.mediaStorage.delete(f)));
  result.files += removed.filter((r) => r.status === 'fulfilled').length;
  if (removed.some((r) => r.status === 'rejected'))
    app.log.warn({ count: purged.files.length }, 'purge: could not remove some files');
  if (purged.profileGone)
    await removeShareImages(app.mediaStorage, purged.petId).catch(() =>
      app.log.warn('purge: could not remove share images'),
    );
  await app.changeFeed.publish([cacheTag.clinic(purged.clinicId), cacheTag.pet(purged.petId), cacheTag.pets]);
}

/** Step 1 of the lock order: the pet row (FOR UPDATE: its profile may be deleted). Null when it is gone. */
async function lockPet(tx: Db, petId: number) {
  const [pet] = await tx
    .select({
      id: petProfiles.id,
      imagePath: petProfiles.imagePath,
      ownerId: petProfiles.ownerId,
      shelterId: petProfiles.shelterId,
      deletedAt: petProfiles.deletedAt,
    })
    .from(petProfiles)
    .where(eq(petProfiles.id, petId))
    .for('update');
  return pet ?? null;
}

const NONE = (clinicId: number, petId: number): Purged => ({
  kind: 'none',
  clinicId,
  petId,
  profileGone: false,
  files: [],
});

function imagesOf(rows: Array<{ imagePath: string | null }>): string[] {
  return rows.flatMap((r) => (r.imagePath ? [r.imagePath] : []));
}

async function purgeVisit(db: Db, clinicId: number, petId: number, visitId: number, cutoff: Date): Promise<Purged> {
  return db.transaction(async (tx) => {
    if (!(await lockPet(tx, petId))) return NONE(clinicId, petId);
    const [visit] = await tx
      .select({ deletedAt: vetVisits.deletedAt })
      .from(vetVisits)
      .where(eq(vetVisits.id, visitId))
      .for('update');
    if (!visit?.deletedAt || visit.deletedAt >= cutoff) return NONE(clinicId, petId);
    const records = await tx
      .delete(wellnessRecords)
      .where(eq(wellnessRecords.vetVisitId, visitId))
      .returning({ imagePath: wellnessRecords.imagePath });
    await tx.delete(vetVisits).where(eq(vetVisits.id, visitId));
    await blankPrivateHistoryValues(tx, clinicId, { vetVisitId: visitId });
    await writeHistory(tx, { clinicId, userId: null, userName: '' }, [
      { petProfileId: petId, vetVisitId: visitId, entity: 'visit', entityId: visitId, action: 'purge', changes: [] },
    ]);
    return { kind: 'visit', clinicId, petId, profileGone: false, files: imagesOf(records) };
  });
}

async function purgePatient(db: Db, clinicId: number, petId: number, cutoff: Date): Promise<Purged> {
  return db.transaction(async (tx) => {
    const pet = await lockPet(tx, petId);
    if (!pet) return NONE(clinicId, petId);
    const [patient] = await tx
      .select({ id: clinicPatients.id, deletedAt: clinicPatients.deletedAt })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)))
      .for('update');
    if (!patient?.deletedAt || patient.deletedAt >= cutoff) return NONE(clinicId, petId);

    // The clinic's visits of the pet (all deleted with it, or before) and the clinic's records of it.
    const visitIds = (
      await tx
        .select({ id: vetVisits.id })
        .from(vetVisits)
        .where(and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.petProfileId, petId)))
        .for('update')
    ).map((v) => v.id);
    const clinicRecords = and(
      eq(wellnessRecords.petProfileId, petId),
      visitIds.length > 0
        ? or(eq(wellnessRecords.clinicId, clinicId), inArray(wellnessRecords.vetVisitId, visitIds))
        : eq(wellnessRecords.clinicId, clinicId),
    );
    const files = imagesOf(
      await tx.delete(wellnessRecords).where(clinicRecords).returning({ imagePath: wellnessRecords.imagePath }),
    );
    if (visitIds.length > 0) await tx.delete(vetVisits).where(inArray(vetVisits.id, visitIds));
    await tx.delete(clinicPatients).where(eq(clinicPatients.id, patient.id));

    // The profile goes too when it is hidden (nobody else held it when it was deleted) and still
    // nobody holds it: no other clinic's patient row (even a deleted one, purged later), no owner,
    // shelter or co-owner.
    let profileGone = false;
    if (pet.deletedAt && pet.ownerId === null && pet.shelterId === null) {
      const [[patients], [coOwners]] = await Promise.all([
        tx.select({ n: rowCount }).from(clinicPatients).where(eq(clinicPatients.petProfileId, petId)),
        tx.select({ n: rowCount }).from(petCoOwners).where(eq(petCoOwners.petProfileId, petId)),
      ]);
      if (patients.n + coOwners.n === 0) {
        files.push(
          ...imagesOf(
            await tx
              .select({ imagePath: wellnessRecords.imagePath })
              .from(wellnessRecords)
              .where(eq(wellnessRecords.petProfileId, petId)),
          ),
        );
        if (pet.imagePath) files.push(pet.imagePath);
        await tx.delete(petProfiles).where(eq(petProfiles.id, petId));
        profileGone = true;
      }
    }
    await blankPrivateHistoryValues(tx, clinicId, { petProfileId: petId });
    await writeHistory(tx, { clinicId, userId: null, userName: '' }, [
      { petProfileId: petId, entity: 'pet', entityId: petId, action: 'purge', changes: [] },
    ]);
    return { kind: 'pet', clinicId, petId, profileGone, files };
  });
}
