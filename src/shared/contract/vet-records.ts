/**
 * Contract of the clinic's record-keeping calls (issue 20): a pet's history of changes, the
 * recently deleted pets and visits with their restore calls, and the answer to a save over a
 * version its user never saw (HTTP 409). Conventions as in vet.ts (1-based `offset`, ISO dates).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Limit, Page } from '#shared/contract/schema-parts';

const Timestamp = Type.String({ description: 'ISO 8601 timestamp (UTC)' });

// ---------------------------------------------------------------- history

/** What a history entry is about. A record's kind names its group in the Edit Visit form. */
const HISTORY_ENTITIES = [
  'pet',
  'visit',
  'weight',
  'vaccination',
  'antiparasitic',
  'consultation',
  'picture',
  /** issue 32: a clinic's owner (entries without a pet) */
  'owner',
  /** issue 33: a clinic's reminder protocol (entries without a pet) */
  'protocol',
  /** issue 33: the clinic's schedule of reminder notices (entries without a pet; entityId is the clinic's) */
  'schedule',
  /** issue 33: a notice the clinic's schedule sent of a reminder (entityId is the reminder's record) */
  'notice',
  /** issue 33: a reminder marked done, snoozed or reopened (entityId is its wellness record's) */
  'reminder',
  /** issue 33: an owner's visit request and the clinic's answer (entries without a pet) */
  'visitRequest',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/**
 * purge: removed for good by the server when the time to restore ran out. erase: an owner's contact data erased at
 * their request (issue 32, item 7).
 */
const HISTORY_ACTIONS = ['create', 'change', 'delete', 'restore', 'purge', 'erase'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * The fields a history entry names, by entity. Values are what the field held: text, a number, a
 * flag, an ISO date for the date fields (`dob`, `date`, `nextReminderDate`), null for nothing.
 * `photo` and a picture's file never carry bytes: `photo` is true when there is one.
 */
export const HISTORY_FIELDS = {
  pet: [
    'petName',
    'petType',
    'petBreed',
    'dob',
    'gender',
    'isSterilized',
    'bloodType',
    'microChipId',
    'photo',
    'ownerName',
    'ownerPhone',
    'ownerEmail',
  ],
  visit: ['visitDate', 'vetUser', 'notes', 'isFinished'],
  weight: ['value', 'date'],
  vaccination: ['value', 'date', 'nextReminderDate'],
  antiparasitic: ['value', 'date', 'nextReminderDate'],
  consultation: ['value', 'notes', 'date', 'nextReminderDate'],
  picture: ['notes'],
  owner: ['name', 'phone', 'email', 'language', 'remindersByEmail', 'notes'],
  protocol: ['title', 'petType', 'minAgeWeeks', 'maxAgeWeeks', 'intervalDays'],
  schedule: ['enabled', 'stages', 'sendHour', 'timeZone'],
  notice: ['stage', 'nextReminderDate'],
  reminder: ['state', 'until'],
  /** `message`: what the clinic wrote with an acceptance (a decline's is `declineMessage`) */
  visitRequest: ['state', 'preferredDays', 'partOfDay', 'note', 'visitDate', 'declineMessage', 'message'],
} as const satisfies Record<HistoryEntity, readonly string[]>;

const HistoryValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export type HistoryValue = Static<typeof HistoryValue>;

export const HistoryChange = Type.Object({ field: Type.String(), from: HistoryValue, to: HistoryValue });
export type HistoryChange = Static<typeof HistoryChange>;

export const HistoryEntry = Type.Object({
  at: Timestamp,
  /** the acting staff user's name then; the clinic's name when no staff user was named; '' for the server (purge) */
  userName: Type.String(),
  action: Type.Union(HISTORY_ACTIONS.map((a) => Type.Literal(a))),
  entity: Type.Union(HISTORY_ENTITIES.map((e) => Type.Literal(e))),
  changes: Type.Array(HistoryChange),
  /**
   * Pawtal addition: the date of the visit a visit or record entry belongs to (null for the pet, or a visit purged
   * since)
   */
  visitDate: Type.Union([Type.String(), Type.Null()]),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const VetPetHistoryQuery = Type.Object({ petProfileId: Id, offset: Page, limit: Limit });
export type VetPetHistoryQuery = Static<typeof VetPetHistoryQuery>;

export const VetPetHistoryResult = Type.Object({
  entries: Type.Array(HistoryEntry),
  count: Type.Integer(),
  /**
   * Pawtal addition: the units a weight's value is written with ("12.4 kg"), so a reader's language can show its own
   * unit
   */
  units: Type.Array(Type.Object({ id: Id, title: Type.String() })),
});
export type VetPetHistoryResult = Static<typeof VetPetHistoryResult>;

// ---------------------------------------------------------------- deleted, restore

export const RestoreVetVisitBody = Type.Object({ vetVisitId: Id });
export type RestoreVetVisitBody = Static<typeof RestoreVetVisitBody>;

export const RestoreVetPetBody = Type.Object({ petId: Id });
export type RestoreVetPetBody = Static<typeof RestoreVetPetBody>;

export const DeletedVetItemsQuery = Type.Object({ offset: Page, limit: Limit });
export type DeletedVetItemsQuery = Static<typeof DeletedVetItemsQuery>;

/**
 * A deleted pet (kind pet, id = pet id) or visit (kind visit, id = visit id), or an owner merged into another (kind
 * owner, id = the merged owner's id; issue 32), the clinic can still restore.
 */
export const DeletedVetItem = Type.Object({
  kind: Type.Union([Type.Literal('pet'), Type.Literal('visit'), Type.Literal('owner')]),
  id: Id,
  /** null for an owner */
  petProfileId: Type.Union([Id, Type.Null()]),
  /** the pet's name; an owner's name (kind owner) */
  petName: Type.String(),
  /** kind owner: the name of the owner they were merged into */
  mergedInto: Type.Optional(Type.String()),
  petImage: Type.String(),
  /** the visit's date (kind visit), else null */
  visitDate: Type.Union([Type.String(), Type.Null()]),
  deletedAt: Timestamp,
  /** who deleted it (as in the history) */
  deletedBy: Type.String(),
  /** after this it is purged and can no longer be restored */
  restoreUntil: Timestamp,
});
export type DeletedVetItem = Static<typeof DeletedVetItem>;

export const DeletedVetItemsResult = Type.Object({ items: Type.Array(DeletedVetItem), count: Type.Integer() });
export type DeletedVetItemsResult = Static<typeof DeletedVetItemsResult>;

// ---------------------------------------------------------------- version conflicts

/** The data of a 409 answer: who saved the version the request did not know, and when. */
export const VersionConflict = Type.Object({
  /** '' when it was someone outside this clinic */
  changedBy: Type.String(),
  changedAt: Type.Union([Timestamp, Type.Null()]),
  /** the version now stored */
  version: Type.Integer(),
});
export type VersionConflict = Static<typeof VersionConflict>;
