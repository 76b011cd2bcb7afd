import type { ProviderKind } from '#shared/constants';
import { PET_PROFILE_PATH } from '#shared/pet-profile-path';

/** Every route of SPEC.md §2, in one place. */
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
  animalHouse: '/AnimalHouse',
  dashboard: '/Dashboard',
  petCertificate: '/Dashboard/Pets/:petProfileId/Certificate',
  visitSummary: '/Dashboard/Visits/:vetVisitId/Summary',
  sightings: '/Sightings',
  petFlyer: '/Pets/Flyer',
} as const;

/** Listing and detail routes of each provider kind. */
export const providerRoutes: Record<ProviderKind, { list: string; detail: (id: number | string) => string }> = {
  sitter: { list: paths.sitters, detail: (id) => `/pet-sitter/${id}` },
  trainer: { list: paths.trainers, detail: (id) => `/pet-trainer/${id}` },
  walker: { list: paths.walkers, detail: (id) => `/pet-walker/${id}` },
  groomer: { list: paths.groomers, detail: (id) => `/pet-groomer/${id}` },
  vet: { list: paths.vets, detail: (id) => `/pet-vet/${id}` },
};
