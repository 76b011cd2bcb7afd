import type { FastifyRequest } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { ImportVetPatientsPayload, type ImportError, type ImportVetPatientsResult } from '#shared/contract/vet-import';
import { IMPORT_MAX_BYTES, type ImportField } from '#shared/contract/import-fields';
import type { LanguageCode } from '#shared/languages';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { BadRequestError, UserError } from '#server/http/errors';
import { csvRecords } from '#server/clinic-import/read-csv';
import { fieldOfHeader, loadReferenceTitles } from '#server/clinic-import/import-vocabulary';
import { readImportRow, type ImportedRow } from '#server/clinic-import/import-rows';
import {
  IMPORT_CHUNK_ROWS,
  loadOwnerIndex,
  resolveOwners,
  startImport,
  writeImportChunk,
} from '#server/clinic-import/import-writes';
import type { ReportProgress } from '#server/clinic-import/import-progress';

/** Rows read between two reports of the reading's progress. */
const READ_REPORT_ROWS = 250;

interface ReadFile {
  header: string[];
  mapping: (ImportField | null)[];
  rows: ImportedRow[];
  rowCount: number;
  errors: ImportError[];
}

/** The file's rows read and checked as they arrive: the good ones kept (as form values), the errors of the others. */
async function readImportFile(
  db: Db,
  file: AsyncIterable<Buffer>,
  explicit: (ImportField | null)[] | undefined,
  language: LanguageCode,
  report: ReportProgress,
): Promise<ReadFile> {
  const titles = await loadReferenceTitles(db);
  const read: ReadFile = { header: [], mapping: [], rows: [], rowCount: 0, errors: [] };
  for await (const record of csvRecords(file)) {
    if (read.rowCount === 0 && read.header.length === 0) {
      read.header = record.cells.map((c) => c.trim());
      read.mapping = read.header.map((h, i) => (explicit ? (explicit[i] ?? null) : fieldOfHeader(h)));
      if (read.mapping.every((f) => f === null)) throw new UserError('importNoColumns');
      continue;
    }
    read.rowCount += 1;
    if (read.rowCount % READ_REPORT_ROWS === 0) report({ stage: 'reading', done: read.rowCount, total: 0 });
    const result = readImportRow(record.cells, record.line, read.mapping, titles, language);
    if (result.row) read.rows.push(result.row);
    else read.errors.push(...result.errors);
  }
  if (read.header.length === 0 || read.rowCount === 0) throw new UserError('importEmpty');
  return read;
}

/** The upload's parts: the optional `json` part (the mapping) first, then the `file` part, read as it streams. */
async function readUpload(
  request: FastifyRequest,
  language: LanguageCode,
  db: Db,
  report: ReportProgress,
): Promise<ReadFile> {
  if (!request.isMultipart()) throw new UserError('importNoFile');
  let mapping: (ImportField | null)[] | undefined;
  let read: ReadFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || read) {
          part.file.resume();
          continue;
        }
        read = await readImportFile(db, part.file, mapping, language, report);
      } else if (part.fieldname === 'json' && typeof part.value === 'string') {
        let payload: unknown;
        try {
          payload = JSON.parse(part.value);
        } catch {
          throw new BadRequestError('Malformed JSON in the json part');
        }
        if (!Value.Check(ImportVetPatientsPayload, payload))
          throw new BadRequestError('The json part must be { mapping: [field or null, ...] }');
        mapping = payload.mapping;
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new UserError('importFileTooBig', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
    if (err instanceof UserError || err instanceof BadRequestError) throw err;
    if (typeof code === 'string' && code.startsWith('FST_')) throw BadRequestError.of('malformedMultipart');
    throw err;
  }
  if (!read) throw new UserError('importNoFile');
  return read;
}

/**
 * ImportVetPatients (docs/decisions/0168): the CSV read and every row checked by the pet form's rules; a dry run
 * stops there. Otherwise the good rows are written as one import, a chunk of rows per transaction (each row's owner
 * and pet together), with history entries for the acting person; bad rows never stop the good ones. `report` is
 * told the rows read, then the pets written after each chunk (GetImportProgress).
 */
export async function importClinicPatients(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  dryRun: boolean,
  language: LanguageCode,
  report: ReportProgress,
): Promise<ImportVetPatientsResult> {
  const read = await readUpload(request, language, db, report);
  const owners = resolveOwners(read.rows, await loadOwnerIndex(db, actor.clinicId));
  const answer = {
    rows: read.rowCount,
    created: read.rows.length,
    errors: read.errors,
    duplicates: owners.filter((o) => 'existingId' in o).length,
    columns: read.header.map((header, i) => ({ header, field: read.mapping[i] ?? null })),
  };
  const total = dryRun ? 0 : read.rows.length;
  report({ stage: total === 0 ? 'done' : 'writing', done: 0, total });
  if (total === 0) return { importId: null, ...answer };
  const importId = await startImport(db, actor, read.rowCount);
  const titles = await loadReferenceTitles(db);
  const createdOwners = new Map<string, number>();
  for (let i = 0; i < read.rows.length; i += IMPORT_CHUNK_ROWS) {
    await writeImportChunk(
      db,
      actor,
      importId,
      read.rows.slice(i, i + IMPORT_CHUNK_ROWS),
      owners.slice(i, i + IMPORT_CHUNK_ROWS),
      createdOwners,
      titles,
    );
    const done = Math.min(i + IMPORT_CHUNK_ROWS, total);
    report({ stage: done === total ? 'done' : 'writing', done, total });
  }
  return { importId, ...answer };
}
