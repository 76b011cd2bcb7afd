import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ---------------------------------------------------------------- reference data

export const petTypes = pgTable('pet_types', {
  id: id(),
  title: text().notNull(),
  /** path under the media base, e.g. "pet-types/dog.png" */
  image: text().notNull(),
});

export const petBreeds = pgTable(
  'pet_breeds',
  {
    id: id(),
    petTypeId: integer()
      .notNull()
      .references(() => petTypes.id),
    title: text().notNull(),
  },
  (t) => [index('pet_breeds_type_title_idx').on(t.petTypeId, t.title)],
);

export const countries = pgTable('countries', {
  id: id(),
  /** ISO 3166-1 alpha-2 code; names in other languages come from i18n-iso-countries */
  code: text().notNull().unique(),
  title: text().notNull(),
});

export const unitsOfMeasure = pgTable('units_of_measure', {
  id: id(),
  title: text().notNull(),
});

export const skills = pgTable('skills', {
  id: id(),
  title: text().notNull(),
  image: text().notNull(),
});

export const wellnessCategories = pgTable('wellness_categories', {
  id: id(),
  title: text().notNull(),
});

export const wellnessCategoryTypes = pgTable(
  'wellness_category_types',
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => wellnessCategories.id),
    title: text().notNull(),
  },
  (t) => [index('wellness_category_types_category_idx').on(t.categoryId)],
);

/** The units a record type is measured in (weight: kg, lb; temperature: °C …): the unit lists offered for it. */
export const wellnessCategoryTypeUnits = pgTable(
  'wellness_category_type_units',
  {
    categoryTypeId: integer().notNull(),
    unitId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'wellness_category_type_units_pk', columns: [t.categoryTypeId, t.unitId] }),
    // Named as migration 0008 created them (drizzle's default names would pass PostgreSQL's 63 characters).
    foreignKey({
      name: 'wellness_category_type_units_category_type_id_fk',
      columns: [t.categoryTypeId],
      foreignColumns: [wellnessCategoryTypes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'wellness_category_type_units_unit_id_fk',
      columns: [t.unitId],
      foreignColumns: [unitsOfMeasure.id],
    }).onDelete('cascade'),
    index('wellness_category_type_units_unit_idx').on(t.unitId),
  ],
);

export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    /** 'privacy' | 'terms' */
    kind: text().notNull(),
    /**
     * the document's language (a code of src/shared/languages.ts); English is the fallback for a language without its
     * own
     */
    language: text().notNull().default('en'),
    htmlContent: text().notNull(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('legal_documents_kind_language_unique').on(t.kind, t.language)],
);

// ---------------------------------------------------------------- public side

/** Accounts of the mobile app (pet owners). */
export const owners = pgTable('owners', {
  id: id(),
  username: text().notNull().unique(),
  email: text().notNull().unique(),
  phone: text(),
  passwordHash: text().notNull(),
  emailVerifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  /** the owner's language for e-mails (a code of src/shared/languages.ts); null = not known (English) */
  language: text(),
});

/** Shelters and rescues (the /AnimalHouse directory); their pets are up for adoption. */
export const shelters = pgTable(
  'shelters',
  {
    id: id(),
    name: text().notNull(),
    image: text().notNull(),
    description: text().notNull().default(''),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    countryId: integer().references(() => countries.id),
    phoneNumber: text().notNull().default(''),
    email: text().notNull().default(''),
    websiteUrl: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
  },
  (t) => [index('shelters_country_idx').on(t.countryId, t.id)],
);

export const petProfiles = pgTable(
  'pet_profiles',
  {
    id: id(),
    publicId: text().notNull(),
    ownerId: integer().references(() => owners.id),
    shelterId: integer().references(() => shelters.id),
    name: text().notNull(),
    petTypeId: integer()
      .notNull()
      .references(() => petTypes.id),
    petBreedId: integer()
      .notNull()
      .references(() => petBreeds.id),
    dob: date({ mode: 'string' }),
    /** 1 Male, 2 Female */
    genderId: smallint().notNull().default(1),
    color: text(),
    microChipId: text(),
    /** null = unknown */
    isSterilized: boolean(),
    bloodType: text(),
    description: text(),
    /** path under the media base; null = no image */
    imagePath: text(),
    isLost: boolean().notNull().default(false),
    isForAdoption: boolean().notNull().default(false),
    isRecordsPrivate: boolean().notNull().default(false),
    ownerContactPhone: text(),
    ownerContactEmail: text(),
    createdAt: createdAt(),
    /** moves on with every change (a trigger moves it for writers that do not): docs/decisions/0096 */
    version: integer().notNull().default(1),
    /**
     * set when the last clinic holding an unclaimed pet deleted it: gone from every public path (docs/decisions/0098)
     */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('pet_profiles_public_id_idx').on(t.publicId),
    // Public IDs are stored in capitals and looked up in capitals (normalizePublicId): the unique index serves any case
    // typed.
    check('pet_profiles_public_id_upper_check', sql`${t.publicId} = upper(${t.publicId})`),
    index('pet_profiles_adoption_idx')
      .on(t.petTypeId, t.petBreedId, t.id)
      .where(sql`${t.isForAdoption}`),
    index('pet_profiles_lost_idx')
      .on(t.petTypeId, t.petBreedId, t.id)
      .where(sql`${t.isLost}`),
    index('pet_profiles_shelter_idx').on(t.shelterId),
    // a clinic's microchip lookup among lost pets (issue 34)
    index('pet_profiles_lost_chip_idx')
      .on(t.microChipId)
      .where(sql`${t.isLost}`),
    index('pet_profiles_owner_idx').on(t.ownerId),
  ],
);

/** Co-owners of a pet, added by accepting a pet-ownership invite. */
export const petCoOwners = pgTable(
  'pet_co_owners',
  {
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.petProfileId, t.ownerId] })],
);

export const petProfileSkills = pgTable(
  'pet_profile_skills',
  {
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
  },
  (t) => [primaryKey({ columns: [t.petProfileId, t.skillId] })],
);

export const lostPetDetails = pgTable(
  'lost_pet_details',
  {
    petProfileId: integer()
      .primaryKey()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    lostDate: date({ mode: 'string' }).notNull(),
    contactPhoneNumber: text().notNull().default(''),
    address: text().notNull().default(''),
    reward: text(),
    notes: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** when the pet was reported lost (a trigger sets it again when the pet is lost anew; migration 0040) */
    reportedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * when the lost-pet matcher last scored it against the open found reports (docs/decisions/0151); null: to be
     * matched (a trigger clears it when the pet is lost anew or its date or place changes)
     */
    matchedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  // near me: geo_point comes from migration 0011 (docs/decisions/0070)
  (t) => [
    index('lost_pet_details_near_idx').using('gist', sql`geo_point(${t.latitude}, ${t.longitude})`),
    index('lost_pet_details_unmatched_idx')
      .on(t.reportedAt)
      .where(sql`${t.matchedAt} is null`),
    index('lost_pet_details_reported_idx').on(t.reportedAt),
  ],
);

/** Positions sent by visitors of a lost pet's page, for its owner only; purged after retention. */
export const petSightings = pgTable(
  'pet_sightings',
  {
    id: id(),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    /** what the finder wrote with it ("she ran towards the river"), at most SIGHTING_NOTE_MAX characters */
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_sightings_pet_idx').on(t.petProfileId, t.createdAt),
    index('pet_sightings_created_idx').on(t.createdAt),
  ],
);

/** Sitters, trainers, walkers, groomers and vets: one table, told apart by kind. */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    /** 'sitter' | 'trainer' | 'walker' | 'groomer' | 'vet' */
    kind: text().notNull(),
    name: text().notNull(),
    image: text().notNull(),
    speciality: text().notNull().default(''),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    description: text().notNull().default(''),
    instagramUrl: text().notNull().default(''),
    websiteUrl: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
  },
  (t) => [
    index('providers_kind_idx').on(t.kind, t.id),
    index('providers_kind_country_idx').on(t.kind, t.countryId, t.id),
    // near me: geo_point and the extensions come from migration 0011 (docs/decisions/0070)
    index('providers_near_idx').using('gist', t.kind, sql`geo_point(${t.latitude}, ${t.longitude})`),
  ],
);

/**
 * How many providers there are of each kind in each country: kept by statement triggers on
 * providers (migration 0005), never written by the app. A listing without a search term reads its
 * total here instead of counting the matching providers (docs/decisions/0042).
 */
export const providerCounts = pgTable(
  'provider_counts',
  {
    kind: text().notNull(),
    countryId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.countryId] })],
);

// ---------------------------------------------------------------- clinic side

export const clinics = pgTable('clinics', {
  id: id(),
  name: text().notNull(),
  username: text().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: createdAt(),
  /** shown in reminder e-mails to owners and on printouts */
  phone: text().notNull().default(''),
  /** postal address printed on certificates and visit summaries: one line per line, '' when unknown */
  address: text().notNull().default(''),
  /** issue 31: every staff person must sign in with two factors */
  requireTwoFactor: boolean().notNull().default(false),
  /** issue 32: the language of an owner who has none of their own (a code of src/shared/languages.ts) */
  language: text().notNull().default('en'),
  /** issue 33: where owners' replies to the clinic's e-mails go (their Reply-To); '' when none */
  email: text().notNull().default(''),
  /** issue 33: the version of the clinic's contact settings (phone, e-mail), checked when an admin saves them */
  contactVersion: integer().notNull().default(1),
});

/**
 * Staff of a clinic (the "users" of the login answer), each signing in as themselves (issue 31,
 * docs/decisions/0145): a role, a username (unique over every clinic, case ignored), a password and a desk
 * PIN (scrypt hashes), two-factor sign-in. Invited and not accepted yet: no username. Deactivated people keep
 * their row (history names them) and cannot sign in.
 */
export const clinicUsers = pgTable(
  'clinic_users',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** StaffRole: admin, vet, nurse, reception */
    role: text().notNull().default('vet'),
    username: text(),
    passwordHash: text(),
    pinHash: text(),
    /** where invitations and reset links go ('' for none) */
    email: text().notNull().default(''),
    /** the language of their e-mails (the inviter's until they sign in) */
    language: text().notNull().default('en'),
    active: boolean().notNull().default(true),
    /** invited and not accepted yet (no username, password or PIN until then) */
    invitePending: boolean().notNull().default(false),
    /** base32 TOTP secret once two-factor is on; the pending one while it is being set up */
    totpSecret: text(),
    totpPendingSecret: text(),
    /** the last 30-second step whose code was accepted: a code is accepted once */
    totpLastStep: bigint({ mode: 'number' }),
    lastSignInAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinic_users_clinic_idx').on(t.clinicId, t.id),
    uniqueIndex('clinic_users_username_idx')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.username} is not null`),
    check('clinic_users_role_check', sql`${t.role} in ('admin', 'vet', 'nurse', 'reception')`),
  ],
);

/**
 * One-time links of staff (issue 31): an invitation ('invite'), a new password ('password') or PIN ('pin').
 * Stored as sha-256 hashes; used once.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: id(),
    kind: text().notNull(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_tokens_hash_idx').on(t.tokenHash), index('staff_tokens_user_idx').on(t.userId)],
);

/** The second step of a two-factor sign-in: a one-time challenge (hash) for the person whose password was right. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_challenges_hash_idx').on(t.tokenHash)],
);

/** Ten one-time recovery codes per person with two-factor on (sha-256 hashes). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** who signed in (the session is theirs: their list of sessions) */
    userId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    /** the verified person acting now: the one who signed in, or who switched in with their PIN */
    actingUserId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    /** the browser's User-Agent, for the list of one's sessions */
    userAgent: text().notNull().default(''),
    /** sha-256 of the bearer token, hex */
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
    index('sessions_acting_user_idx').on(t.actingUserId),
  ],
);

/** Failed logins per key ("user:<name>" or "ip:<address>") for throttling; shared by all server processes. */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
});

/**
 * Failed attempts per key ("lookup:<address>", "token:<address>", "mail:<sender>|<recipient>") in a
 * window that starts with its first attempt; reserved by one atomic upsert before the work and given
 * back on success, so every server process shares one count (src/server/http/failure-counts.ts).
 */
export const failureCounts = pgTable(
  'failure_counts',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    windowStartedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('failure_counts_window_idx').on(t.windowStartedAt)],
);

/** A merge as its undo reads it: the patients it moved and the kept owner's fields before and after it. */
export interface OwnerMergeUndo {
  movedPatientIds: number[];
  keepBefore: Record<string, string | boolean | null>;
  keepAfter: Record<string, string | boolean | null>;
}
/** A clinic's import of patients from a CSV file (issue 32, docs/decisions/0168): what UndoImport removes. */
export const clinicImports = pgTable('clinic_imports', {
  id: id(),
  clinicId: integer()
    .notNull()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  /** the staff member who imported (their name is in the history entries too) */
  userId: integer(),
  /** rows read from the file, and pets created */
  rows: integer().notNull(),
  created: integer().notNull().default(0),
  createdAt: createdAt(),
  /** UndoImport deleted its pets and owners at this instant */
  undoneAt: timestamp({ withTimezone: true, mode: 'date' }),
});

type OwnerKeyColumns = { name: AnyPgColumn; phone: AnyPgColumn; email: AnyPgColumn };

/**
 * The keys by which two live owners of a clinic look like one person (GetVetOwnerDuplicates, issue 32), in the order
 * of the reasons' precedence: the e-mail (case and spaces aside), the phone digits (at least 6), the folded name with
 * the last 7 phone digits. Null where the owner has no such key. The SQL functions are migration 0056's.
 */
export const OWNER_DUPLICATE_KEYS = [
  ['email', (t: OwnerKeyColumns) => sql`pawtal_owner_email_key(${t.email})`],
  ['phone', (t: OwnerKeyColumns) => sql`pawtal_owner_phone_key(${t.phone})`],
  ['name', (t: OwnerKeyColumns) => sql`pawtal_owner_name_key(${t.name}, ${t.phone})`],
] as const;

/**
 * A clinic's owner of patients (issue 32, docs/decisions/0165): one owner, many patients. Their name,
 * phone and e-mail are copied onto each of their patient rows by database triggers (migration 0042), so
 * SPEC.md's owner fields, the patients' search text and every read of a patient keep reading one row.
 */
export const clinicOwners = pgTable(
  'clinic_owners',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    /** the language they read (a code of src/shared/languages.ts); null: the clinic's language */
    language: text(),
    /** consent to reminder e-mails */
    remindersByEmail: boolean().notNull().default(true),
    notes: text().notNull().default(''),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    /** merged into another owner, or erased: restorable until the purge like a deleted pet */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** the owner that took this one's pets in a merge (undo moves them back) */
    mergedIntoId: integer(),
    /** what undoing this owner's merge needs (MergeVetOwners, RestoreVetOwner; issue 32): null when not merged */
    mergeUndo: jsonb().$type<OwnerMergeUndo>(),
    /** folded name, phone, e-mail and phone digits, newline-separated: kept by a trigger, never written by the app */
    searchText: text().notNull().default(''),
    /** the import that created this owner (issue 32): UndoImport removes it with the import's pets */
    importId: integer(),
    /**
     * EraseVetOwner blanked this owner's contact data at their request (issue 32, item 7, docs/decisions/0182): deleted
     * at the same instant, never restored; the purge removes the row once no patient row names it
     */
    erasedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * Their live patients (deleted ones aside): kept by migration 0062's trigger on clinic_patients in the statement (so
     * the transaction) of every write that links, unlinks, deletes or restores a patient, never written by the app
     * (issue 37, docs/decisions/0207)
     */
    petCount: integer().notNull().default(0),
  },
  (t) => [
    // search_text after the key: a search's page walks the names checking the term in the index, and its count
    // reads the index alone (docs/decisions/0192), as the patients' clinic_patients_clinic_created_idx does
    index('clinic_owners_clinic_idx')
      .on(t.clinicId, sql`lower(${t.name})`, t.id, t.searchText)
      .where(sql`${t.deletedAt} is null`),
    index('clinic_owners_search_idx').using('gin', t.clinicId, t.searchText.op('gin_trgm_ops')),
    // GetVetOwnerDuplicates reads the owners of a shared key (clinic_owner_key_counts) by these (migration 0056)
    ...OWNER_DUPLICATE_KEYS.map(([name, key]) =>
      index(`clinic_owners_${name}_key_idx`)
        .on(t.clinicId, key(t))
        .where(sql`${t.deletedAt} is null and ${key(t)} is not null`),
    ),
  ],
);

/**
 * How many live owners of a clinic share each duplicate key (reason: the index in OWNER_DUPLICATE_KEYS), kept by
 * migration 0056's trigger on clinic_owners in the statement (so the transaction) of every write of an owner, never
 * written by the app; a key no live owner holds has no row. GetVetOwnerDuplicates reads only the keys held by more
 * than one owner (issue 37, docs/decisions/0197).
 */
export const clinicOwnerKeyCounts = pgTable(
  'clinic_owner_key_counts',
  {
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    reason: smallint().notNull(),
    key: text().notNull(),
    owners: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'clinic_owner_key_counts_pk', columns: [t.clinicId, t.reason, t.key] }),
    index('clinic_owner_key_counts_shared_idx')
      .on(t.clinicId, t.reason, t.key)
      .where(sql`${t.owners} > 1`),
  ],
);

/**
 * A clinic's reminder protocol (issue 33, docs/decisions/0170): a vaccination or antiparasitic of SPEC.md §3
 * (`title`, its English key), the pets it applies to (a pet type, an age range in weeks from `minAgeWeeks` up to
 * but not including `maxAgeWeeks`; null: any) and the days from the record to its next reminder. Every clinic
 * starts with the defaults the trigger of migration 0045 writes.
 */
export const reminderProtocols = pgTable(
  'reminder_protocols',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    petTypeId: integer().references(() => petTypes.id),
    minAgeWeeks: integer(),
    maxAgeWeeks: integer(),
    intervalDays: integer().notNull(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('reminder_protocols_clinic_idx').on(t.clinicId, t.title)],
);

/**
 * A clinic's schedule of reminder notices (issue 33, item 2): whether notices go out by themselves, on which days
 * relative to the due date (`stages`: -14 is two weeks before, 14 an overdue notice two weeks after), from which hour
 * of the clinic's day, in its time zone. No row: the defaults of src/server/reminders/schedule.ts (off).
 */
export const reminderSchedules = pgTable('reminder_schedules', {
  clinicId: integer()
    .primaryKey()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  stages: jsonb().$type<number[]>().notNull(),
  sendHour: smallint().notNull(),
  timeZone: text().notNull(),
  version: integer().notNull().default(1),
});

/** A pet as a clinic's patient, with the owner contact data the clinic keeps. */
export const clinicPatients = pgTable(
  'clinic_patients',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    /**
     * The patient's owner (issue 32). A row written without one (outside the app) gets a new owner made from
     * its three owner fields by the trigger of migration 0042; the three fields are then the owner's, copied.
     */
    clinicOwnerId: integer().references(() => clinicOwners.id),
    ownerNameForVet: text().notNull(),
    ownerPhoneForVet: text().notNull(),
    ownerEmailForVet: text(),
    createdAt: createdAt(),
    /** the clinic deleted this patient: restorable until the purge (docs/decisions/0098) */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** the import that created this patient (issue 32): UndoImport deletes the import's patients */
    importId: integer(),
    /**
     * lower(pet name), lower(owner name), lower(phone), lower(e-mail), newline-separated: kept by
     * database triggers on clinic_patients and pet_profiles (migration 0003), never written by the
     * app; GetVetPets narrows its search through the trigram index on it (docs/decisions/0041).
     */
    searchText: text().notNull().default(''),
    /**
     * The pet's name, type, breed, gender, sterilisation and date of birth, copied by the same
     * triggers (migration 0039), never written by the app: the Pets grid's filters, sorts and
     * counts read the clinic's patient rows alone.
     */
    petName: text(),
    petTypeId: integer(),
    petBreedId: integer(),
    petGenderId: smallint(),
    petIsSterilized: boolean(),
    petDob: date({ mode: 'string' }),
    /**
     * The Due column stored (docs/decisions/0192): over the pet's open reminders at this clinic (not done since, not
     * marked done, not booked), the earliest day after which one is overdue (its due date, or a snooze's last day if
     * later) and the earliest day from which one is due within 30 days (its due date less 30, or the day after a
     * snooze, if later); null when there is none. Kept by the triggers of migration 0052 in the transaction of every
     * write of a reminder, never written by the app; read through src/server/clinic-pets/due-status.ts.
     */
    remindersOverdueAfter: date({ mode: 'string' }),
    remindersDueFrom: date({ mode: 'string' }),
  },
  (t) => [
    uniqueIndex('clinic_patients_clinic_pet_idx').on(t.clinicId, t.petProfileId),
    // a pet's patient rows at every clinic: the Due dates' triggers refresh them after any write of the pet's
    // reminders (migration 0052); without it each write walked the whole clinic_pet index (docs/decisions/0192)
    index('clinic_patients_pet_idx').on(t.petProfileId),
    // the clinic's patients with their search text, pet and the pet's copied filters in one index:
    // an index-only scan filters and counts a search and the Pets grid's filters (docs/decisions
    // 0041, 0110) and gives a visit search its pets.
    index('clinic_patients_clinic_created_idx')
      .on(
        t.clinicId,
        t.createdAt,
        t.id,
        t.searchText,
        t.petProfileId,
        t.petTypeId,
        t.petBreedId,
        t.petGenderId,
        t.petIsSterilized,
        t.petDob,
      )
      .where(sql`${t.deletedAt} is null`),
    // the Pets grid sorted by name, a page at a time (migration 0039)
    index('clinic_patients_clinic_name_idx')
      .on(t.clinicId, sql`lower(${t.petName})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // the Pets grid sorted by breed or type title: each title's patients a page at a time (docs/decisions/0192)
    index('clinic_patients_clinic_breed_idx')
      .on(t.clinicId, t.petBreedId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('clinic_patients_clinic_type_idx')
      .on(t.clinicId, t.petTypeId, t.id)
      .where(sql`${t.deletedAt} is null`),
    // the Pets grid's Due filter and sort: a range of the clinic's patients by the stored dates (docs/decisions/0192)
    index('clinic_patients_clinic_due_idx')
      .on(t.clinicId, t.remindersDueFrom, t.id, t.remindersOverdueAfter)
      .where(sql`${t.deletedAt} is null`),
    // GetVetPets' count under the sex, sterilisation, type, breed or age filters: the matching patients alone, from
    // narrow entries (clinic_patients_clinic_created_idx carries search_text before these columns: docs/decisions/0204)
    index('clinic_patients_clinic_filters_idx')
      .on(t.clinicId, t.petIsSterilized, t.petGenderId, t.petTypeId, t.petBreedId, t.petDob)
      .where(sql`${t.deletedAt} is null`),
    index('clinic_patients_search_idx').using('gin', t.clinicId, t.searchText.op('gin_trgm_ops')),
    index('clinic_patients_owner_idx').on(t.clinicOwnerId),
    index('clinic_patients_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    index('clinic_patients_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const vetVisits = pgTable(
  'vet_visits',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    vetUserId: integer().references(() => clinicUsers.id, { onDelete: 'set null' }),
    visitDate: date({ mode: 'string' }).notNull(),
    notes: text().notNull().default(''),
    isFinished: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** moves on with every save that changes the visit or its records (docs/decisions/0096) */
    version: integer().notNull().default(1),
    /** deleted (alone, or with its pet): restorable until the purge (docs/decisions/0098) */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('vet_visits_clinic_finished_idx')
      .on(t.clinicId, t.isFinished, t.visitDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('vet_visits_clinic_date_idx')
      .on(t.clinicId, t.visitDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('vet_visits_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // a visit search counts the clinic's visits of the matching pets from this index alone (0110)
    index('vet_visits_clinic_pet_idx')
      .on(t.clinicId, t.petProfileId)
      .where(sql`${t.deletedAt} is null`),
    index('vet_visits_pet_idx').on(t.petProfileId, t.visitDate),
  ],
);

export const wellnessRecords = pgTable(
  'wellness_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    categoryTypeId: integer()
      .notNull()
      .references(() => wellnessCategoryTypes.id),
    /** set for records written in a clinic visit: the reminders and isolation rules use it */
    clinicId: integer().references(() => clinics.id, { onDelete: 'cascade' }),
    vetVisitId: integer().references(() => vetVisits.id, { onDelete: 'cascade' }),
    vetUserId: integer().references(() => clinicUsers.id, { onDelete: 'set null' }),
    actionDate: date({ mode: 'string' }).notNull(),
    recordValue: text().notNull().default(''),
    unitId: integer().references(() => unitsOfMeasure.id),
    notes: text().notNull().default(''),
    /** path under the media base; null = no image */
    imagePath: text(),
    nextReminderDate: date({ mode: 'string' }),
    /**
     * the reminder's state as staff marked it (issue 33, docs/decisions/0188): 'open', 'done' or 'snoozed' (until
     * reminderUntil, after which it is open again); read through src/server/reminders/reminder-state.ts
     */
    reminderState: text().notNull().default('open'),
    /** the last day a snoozed reminder stays snoozed */
    reminderUntil: date({ mode: 'string' }),
    /** when staff last marked it (null: never) */
    reminderChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** the version UpdateVetReminder checks (0: never marked) */
    reminderVersion: integer().notNull().default(0),
    /**
     * the state of the reminder's owner e-mail for its current due date (list-reminders.ts's deliveryStatus: 'sent',
     * 'failed', 'queued', 'noEmail', 'optedOut', 'notSent'), null for a record without a clinic's reminder; kept by
     * migration 0055's triggers, never written by the app, so the status filter reads an index (docs/decisions/0192)
     */
    reminderDeliveryStatus: text(),
    createdAt: createdAt(),
    /** set with its visit's or pet's deletedAt (the same instant): hidden until restored or purged */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('wellness_records_pet_type_idx').on(t.petProfileId, t.categoryTypeId, t.actionDate),
    index('wellness_records_visit_idx').on(t.vetVisitId),
    // the type, pet and e-mail state after the key: a reminder count or calendar, with or without the status filter,
    // reads the index alone (docs/decisions/0192)
    index('wellness_records_reminder_idx')
      .on(t.clinicId, t.nextReminderDate, t.id, t.categoryTypeId, t.petProfileId, t.reminderDeliveryStatus)
      .where(sql`${t.nextReminderDate} is not null and ${t.deletedAt} is null`),
    check(
      'wellness_records_reminder_state_check',
      sql`${t.reminderState} in ('open', 'done', 'snoozed') and (${t.reminderState} = 'snoozed') = (${t.reminderUntil} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------- account flows

export const petInvites = pgTable(
  'pet_invites',
  {
    id: id(),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    inviterOwnerId: integer()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    inviteeOwnerId: integer()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    acceptedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('pet_invites_pet_idx').on(t.petProfileId)],
);

/** Reset-password, verify-email and pet-invite tokens: stored as sha-256 hashes, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    /** 'reset' | 'verify' | 'invite' */
    kind: text().notNull(),
    tokenHash: text().notNull(),
    ownerId: integer()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    petInviteId: integer().references(() => petInvites.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash)],
);

// ---------------------------------------------------------------- e-mail

/**
 * E-mails waiting to be sent, written in the transaction of their cause and sent by the mail
 * worker (src/server/mail/worker.ts; docs/decisions/0060). The message is composed when it is sent
 * from `kind` and `payload`, so a gathered sighting e-mail carries every sighting up to then.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** 'sighting' | 'reminder' */
    kind: text().notNull(),
    recipient: text().notNull(),
    language: text().notNull().default('en'),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * one message per key, ever (reminder e-mails: "reminders:<clinic id>:<first record id>:<date>:<time>"; which
     * reminders a message carries is in reminder_deliveries)
     */
    dedupeKey: text(),
    /** the pet a sighting e-mail is about (gathering: one queued sighting e-mail per pet) */
    petProfileId: integer().references(() => petProfiles.id, { onDelete: 'cascade' }),
    /** 'queued' | 'sending' | 'sent' | 'failed' | 'dropped' */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the worker's claim while it sends; a claim that outlives claimedUntil is taken over */
    claimId: text(),
    claimedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    uniqueIndex('outbox_messages_pending_sighting_idx')
      .on(t.petProfileId)
      .where(sql`${t.kind} = 'sighting' and ${t.status} = 'queued'`),
    index('outbox_messages_pet_sent_idx')
      .on(t.petProfileId, t.sentAt)
      .where(sql`${t.petProfileId} is not null`),
  ],
);

/**
 * Which outbox message carries each reminder (a wellness record and the day it was due): one row
 * per reminder, ever, so no reminder is e-mailed twice; a reminder moves to a new message only when
 * its message failed or was dropped (migration 0036, docs/decisions/0111).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    wellnessRecordId: bigint({ mode: 'number' })
      .notNull()
      .references(() => wellnessRecords.id, { onDelete: 'cascade' }),
    reminderDate: date({ mode: 'string' }).notNull(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    outboxMessageId: integer()
      .notNull()
      .references(() => outboxMessages.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'reminder_deliveries_pk', columns: [t.wellnessRecordId, t.reminderDate] }),
    index('reminder_deliveries_message_idx').on(t.outboxMessageId),
  ],
);

/**
 * The notices a clinic's schedule sent of a reminder (issue 33, docs/decisions/0184): one row per reminder, due date
 * and stage (days relative to the due date), inserted in the transaction that queues its e-mail; the key is the
 * claim that keeps two processes or a restart from sending a stage twice.
 */
export const reminderNotices = pgTable(
  'reminder_notices',
  {
    wellnessRecordId: bigint({ mode: 'number' })
      .notNull()
      .references(() => wellnessRecords.id, { onDelete: 'cascade' }),
    reminderDate: date({ mode: 'string' }).notNull(),
    stage: smallint().notNull(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    outboxMessageId: integer()
      .notNull()
      .references(() => outboxMessages.id),
    /** when the sweep queued it */
    sentAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'reminder_notices_pk', columns: [t.wellnessRecordId, t.reminderDate, t.stage] }),
    index('reminder_notices_message_idx').on(t.outboxMessageId),
  ],
);

/**
 * GetVetReminderDays's counts (the reminder calendar, issue 37, docs/decisions/0201): per clinic, due day and stored
 * delivery status, the clinic's not deleted vaccinations and antiparasitics, kept by migration 0059's triggers in the
 * statement (so the transaction) of every write of wellness_records, never written by the app. A key whose count falls
 * to zero is removed.
 */
export const reminderCalendarDays = pgTable(
  'reminder_calendar_days',
  {
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    deliveryStatus: text().notNull(),
    reminders: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'reminder_calendar_days_pk', columns: [t.clinicId, t.day, t.deliveryStatus] })],
);

/**
 * GetReminderCompliance's counts per clinic and due day (issue 37, docs/decisions/0192), kept by migration 0055's
 * triggers in the statement (so the transaction) of every write that can change them, never written by the app: the
 * clinic's not deleted vaccinations and antiparasitics due that day, those e-mailed at least once, those done, and
 * those done within 30 days of the day, by the rule of src/server/reminders/compliance.ts. A day without reminders may
 * have a row of zeros.
 */
export const reminderComplianceDays = pgTable(
  'reminder_compliance_days',
  {
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    due: integer().notNull(),
    notified: integer().notNull(),
    done: integer().notNull(),
    doneWithin30Days: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'reminder_compliance_days_pk', columns: [t.clinicId, t.day] })],
);

/**
 * Saved views of the portal's data grids (Pets, Visits, Owners): per staff user and grid, under a name
 * (unique per user and grid, case ignored), the grid's state as the client exported it (columns,
 * order, widths, density, sort, filters, page size; at most 8 KB). Migration 0037, decision 0113.
 */
export const gridViews = pgTable(
  'grid_views',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    vetUserId: integer()
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    /** 'pets' | 'visits' | 'owners' (issue 32) */
    grid: text().notNull(),
    name: text().notNull(),
    state: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('grid_views_grid_check', sql`${t.grid} in ('pets', 'visits', 'owners')`),
    uniqueIndex('grid_views_user_grid_name_idx').on(t.vetUserId, t.grid, sql`lower(${t.name})`),
    index('grid_views_clinic_idx').on(t.clinicId),
  ],
);

/** Links of the owner's sightings page (/Sightings?token=…): stored as sha-256 hashes, one pet each. */
export const sightingLinks = pgTable(
  'sighting_links',
  {
    id: id(),
    petProfileId: integer()
      .notNull()
      .references(() => petProfiles.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sighting_links_token_hash_idx').on(t.tokenHash),
    index('sighting_links_expires_idx').on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------- history

/**
 * Who changed what in a clinic's records (docs/decisions/0097): one row per create, change, delete,
 * restore or purge of a pet, visit, record or picture, written in the transaction of the change.
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and without foreign keys, so it
 * outlives what it names.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer().notNull(),
    /** null for an entry of the clinic's staff or settings (issue 31) */
    petProfileId: integer(),
    vetVisitId: integer(),
    /** HistoryEntity: pet, visit, weight, vaccination, antiparasitic, consultation, picture; or staff, clinic */
    entity: text().notNull(),
    entityId: bigint({ mode: 'number' }).notNull(),
    /** HistoryAction: create, change, delete, restore, purge, erase */
    action: text().notNull(),
    /**
     * the pet's version after a pet entry; the visit's after a visit's or its records' (the 409 answer names who made
     * it)
     */
    version: integer(),
    /** the acting staff user (null: not known, the clinic account acted) */
    userId: integer(),
    /** the staff user's name then, else the clinic's */
    userName: text().notNull().default(''),
    changes: jsonb()
      .$type<Array<{ field: string; from: string | number | boolean | null; to: string | number | boolean | null }>>()
      .notNull()
      .default([]),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('record_history_pet_idx').on(t.clinicId, t.petProfileId, t.at, t.id),
    index('record_history_entity_idx').on(t.entity, t.entityId, t.version),
    index('record_history_visit_idx')
      .on(t.vetVisitId, t.version)
      .where(sql`${t.vetVisitId} is not null`),
  ],
);

/**
 * Secrets the server makes for itself when the configuration gives none (the picture-link key), shared by every
 * process.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- lost and found (issue 34)

/**
 * Found-pet reports (docs/decisions/0150): a finder's report, listed once its e-mail is confirmed, for
 * FOUND_REPORT_DAYS unless renewed. The exact place goes only to owners (matches, sightings page); every public
 * path reads the rounded place (public_latitude, public_longitude: about 500 m).
 */
export const foundPets = pgTable(
  'found_pets',
  {
    id: id(),
    /** FOUND_REPORT_STATUSES: 'pending' | 'open' | 'reunited' | 'withdrawn' | 'expired' */
    status: text().notNull().default('pending'),
    petTypeId: integer()
      .notNull()
      .references(() => petTypes.id),
    /** the finder's breed guess; null: not given */
    petBreedId: integer().references(() => petBreeds.id),
    /** colour names of FOUND_COLORS the finder chose */
    colors: text().array().notNull(),
    /** colour names read from the photos' dominant colours (docs/decisions/0151) */
    photoColors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'small' | 'medium' | 'large' */
    size: text().notNull(),
    /** the exact place: owners only */
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    /** the place rounded to about 500 m: what every public path shows */
    publicLatitude: doublePrecision().notNull(),
    publicLongitude: doublePrecision().notNull(),
    foundDate: date({ mode: 'string' }).notNull(),
    note: text().notNull().default(''),
    /** stored paths of the one to three photos (public uploads, re-encoded without metadata) */
    photos: text().array().notNull(),
    /** never shown: the relay and the report's e-mails reach the finder through it */
    finderEmail: text().notNull(),
    /** the finder's language for e-mails */
    language: text().notNull().default('en'),
    createdAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** when an open report expires (set on confirmation and renewal) */
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** reunited, withdrawn or expired */
    closedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('found_pets_status_check', sql`${t.status} in ('pending', 'open', 'reunited', 'withdrawn', 'expired')`),
    check('found_pets_size_check', sql`${t.size} in ('small', 'medium', 'large')`),
    // the listing: newest first, of a type
    index('found_pets_open_idx')
      .on(t.petTypeId, t.foundDate, t.id)
      .where(sql`${t.status} = 'open'`),
    // near me, on the rounded place (geo_point: migration 0011)
    index('found_pets_public_near_idx')
      .using('gist', sql`geo_point(${t.publicLatitude}, ${t.publicLongitude})`)
      .where(sql`${t.status} = 'open'`),
    // matching a lost pet against the open reports, on the exact place
    index('found_pets_near_idx')
      .using('gist', sql`geo_point(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.status} = 'open'`),
    index('found_pets_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('found_pets_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The private links of the lost-and-found e-mails, stored as sha-256 hashes (docs/decisions/0150): `purpose`
 * names what a link opens and `subjectId` which one ('found-manage': a found report; 'relay-confirm',
 * 'relay-sender', 'relay-recipient': a relay conversation; 'alert-confirm', 'alert-unsubscribe': a subscription).
 */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: id(),
    purpose: text().notNull(),
    subjectId: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('link_tokens_hash_idx').on(t.tokenHash), index('link_tokens_expires_idx').on(t.expiresAt)],
);

/** Addresses whose holder has followed a confirmation link once (the relay asks only the first time). */
export const confirmedSenders = pgTable('confirmed_senders', {
  /** the mailbox (mailboxOf: lower case, without a "+tag") */
  mailbox: text().primaryKey(),
  confirmedAt: createdAt(),
});

/**
 * A conversation of the contact relay (docs/decisions/0152): a sender writing to a lost pet's owner
 * (pet_profile_id) or to a found report's finder (found_pet_id), one per sender's mailbox and pet or report. The
 * recipient's address is looked up when a message is sent; neither side's address is ever shown.
 */
export const relayConversations = pgTable(
  'relay_conversations',
  {
    id: id(),
    petProfileId: integer().references(() => petProfiles.id, { onDelete: 'cascade' }),
    foundPetId: integer().references(() => foundPets.id, { onDelete: 'cascade' }),
    senderEmail: text().notNull(),
    senderMailbox: text().notNull(),
    senderLanguage: text().notNull().default('en'),
    /** a clinic's "Tell the owner" (the e-mail names the clinic; its messages are never held) */
    senderClinicId: integer().references(() => clinics.id, { onDelete: 'set null' }),
    /** the recipient has replied once: the sender's held text is shown from then on */
    recipientAnswered: boolean().notNull().default(false),
    blockedAt: timestamp({ withTimezone: true, mode: 'date' }),
    reportedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('relay_conversations_subject_check', sql`(${t.petProfileId} is null) <> (${t.foundPetId} is null)`),
    uniqueIndex('relay_conversations_pet_sender_idx')
      .on(t.petProfileId, t.senderMailbox)
      .where(sql`${t.petProfileId} is not null`),
    uniqueIndex('relay_conversations_found_sender_idx')
      .on(t.foundPetId, t.senderMailbox)
      .where(sql`${t.foundPetId} is not null`),
    index('relay_conversations_mailbox_idx').on(t.senderMailbox),
  ],
);

/** A message of a relay conversation, from the sender or (a reply) from the recipient. */
export const relayMessages = pgTable(
  'relay_messages',
  {
    id: id(),
    conversationId: integer()
      .notNull()
      .references(() => relayConversations.id, { onDelete: 'cascade' }),
    /** true: the owner's or finder's reply; false: the sender's */
    fromRecipient: boolean().notNull(),
    body: text().notNull(),
    /** a first message with links or phone numbers from a sender not yet answered: those are held back */
    held: boolean().notNull().default(false),
    /** 'unconfirmed' (the sender's address awaits its link) | 'sent' | 'blocked' */
    status: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('relay_messages_status_check', sql`${t.status} in ('unconfirmed', 'sent', 'blocked')`),
    index('relay_messages_conversation_idx').on(t.conversationId, t.id),
  ],
);

/**
 * Lost-pet alerts (docs/decisions/0153): a neighbour's circle and pet types; a daily digest of the new lost and
 * found pets inside it, in their language, once the address is confirmed.
 */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: id(),
    email: text().notNull(),
    language: text().notNull().default('en'),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    radiusKm: integer().notNull(),
    petTypeIds: integer().array().notNull(),
    /** 'pending' | 'active' | 'unsubscribed' */
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** the next digest covers what was reported since this (set on confirmation, moved on by each digest) */
    digestFrom: timestamp({ withTimezone: true, mode: 'date' }),
    /** when the next digest is due */
    nextDigestAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('alert_subscriptions_status_check', sql`${t.status} in ('pending', 'active', 'unsubscribed')`),
    index('alert_subscriptions_due_idx')
      .on(t.nextDigestAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Colour names read from a stored image's dominant colour (matching), by its path: read once per image. */
export const imageColors = pgTable('image_colors', {
  imagePath: text().primaryKey(),
  colors: text().array().notNull(),
  createdAt: createdAt(),
});

/**
 * Issue 33: an owner's request for a visit, made on /BookVisit from the "Book a visit" link of a reminder e-mail
 * (decision 0186). One per e-mail (`outboxMessageId`: the e-mail's group of reminders of one owner). `state`:
 * 'requested' (waiting for the clinic), 'booked' (accepted: the visits were made), 'declined'.
 */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: id(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    outboxMessageId: integer()
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    /** the owner of the reminders' pets when the request was made (null: a patient without an owner row) */
    clinicOwnerId: integer().references(() => clinicOwners.id, { onDelete: 'set null' }),
    /** one to three days, yyyy-mm-dd, ascending */
    preferredDays: jsonb().$type<string[]>().notNull(),
    /** 'morning' | 'afternoon' | 'any' */
    partOfDay: text().notNull(),
    note: text().notNull().default(''),
    state: text().notNull().default('requested'),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    answeredAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** the day of the visits made when it was accepted */
    visitDate: date({ mode: 'string' }),
    /** the clinic's message to the owner when it declined */
    declineMessage: text().notNull().default(''),
  },
  (t) => [
    check('visit_requests_state_check', sql`${t.state} in ('requested', 'booked', 'declined')`),
    check('visit_requests_part_of_day_check', sql`${t.partOfDay} in ('morning', 'afternoon', 'any')`),
    uniqueIndex('visit_requests_message_idx').on(t.outboxMessageId),
    index('visit_requests_clinic_state_idx').on(t.clinicId, t.state, t.id),
  ],
);

/**
 * The reminders (a wellness record and the day it was due) a visit request is about: a reminder with a 'booked'
 * request is booked (its later notices stop).
 */
export const visitRequestReminders = pgTable(
  'visit_request_reminders',
  {
    visitRequestId: integer()
      .notNull()
      .references(() => visitRequests.id, { onDelete: 'cascade' }),
    wellnessRecordId: bigint({ mode: 'number' })
      .notNull()
      .references(() => wellnessRecords.id, { onDelete: 'cascade' }),
    reminderDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'visit_request_reminders_pk', columns: [t.visitRequestId, t.wellnessRecordId] }),
    index('visit_request_reminders_record_idx').on(t.wellnessRecordId, t.reminderDate),
  ],
);
