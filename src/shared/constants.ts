/** Business constants of SPEC.md §9, shared by client and server. */
export const PAGE_SIZE = 4;
export const VISIT_PET_SEARCH_PAGE_SIZE = 5;
/** Upper bound the server accepts for any `limit`. */
export const MAX_PAGE_SIZE = 100;
/** Upper bound for any 1-based page number (`offset`). */
export const MAX_PAGE = 100_000;
export const FIRST_PAGE = 1;
export const DEFAULT_PET_TYPE_ID = 1;

/**
 * Each pet type's "Unknown" breed (issue 36, docs/decisions/0176): a breed row of its own with the fixed id
 * UNKNOWN_BREED_ID_BASE + the type's id, first in the type's breed list, so SPEC.md's "Unknown" checkbox (the
 * list's first breed) stores it and every screen reads "Unknown" rather than a real breed.
 */
const UNKNOWN_BREED_ID_BASE = 900;
export const unknownBreedId = (petTypeId: number) => UNKNOWN_BREED_ID_BASE + petTypeId;
export const isUnknownBreed = (breedId: number | null | undefined) =>
  breedId !== null && breedId !== undefined && breedId > UNKNOWN_BREED_ID_BASE && breedId < UNKNOWN_BREED_ID_BASE + 100;

export const HOME_LOADING_MS = 500;
export const SEARCH_DEBOUNCE_MS = 300;
export const PULL_TO_REFRESH_PX = 50;
export const RESET_REDIRECT_MS = 3000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '@$&!?';

export const REMINDER_PRESET_DAYS = [21, 30, 90, 180, 365] as const;

export const MAP_ZOOM = 15;
export const PET_MAP_HEIGHT_PX = 250;
export const PROVIDER_MAP_HEIGHT_PX = 300;
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const PICTURE_ZOOM_MIN = 0.5;
export const PICTURE_ZOOM_MAX = 3;
export const PICTURE_ZOOM_STEP = 0.1;
export const MOBILE_BREAKPOINT_PX = 768;
/** From this width the portal's Visits tab is a data grid (issue 21); below it SPEC.md's cards. */
export const DESK_BREAKPOINT_PX = 1024;
/** Page sizes of the desk's Visits grid; the first that fits the window is the default. */
export const DESK_PAGE_SIZES = [10, 25, 50] as const;

export const MAX_IMAGE_BYTES = 5_242_880;
/** Pictures one SaveVetVisit may carry. */
export const MAX_UPLOAD_FILES = 10;

export const GENDER_MALE = 1;
export const GENDER_FEMALE = 2;

/** Wellness ids of SPEC.md §3. */
export const ABOUT_CATEGORY_ID = 1;
export const CATEGORY_TYPE_WEIGHT = 1;
export const CATEGORY_TYPE_VACCINATION = 9;
export const CATEGORY_TYPE_ANTIPARASITIC = 10;
export const CATEGORY_TYPE_CONSULTATION = 17;
export const CATEGORY_TYPE_PICTURE = 18;
/** The record types a visit holds, by the name its history entries give them (docs/decisions/0097). */
export const VISIT_RECORD_TYPES = {
  weight: CATEGORY_TYPE_WEIGHT,
  vaccination: CATEGORY_TYPE_VACCINATION,
  antiparasitic: CATEGORY_TYPE_ANTIPARASITIC,
  consultation: CATEGORY_TYPE_CONSULTATION,
  picture: CATEGORY_TYPE_PICTURE,
} as const;

export const VACCINATION_CHOICES = [
  'Rabies',
  'DHPP',
  'Bordetella',
  'Leptospirosis',
  'Lyme Disease',
  'Influenza',
  'FVRCP',
  'Feline Leukemia',
] as const;

export const ANTIPARASITIC_CHOICES = [
  'Internal Deworming',
  'External Parasites',
  'Heartworm Prevention',
  'Flea Treatment',
  'Tick Treatment',
] as const;

/** isFinished query values of GetVetVisits. */
export const VISIT_FILTER = { active: 0, completed: 1, all: 2 } as const;

export const PROVIDER_KINDS = ['sitter', 'trainer', 'walker', 'groomer', 'vet'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A saved grid view (issue 21): its state as JSON at most this many bytes, its name at most this many characters. */
export const GRID_VIEW_STATE_MAX_BYTES = 8192;
export const GRID_VIEW_NAME_MAX = 60;

/**
 * A pet's reminder status at the clinic (issue 33, item 6): overdue (an open reminder's date is before today), due
 * (one within the next 30 days), else up to date. In this order the Pets grid's "due" sort ranks them ascending.
 */
export const PET_DUE_STATUSES = ['overdue', 'due', 'upToDate'] as const;
export type PetDueStatus = (typeof PET_DUE_STATUSES)[number];
