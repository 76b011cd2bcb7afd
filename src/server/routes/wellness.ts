import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { WellnessCategory, WellnessCategoryType, WellnessCategoryTypesQuery } from '#shared/contract/wellness';
import { normalizePublicId } from '#shared/contract/pets';
import { unitsOfMeasure, wellnessCategories, wellnessCategoryTypes, wellnessRecords } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { mediaBase } from '#server/config';
import { cacheTag, publicCache } from '#server/cache/public-cache';
import { publicFailureLimits } from '#server/http/failure-limit';
import { loadPetDetails } from '#server/routes/pets';
import { serverMessage } from '#server/http/messages';

const tags = ['Pet wellness'];
export const RECORDS_PRIVATE = serverMessage('recordsPrivate');

type TypesResult = { kind: 'notFound' } | { kind: 'private' } | { kind: 'ok'; types: WellnessCategoryType[] };

const wellnessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = publicCache(app);
  const { lookups } = publicFailureLimits(app);

  app.get(
    routePath(API.wellnessCategories),
    { schema: { tags, summary: 'Wellness categories (sorted by id)', response: { 200: envelopeSchema(Type.Array(WellnessCategory)) } } },
    async () =>
      ok(
        await cache.get('wellness:categories', () =>
          app.db.select({ id: wellnessCategories.id, title: wellnessCategories.title }).from(wellnessCategories).orderBy(asc(wellnessCategories.id)),
          [cacheTag.reference],
        ),
      ),
  );

  app.get(
    routePath(API.wellnessCategoryTypes),
    {
      schema: {
        tags,
        summary: "The types of a wellness category with a pet's records",
        description:
          'petProfile (the pet id) and publicId must belong to the same pet, else result 0 "Pet not found.". ' +
          `A pet whose records are private answers result 0 "${RECORDS_PRIVATE}" and no records. Records are newest first.`,
        querystring: WellnessCategoryTypesQuery,
        response: { 200: envelopeSchema(Type.Array(WellnessCategoryType)) },
      },
    },
    async (request) => {
      const { petProfile, categoryId } = request.query;
      const publicId = normalizePublicId(request.query.publicId);
      await lookups.check(request);
      const result = await cache.get<TypesResult>(`wellness:types:${petProfile}:${publicId}:${categoryId}`, async () => {
        // The same rule as the pet's profile (docs/decisions/0050): both ids must name a pet the visitor may open.
        const pet = await loadPetDetails(app, { petProfileId: petProfile, publicId });
        if (!pet) return { kind: 'notFound' };
        if (pet.isRecordsPrivate) return { kind: 'private' };
        const types = await app.db
          .select({ id: wellnessCategoryTypes.id, title: wellnessCategoryTypes.title })
          .from(wellnessCategoryTypes)
          .where(eq(wellnessCategoryTypes.categoryId, categoryId))
          .orderBy(asc(wellnessCategoryTypes.id));
        if (types.length === 0) return { kind: 'ok', types: [] };
        const records = await app.db
          .select({
            id: wellnessRecords.id,
            typeId: wellnessRecords.categoryTypeId,
            actionDate: wellnessRecords.actionDate,
            recordValue: wellnessRecords.recordValue,
            unitOfMeasure: unitsOfMeasure.title,
            notes: wellnessRecords.notes,
            imagePath: wellnessRecords.imagePath,
          })
          .from(wellnessRecords)
          .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, wellnessRecords.unitId))
          .where(
            and(
              eq(wellnessRecords.petProfileId, pet.petId),
              inArray(
                wellnessRecords.categoryTypeId,
                types.map((t) => t.id),
              ),
            ),
          )
          .orderBy(desc(wellnessRecords.actionDate), desc(wellnessRecords.id));
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
                notes: r.notes,
                image: r.imagePath !== null,
                imagePath: r.imagePath !== null ? base + r.imagePath : null,
              })),
          })),
        };
      }, [cacheTag.pet(petProfile)]);
      if (result.kind === 'notFound') {
        await lookups.fail(request);
        throw new UserError('petNotFound');
      }
      if (result.kind === 'private') throw new UserError('recordsPrivate');
      return ok(result.types);
    },
  );
};

export default wellnessRoutes;
