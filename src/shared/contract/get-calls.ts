/**
 * Every GET call of the API by path: its query (the type of the schema the server validates it
 * with) and the data of its answer. The client's apiGet is typed by it, so renaming a query field
 * in the contract breaks the client's build where the old name is still sent.
 */
import type { API } from '#shared/contract/paths';
import type {
  Breed,
  Country,
  DirectoryCountriesQuery,
  DirectoryCountry,
  PetBreedsQuery,
  PetType,
} from '#shared/contract/general';
import type { LegalDocument, LegalDocumentQuery } from '#shared/contract/legal';
import type { LostPetListQuery, PetDetails, PetDetailsQuery, PetGroup, PetListQuery } from '#shared/contract/pets';
import type {
  AnimalHouseList,
  AnimalHouseListQuery,
  ProviderByIdQuery,
  ProviderDetail,
  ProviderList,
  ProviderListQuery,
} from '#shared/contract/providers';
import type { PetSightingsQuery, PetSightingsResult } from '#shared/contract/sightings';
import type { SessionsResult, StaffResult } from '#shared/contract/staff';
import type {
  FoundPetCard,
  FoundPetDetails,
  FoundPetMatch,
  FoundPetMatchesQuery,
  FoundPetQuery,
  FoundPetsQuery,
} from '#shared/contract/found-pets';
import type { Conversation, ConversationQuery } from '#shared/contract/relay';
import type { LostChipQuery, LostChipResult } from '#shared/contract/vet-lost-pets';
import type { ImportProgress, ImportProgressQuery } from '#shared/contract/vet-import';
import type { ReminderProtocolsResult, ReminderSchedule } from '#shared/contract/reminder-protocols';
import type { VisitRequestsQuery, VisitRequestsResult } from '#shared/contract/visit-requests';
import type {
  GridViewsQuery,
  GridViewsResult,
  VetClinic,
  VetPetDetails,
  VetPetDetailsQuery,
  VetPetsQuery,
  VetPetsResult,
  VetPetVisitsQuery,
  VetPetVisitsResult,
  VetReminderDays,
  VetReminderDaysQuery,
  ReminderCompliance,
  ReminderComplianceQuery,
  VetVisitDetails,
  VetVisitDetailsQuery,
  VetVisitsQuery,
  VetVisitsResult,
} from '#shared/contract/vet';
import type {
  DeletedVetItemsQuery,
  DeletedVetItemsResult,
  VetPetHistoryQuery,
  VetPetHistoryResult,
} from '#shared/contract/vet-records';
import type {
  VetOwnerDetails,
  VetOwnerDetailsQuery,
  VetOwnersQuery,
  VetOwnersResult,
  VetOwnerDuplicatesResult,
  VetOwnerData,
  VetOwnerDataQuery,
} from '#shared/contract/vet-owners';
import type { OwnerUnsubscribeLink, ReminderUnsubscribeQuery } from '#shared/contract/owner-unsubscribe';
import type { WellnessCategory, WellnessCategoryType, WellnessCategoryTypesQuery } from '#shared/contract/wellness';

interface Call<Query, Data> {
  query: Query;
  data: Data;
}
/** A call without a query. */
type NoQuery = undefined;

interface GetCalls {
  [API.petTypes]: Call<NoQuery, PetType[]>;
  [API.countries]: Call<NoQuery, Country[]>;
  [API.petBreeds]: Call<PetBreedsQuery, Breed[]>;
  [API.directoryCountries]: Call<DirectoryCountriesQuery, DirectoryCountry[]>;
  [API.petsForAdoption]: Call<PetListQuery, PetGroup[]>;
  [API.lostPets]: Call<LostPetListQuery, PetGroup[]>;
  [API.petDetailsByPublicId]: Call<PetDetailsQuery, PetDetails>;
  [API.petSightings]: Call<PetSightingsQuery, PetSightingsResult>;
  [API.foundPets]: Call<FoundPetsQuery, FoundPetCard[]>;
  [API.foundPet]: Call<FoundPetQuery, FoundPetDetails>;
  [API.foundPetMatches]: Call<FoundPetMatchesQuery, FoundPetMatch[]>;
  [API.conversation]: Call<ConversationQuery, Conversation>;
  [API.petSitters]: Call<ProviderListQuery, ProviderList>;
  [API.petSitterById]: Call<ProviderByIdQuery, ProviderDetail[]>;
  [API.petTrainers]: Call<ProviderListQuery, ProviderList>;
  [API.petTrainerById]: Call<ProviderByIdQuery, ProviderDetail[]>;
  [API.petWalkers]: Call<ProviderListQuery, ProviderList>;
  [API.petWalkerById]: Call<ProviderByIdQuery, ProviderDetail[]>;
  [API.petGroomers]: Call<ProviderListQuery, ProviderList>;
  [API.petGroomerById]: Call<ProviderByIdQuery, ProviderDetail[]>;
  [API.vets]: Call<ProviderListQuery, ProviderList>;
  [API.vetById]: Call<ProviderByIdQuery, ProviderDetail[]>;
  [API.animalHouses]: Call<AnimalHouseListQuery, AnimalHouseList>;
  [API.wellnessCategories]: Call<NoQuery, WellnessCategory[]>;
  [API.wellnessCategoryTypes]: Call<WellnessCategoryTypesQuery, WellnessCategoryType[]>;
  [API.privacyPolicy]: Call<LegalDocumentQuery, LegalDocument>;
  [API.termsAndConditions]: Call<LegalDocumentQuery, LegalDocument>;
  [API.vetClinic]: Call<NoQuery, VetClinic>;
  [API.staff]: Call<NoQuery, StaffResult>;
  [API.sessions]: Call<NoQuery, SessionsResult>;
  [API.vetVisits]: Call<VetVisitsQuery, VetVisitsResult>;
  [API.vetPets]: Call<VetPetsQuery, VetPetsResult>;
  [API.vetPetDetails]: Call<VetPetDetailsQuery, VetPetDetails>;
  [API.vetOwners]: Call<VetOwnersQuery, VetOwnersResult>;
  [API.vetOwnerDetails]: Call<VetOwnerDetailsQuery, VetOwnerDetails>;
  [API.vetOwnerDuplicates]: Call<NoQuery, VetOwnerDuplicatesResult>;
  [API.exportVetOwnerData]: Call<VetOwnerDataQuery, VetOwnerData>;
  [API.importProgress]: Call<ImportProgressQuery, ImportProgress>;
  [API.reminderProtocols]: Call<NoQuery, ReminderProtocolsResult>;
  [API.reminderSchedule]: Call<NoQuery, ReminderSchedule>;
  [API.reminderCompliance]: Call<ReminderComplianceQuery, ReminderCompliance>;
  [API.vetPetVisits]: Call<VetPetVisitsQuery, VetPetVisitsResult>;
  [API.vetVisitDetails]: Call<VetVisitDetailsQuery, VetVisitDetails>;
  [API.vetReminderDays]: Call<VetReminderDaysQuery, VetReminderDays>;
  [API.gridViews]: Call<GridViewsQuery, GridViewsResult>;
  [API.vetPetHistory]: Call<VetPetHistoryQuery, VetPetHistoryResult>;
  [API.deletedVetItems]: Call<DeletedVetItemsQuery, DeletedVetItemsResult>;
  [API.lostPetByMicrochip]: Call<LostChipQuery, LostChipResult>;
  [API.reminderUnsubscribe]: Call<ReminderUnsubscribeQuery, OwnerUnsubscribeLink>;
  [API.visitRequests]: Call<VisitRequestsQuery, VisitRequestsResult>;
}

export type GetPath = keyof GetCalls;
export type GetQuery<P extends GetPath> = GetCalls[P]['query'];
export type GetData<P extends GetPath> = GetCalls[P]['data'];
