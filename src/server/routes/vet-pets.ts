import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { createPetForm, updatePetForm } from '#shared/forms/pet-form';
import {
  DeleteVetPetBody,
  VetNoData,
  VetPetDetails,
  VetPetDetailsQuery,
  VetPetSaved,
  VetPetsQuery,
  VetPetsResult,
  VetPetVisitsQuery,
  VetPetVisitsResult,
} from '#shared/contract/vet';
import { cachedClinicList } from '#server/cache/clinic-lists';
import { requestLanguage } from '#server/http/request-language';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BadRequestError, UserError } from '#server/http/errors';
import { withIngestedImages } from '#server/media/ingest-image';
import { readForm } from '#server/http/form-body';
import type { UploadedFile } from '#server/media/multipart';
import { listClinicPets } from '#server/clinic-pets/list-pets';
import { utcDay } from '#server/pets/age';
import { listPetVisits } from '#server/clinic-pets/pet-visits';
import { assertBreedOfType, createClinicPet, deleteClinicPet, updateClinicPet } from '#server/clinic-pets/pet-writes';
import { loadClinicPetDetails } from '#server/clinic-pets/pet-details';
import { removeShareImages } from '#server/pages/share-image';
import { assertClinicPatient } from '#server/visits/visit-access';
import { actingUser } from '#server/auth/acting-user';
import { VersionConflict } from '#shared/contract/vet-records';
import { portalCall, portalForm } from '#server/routes/portal-call';

const petImageFile = { max: 1, description: "the pet's image (JPEG, PNG, WebP, GIF, AVIF; 5 MB)" };
const multipartDescription =
  'Multipart: a `json` part with the payload and at most one `imageFile` part. A plain JSON body ' +
  'is accepted as a payload without image.';

/** At most one image for a pet. */
function petImage(files: UploadedFile[]): Buffer[] {
  if (files.length > 1) throw new BadRequestError('Send at most one imageFile for a pet');
  return files.map((f) => f.bytes);
}

/** The pet calls of SPEC.md §7 "Vet portal": every query is scoped to the caller's clinic. */
const vetPetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);
  const storage = app.mediaStorage;

  /** Removes files after a commit; a failure to remove is logged, never the request's failure. */
  async function removeFiles(paths: string[], log: FastifyBaseLogger): Promise<void> {
    const results = await Promise.allSettled(paths.map((p) => storage.delete(p)));
    if (results.some((r) => r.status === 'rejected'))
      log.warn({ count: paths.length }, 'could not remove some replaced images');
  }

  app.get(
    routePath(API.vetPets),
    portalCall('readRecords', {
      summary: "The clinic's pets: search, paging, sorting",
      querystring: VetPetsQuery,
      response: { 200: envelopeSchema(VetPetsResult) },
    }),
    async (request) => {
      const { clinicId } = request.clinic;
      // sorted by type or breed, the order is the reader's language's (its titles): the language is part of the list's
      // key
      const language =
        request.query.sortField === 'type' || request.query.sortField === 'breed' ? requestLanguage(request) : 'en';
      return ok(
        await cachedClinicList(
          app,
          clinicId,
          'pets',
          { ...request.query, language },
          // the key holds the day (cachedClinicList), so the reminder status is today's
          () => listClinicPets(app.db, base, clinicId, request.query, language, utcDay()),
          (r) => r.pets.map((p) => p.ID),
        ),
      );
    },
  );

  app.get(
    routePath(API.vetPetDetails),
    portalCall('readRecords', {
      summary: 'Pet profile details (also the pet as read for edit)',
      querystring: VetPetDetailsQuery,
      response: { 200: envelopeSchema(VetPetDetails) },
    }),
    async (request) => {
      const details = await loadClinicPetDetails(app.db, base, request.clinic.clinicId, request.query.petProfileId);
      if (!details) throw new UserError('petNotFound');
      return ok(details);
    },
  );

  app.get(
    routePath(API.vetPetVisits),
    portalCall('readRecords', {
      summary: "A pet's visit history at this clinic",
      querystring: VetPetVisitsQuery,
      response: { 200: envelopeSchema(VetPetVisitsResult) },
    }),
    async (request) => {
      const { petProfileId, offset, limit } = request.query;
      const { clinicId } = request.clinic;
      return ok(
        await cachedClinicList(
          app,
          clinicId,
          'pet-visits',
          request.query,
          async () => {
            await assertClinicPatient(app.db, clinicId, petProfileId);
            return listPetVisits(app.db, clinicId, petProfileId, offset, limit);
          },
          () => [petProfileId],
        ),
      );
    },
  );

  app.post(
    routePath(API.createVetPet),
    portalForm(
      'writePets',
      createPetForm,
      {
        summary: 'Adds a pet as a patient of the clinic',
        description: multipartDescription,
        response: { 200: envelopeSchema(VetPetSaved) },
      },
      petImageFile,
    ),
    async (request) => {
      // A new pet can appear in listings and answer a public ID looked up before (cached "not found").
      markChanged(request, [cacheTag.pets]);
      const { values: payload, files } = await readForm(request, createPetForm);
      const uploads = petImage(files);
      await assertBreedOfType(app.db, payload.petTypeId, payload.petBreedId);
      const actor = actingUser(request);
      const petProfileId = await withIngestedImages(storage, uploads, ([imagePath]) =>
        createClinicPet(app.db, actor, payload, imagePath ?? null),
      );
      return ok({ petProfileId });
    },
  );

  app.post(
    routePath(API.updateVetPet),
    portalForm(
      'writePets',
      updatePetForm,
      {
        summary: "Updates a patient's profile and owner contact data",
        description:
          `${multipartDescription} An image, when sent, replaces the pet's. \`version\` (of ` +
          `GetVetPetDetails): when the pet has a newer one the save is refused with HTTP 409 naming who ` +
          `saved it and when; without it the pet is saved as before.`,
        response: { 200: envelopeSchema(VetPetSaved), 409: envelopeSchema(VersionConflict) },
      },
      petImageFile,
    ),
    async (request) => {
      const { values: payload, files } = await readForm(request, updatePetForm);
      const { clinicId } = request.clinic;
      const petProfileId = payload.petProfileId;
      if (petProfileId === null) throw new UserError('petNotFound');
      markChanged(request, [cacheTag.pets, cacheTag.pet(petProfileId)]);
      await assertClinicPatient(app.db, clinicId, petProfileId);
      const uploads = petImage(files);
      await assertBreedOfType(app.db, payload.petTypeId, payload.petBreedId);
      const actor = actingUser(request);
      const replaced = await withIngestedImages(storage, uploads, ([imagePath]) =>
        updateClinicPet(app.db, actor, petProfileId, payload, imagePath ?? null),
      );
      if (replaced) await removeFiles([replaced], request.log);
      return ok({ petProfileId });
    },
  );

  app.post(
    routePath(API.deleteVetPet),
    portalCall('deletePets', {
      summary:
        'Removes a pet from the clinic, with its visits and records there (RestoreVetPet brings it back ' +
        'within DELETED_RETENTION_DAYS)',
      body: DeleteVetPetBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, [cacheTag.pets, cacheTag.pet(request.body.petId)]);
      const { profileHidden } = await deleteClinicPet(app.db, actingUser(request), request.body.petId);
      // Its public profile is gone now: so is the picture shared with it (made again on a restore).
      if (profileHidden) await removeShareImages(app.mediaStorage, request.body.petId);
      return ok(null);
    },
  );
};

export default vetPetRoutes;
