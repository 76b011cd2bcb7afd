import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetNoData } from '#shared/contract/vet';
import {
  DeletedVetItemsQuery,
  DeletedVetItemsResult,
  RestoreVetPetBody,
  RestoreVetVisitBody,
  VetPetHistoryQuery,
  VetPetHistoryResult,
} from '#shared/contract/vet-records';
import { actingUser } from '#server/auth/acting-user';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { restoreClinicPet } from '#server/clinic-pets/pet-writes';
import { listDeletedItems } from '#server/clinic-records/deleted-items';
import { mediaBase } from '#server/config';
import { loadPetHistory } from '#server/history/pet-history';
import { envelopeSchema, ok } from '#server/http/envelope';
import { restoreVisit } from '#server/visits/delete-visit';
import { portalCall } from '#server/routes/portal-call';

/** Issue 20's calls: a pet's history, the recently deleted pets and visits, and their restore. */
const vetRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);
  const restoreDays = app.config.deletedRetentionDays;

  app.get(
    routePath(API.vetPetHistory),
    portalCall({
      summary:
        "A page of what this clinic changed of a pet, newest first: who, when, and each field's old and new value",
      querystring: VetPetHistoryQuery,
      response: { 200: envelopeSchema(VetPetHistoryResult) },
    }),
    async (request) => {
      const { petProfileId, offset, limit } = request.query;
      return ok(await loadPetHistory(app.db, request.clinic.clinicId, petProfileId, { page: offset, limit }));
    },
  );

  app.get(
    routePath(API.deletedVetItems),
    portalCall({
      summary: 'The pets and visits this clinic deleted that can still be restored, newest deletion first',
      querystring: DeletedVetItemsQuery,
      response: { 200: envelopeSchema(DeletedVetItemsResult) },
    }),
    async (request) =>
      ok(
        await listDeletedItems(app.db, base, request.clinic.clinicId, restoreDays, {
          page: request.query.offset,
          limit: request.query.limit,
        }),
      ),
  );

  app.post(
    routePath(API.restoreVetVisit),
    portalCall({
      summary: 'Brings back a deleted visit with its records and pictures (within DELETED_RETENTION_DAYS)',
      body: RestoreVetVisitBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, []);
      const { petProfileId } = await restoreVisit(
        app.db,
        await actingUser(request),
        request.body.vetVisitId,
        restoreDays,
      );
      markChanged(request, [cacheTag.pet(petProfileId)]);
      return ok(null);
    },
  );

  app.post(
    routePath(API.restoreVetPet),
    portalCall({
      summary: 'Brings back a deleted pet with its visits, records and pictures (within DELETED_RETENTION_DAYS)',
      body: RestoreVetPetBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, [cacheTag.pets, cacheTag.pet(request.body.petId)]);
      await restoreClinicPet(app.db, await actingUser(request), request.body.petId, restoreDays);
      return ok(null);
    },
  );
};

export default vetRecordRoutes;
