/** Every API path of SPEC.md §7 (plus Pawtal's own additions, marked). */
export const API = {
  petTypes: '/api/General/GetPetTypes',
  countries: '/api/General/GetCountries',
  petBreeds: '/api/General/GetPetBreeds',
  /** Pawtal addition: how many providers (or shelters) of a directory each country has, for its country filter. */
  directoryCountries: '/api/General/GetDirectoryCountries',
  petsForAdoption: '/api/Pets/GetPetsForAdoption',
  lostPets: '/api/Pets/GetLostPets',
  petDetailsByPublicId: '/api/Pets/GetPetDetailsByPublicId',
  /** Pawtal addition: a lost pet's sightings, for the owner's private link (token). */
  petSightings: '/api/Pets/GetPetSightings',
  acceptPetInvite: '/api/Pets/AcceptPetInvite',
  /** Issue 34: a finder's found-pet report (multipart), its confirmation, its management from the finder's link. */
  reportFoundPet: '/api/Pets/ReportFoundPet',
  confirmFoundPet: '/api/Pets/ConfirmFoundPet',
  /** Pawtal addition (issue 34): reunited, withdraw or renew, from the finder's link. */
  manageFoundPet: '/api/Pets/ManageFoundPet',
  foundPets: '/api/Pets/GetFoundPets',
  /** Pawtal addition (issue 34): one found report's public page. */
  foundPet: '/api/Pets/GetFoundPet',
  foundPetMatches: '/api/Pets/GetFoundPetMatches',
  /** Issue 34: the contact relay. */
  contactOwner: '/api/Pets/ContactOwner',
  contactFinder: '/api/Pets/ContactFinder',
  /** Pawtal additions (issue 34): the relay's confirmation link, its conversation page, replies, blocking. */
  confirmRelaySender: '/api/Pets/ConfirmRelaySender',
  conversation: '/api/Pets/GetConversation',
  replyToConversation: '/api/Pets/ReplyToConversation',
  blockSender: '/api/Pets/BlockSender',
  /** Pawtal addition (issue 34): a sighting with a note for the owner. */
  reportSighting: '/api/Pets/ReportSighting',
  /** Issue 34: lost-pet alerts for neighbours. */
  subscribeLostPetAlerts: '/api/Pets/SubscribeLostPetAlerts',
  /** Pawtal additions (issue 34): the alert's confirmation link and its one-click unsubscribe (RFC 8058). */
  confirmLostPetAlerts: '/api/Pets/ConfirmLostPetAlerts',
  unsubscribeLostPetAlerts: '/api/Pets/UnsubscribeLostPetAlerts',
  /** Pawtal additions (issue 32): a reminder e-mail's unsubscribe link, read by its page, and its one-click POST. */
  reminderUnsubscribe: '/api/Owners/GetReminderUnsubscribe',
  unsubscribeReminders: '/api/Owners/UnsubscribeReminders',
  petSitters: '/api/PetSitters/GetPetSitters',
  petSitterById: '/api/PetSitters/GetPetSitterById',
  petTrainers: '/api/PetTrainers/GetPetTrainers',
  petTrainerById: '/api/PetTrainers/GetPetTrainerById',
  petWalkers: '/api/PetWalkers/GetPetWalkers',
  petWalkerById: '/api/PetWalkers/GetPetWalkerById',
  petGroomers: '/api/PetGroomers/GetPetGroomers',
  petGroomerById: '/api/PetGroomers/GetPetGroomerById',
  vets: '/api/PetVeterinarians/GetVets',
  vetById: '/api/PetVeterinarians/GetVetById',
  /** Pawtal addition: the /AnimalHouse directory of shelters and rescues. */
  animalHouses: '/api/AnimalHouses/GetAnimalHouses',
  wellnessCategories: '/api/PetWellness/GetPetWellnessCategories',
  wellnessCategoryTypes: '/api/PetWellness/GetPetWellnessCategoryTypes',
  privacyPolicy: '/api/LegalDocuments/GetPrivacyPolicy',
  termsAndConditions: '/api/LegalDocuments/GetTermsAndConditions',
  resetPassword: '/api/auth/resetPassword',
  checkResetToken: '/api/auth/checkResetToken',
  verifyEmail: '/api/Accounts/VerifyEmail',

  vetLogin: '/api/VetAccounts/Login',
  /** Pawtal addition: revokes the session token. */
  vetLogout: '/api/VetAccounts/Logout',
  /** Pawtal addition: the session's clinic (name, address, phone) for printouts. */
  vetClinic: '/api/VetAccounts/GetVetClinic',
  /** Issue 31: staff who sign in as themselves. */
  vetLoginTwoFactor: '/api/VetAccounts/LoginTwoFactor',
  switchUser: '/api/VetAccounts/SwitchUser',
  changePassword: '/api/VetAccounts/ChangePassword',
  changePin: '/api/VetAccounts/ChangePin',
  startTwoFactor: '/api/VetAccounts/StartTwoFactor',
  confirmTwoFactor: '/api/VetAccounts/ConfirmTwoFactor',
  /** Pawtal addition: turns one's own two-factor sign-in off (with a code). */
  disableTwoFactor: '/api/VetAccounts/DisableTwoFactor',
  sessions: '/api/VetAccounts/GetSessions',
  revokeSession: '/api/VetAccounts/RevokeSession',
  staff: '/api/VetAccounts/GetStaff',
  inviteStaff: '/api/VetAccounts/InviteStaff',
  updateStaff: '/api/VetAccounts/UpdateStaff',
  /** Pawtal addition: an admin e-mails someone a link to set a new password or PIN. */
  sendStaffReset: '/api/VetAccounts/SendStaffReset',
  /** Pawtal addition: an admin requires two-factor sign-in of everyone at the clinic. */
  saveClinicSettings: '/api/VetAccounts/SaveClinicSettings',
  acceptStaffInvite: '/api/VetAccounts/AcceptStaffInvite',
  /** Pawtal addition: a reset link's new password or PIN. */
  resetStaffLogin: '/api/VetAccounts/ResetStaffLogin',
  /** Pawtal addition: what a staff link is for (its page asks before showing the form). */
  checkStaffLink: '/api/VetAccounts/CheckStaffLink',
  /** Pawtal addition: "Forgot your password?" of the login (answers alike for unknown addresses). */
  requestStaffReset: '/api/VetAccounts/RequestStaffReset',
  vetVisits: '/api/VetPets/GetVetVisits',
  vetPets: '/api/VetPets/GetVetPets',
  vetReminders: '/api/VetPets/GetVetReminders',
  /**
   * Pawtal addition: e-mails the owners of a day's or a range's reminders (one e-mail per owner, never twice for a
   * reminder).
   */
  sendVetReminders: '/api/VetPets/SendVetReminders',
  /** Pawtal addition: the days of a range that have reminders (the calendar's marks). */
  vetReminderDays: '/api/VetPets/GetVetReminderDays',
  /** Pawtal addition: the Pets tab's list as CSV (its search and filters), streamed. */
  exportVetPets: '/api/VetPets/ExportVetPets',
  /** Pawtal addition: the reminders of a range as CSV (its filters), streamed. */
  exportVetReminders: '/api/VetPets/ExportVetReminders',
  /** Pawtal addition: a staff user's saved views of the Pets and Visits grids. */
  gridViews: '/api/VetPets/GetGridViews',
  saveGridView: '/api/VetPets/SaveGridView',
  deleteGridView: '/api/VetPets/DeleteGridView',
  /** Issue 32: a clinic's owners as records. */
  vetOwners: '/api/VetPets/GetVetOwners',
  vetOwnerDetails: '/api/VetPets/GetVetOwnerDetails',
  saveVetOwner: '/api/VetPets/SaveVetOwner',
  exportVetOwners: '/api/VetPets/ExportVetOwners',
  vetOwnerDuplicates: '/api/VetPets/GetVetOwnerDuplicates',
  mergeVetOwners: '/api/VetPets/MergeVetOwners',
  restoreVetOwner: '/api/VetPets/RestoreVetOwner',
  /** Issue 32, item 7: an owner's rights: their data exported, or erased. */
  exportVetOwnerData: '/api/VetPets/ExportVetOwnerData',
  eraseVetOwner: '/api/VetPets/EraseVetOwner',
  /** Issue 32: patients imported from a CSV file, and an import undone. */
  importVetPatients: '/api/VetPets/ImportVetPatients',
  undoImport: '/api/VetPets/UndoImport',
  /** Pawtal addition: how far an import has come (the wizard's progress bar). */
  importProgress: '/api/VetPets/GetImportProgress',
  /** Issue 33: a clinic's reminder protocols (the next reminder of a vaccination or antiparasitic). */
  reminderProtocols: '/api/VetPets/GetReminderProtocols',
  saveReminderProtocol: '/api/VetPets/SaveReminderProtocol',
  deleteReminderProtocol: '/api/VetPets/DeleteReminderProtocol',
  /** Issue 33: the clinic's schedule of reminder notices (a clinic setting). */
  reminderSchedule: '/api/VetPets/GetReminderSchedule',
  saveReminderSchedule: '/api/VetPets/SaveReminderSchedule',
  /** Issue 33: a reminder marked done, snoozed until a day, or reopened. */
  updateVetReminder: '/api/VetPets/UpdateVetReminder',
  /** Issue 33: per month, the reminders due, e-mailed and done (the Notifications tab's Compliance). */
  reminderCompliance: '/api/VetPets/GetReminderCompliance',
  vetPetDetails: '/api/VetPets/GetVetPetDetails',
  vetPetVisits: '/api/VetPets/GetVetPetVisits',
  vetVisitDetails: '/api/VetPets/GetVetVisitDetails',
  createVetVisit: '/api/VetPets/CreateVetVisit',
  deleteVetVisit: '/api/VetPets/DeleteVetVisit',
  saveVetVisit: '/api/VetPets/SaveVetVisit',
  createVetPet: '/api/VetPets/CreateVetPet',
  updateVetPet: '/api/VetPets/UpdateVetPet',
  deleteVetPet: '/api/VetPets/DeleteVetPet',
  /** Issue 20: a pet's history of changes at this clinic. */
  vetPetHistory: '/api/VetPets/GetVetPetHistory',
  /** Issue 20: undo a delete within the restore window. */
  restoreVetVisit: '/api/VetPets/RestoreVetVisit',
  restoreVetPet: '/api/VetPets/RestoreVetPet',
  /** Pawtal addition (issue 20): the pets and visits deleted recently, which can still be restored. */
  deletedVetItems: '/api/VetPets/GetDeletedVetItems',
  /** Pawtal additions (issue 34): whether a scanned microchip belongs to a lost pet; a message to its owner. */
  lostPetByMicrochip: '/api/VetPets/FindLostPetByMicrochip',
  tellLostPetOwner: '/api/VetPets/TellLostPetOwner',
  /** Issue 33: the clinic's contact settings (its e-mails' Reply-To and phone), admins. */
  saveClinicContact: '/api/VetAccounts/SaveClinicContact',
  /** Issue 33: an owner's visit request from a reminder e-mail's "Book a visit" link (/BookVisit), and the clinic's answer. */
  checkBookingLink: '/api/Pets/CheckBookingLink',
  requestVisit: '/api/Pets/RequestVisit',
  visitRequests: '/api/VetPets/GetVisitRequests',
  answerVisitRequest: '/api/VetPets/AnswerVisitRequest',

  /** Pawtal addition: liveness and database check. */
  health: '/api/health',
  /** Pawtal addition: liveness without the database (the benchmark's constant route). */
  healthLive: '/api/health/live',
} as const;

/** Strips the /api prefix, for route modules registered under it. */
export function routePath(fullPath: string): string {
  return fullPath.replace(/^\/api/, '');
}
