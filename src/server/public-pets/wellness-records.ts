import { readOneSnapshot } from '#server/db/one-snapshot';
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { WellnessCategoryType } from '#shared/contract/wellness';
import { unitsOfMeasure, wellnessCategoryTypes, wellnessRecords } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';
import { loadPetDetails } from '#server/public-pets/pet-details';
import { publicRecordCondition } from '#server/public-pets/visibility';

export type WellnessRecordsOfPet =
  { kind: 'notFound' } | { kind: 'private' } | { kind: 'ok'; types: WellnessCategoryType[] };

const cacheKey = (petProfileId: number, publicId: string, categoryId: number) =>
  `wellness:types:${petProfileId}:${publicId}:${categoryId}`;

/** What loadWellnessRecords would answer from the public cache alone: undefined when nothing is kept. */
export function cachedWellnessRecords(
  app: FastifyInstance,
  petProfileId: number,
  publicId: string,
  categoryId: number,
): WellnessRecordsOfPet | undefined {
  return app.publicCache.peek<WellnessRecordsOfPet>(cacheKey(petProfileId, publicId, categoryId));
}

/**
 * The types of a wellness category with a pet's records, newest first, for a visitor: the same
 * rule as the pet's profile (docs/decisions/0050), both ids must name a pet the visitor may open,
 * and a pet whose records are private shows none; of what clinics wrote, consultations and visit
 * pictures are never shown (publicRecordCondition, docs/decisions/0099). Through the public cache.
 */
export function loadWellnessRecords(
  app: FastifyInstance,
  petProfileId: number,
  publicId: string,
  categoryId: number,
): Promise<WellnessRecordsOfPet> {
  return app.publicCache.get<WellnessRecordsOfPet>(
    cacheKey(petProfileId, publicId, categoryId),
    async () => {
      const pet = await loadPetDetails(app, { petProfileId, publicId });
      if (!pet) return { kind: 'notFound' };
      if (pet.isRecordsPrivate) return { kind: 'private' };
      const { types, records } = await readOneSnapshot(app.db, async (tx) => {
        const types = await tx
          .select({ id: wellnessCategoryTypes.id, title: wellnessCategoryTypes.title })
          .from(wellnessCategoryTypes)
          .where(eq(wellnessCategoryTypes.categoryId, categoryId))
          .orderBy(asc(wellnessCategoryTypes.id));
        if (types.length === 0) return { types, records: [] };
        const records = await tx
          .select({
            id: wellnessRecords.id,
            typeId: wellnessRecords.categoryTypeId,
            actionDate: wellnessRecords.actionDate,
            recordValue: wellnessRecords.recordValue,
            unitOfMeasure: unitsOfMeasure.title,
            unitOfMeasureId: wellnessRecords.unitId,
            notes: wellnessRecords.notes,
            imagePath: wellnessRecords.imagePath,
          })
          .from(wellnessRecords)
          .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, wellnessRecords.unitId))
          .where(
            and(
              eq(wellnessRecords.petProfileId, pet.petId),
              publicRecordCondition,
              inArray(
                wellnessRecords.categoryTypeId,
                types.map((t) => t.id),
              ),
            ),
          )
          .orderBy(desc(wellnessRecords.actionDate), desc(wellnessRecords.id));
        return { types, records };
      });
      const base = mediaBase(app.config);
      return {
        kind: 'ok',
        types: types.map((t) => ({
          id: t.id,
          title: t.title,
          records: records
            .filter((r) => r.typeId === t.id)
            .map((r) => ({
              id: r.id,
              actionDate: r.actionDate,
              recordValue: r.recordValue,
              unitOfMeasure: r.unitOfMeasure ?? '',
              unitOfMeasureId: r.unitOfMeasureId,
              notes: r.notes,
              image: r.imagePath !== null,
              imagePath: r.imagePath !== null ? imageUrl(base, r.imagePath) : null,
            })),
        })),
      };
    },
    [cacheTag.pet(petProfileId)],
  );
}
