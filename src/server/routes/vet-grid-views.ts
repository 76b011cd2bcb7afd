import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  DeleteGridViewBody,
  GridViewSaved,
  GridViewsQuery,
  GridViewsResult,
  SaveGridViewBody,
  VetNoData,
} from '#shared/contract/vet';
import { envelopeSchema, ok } from '#server/http/envelope';
import { deleteGridView, listGridViews, saveGridView } from '#server/grid-views/grid-views';
import { portalCall } from '#server/routes/portal-call';

/**
 * Saved views of the Pets and Visits grids per staff user (issue 21, docs/decisions/0113). Every
 * call is scoped to the caller's clinic: a vetUserId or view id of another clinic is answered like
 * a missing one.
 */
const vetGridViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    routePath(API.gridViews),
    portalCall({
      summary: "A staff user's saved views of a grid (pets or visits), by name",
      querystring: GridViewsQuery,
      response: { 200: envelopeSchema(GridViewsResult) },
    }),
    async (request) =>
      ok({ views: await listGridViews(app.db, request.clinic.clinicId, request.query.vetUserId, request.query.grid) }),
  );

  app.post(
    routePath(API.saveGridView),
    portalCall({
      summary: 'Saves a view of a grid under a name (with `id`: renames or overwrites that view)',
      description:
        'The state is a JSON object of at most 8 KB. A name is one view per staff user and grid (case ignored).',
      body: SaveGridViewBody,
      response: { 200: envelopeSchema(GridViewSaved) },
    }),
    async (request) => ok({ id: await saveGridView(app.db, request.clinic.clinicId, request.body) }),
  );

  app.post(
    routePath(API.deleteGridView),
    portalCall({
      summary: 'Deletes a saved view',
      body: DeleteGridViewBody,
      response: { 200: envelopeSchema(VetNoData) },
    }),
    async (request) => {
      await deleteGridView(app.db, request.clinic.clinicId, request.body.id);
      return ok(null);
    },
  );
};

export default vetGridViewRoutes;
