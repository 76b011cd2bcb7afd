import { PET_PROFILE_PATH } from '#shared/pet-profile-path';

/** Every route of SPEC.md §2, in one place (the browser's router and the server's page cache read it). */
export const paths = {
  home: '/',
  adopt: '/adopt',
  lost: '/lost',
  sitters: '/sitters',
  trainers: '/trainers',
  walkers: '/walkers',
  groomers: '/groomers',
  vets: '/vets',
  petDetails: PET_PROFILE_PATH,
  sitter: '/pet-sitter/:id',
  trainer: '/pet-trainer/:id',
  walker: '/pet-walker/:id',
  groomer: '/pet-groomer/:id',
  vet: '/pet-vet/:id',
  support: '/support',
  privacy: '/PrivacyPolicy',
  terms: '/TermsAndConditions',
  resetPassword: '/ResetPassword',
  verifyEmail: '/VerifyEmail',
  acceptPetInvite: '/AcceptPetInvite',
  acceptStaffInvite: '/AcceptStaffInvite',
  resetStaffLogin: '/ResetStaffLogin',
  animalHouse: '/AnimalHouse',
  dashboard: '/Dashboard',
  petCertificate: '/Dashboard/Pets/:petProfileId/Certificate',
  visitSummary: '/Dashboard/Visits/:vetVisitId/Summary',
  sightings: '/Sightings',
  petFlyer: '/Pets/Flyer',
  /** issue 34: found pets, reported and listed */
  found: '/found',
  // the pages the lost-and-found e-mails link to (issue 34): each reads its token in the browser only
  foundManage: '/found/manage',
  /** one found report's public page and its flyer (after /found/manage, which a literal segment matches first) */
  foundPet: '/found/:id',
  foundFlyer: '/found/:id/flyer',
  messages: '/messages',
  messagesConfirm: '/messages/confirm',
  alertsConfirm: '/alerts/confirm',
  alertsUnsubscribe: '/alerts/unsubscribe',
  /** issue 32: a reminder e-mail's unsubscribe link (its token read in the browser only) */
  unsubscribe: '/Unsubscribe',
  /** issue 33: a reminder e-mail's "Book a visit" link (its token read in the browser only) */
  bookVisit: '/BookVisit',
} as const;

/** The address of one found report's public page (paths.foundPet). */
export function foundPetPath(foundPetId: number): string {
  return `/found/${foundPetId}`;
}

/** The address of a found report's printable flyer (paths.foundFlyer). */
export function foundFlyerPath(foundPetId: number): string {
  return `${foundPetPath(foundPetId)}/flyer`;
}
