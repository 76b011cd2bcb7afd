import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  ImportProgress,
  ImportProgressQuery,
  ImportUndone,
  ImportVetPatientsQuery,
  ImportVetPatientsResult,
  UndoImportBody,
} from '#shared/contract/vet-import';
import { IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#shared/contract/import-fields';
import { envelopeSchema, ok } from '#server/http/envelope';
import { requestLanguage } from '#server/http/request-language';
import { markChanged } from '#server/cache/public-cache';
import { actingUser } from '#server/auth/acting-user';
import { importClinicPatients } from '#server/clinic-import/import-patients';
import { undoClinicImport } from '#server/clinic-import/import-writes';
import { ImportProgressBoard } from '#server/clinic-import/import-progress';
import { portalCall } from '#server/routes/portal-call';

/** The import of a clinic's patients from a CSV file, and its undo (issue 32 item 6, docs/decisions/0168): admins. */
const vetImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const progress = new ImportProgressBoard();

  app.post(
    routePath(API.importVetPatients),
    portalCall('importPatients', {
      summary: 'Imports patients and their owners from a CSV file (a dry run first: it writes nothing)',
      description:
        'Multipart: a `file` part holding the CSV (UTF-8 with or without a byte order mark, `,` or `;`, dates ' +
        `yyyy-mm-dd or dd/mm/yyyy; at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows), after ` +
        'an optional `json` part `{ "mapping": [field or null, ...] }` naming the field each column fills (fields: ' +
        `${IMPORT_FIELDS.join(', ')}). Without a mapping the columns are mapped from their headers (the pet form's ` +
        "labels or the export's headers, in any shipped language). Each row is checked by the pet form's rules: a " +
        "bad row is listed in `errors` and never stops the good ones. A row whose owner is already the clinic's " +
        '(same e-mail, or the same phone digits and name) joins them and counts in `duplicates`. With ' +
        '`progressKey`, GetImportProgress answers how far the import has come while it runs.',
      querystring: ImportVetPatientsQuery,
      consumes: ['multipart/form-data'],
      // for the API document only: the parts are read as they stream (no `type`, so Fastify's check of the
      // unparsed body passes; the file's limits and the mapping are checked by the import itself)
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              properties: {
                json: { type: 'string', description: '{ "mapping": [field or null, ...] } (optional, before `file`)' },
                file: { type: 'string', format: 'binary', description: 'the CSV' },
              },
            },
          },
        },
      },
      response: { 200: envelopeSchema(ImportVetPatientsResult) },
    }),
    async (request) => {
      if (!request.query.dryRun) markChanged(request, []);
      const language = requestLanguage(request);
      const actor = actingUser(request);
      const report = progress.follow(request.query.progressKey, actor);
      return ok(await importClinicPatients(app.db, request, actor, request.query.dryRun, language, report));
    },
  );

  app.get(
    routePath(API.importProgress),
    portalCall('importPatients', {
      summary: 'How far an import started with `progressKey` has come: rows read, then pets written',
      description:
        'For the person who started the import, while it runs and for 10 minutes after its last step. Kept by the ' +
        'server process that runs the import (docs/decisions/0193): another process, another person or an unknown ' +
        'key answers result 0.',
      querystring: ImportProgressQuery,
      response: { 200: envelopeSchema(ImportProgress) },
    }),
    async (request) => ok(progress.read(request.query.progressKey, actingUser(request))),
  );

  app.post(
    routePath(API.undoImport),
    portalCall('importPatients', {
      summary: 'Undoes an import: its pets and the owners it created are deleted (restorable from Recently deleted)',
      body: UndoImportBody,
      response: { 200: envelopeSchema(ImportUndone) },
    }),
    async (request) => {
      markChanged(request, []);
      return ok({ deleted: await undoClinicImport(app.db, actingUser(request), request.body.importId) });
    },
  );
};

export default vetImportRoutes;
