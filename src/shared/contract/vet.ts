/**
 * Contract of the clinic portal calls (SPEC.md §3 and §7 "Vet portal"): request and answer
 * shapes with SPEC.md's exact field names, PascalCase where SPEC.md has it.
 *
 * Conventions:
 * - `offset` is the 1-based page number; `limit` the page size (default 4, at most MAX_PAGE_SIZE).
 * - Dates are 'YYYY-MM-DD' strings.
 * - Image addresses (`petImage`, `petTypeImage`) are addresses under the site ("/media/...", so they load whatever host name the visitor used); an address equal to the media base
 *   (`HostLink` / `ImageHostLink`) means "no image". `ImagePath` is relative to that base.
 * - `age` is whole years, null when the date of birth is unknown.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** 'YYYY-MM-DD' (whether the day exists is checked by the handlers). */
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: '1-based page number' });
const Limit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE, description: 'page size' });

/** A successful call that answers no data. */
export const VetNoData = Type.Null();

// ---------------------------------------------------------------- login / logout

export const VetLoginBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
});
export type VetLoginBody = Static<typeof VetLoginBody>;

/** A staff user of the clinic account. */
export const VetUser = Type.Object({ ID: Id, Name: Type.String() });
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
  users: Type.Array(VetUser),
  pettypes: Type.Array(VetPetType),
});
export type VetLoginResult = Static<typeof VetLoginResult>;

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
});
export type VetClinic = Static<typeof VetClinic>;

// ---------------------------------------------------------------- pets

const VET_PET_SORT_FIELDS = ['name', 'age', 'dob', 'type', 'breed', 'owner', 'created'] as const;
export type VetPetSortField = (typeof VET_PET_SORT_FIELDS)[number];

export const VetPetsQuery = Type.Object({
  offset: Page,
  limit: Limit,
  searchTerm: Type.String({ maxLength: 200, default: '' }),
  /** Pawtal addition for the data grid; default: newest patients first */
  sortField: Type.Optional(Type.Union(VET_PET_SORT_FIELDS.map((f) => Type.Literal(f)))),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type VetPetsQuery = Static<typeof VetPetsQuery>;

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
  petName: Type.String(),
  age: Nullable(Type.Integer()),
  petType: Type.String(),
  petTypeId: Id,
  petTypeImage: Type.String(),
  petBreed: Type.String(),
  petBreedId: Id,
  petGender: Type.String(),
  petGenderId: Type.Integer(),
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

export const VetVisitsQuery = Type.Object({
  /** 0 active, 1 completed, 2 all */
  isFinished: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { default: 0 }),
  offset: Page,
  limit: Limit,
});
export type VetVisitsQuery = Static<typeof VetVisitsQuery>;

export const VetVisit = Type.Object({
  ID: Id,
  PetProfileID: Id,
  petName: Type.String(),
  age: Nullable(Type.Integer()),
  petType: Type.String(),
  /** Pawtal addition: ids of the type and breed (their titles in the reader's language: locales/<lang>/data.json) */
  petTypeId: Id,
  petTypeImage: Type.String(),
  petBreed: Type.String(),
  petBreedId: Id,
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
  /** relative to ImageHostLink; '' when none */
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

export const VetRemindersBody = Type.Object({ date: IsoDate, offset: Page, limit: Limit });
export type VetRemindersBody = Static<typeof VetRemindersBody>;

/** notSent: not sent yet; noEmail: the clinic has no e-mail address of the owner; queued: being sent */
export const ReminderDeliveryStatus = Type.Union([Type.Literal('notSent'), Type.Literal('noEmail'), Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]);
export type ReminderDeliveryStatus = Static<typeof ReminderDeliveryStatus>;

export const VetReminder = Type.Object({
  /** wellness record id */
  id: Id,
  petName: Type.String(),
  age: Nullable(Type.Integer()),
  petType: Type.String(),
  /** Pawtal addition: ids of the type and breed (their titles in the reader's language: locales/<lang>/data.json) */
  petTypeId: Id,
  petTypeImage: Type.String(),
  petBreed: Type.String(),
  petBreedId: Id,
  ownerNameForVet: Type.String(),
  ownerPhoneForVet: Type.String(),
  nextReminderDate: IsoDate,
  recordValue: Type.String(),
  petImage: Type.String(),
  petProfileId: Id,
  categoryTypeId: Id,
  /** Pawtal addition: the owner's reminder e-mail for this reminder (SendVetReminders) */
  deliveryStatus: ReminderDeliveryStatus,
  /** why the e-mail failed, when deliveryStatus is failed */
  deliveryError: Nullable(Type.String()),
});
export type VetReminder = Static<typeof VetReminder>;

export const VetRemindersResult = Type.Object({ reminders: Type.Array(VetReminder), count: Type.Integer() });
export type VetRemindersResult = Static<typeof VetRemindersResult>;

/** Pawtal addition: SendVetReminders. dryRun counts without sending (the confirmation dialog). */
export const SendVetRemindersBody = Type.Object({ date: IsoDate, dryRun: Type.Optional(Type.Boolean({ default: false })) });
export type SendVetRemindersBody = Static<typeof SendVetRemindersBody>;

/** Counted in reminders of the day: queued now (or that would be), without an owner e-mail address, queued or sent before. */
export const SendVetRemindersResult = Type.Object({ queued: Type.Integer(), withoutEmail: Type.Integer(), alreadySent: Type.Integer() });
export type SendVetRemindersResult = Static<typeof SendVetRemindersResult>;
