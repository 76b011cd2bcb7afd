import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ValidationError } from 'yup';
import { API, routePath } from '#shared/contract/paths';
import {
  CreateVetVisitBody,
  DeleteVetVisitBody,
  VetNoData,
  VetVisitCreated,
  VetVisitDetails,
  VetVisitDetailsQuery,
  VetVisitsQuery,
  VetVisitsResult,
} from '#shared/contract/vet';
import { parseCreateVisit, parseVisitPayload } from '#shared/forms/visit-payload';
import { requireClinic } from '#server/auth/clinic-session';
import { cachedClinicList } from '#server/cache/clinic-lists';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import type { SharedMessageKey } from '#server/http/messages';
import { UserError } from '#server/http/errors';
import { withIngestedImages } from '#server/media/ingest-image';
import { BadRequestError, readMultipart } from '#server/media/multipart';
import { createVisit } from '#server/visits/create-visit';
import { deleteVisit } from '#server/visits/delete-visit';
import { listVisits } from '#server/visits/list-visits';
import { newPictureFileIndexes, saveVisit } from '#server/visits/save-visit';
import { assertClinicVisit } from '#server/visits/visit-access';
import { loadVisitDetails } from '#server/visits/visit-details';

const tags = ['Vet portal'];
const security = [{ bearer: [] }];

/** Runs a shared yup check; a refusal becomes result 0 with the rule's English message. */
async function checkForm<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ValidationError) throw new UserError(`portal:${err.message}` as SharedMessageKey);
    throw err;
  }
}

/** The visit calls of SPEC.md §7 "Vet portal": every one scoped to the caller's clinic. */
const vetVisitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);
  const storage = app.mediaStorage;

  /** Removes stored files after a commit; a file that cannot be removed is logged, not fatal. */
  async function removeFiles(paths: string[], log: { warn: (obj: object, msg: string) => void }): Promise<void> {
    const results = await Promise.allSettled(paths.map((p) => storage.delete(p)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) log.warn({ failed }, 'could not remove some picture files');
  }

  app.get(
    routePath(API.vetVisits),
    {
      preHandler: requireClinic,
      schema: {
        tags,
        security,
        summary: "A page of the clinic's visits (isFinished 0 active, 1 completed, 2 all), newest first",
        querystring: VetVisitsQuery,
        response: { 200: envelopeSchema(VetVisitsResult) },
      },
    },
    async (request) => {
      const { isFinished, offset, limit } = request.query;
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(app, clinicId, 'visits', request.query, () => listVisits(app.db, base, clinicId, isFinished, { page: offset, limit }), (r) => r.visits.map((v) => v.PetProfileID)),
      );
    },
  );

  app.get(
    routePath(API.vetVisitDetails),
    {
      preHandler: requireClinic,
      schema: {
        tags,
        security,
        summary: 'A visit with its pet and the records written in it',
        querystring: VetVisitDetailsQuery,
        response: { 200: envelopeSchema(VetVisitDetails) },
      },
    },
    async (request) => ok(await loadVisitDetails(app.db, base, request.clinic.clinicId, request.query.vetVisitId)),
  );

  app.post(
    routePath(API.createVetVisit),
    {
      preHandler: requireClinic,
      schema: {
        tags,
        security,
        summary: "A new active visit of one of the clinic's patients",
        // Missing fields reach the shared form rules, which answer SPEC.md's message.
        body: Type.Partial(CreateVetVisitBody),
        response: { 200: envelopeSchema(VetVisitCreated) },
      },
    },
    async (request) => {
      // A visit is the clinic's own (its lists); its pet's public records change only with records.
      markChanged(request, typeof request.body.petId === 'number' ? [cacheTag.pet(request.body.petId)] : []);
      const values = await checkForm(() => parseCreateVisit(request.body));
      return ok({ vetVisitId: await createVisit(app.db, request.clinic.clinicId, values) });
    },
  );

  app.post(
    routePath(API.deleteVetVisit),
    {
      preHandler: requireClinic,
      schema: {
        tags,
        security,
        summary: 'Deletes a visit with its records and pictures',
        body: DeleteVetVisitBody,
        response: { 200: envelopeSchema(VetNoData) },
      },
    },
    async (request) => {
      markChanged(request, [cacheTag.pet(request.body.petId)]);
      const removed = await deleteVisit(app.db, request.clinic.clinicId, request.body.vetVisitId, request.body.petId);
      await removeFiles(removed, request.log);
      return ok(null);
    },
  );

  app.post(
    routePath(API.saveVetVisit),
    {
      preHandler: requireClinic,
      schema: {
        tags,
        security,
        summary: 'Saves the Edit Visit form in one transaction (multipart: `json` part, `imageFile` parts for new pictures)',
        consumes: ['multipart/form-data', 'application/json'],
        description:
          'Multipart: a `json` part with the SaveVetVisitPayload and one `imageFile` part per new picture (a new picture has id <= 0 and names its part by fileIndex). ' +
          'Weight is kept only with a value and a unit; rows without a title and rows marked isDeleted are dropped; existing pictures marked isDeleted are removed. ' +
          'vetUserId null keeps the visit\'s vet user; a missing isFinished keeps its state. Either everything is saved or nothing.',
        response: { 200: envelopeSchema(VetNoData) },
      },
    },
    async (request) => {
      markChanged(request, []);
      const { payload, files } = await readMultipart(request, (raw) => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequestError('Invalid json: expected an object');
        return checkForm(() => parseVisitPayload(raw));
      });
      markChanged(request, [cacheTag.pet(payload.petId)]);
      const indexes = [...new Set(newPictureFileIndexes(payload))].sort((a, b) => a - b);
      if (indexes.some((i) => i >= files.length)) throw new UserError('portal:validation.pictureFileMissing');
      // Refuse another clinic's visit before spending work on its images (the transaction checks again, locked).
      await assertClinicVisit(app.db, request.clinic.clinicId, payload.vetVisitId, payload.petId);
      // New images are stored before the transaction; if it fails they are deleted again.
      const removed = await withIngestedImages(
        storage,
        indexes.map((i) => files[i].bytes),
        (paths) => saveVisit(app.db, request.clinic.clinicId, payload, new Map(indexes.map((fileIndex, n) => [fileIndex, paths[n]]))),
      );
      await removeFiles(removed, request.log);
      return ok(null);
    },
  );
};

export default vetVisitRoutes;
