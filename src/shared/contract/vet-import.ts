/**
 * Contract of the import of a clinic's patients from a CSV file (issue 32 item 6, docs/decisions/0168):
 * ImportVetPatients (multipart: the CSV in a part named `file`, an optional `json` part with the wizard's
 * column mapping; `dryRun=true` in the query writes nothing) and UndoImport. Conventions as in vet.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from '#shared/contract/schema-parts';
import { IMPORT_FIELDS } from '#shared/contract/import-fields';

const ImportFieldName = Type.Union(IMPORT_FIELDS.map((f) => Type.Literal(f)));

/** The key the wizard chooses to follow an import's progress: random, unguessable (GetImportProgress). */
const ProgressKey = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$', description: '16 to 64 of A-Z a-z 0-9 _ -' });

export const ImportVetPatientsQuery = Type.Object({
  dryRun: Type.Boolean({ default: false, description: 'true: check and count, write nothing' }),
  progressKey: Type.Optional(
    Type.String({
      ...ProgressKey,
      description:
        'Pawtal addition: a random key (16 to 64 of A-Z a-z 0-9 _ -) to follow the import with GetImportProgress',
    }),
  ),
});
export type ImportVetPatientsQuery = Static<typeof ImportVetPatientsQuery>;

/**
 * The `json` part (optional): `mapping[i]` is the field the file's column i fills, null to leave it out. Without
 * it the server maps the columns from their headers (the pet form's labels or the export's headers, in any
 * shipped language).
 */
export const ImportVetPatientsPayload = Type.Object(
  { mapping: Type.Optional(Type.Array(Nullable(ImportFieldName), { maxItems: 200 })) },
  { additionalProperties: false },
);
export type ImportVetPatientsPayload = Static<typeof ImportVetPatientsPayload>;

/** A row refused, or a value of it: `line` is the file's line (the header is line 1). */
const ImportError = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  /** the field whose value is wrong, null for the row as a whole */
  field: Nullable(ImportFieldName),
  message: Type.String(),
});
export type ImportError = Static<typeof ImportError>;

export const ImportVetPatientsResult = Type.Object({
  /** the import's id for UndoImport; null on a dry run */
  importId: Nullable(Id),
  /** rows read (the header aside) */
  rows: Type.Integer(),
  /** pets created (a dry run: that would be) */
  created: Type.Integer(),
  errors: Type.Array(ImportError),
  /** rows whose owner is already one of the clinic's (same e-mail, or same phone digits and name): they join them */
  duplicates: Type.Integer(),
  /** Pawtal addition for the wizard: each of the file's columns, its header and the field it filled */
  columns: Type.Array(Type.Object({ header: Type.String(), field: Nullable(ImportFieldName) })),
});
export type ImportVetPatientsResult = Static<typeof ImportVetPatientsResult>;

export const UndoImportBody = Type.Object({ importId: Id });
export type UndoImportBody = Static<typeof UndoImportBody>;

export const ImportUndone = Type.Object({ deleted: Type.Integer({ description: 'pets deleted (restorable)' }) });
export type ImportUndone = Static<typeof ImportUndone>;

export const ImportProgressQuery = Type.Object({ progressKey: ProgressKey });
export type ImportProgressQuery = Static<typeof ImportProgressQuery>;

/** Pawtal addition (docs/decisions/0193): how far an import has come; `reading` counts rows read, `writing` pets written. */
export const ImportProgress = Type.Object({
  stage: Type.Union([Type.Literal('reading'), Type.Literal('writing'), Type.Literal('done')]),
  done: Type.Integer({ minimum: 0 }),
  /** pets to write (0 while reading) */
  total: Type.Integer({ minimum: 0 }),
});
export type ImportProgress = Static<typeof ImportProgress>;
