import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { HistoryAction, HistoryChange, HistoryEntity, HistoryValue } from '#shared/contract/vet-records';
import { ERASED_HISTORY_VALUE } from '#shared/contract/vet-record-values';
import type { Db } from '#server/db/client';
import { recordHistory } from '#server/db/schema';
import type { Actor } from '#server/auth/acting-user';
import { VersionConflictError } from '#server/http/errors';

/**
 * Writing the history of a clinic's records (docs/decisions/0097). Every write of a pet, visit,
 * record or picture calls writeHistory inside its own transaction, so an entry exists exactly when
 * its change was committed. Values are what a person reads (a breed's title, a user's name, a
 * weight with its unit), never file bytes.
 */
export interface HistoryWrite {
  /** null for an owner's entry (issue 32) */
  petProfileId: number | null;
  vetVisitId?: number | null;
  entity: HistoryEntity;
  entityId: number;
  action: HistoryAction;
  /** the pet's version after a pet entry; the visit's after an entry of a visit or its records */
  version?: number | null;
  changes: HistoryChange[];
}

/** History entries per statement (PostgreSQL takes at most 65,535 parameters in one): a caller of many chunks them. */
export const HISTORY_PER_STATEMENT = 1000;

/** Appends `entries` for `actor` (userName '' for the server itself: a purge), all at one instant. */
export async function writeHistory(
  tx: Db,
  actor: Actor,
  entries: HistoryWrite[],
  at: Date = new Date(),
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(recordHistory).values(
    entries.map((e) => ({
      clinicId: actor.clinicId,
      petProfileId: e.petProfileId,
      vetVisitId: e.vetVisitId ?? null,
      entity: e.entity,
      entityId: e.entityId,
      action: e.action,
      version: e.version ?? null,
      userId: actor.userId,
      userName: actor.userName,
      changes: e.changes,
      at,
    })),
  );
}

/** What carries a version a save is checked against. */
type VersionedEntity = 'pet' | 'visit' | 'owner' | 'protocol' | 'schedule' | 'reminder' | 'clinic' | 'visitRequest';

type Values<F extends string> = Record<F, HistoryValue>;

/**
 * The changed fields between two states of one thing, in `fields` order. Without `before` (it is
 * new) every field that holds something is listed from null; without `after` (it is gone) every
 * field that held something, to null.
 */
export function fieldChanges<F extends string>(
  fields: readonly F[],
  before: Values<F> | null,
  after: Values<F> | null,
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const from = before ? normalise(before[field]) : null;
    const to = after ? normalise(after[field]) : null;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** '' and null both mean "nothing" (an optional text cleared is not a change from null to ''). */
function normalise(value: HistoryValue | undefined): HistoryValue {
  return value === undefined || value === '' ? null : value;
}

/**
 * Who made version `version` of a pet or visit, as this clinic may learn it: the entry that wrote
 * that version when this clinic wrote it, else null (another clinic, or a writer outside Pawtal).
 * A visit's version moves with its records too: any entry of the visit with that version counts.
 */
async function versionAuthor(
  db: Db,
  clinicId: number,
  entity: VersionedEntity,
  entityId: number,
  version: number,
): Promise<{ userName: string; at: Date } | null> {
  const which =
    entity === 'visit'
      ? and(eq(recordHistory.vetVisitId, entityId), eq(recordHistory.version, version))
      : and(eq(recordHistory.entity, entity), eq(recordHistory.entityId, entityId), eq(recordHistory.version, version));
  const [entry] = await db
    .select({ userName: recordHistory.userName, at: recordHistory.at, clinicId: recordHistory.clinicId })
    .from(recordHistory)
    .where(which)
    .limit(1);
  return entry && entry.clinicId === clinicId ? { userName: entry.userName, at: entry.at } : null;
}

/**
 * The version check of a save (docs/decisions/0096): `sent` is the version the user's form was read
 * at (undefined: an older client, saved as before). A row that has moved on since is refused with
 * HTTP 409 naming who saved the newer version and when; the caller holds the row's lock.
 */
export async function assertVersion(
  db: Db,
  clinicId: number,
  entity: VersionedEntity,
  entityId: number,
  current: number,
  sent: number | undefined,
): Promise<void> {
  if (sent === undefined || sent === current) return;
  const author = await versionAuthor(db, clinicId, entity, entityId, current);
  throw new VersionConflictError(entity, {
    changedBy: author?.userName ?? '',
    changedAt: author ? author.at.toISOString() : null,
    version: current,
  });
}

/**
 * The fields whose values are clinical text or an owner's contact data: a purge blanks them in the history of what
 * it removed (issue 32), so "removed for good" holds for the history too. The entries stay, with their fields.
 */
const PRIVATE_HISTORY_FIELDS = ['notes', 'value', 'ownerName', 'ownerPhone', 'ownerEmail', 'name', 'phone', 'email'];

/**
 * Sets to null the from and to of every private field in the clinic's history entries that `which` selects (a pet's,
 * a visit's, or an owner's own entries).
 */
export async function blankPrivateHistoryValues(
  tx: Db,
  clinicId: number,
  which: { petProfileId: number } | { vetVisitId: number } | { ownerId: number },
): Promise<void> {
  const fields = sql.join(
    PRIVATE_HISTORY_FIELDS.map((f) => sql`${f}`),
    sql`, `,
  );
  const entries: SQL =
    'vetVisitId' in which
      ? sql`${recordHistory.vetVisitId} = ${which.vetVisitId}`
      : 'ownerId' in which
        ? sql`${recordHistory.entity} = 'owner' and ${recordHistory.entityId} = ${which.ownerId}`
        : sql`${recordHistory.petProfileId} = ${which.petProfileId}`;
  await redactingHistory(
    tx,
    sql`update ${recordHistory}
    set changes = (select coalesce(jsonb_agg(case when c->>'field' in (${fields})
        then jsonb_build_object('field', c->'field', 'from', null, 'to', null) else c end order by n), '[]'::jsonb)
      from jsonb_array_elements(${recordHistory.changes}) with ordinality as e(c, n))
    where ${recordHistory.clinicId} = ${clinicId} and ${entries}`,
  );
}

/** Runs `update` as the one exception to the history's append-only trigger (migration 0042), for this transaction. */
async function redactingHistory(tx: Db, update: SQL): Promise<void> {
  await tx.execute(sql`select set_config('pawtal.redact_history', 'on', true)`);
  await tx.execute(update);
  await tx.execute(sql`select set_config('pawtal.redact_history', 'off', true)`);
}

/** The fields of pet and owner entries that hold an owner's contact data. */
const CONTACT_HISTORY_FIELDS = ['ownerName', 'ownerPhone', 'ownerEmail', 'name', 'phone', 'email'];

/** What an owner's erasure looks for in the clinic's history (issue 32, item 7; docs/decisions/0182). */
export interface ErasedContact {
  /** the erased owners: every contact field and the notes of their own entries */
  ownerIds: number[];
  /** every value they were known by (names, phones, e-mails, note lines), trimmed and lower-case */
  values: string[];
  /** their phones' digits (6 or more) */
  phoneDigits: string[];
}

/**
 * An owner's erasure in the clinic's history: each value of a contact field of a pet or owner entry that is one of
 * `erased`'s values (a phone also by its digits), and every contact field and the notes of the erased owners' own
 * entries, become ERASED_HISTORY_VALUE (null stays null). The entries stay, with their fields.
 */
export async function eraseContactHistoryValues(tx: Db, clinicId: number, erased: ErasedContact): Promise<void> {
  const values = JSON.stringify(erased.values);
  const digits = JSON.stringify(erased.phoneDigits);
  const owners = JSON.stringify(erased.ownerIds);
  const contactFields = sql.join(
    CONTACT_HISTORY_FIELDS.map((f) => sql`${f}`),
    sql`, `,
  );
  const ownEntry = sql`(r.entity = 'owner' and r.entity_id in (select jsonb_array_elements_text(${owners}::jsonb)::bigint)
    and c->>'field' in ('name', 'phone', 'email', 'notes'))`;
  const side = (which: 'from' | 'to') => sql`case
      when jsonb_typeof(c->${which}) is distinct from 'string' then c->${which}
      when ${ownEntry} or (c->>'field' in (${contactFields}) and (
        lower(trim(c->>${which})) in (select jsonb_array_elements_text(${values}::jsonb))
        or pawtal_phone_digits(c->>${which}) in (select jsonb_array_elements_text(${digits}::jsonb))))
      then to_jsonb(${ERASED_HISTORY_VALUE}::text)
      else c->${which} end`;
  await redactingHistory(
    tx,
    sql`update ${recordHistory} h set changes = x.changes
      from (select r.id, (select coalesce(jsonb_agg(jsonb_build_object('field', c->'field', 'from', ${side('from')},
                'to', ${side('to')}) order by n), '[]'::jsonb)
              from jsonb_array_elements(r.changes) with ordinality as e(c, n)) as changes
            from ${recordHistory} r
           where r.clinic_id = ${clinicId} and r.entity in ('pet', 'owner') and r.changes <> '[]'::jsonb) x
     where h.id = x.id and h.changes is distinct from x.changes`,
  );
}
