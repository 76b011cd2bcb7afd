/**
 * Contract of a clinic's owners (issue 32): the Owners tab's list, an owner with their pets, and saving an owner
 * (SaveVetOwner's body is the shared owner form, src/shared/forms/owner-form.ts). Conventions as in vet.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '#shared/languages';
import { Id, Limit, Nullable, Page } from '#shared/contract/schema-parts';
import { ERASE_PETS_CHOICES } from '#shared/contract/vet-record-values';

const OwnerLanguage = Nullable(Type.Union(LANGUAGES.map((l) => Type.Literal(l.code))));

const VET_OWNER_SORT_FIELDS = ['name', 'petCount', 'created'] as const;

/** The Owners tab's search and sort: one definition for the list (GetVetOwners) and its export (ExportVetOwners). */
const VetOwnerListFilters = {
  searchTerm: Type.String({
    maxLength: 200,
    default: '',
    description: "the owner's name, phone or e-mail: accents and case ignored, a phone also as digits",
  }),
  /** Pawtal addition for the data grid; default: by name */
  sortField: Type.Optional(Type.Union(VET_OWNER_SORT_FIELDS.map((f) => Type.Literal(f)))),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

export const VetOwnersQuery = Type.Object({ offset: Page, limit: Limit, ...VetOwnerListFilters });
export type VetOwnersQuery = Static<typeof VetOwnersQuery>;

/** ExportVetOwners: every owner GetVetOwners would list with the same search, in its order. */
export const VetOwnersExportQuery = Type.Object(VetOwnerListFilters);
export type VetOwnersExportQuery = Static<typeof VetOwnersExportQuery>;
export type VetOwnerSortField = (typeof VET_OWNER_SORT_FIELDS)[number];

export const VetOwner = Type.Object({
  ID: Id,
  name: Type.String(),
  phone: Type.String(),
  /** '' when none */
  email: Type.String(),
  /** null: the clinic's language */
  language: OwnerLanguage,
  remindersByEmail: Type.Boolean(),
  /** their patients at this clinic (deleted ones aside) */
  petCount: Type.Integer(),
});
export type VetOwner = Static<typeof VetOwner>;

export const VetOwnersResult = Type.Object({ owners: Type.Array(VetOwner), count: Type.Integer() });
export type VetOwnersResult = Static<typeof VetOwnersResult>;

export const VetOwnerDetailsQuery = Type.Object({ ownerId: Id });
export type VetOwnerDetailsQuery = Static<typeof VetOwnerDetailsQuery>;

/** One of an owner's pets. */
const VetOwnerPet = Type.Object({
  petProfileId: Id,
  petName: Type.String(),
  petTypeId: Id,
  petBreedId: Id,
  petImage: Type.String(),
});

export const VetOwnerDetails = Type.Object({
  ...VetOwner.properties,
  notes: Type.String(),
  /** send it back with SaveVetOwner: a save over a newer version is refused (409) */
  version: Type.Integer({ minimum: 1 }),
  pets: Type.Array(VetOwnerPet),
});
export type VetOwnerDetails = Static<typeof VetOwnerDetails>;

export const VetOwnerSaved = Type.Object({ ownerId: Id });
export type VetOwnerSaved = Static<typeof VetOwnerSaved>;

/** Why GetVetOwnerDuplicates suggests a pair: the same e-mail, the same phone digits, the same name and similar phone. */
const DuplicateReason = Type.Union([Type.Literal('email'), Type.Literal('phone'), Type.Literal('name')]);

/** A suggested pair: `keep` (more pets, else the older record) is the one suggested to keep. */
const VetOwnerDuplicate = Type.Object({ reason: DuplicateReason, keep: VetOwner, merge: VetOwner });
export type VetOwnerDuplicate = Static<typeof VetOwnerDuplicate>;

export const VetOwnerDuplicatesResult = Type.Object({ pairs: Type.Array(VetOwnerDuplicate) });
export type VetOwnerDuplicatesResult = Static<typeof VetOwnerDuplicatesResult>;

/** MergeVetOwners: every pet of `mergeOwnerId` goes to `keepOwnerId`, which keeps the fuller contact data. */
export const MergeVetOwnersBody = Type.Object({ keepOwnerId: Id, mergeOwnerId: Id });
export type MergeVetOwnersBody = Static<typeof MergeVetOwnersBody>;

/** RestoreVetOwner: undoes the merge of owner `ownerId` (the merged one) within the restore window. */
export const RestoreVetOwnerBody = Type.Object({ ownerId: Id });
export type RestoreVetOwnerBody = Static<typeof RestoreVetOwnerBody>;

// ---------------------------------------------------------------- an owner's rights (issue 32, item 7)

/** ExportVetOwnerData: everything the clinic keeps of one of its owners. */
export const VetOwnerDataQuery = Type.Object({ ownerId: Id });
export type VetOwnerDataQuery = Static<typeof VetOwnerDataQuery>;

const ExportedVisit = Type.Object({
  ID: Id,
  visitDate: Type.String({ description: 'yyyy-mm-dd' }),
  vetName: Type.String(),
  notes: Type.String(),
  isFinished: Type.Boolean(),
});

const ExportedRecord = Type.Object({
  ID: Id,
  /** null: a record the owner's Pawtal account or another source wrote for this clinic, outside a visit */
  vetVisitId: Nullable(Id),
  /** the record's kind by its stored title (Weight, Vaccinations, Consultations ...) */
  categoryType: Type.String(),
  actionDate: Type.String({ description: 'yyyy-mm-dd' }),
  recordValue: Type.String(),
  unitOfMeasure: Type.String(),
  nextReminderDate: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
  notes: Type.String(),
});

/** A reminder e-mail the clinic queued or sent for one of the owner's pets. */
const ExportedReminder = Type.Object({
  wellnessRecordId: Id,
  reminderDate: Type.String({ description: 'yyyy-mm-dd: the day the reminder was due' }),
  /** the e-mail's state: queued, sending, sent, failed, dropped */
  status: Type.String(),
  sentAt: Nullable(Type.String({ description: 'ISO 8601 timestamp (UTC)' })),
});

const ExportedPet = Type.Object({
  petProfileId: Id,
  petName: Type.String(),
  petType: Type.String(),
  petBreed: Type.String(),
  dob: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
  petGender: Type.String(),
  isSterilized: Nullable(Type.Boolean()),
  bloodType: Type.String(),
  microChipId: Type.String(),
  color: Type.String(),
  visits: Type.Array(ExportedVisit),
  records: Type.Array(ExportedRecord),
  remindersSent: Type.Array(ExportedReminder),
});

export const VetOwnerData = Type.Object({
  exportedAt: Type.String({ description: 'ISO 8601 timestamp (UTC)' }),
  owner: Type.Object({
    ...VetOwner.properties,
    notes: Type.String(),
    addedAt: Type.String({ description: 'ISO 8601 timestamp (UTC)' }),
  }),
  /** their patients at this clinic (deleted ones aside) */
  pets: Type.Array(ExportedPet),
});
export type VetOwnerData = Static<typeof VetOwnerData>;

/**
 * EraseVetOwner: the owner's contact data removed everywhere the clinic keeps it (docs/decisions/0182); `pets`: the
 * admin's choice for their pets.
 */
export const EraseVetOwnerBody = Type.Object({
  ownerId: Id,
  pets: Type.Union(
    ERASE_PETS_CHOICES.map((c) => Type.Literal(c)),
    { description: 'keep: the pets stay patients without contact data; delete: they are deleted (restorable)' },
  ),
});
export type EraseVetOwnerBody = Static<typeof EraseVetOwnerBody>;

export const VetOwnerErased = Type.Object({
  /** the owner's pets kept as patients, or deleted, as `pets` asked */
  pets: Type.Integer(),
});
export type VetOwnerErased = Static<typeof VetOwnerErased>;
