/**
 * Contract of the clinic portal calls (SPEC.md §3 and §7 "Vet portal"): request and answer
 * shapes with SPEC.md's exact field names, PascalCase where SPEC.md has it.
 *
 * Conventions:
 * - `offset` is the 1-based page number; `limit` the page size (default 4, at most MAX_PAGE_SIZE).
 * - Dates are 'YYYY-MM-DD' strings.
 * - Image addresses (`petImage`, `petTypeImage`) are addresses under the site ("/media/...", so they load whatever host
 * name the visitor used); an address equal to the media base
 *   (`HostLink` / `ImageHostLink`) means "no image". `ImagePath` is relative to that base.
 * - `age` is whole years, null when the date of birth is unknown.
 */
import { Type, type Static } from '@sinclair/typebox';
import { GRID_VIEW_NAME_MAX, GRID_VIEW_STATE_MAX_BYTES, PET_DUE_STATUSES } from '#shared/constants';
import { Id, IsoDate, Limit, Nullable, Page, PetSummaryFields } from '#shared/contract/schema-parts';
import { STAFF_ROLES } from '#shared/staff-roles';

/** A successful call that answers no data. */
export const VetNoData = Type.Null();

// ---------------------------------------------------------------- login / logout

export const VetLoginBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
});
export type VetLoginBody = Static<typeof VetLoginBody>;

/** A staff role (src/shared/staff-roles.ts). */
export const StaffRoleSchema = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));

/** A staff user of the clinic account (issue 31: with their role). */
export const VetUser = Type.Object({ ID: Id, Name: Type.String(), Role: StaffRoleSchema });
export type VetUser = Static<typeof VetUser>;

/** Pet type in the logged-in session: icon address = HostLink + Image. */
export const VetPetType = Type.Object({
  ID: Id,
  Title: Type.String(),
  /** the public media base address */
  HostLink: Type.String(),
  /** path relative to HostLink */
  Image: Type.String(),
});
export type VetPetType = Static<typeof VetPetType>;

export const VetLoginResult = Type.Object({
  token: Type.String(),
  /** the clinic's active staff, its first administrator first */
  users: Type.Array(VetUser),
  pettypes: Type.Array(VetPetType),
  /** issue 31: who the session is (after a PIN switch, SwitchUser answers the new one) */
  currentUserId: Id,
  /** Pawtal addition: the clinic requires two-factor sign-in and this person has not set it up yet */
  twoFactorSetupRequired: Type.Boolean(),
});
export type VetLoginResult = Static<typeof VetLoginResult>;

/** Login's answer when the person has two-factor sign-in on: no token yet; LoginTwoFactor finishes it. */
const VetTwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  /** one-time, for LoginTwoFactor, valid for a few minutes */
  challenge: Type.String(),
});

/** What Login answers: the session, or the second step of a two-factor sign-in. */
export const VetLoginAnswer = Type.Union([VetLoginResult, VetTwoFactorChallenge]);
export type VetLoginAnswer = Static<typeof VetLoginAnswer>;

/**
 * Pawtal addition (GetVetClinic): the clinic of the session as its printouts name it. Read at
 * print time, not kept in the stored login, so a changed address prints at once.
 */
export const VetClinic = Type.Object({
  name: Type.String(),
  /** postal address, one line per line ('\n'); '' when the clinic has none */
  address: Type.String(),
  /** '' when none */
  phone: Type.String(),
  /** Pawtal addition (issue 32): the language of its owners who have none of their own (their printouts' default) */
  language: Type.String(),
  /** issue 33: where owners' replies to the clinic's e-mails go; '' when none */
  email: Type.String(),
  /** issue 33: the version of the contact settings (phone, e-mail), sent back by SaveClinicContact */
  contactVersion: Type.Integer(),
});
export type VetClinic = Static<typeof VetClinic>;
export const ClinicContactSaved = Type.Object({ contactVersion: Type.Integer() });
export type ClinicContactSaved = Static<typeof ClinicContactSaved>;

// ---------------------------------------------------------------- pets

const VET_PET_SORT_FIELDS = ['name', 'age', 'dob', 'type', 'breed', 'owner', 'created', 'due'] as const;
export type VetPetSortField = (typeof VET_PET_SORT_FIELDS)[number];

const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
/** Whole years, for the age filters. */
const AgeYears = Type.Integer({ minimum: 0, maximum: 100 });
const SearchTerm = Type.String({
  maxLength: 200,
  default: '',
  description: 'accents and case ignored; a phone number is also matched as digits (docs/decisions/0110)',
});

/** Sterilised: yes, no, or not known (SPEC.md's null). */
const STERILIZED_FILTERS = ['true', 'false', 'unknown'] as const;
export type SterilizedFilter = (typeof STERILIZED_FILTERS)[number];

const PetDueStatus = Type.Union(PET_DUE_STATUSES.map((s) => Type.Literal(s)));

/**
 * The Pets tab's search and filters (Pawtal additions beside SPEC.md's searchTerm, issue 21): one
 * definition for the list (GetVetPets) and its export (ExportVetPets).
 */
const VetPetFilters = {
  searchTerm: SearchTerm,
  petTypeId: Type.Optional(Id),
  petBreedId: Type.Optional(Id),
  genderId: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  isSterilized: Type.Optional(Type.Union(STERILIZED_FILTERS.map((f) => Type.Literal(f)))),
  /** at least this many whole years old (a pet without a date of birth is left out) */
  ageFrom: Type.Optional(AgeYears),
  /** at most this many whole years old */
  ageTo: Type.Optional(AgeYears),
  /** Pawtal addition (issue 33): only pets with this reminder status */
  dueStatus: Type.Optional(PetDueStatus),
  /** Pawtal addition for the data grid; default: newest patients first */
  sortField: Type.Optional(Type.Union(VET_PET_SORT_FIELDS.map((f) => Type.Literal(f)))),
  sortOrder: Type.Optional(SortOrder),
};

export const VetPetsQuery = Type.Object({ offset: Page, limit: Limit, ...VetPetFilters });
export type VetPetsQuery = Static<typeof VetPetsQuery>;

/** ExportVetPets: every pet GetVetPets would list with the same search and filters, in its order. */
export const VetPetsExportQuery = Type.Object(VetPetFilters);
export type VetPetsExportQuery = Static<typeof VetPetsExportQuery>;
/** The search and filters of the Pets tab, without paging (the list and its export). */
export type VetPetListFilters = VetPetsExportQuery;

/** Pet list item of the Pets tab and of the new-visit pet search. */
export const VetPet = Type.Object({
  /** pet profile id */
  ID: Id,
  Name: Type.String(),
  petName: Type.String(),
  age: Nullable(Type.Integer()),
  petImage: Type.String(),
  petType: Type.String(),
  petTypeId: Id,
  petTypeImage: Type.String(),
  petBreed: Type.String(),
  petBreedId: Id,
  dob: Nullable(IsoDate),
  OwnerNameForVet: Type.String(),
  OwnerPhoneForVet: Type.String(),
  /** '' when none */
  OwnerEmailForVet: Type.String(),
  /** Pawtal addition (issue 33): the pet's reminder status at the clinic today */
  dueStatus: PetDueStatus,
});
export type VetPet = Static<typeof VetPet>;

export const VetPetsResult = Type.Object({ pets: Type.Array(VetPet), count: Type.Integer() });
export type VetPetsResult = Static<typeof VetPetsResult>;

export const VetPetDetailsQuery = Type.Object({ petProfileId: Id });
export type VetPetDetailsQuery = Static<typeof VetPetDetailsQuery>;

/**
 * Pet profile details (Pet Profile modal) and the pet "as read for edit" (Edit Pet form).
 * `petGender` is 'Male' | 'Female'; `weight` is the latest weight with its unit ('' when none).
 */
export const VetPetDetails = Type.Object({
  petProfileId: Id,
  ...PetSummaryFields,
  petGender: Type.String(),
  petGenderId: Type.Integer(),
  /** Pawtal addition (issue 32): the pet's owner at this clinic (GetVetOwnerDetails); the three fields below are theirs */
  ownerId: Type.Optional(Nullable(Id)),
  ownerNameForVet: Type.String(),
  ownerPhoneForVet: Type.String(),
  ownerEmailForVet: Type.String(),
  dob: Nullable(IsoDate),
  isSterilized: Nullable(Type.Boolean()),
  bloodType: Type.String(),
  microChipId: Type.String(),
  /** Pawtal addition (the vaccination certificate): the coat colour as stored, '' when none */
  color: Type.String(),
  weight: Type.String(),
  /** Pawtal addition: the latest weight's value as recorded and its unit's id (null when none) */
  weightValue: Nullable(Type.String()),
  weightUnitId: Nullable(Id),
  petImage: Type.String(),
  /** send it back with UpdateVetPet: a save over a newer version is refused (409) */
  version: Type.Integer({ minimum: 1 }),
});
export type VetPetDetails = Static<typeof VetPetDetails>;

export const VetPetVisitsQuery = Type.Object({ petProfileId: Id, offset: Page, limit: Limit });
export type VetPetVisitsQuery = Static<typeof VetPetVisitsQuery>;

/** Visit history entry. */
const VetPetVisit = Type.Object({ id: Id, visitDate: IsoDate, vetName: Type.String() });
type VetPetVisit = Static<typeof VetPetVisit>;

export const VetPetVisitsResult = Type.Object({ visits: Type.Array(VetPetVisit), count: Type.Integer() });
export type VetPetVisitsResult = Static<typeof VetPetVisitsResult>;

// The pet as sent on create and update (CreateVetPet / UpdateVetPet): one definition, the shared
// form of src/shared/forms/pet-form.ts (createPetForm, updatePetForm).

export const VetPetSaved = Type.Object({ petProfileId: Id });
export type VetPetSaved = Static<typeof VetPetSaved>;

export const DeleteVetPetBody = Type.Object({ petId: Id });
export type DeleteVetPetBody = Static<typeof DeleteVetPetBody>;

// ---------------------------------------------------------------- visits

const VET_VISIT_SORT_FIELDS = ['date', 'pet', 'owner', 'vet'] as const;
export type VetVisitSortField = (typeof VET_VISIT_SORT_FIELDS)[number];

export const VetVisitsQuery = Type.Object({
  /** 0 active, 1 completed, 2 all */
  isFinished: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { default: 0 }),
  offset: Page,
  limit: Limit,
  /** Pawtal addition (issue 21): visits on or after this day */
  dateFrom: Type.Optional(IsoDate),
  /** Pawtal addition: visits on or before this day */
  dateTo: Type.Optional(IsoDate),
  /** Pawtal addition: the pet's name, the owner's name, phone or e-mail (as GetVetPets searches) */
  searchTerm: Type.Optional(SearchTerm),
  /** Pawtal addition; default: newest visit date first */
  sortField: Type.Optional(Type.Union(VET_VISIT_SORT_FIELDS.map((f) => Type.Literal(f)))),
  /** default: desc for date, asc for the others */
  sortOrder: Type.Optional(SortOrder),
});
export type VetVisitsQuery = Static<typeof VetVisitsQuery>;

export const VetVisit = Type.Object({
  ID: Id,
  PetProfileID: Id,
  ...PetSummaryFields,
  OwnerNameForVet: Type.String(),
  OwnerPhoneForVet: Type.String(),
  OwnerEmailForVet: Type.String(),
  VisitDate: IsoDate,
  petImage: Type.String(),
  isFinished: Type.Boolean(),
  VetUserID: Nullable(Id),
  /** '' when the visit has no vet user */
  VetName: Type.String(),
});
export type VetVisit = Static<typeof VetVisit>;

export const VetVisitsResult = Type.Object({ visits: Type.Array(VetVisit), count: Type.Integer() });
export type VetVisitsResult = Static<typeof VetVisitsResult>;

export const VetVisitDetailsQuery = Type.Object({ vetVisitId: Id });
export type VetVisitDetailsQuery = Static<typeof VetVisitDetailsQuery>;

/** Wellness record (vet side). */
export const WellnessRecord = Type.Object({
  ID: Id,
  PetProfileId: Id,
  /** ISO timestamp */
  CreatedDate: Type.String(),
  ActionDate: IsoDate,
  VetVisitID: Nullable(Id),
  NextReminderDate: Nullable(IsoDate),
  WellnessPropertyValue: Type.String(),
  PetWellnessCategoryTypeId: Id,
  GenUnitOfMeasureId: Nullable(Id),
  VetName: Type.String(),
  /**
   * relative to ImageHostLink; '' when none. A visit picture's carries its signed link's expiry and signature
   * (docs/decisions/0099)
   */
  ImagePath: Type.String(),
  ImageHostLink: Type.String(),
  Notes: Type.String(),
  isDeleted: Type.Boolean(),
});
export type WellnessRecord = Static<typeof WellnessRecord>;

const UnitOfMeasure = Type.Object({ id: Id, title: Type.String() });
type UnitOfMeasure = Static<typeof UnitOfMeasure>;

export const VetVisitDetails = Type.Object({
  visit: Type.Object({
    ID: Id,
    PetProfileID: Id,
    VetUserID: Nullable(Id),
    Notes: Type.String(),
    VisitDate: IsoDate,
    isFinished: Type.Boolean(),
    /** send it back with SaveVetVisit (`version`): a save over a newer version is refused (409) */
    Version: Type.Integer({ minimum: 1 }),
  }),
  /** one item: the visit's pet */
  petProfile: Type.Array(VetPetDetails),
  petWellnessRecords: Type.Object({
    weight: Type.Object({ records: Type.Array(WellnessRecord), unitOfMeasures: Type.Array(UnitOfMeasure) }),
    vaccinations: Type.Array(WellnessRecord),
    antiparasitics: Type.Array(WellnessRecord),
    consultations: Type.Array(WellnessRecord),
    pictures: Type.Array(WellnessRecord),
  }),
});
export type VetVisitDetails = Static<typeof VetVisitDetails>;

// CreateVetVisit's body and SaveVetVisit's payload: one definition each, the shared forms of
// src/shared/forms/visit-payload.ts (createVisitForm, saveVisitForm).

export const VetVisitCreated = Type.Object({ vetVisitId: Id });
export type VetVisitCreated = Static<typeof VetVisitCreated>;

export const DeleteVetVisitBody = Type.Object({ vetVisitId: Id, petId: Id });
export type DeleteVetVisitBody = Static<typeof DeleteVetVisitBody>;

// ---------------------------------------------------------------- reminders

/**
 * notSent: not sent yet; noEmail: the clinic has no e-mail address of the owner; optedOut (issue 32): the owner turned
 * reminder e-mails off; queued: being sent
 */
export const ReminderDeliveryStatus = Type.Union([
  Type.Literal('notSent'),
  Type.Literal('noEmail'),
  Type.Literal('optedOut'),
  Type.Literal('queued'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export type ReminderDeliveryStatus = Static<typeof ReminderDeliveryStatus>;

/**
 * Which reminders: SPEC.md's one `date`, or (Pawtal additions, issue 21) a range `dateFrom`..`dateTo`
 * (either end may be left open), or `overdue`: due before today, and the pet has not had the same
 * vaccination or antiparasitic since. `date` is not combined with the others.
 */
const ReminderRange = {
  date: Type.Optional(IsoDate),
  dateFrom: Type.Optional(IsoDate),
  dateTo: Type.Optional(IsoDate),
  overdue: Type.Optional(Type.Boolean()),
};

/**
 * Issue 33 (docs/decisions/0188): a reminder as staff marked it: open, done, or snoozed (until `snoozedUntil`, after
 * which it is open again).
 */
export const ReminderState = Type.Union([Type.Literal('open'), Type.Literal('done'), Type.Literal('snoozed')]);
export type ReminderState = Static<typeof ReminderState>;

/**
 * The reminder list's range, delivery-status and (issue 33) state filters: one definition for GetVetReminders and
 * ExportVetReminders.
 */
const ReminderFilters = {
  ...ReminderRange,
  status: Type.Optional(ReminderDeliveryStatus),
  state: Type.Optional(ReminderState),
};

export const VetRemindersBody = Type.Object({ ...ReminderFilters, offset: Page, limit: Limit });
export type VetRemindersBody = Static<typeof VetRemindersBody>;

/** ExportVetReminders: every reminder GetVetReminders would list with the same range and filter. */
export const VetRemindersExportQuery = Type.Object(ReminderFilters);
export type VetRemindersExportQuery = Static<typeof VetRemindersExportQuery>;
/** A reminder list's range and status filter, without paging (the list and its export). */
export type VetReminderFilters = VetRemindersExportQuery;

export const VetReminder = Type.Object({
  /** wellness record id */
  id: Id,
  ...PetSummaryFields,
  ownerNameForVet: Type.String(),
  ownerPhoneForVet: Type.String(),
  /** Pawtal addition (issue 21): '' when the clinic has none */
  ownerEmailForVet: Type.String(),
  nextReminderDate: IsoDate,
  recordValue: Type.String(),
  petImage: Type.String(),
  petProfileId: Id,
  categoryTypeId: Id,
  /** Pawtal addition: the owner's reminder e-mail for this reminder (SendVetReminders) */
  deliveryStatus: ReminderDeliveryStatus,
  /** why the e-mail failed, when deliveryStatus is failed */
  deliveryError: Nullable(Type.String()),
  /**
   * Pawtal addition (issue 33): the notices the clinic's schedule sent of this reminder for its due date, oldest
   * first: the stage (days relative to the due date) and when it was queued (ISO 8601, UTC).
   */
  notices: Type.Array(
    Type.Object({ stage: Type.Integer(), sentAt: Type.String({ description: 'ISO 8601 timestamp' }) }),
  ),
  /** issue 33: as staff marked it (UpdateVetReminder) */
  reminderState: ReminderState,
  /** the last day of a snooze that lasts, else null */
  snoozedUntil: Nullable(IsoDate),
  /** the version UpdateVetReminder checks (0: never marked) */
  reminderVersion: Type.Integer(),
});
export type VetReminder = Static<typeof VetReminder>;

/** Issue 33, item 6: GetReminderCompliance, the months whose days from `dateFrom` to `dateTo` (at most 24 months). */
export const ReminderComplianceQuery = Type.Object({ dateFrom: IsoDate, dateTo: IsoDate });
export type ReminderComplianceQuery = Static<typeof ReminderComplianceQuery>;

/**
 * One month of due dates (docs/decisions/0189): `due` reminders due in it, `notified` of those e-mailed at least
 * once, `done` of those done (given again since, or marked done), `doneWithin30Days` done by 30 days after the due
 * date.
 */
export const ReminderComplianceMonth = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'yyyy-mm' }),
  due: Type.Integer(),
  notified: Type.Integer(),
  done: Type.Integer(),
  doneWithin30Days: Type.Integer(),
});
export type ReminderComplianceMonth = Static<typeof ReminderComplianceMonth>;

export const ReminderCompliance = Type.Object({ months: Type.Array(ReminderComplianceMonth) });
export type ReminderCompliance = Static<typeof ReminderCompliance>;

/** Issue 33: UpdateVetReminder's answer (its body is the shared form, src/shared/forms/reminder-action-form.ts). */
export const ReminderUpdated = Type.Object({
  reminderId: Id,
  reminderState: ReminderState,
  snoozedUntil: Nullable(IsoDate),
  reminderVersion: Type.Integer(),
});
export type ReminderUpdated = Static<typeof ReminderUpdated>;

export const VetRemindersResult = Type.Object({ reminders: Type.Array(VetReminder), count: Type.Integer() });
export type VetRemindersResult = Static<typeof VetRemindersResult>;

/** Pawtal addition: GetVetReminderDays, the days of a range that have reminders (the calendar's marks). */
export const VetReminderDaysQuery = Type.Object({
  dateFrom: IsoDate,
  dateTo: IsoDate,
  status: Type.Optional(ReminderDeliveryStatus),
});
export type VetReminderDaysQuery = Static<typeof VetReminderDaysQuery>;

export const VetReminderDays = Type.Object({ days: Type.Array(Type.Object({ date: IsoDate, count: Type.Integer() })) });
export type VetReminderDays = Static<typeof VetReminderDays>;

/**
 * Pawtal addition: SendVetReminders for a day, a range or the overdue ones. dryRun counts without sending (the
 * confirmation dialog).
 */
export const SendVetRemindersBody = Type.Object({
  ...ReminderRange,
  dryRun: Type.Optional(Type.Boolean({ default: false })),
});
export type SendVetRemindersBody = Static<typeof SendVetRemindersBody>;

/**
 * queued: e-mails queued now (one per owner address, or that would be); reminders: the reminders
 * those e-mails cover; withoutEmail: reminders whose owner has no usable e-mail address;
 * alreadySent: reminders queued or sent before (never sent twice); overDailyLimit: reminders held
 * back because the clinic has e-mailed that owner's address its daily cap already (they stay
 * unsent, docs/decisions/0094); overClinicDailyLimit: reminders held back because the clinic has
 * e-mailed as many different addresses today as it may (MAIL_RECIPIENTS_PER_CLINIC_PER_DAY,
 * docs/decisions/0179; they stay unsent).
 */
export const SendVetRemindersResult = Type.Object({
  queued: Type.Integer(),
  reminders: Type.Integer(),
  withoutEmail: Type.Integer(),
  /** issue 32: reminders of owners who turned reminder e-mails off (not sent) */
  optedOut: Type.Integer(),
  alreadySent: Type.Integer(),
  overDailyLimit: Type.Integer(),
  overClinicDailyLimit: Type.Integer(),
});
export type SendVetRemindersResult = Static<typeof SendVetRemindersResult>;

// ---------------------------------------------------------------- saved grid views

const GRID_NAMES = ['pets', 'visits', 'owners'] as const;
export type GridName = (typeof GRID_NAMES)[number];
const Grid = Type.Union(GRID_NAMES.map((g) => Type.Literal(g)));

/** The largest saved state, in bytes of its JSON. */
/**
 * A grid's state as the data grid exports it (columns, order, widths, density, sort, filters, page size): a JSON
 * object.
 */
const GridViewState = Type.Record(Type.String(), Type.Unknown(), {
  description: `a JSON object, at most ${GRID_VIEW_STATE_MAX_BYTES} bytes`,
});
const GridViewName = Type.String({ minLength: 1, maxLength: GRID_VIEW_NAME_MAX });

/** Pawtal addition (issue 21): GetGridViews, the views a staff user saved for a grid. */
export const GridViewsQuery = Type.Object({ grid: Grid, vetUserId: Id });
export type GridViewsQuery = Static<typeof GridViewsQuery>;

export const GridView = Type.Object({ id: Id, name: Type.String(), state: GridViewState });
export type GridView = Static<typeof GridView>;

export const GridViewsResult = Type.Object({ views: Type.Array(GridView) });
export type GridViewsResult = Static<typeof GridViewsResult>;

/**
 * SaveGridView: a new view, or with `id` a change of that view (rename, new state). A name is one view per user and
 * grid.
 */
export const SaveGridViewBody = Type.Object({
  id: Type.Optional(Id),
  grid: Grid,
  vetUserId: Id,
  name: GridViewName,
  state: GridViewState,
});
export type SaveGridViewBody = Static<typeof SaveGridViewBody>;

export const GridViewSaved = Type.Object({ id: Id });
export type GridViewSaved = Static<typeof GridViewSaved>;

export const DeleteGridViewBody = Type.Object({ id: Id });
export type DeleteGridViewBody = Static<typeof DeleteGridViewBody>;
