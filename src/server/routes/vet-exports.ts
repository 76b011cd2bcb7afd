import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { VetPetsExportQuery, VetRemindersExportQuery } from '#shared/contract/vet';
import { VetOwnersExportQuery } from '#shared/contract/vet-owners';
import type { LanguageCode } from '#shared/languages';
import { mediaBase } from '#server/config';
import { clinicPetsInPages } from '#server/clinic-pets/list-pets';
import { csvStream, type CsvColumn } from '#server/exports/csv';
import { ownerExportColumns, petExportColumns, reminderExportColumns } from '#server/exports/export-columns';
import { clinicOwnersInPages } from '#server/clinic-owners/list-owners';
import { serverMessage } from '#server/http/messages';
import { envelopeSchema } from '#server/http/envelope';
import { requestLanguage } from '#server/http/request-language';
import { utcDay } from '#server/pets/age';
import { readReminderFilters, remindersInPages } from '#server/visits/list-reminders';
import { portalCall } from '#server/routes/portal-call';

/** The file a CSV export answers: its name in the reader's language and in ASCII. */
type ExportFile = 'petsFile' | 'remindersFile' | 'ownersFile';

const ASCII_FILE_NAMES: Record<ExportFile, string> = {
  petsFile: 'pets',
  remindersFile: 'reminders',
  ownersFile: 'owners',
};

/**
 * What a file name says of its rows: the day of the export, or a reminder file's days (issue 36, item 10: a range's
 * file named only its first day).
 */
function reminderFileDays(range: { from: string | null; to: string | null; overdue: boolean }, today: string) {
  if (range.overdue) return `overdue-${today}`;
  if (range.from === range.to) return range.from ?? today;
  return [range.from ?? '', range.to ?? ''].join('_');
}

/** A file name for the download: ASCII in `filename`, the reader's language in `filename*` (RFC 6266). */
function contentDisposition(file: ExportFile, language: LanguageCode, day: string): string {
  const local = `${serverMessage(`portal:exportColumns.${file}`, language)}-${day}.csv`;
  const ascii = `${ASCII_FILE_NAMES[file]}-${day}.csv`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(local)}`;
}

/**
 * An export's options: the 200 answer per media type, the CSV stream (never serialised) or on a refusal the envelope
 * (result 0, HTTP 200).
 */
function csvCall<Query extends TSchema>(summary: string, querystring: Query) {
  return portalCall('exportCsv', {
    summary,
    querystring,
    description:
      'Answers text/csv; charset=utf-8 with a byte order mark (every cell quoted, CRLF line ends, formula injection ' +
      'neutralised), or the envelope with result 0 when a value is refused.',
    produces: ['text/csv', 'application/json'],
    response: {
      200: {
        description: 'The CSV file; the envelope with result 0 when a value is refused',
        content: {
          'text/csv': { schema: Type.String({ description: 'UTF-8 with a byte order mark' }) },
          'application/json': { schema: envelopeSchema(Type.Null()) },
        },
      },
    },
  });
}

/**
 * Answers the CSV. The first page is read before the answer starts, so a failure there (a bad
 * filter, the database away) is an ordinary error answer, not a 200 with a cut-off file.
 */
async function sendCsv<Row>(
  reply: FastifyReply,
  file: ExportFile,
  day: string,
  language: LanguageCode,
  columns: CsvColumn<Row>[],
  pages: AsyncIterable<readonly Row[]>,
) {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<readonly Row[]> {
    for (let page = first; !page.done; page = await iterator.next()) yield page.value;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(file, language, day))
    .send(csvStream(columns, all()));
}

/**
 * ExportVetPets, ExportVetOwners and ExportVetReminders (issue 21, docs/decisions/0112; owners: issue 32): the Pets
 * and Owners tabs' lists and a range's reminders as CSV, with the same search and filters as the lists, streamed from keyset
 * pages (any number of rows, one page in memory), headers and values in the reader's language.
 * The clinic session as every portal call (the browser fetches the file with its token).
 */
const vetExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.get(
    routePath(API.exportVetPets),
    csvCall(
      "The clinic's pets as CSV: every pet GetVetPets lists with the same search, filters and order, every column " +
        "with the owner's e-mail",
      VetPetsExportQuery,
    ),
    async (request, reply) => {
      const language = requestLanguage(request);
      const today = utcDay();
      const pages = clinicPetsInPages(app.db, base, request.clinic.clinicId, request.query, language, 1000, today);
      return sendCsv(reply, 'petsFile', today, language, petExportColumns(language), pages);
    },
  );

  app.get(
    routePath(API.exportVetOwners),
    csvCall(
      "The clinic's owners as CSV (issue 32): every owner GetVetOwners lists with the same search and order, with " +
        'their language, consent, pet count and notes',
      VetOwnersExportQuery,
    ),
    async (request, reply) => {
      const language = requestLanguage(request);
      const pages = clinicOwnersInPages(app.db, request.clinic.clinicId, request.query);
      return sendCsv(reply, 'ownersFile', utcDay(), language, ownerExportColumns(language), pages);
    },
  );

  app.get(
    routePath(API.exportVetReminders),
    csvCall(
      'The reminders of a day, a range or the overdue ones as CSV, with the same filters and order as GetVetReminders',
      VetRemindersExportQuery,
    ),
    async (request, reply) => {
      const language = requestLanguage(request);
      const today = utcDay();
      const filters = readReminderFilters(request.query, today);
      const pages = remindersInPages(app.db, base, request.clinic.clinicId, filters);
      return sendCsv(
        reply,
        'remindersFile',
        reminderFileDays(filters.range, today),
        language,
        reminderExportColumns(language),
        pages,
      );
    },
  );
};

export default vetExportRoutes;
