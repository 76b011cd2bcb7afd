import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  EraseVetOwnerBody,
  MergeVetOwnersBody,
  RestoreVetOwnerBody,
  VetOwnerData,
  VetOwnerDataQuery,
  VetOwnerDuplicatesResult,
  VetOwnerErased,
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
import { listOwnerDuplicates, mergeClinicOwners, restoreMergedOwner } from '#server/clinic-owners/merge-owners';
import { exportClinicOwnerData } from '#server/clinic-owners/owner-data-export';
import { eraseClinicOwner } from '#server/clinic-owners/erase-owner';
import { VetNoData } from '#shared/contract/vet';
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

  app.get(
    routePath(API.vetOwnerDuplicates),
    portalCall('mergeOwners', {
      summary:
        'Pairs of owners that look like one person (same e-mail, same phone digits, same name and similar phone)',
      response: { 200: envelopeSchema(VetOwnerDuplicatesResult) },
    }),
    async (request) => ok({ pairs: await listOwnerDuplicates(app.db, request.clinic.clinicId) }),
  );

  app.post(
    routePath(API.mergeVetOwners),
    portalCall('mergeOwners', {
      summary:
        'Merges two owners: every pet of the merged one goes to the kept one, which keeps the fuller contact data',
      description: 'Undone by RestoreVetOwner (Recently deleted) within DELETED_RETENTION_DAYS.',
      body: MergeVetOwnersBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, []);
      await mergeClinicOwners(app.db, actingUser(request), request.body.keepOwnerId, request.body.mergeOwnerId);
      return ok(null);
    },
  );

  app.post(
    routePath(API.restoreVetOwner),
    portalCall('mergeOwners', {
      summary: "Undoes an owner's merge (within DELETED_RETENTION_DAYS): they come back with the pets it moved",
      body: RestoreVetOwnerBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      markChanged(request, []);
      await restoreMergedOwner(app.db, actingUser(request), request.body.ownerId, app.config.deletedRetentionDays);
      return ok(null);
    },
  );

  app.get(
    routePath(API.exportVetOwnerData),
    portalCall('exportOwnerData', {
      summary: 'Everything the clinic keeps of one owner (their right of access): a JSON download',
      description:
        'The owner, their pets at this clinic, the visits and records of those pets and the reminder e-mails queued ' +
        'or sent for them, read in one snapshot; answered with `Content-Disposition: attachment`.',
      querystring: VetOwnerDataQuery,
      response: { 200: envelopeSchema(VetOwnerData) },
    }),
    async (request, reply) => {
      const { ownerId } = request.query;
      const data = await exportClinicOwnerData(app.db, base, request.clinic.clinicId, ownerId);
      if (!data) throw new UserError('ownerNotFound');
      void reply.header('content-disposition', `attachment; filename="owner-${ownerId}.json"`);
      return ok(data);
    },
  );

  app.post(
    routePath(API.eraseVetOwner),
    portalCall('eraseOwners', {
      summary: "Erases an owner's contact data everywhere the clinic keeps it (their right to erasure)",
      description:
        'The owner record (and records merged into it), the copies on their patient rows, the reminder e-mails to ' +
        'them and the values of the history (the entries stay and say the value was erased), in one transaction with ' +
        'one `erase` history entry. `pets`: `keep` (they stay patients without contact data) or `delete` (deleted ' +
        'as DeleteVetPet does, restorable within DELETED_RETENTION_DAYS). Not undoable.',
      body: EraseVetOwnerBody,
      response: { 200: envelopeSchema(VetOwnerErased) },
    }),
    async (request) => {
      markChanged(request, []);
      return ok(await eraseClinicOwner(app.db, actingUser(request), request.body.ownerId, request.body.pets));
    },
  );
};

export default vetOwnerRoutes;
