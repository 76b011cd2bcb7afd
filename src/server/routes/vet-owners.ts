import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  VetOwnerDetails,
  VetOwnerDetailsQuery,
  VetOwnerSaved,
  VetOwnersQuery,
  VetOwnersResult,
} from '#shared/contract/vet-owners';
import { VersionConflict } from '#shared/contract/vet-records';
import { saveOwnerForm } from '#shared/forms/owner-form';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { readForm } from '#server/http/form-body';
import { markChanged } from '#server/cache/public-cache';
import { actingUser } from '#server/auth/acting-user';
import { listClinicOwners, loadClinicOwnerDetails } from '#server/clinic-owners/list-owners';
import { saveClinicOwner } from '#server/clinic-owners/owner-writes';
import { portalCall, portalForm } from '#server/routes/portal-call';

/**
 * A clinic's owners (issue 32): read by everyone who reads records, written by everyone who edits pets (an
 * owner's contact data is what the pet form edits). Every query is scoped to the caller's clinic.
 */
const vetOwnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.get(
    routePath(API.vetOwners),
    portalCall('readRecords', {
      summary: "The clinic's owners: search, paging, sorting",
      querystring: VetOwnersQuery,
      response: { 200: envelopeSchema(VetOwnersResult) },
    }),
    async (request) => ok(await listClinicOwners(app.db, request.clinic.clinicId, request.query)),
  );

  app.get(
    routePath(API.vetOwnerDetails),
    portalCall('readRecords', {
      summary: 'One owner with their version and their pets at this clinic',
      querystring: VetOwnerDetailsQuery,
      response: { 200: envelopeSchema(VetOwnerDetails) },
    }),
    async (request) => {
      const details = await loadClinicOwnerDetails(app.db, base, request.clinic.clinicId, request.query.ownerId);
      if (!details) throw new UserError('ownerNotFound');
      return ok(details);
    },
  );

  app.post(
    routePath(API.saveVetOwner),
    portalForm('writePets', saveOwnerForm, {
      summary: 'Adds an owner, or changes one (every pet of theirs shows it at once)',
      description:
        'Without `ownerId` a new owner. `version` (of GetVetOwnerDetails): when the owner has a newer one the ' +
        'save is refused with HTTP 409 naming who saved it and when.',
      response: { 200: envelopeSchema(VetOwnerSaved), 409: envelopeSchema(VersionConflict) },
    }),
    async (request) => {
      // The clinic's lists (its patients show the owner's fields) are cleared with every write of the clinic.
      markChanged(request, []);
      const { values } = await readForm(request, saveOwnerForm);
      return ok({ ownerId: await saveClinicOwner(app.db, actingUser(request), values) });
    },
  );
};

export default vetOwnerRoutes;
