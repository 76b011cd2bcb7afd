import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  DeleteVetVisitBody,
  VetNoData,
  VetVisitCreated,
  VetVisitDetails,
  VetVisitDetailsQuery,
  VetVisitsQuery,
  VetVisitsResult,
} from '#shared/contract/vet';
import { MAX_UPLOAD_FILES } from '#shared/constants';
import { createVisitForm, newPictureFileIndexes, saveVisitForm } from '#shared/forms/visit-payload';
import { VersionConflict } from '#shared/contract/vet-records';
import { cachedClinicList } from '#server/cache/clinic-lists';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { assertDateRange, UserError } from '#server/http/errors';
import { withIngestedImages } from '#server/media/ingest-image';
import { readForm } from '#server/http/form-body';
import { createVisit } from '#server/visits/create-visit';
import { deleteVisit } from '#server/visits/delete-visit';
import { listVisits } from '#server/visits/list-visits';
import { saveVisit } from '#server/visits/save-visit';
import { assertClinicVisit } from '#server/visits/visit-access';
import { actingUser } from '#server/auth/acting-user';
import { loadVisitDetails } from '#server/visits/visit-details';
import { portalCall, portalForm } from '#server/routes/portal-call';

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
    portalCall({
      summary: "A page of the clinic's visits (isFinished 0 active, 1 completed, 2 all), newest first",
      description:
        'Pawtal additions (issue 21): `dateFrom`/`dateTo` (visit dates, inclusive, either end open), ' +
        '`searchTerm` (pet name, owner name, phone, e-mail: accents and case ignored, phone numbers as ' +
        'digits), ' +
        '`sortField` date | pet | owner | vet with `sortOrder` (default: date descending, the others ' +
        "ascending). Without them the answer is SPEC.md's.",
      querystring: VetVisitsQuery,
      response: { 200: envelopeSchema(VetVisitsResult) },
    }),
    async (request) => {
      assertDateRange(request.query.dateFrom, request.query.dateTo);
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(
          app,
          clinicId,
          'visits',
          request.query,
          () => listVisits(app.db, base, clinicId, request.query),
          (r) => r.visits.map((v) => v.PetProfileID),
        ),
      );
    },
  );

  app.get(
    routePath(API.vetVisitDetails),
    portalCall({
      summary: 'A visit with its pet and the records written in it',
      querystring: VetVisitDetailsQuery,
      response: { 200: envelopeSchema(VetVisitDetails) },
    }),
    async (request) =>
      ok(
        await loadVisitDetails(app.db, base, await app.mediaLinks(), request.clinic.clinicId, request.query.vetVisitId),
      ),
  );

  app.post(
    routePath(API.createVetVisit),
    // The body is read with the shared form, whose rules answer SPEC.md's messages.
    portalForm(createVisitForm, {
      summary: "A new active visit of one of the clinic's patients",
      response: { 200: envelopeSchema(VetVisitCreated) },
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, createVisitForm);
      // A visit is the clinic's own (its lists); its pet's public records change only with records.
      markChanged(request, [cacheTag.pet(values.petId)]);
      return ok({ vetVisitId: await createVisit(app.db, await actingUser(request, values.vetUserId), values) });
    },
  );

  app.post(
    routePath(API.deleteVetVisit),
    portalCall({
      summary:
        'Deletes a visit with its records and pictures (RestoreVetVisit brings it back within DELETED_RETENTION_DAYS)',
      body: DeleteVetVisitBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, [cacheTag.pet(request.body.petId)]);
      await deleteVisit(app.db, await actingUser(request), request.body.vetVisitId, request.body.petId);
      return ok(null);
    },
  );

  app.post(
    routePath(API.saveVetVisit),
    portalForm(
      saveVisitForm,
      {
        summary:
          'Saves the Edit Visit form in one transaction (multipart: `json` part, `imageFile` parts for new pictures)',
        description:
          'Multipart: a `json` part with the payload and one `imageFile` part per new picture (a new ' +
          'picture has id <= 0 and names its part by fileIndex, by default the part after the previous new ' +
          "picture's). " +
          'Weight is kept only with a value and a unit; rows without a title and rows marked isDeleted are ' +
          'dropped; existing pictures marked isDeleted are removed. ' +
          "vetUserId null keeps the visit's vet user; a missing isFinished keeps its state. Either " +
          'everything is saved or nothing. ' +
          "A row sent with its record's `id` updates that record in place; stored records no row names are removed. " +
          '`version` (visit.Version of GetVetVisitDetails): when the visit has a newer one the save is ' +
          'refused with HTTP 409 naming who saved it and when; without it the visit is saved as before.',
        response: { 200: envelopeSchema(VetNoData), 409: envelopeSchema(VersionConflict) },
      },
      {
        max: MAX_UPLOAD_FILES,
        description: 'the new pictures (JPEG, PNG, WebP, GIF, AVIF; 5 MB each), in fileIndex order',
      },
    ),
    async (request) => {
      markChanged(request, []);
      const { values: payload, files } = await readForm(request, saveVisitForm);
      markChanged(request, [cacheTag.pet(payload.petId)]);
      const indexes = newPictureFileIndexes(payload);
      if (indexes.some((i) => i >= files.length)) throw new UserError('portal:validation.pictureFileMissing');
      // Refuse another clinic's visit before spending work on its images (the transaction checks again, locked).
      await assertClinicVisit(app.db, request.clinic.clinicId, payload.vetVisitId, payload.petId);
      const actor = await actingUser(request, payload.vetUserId);
      // New images are stored (in the clinical area) before the transaction; if it fails they are deleted again.
      const removed = await withIngestedImages(
        storage,
        indexes.map((i) => files[i].bytes),
        (paths) => saveVisit(app.db, actor, payload, new Map(indexes.map((fileIndex, n) => [fileIndex, paths[n]]))),
        'clinical',
      );
      await removeFiles(removed, request.log);
      return ok(null);
    },
  );
};

export default vetVisitRoutes;
