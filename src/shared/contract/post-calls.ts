/**
 * Every POST call of the API by path: its body (the type of the TypeBox schema the server validates
 * it with, or for a call read by a shared form the form's payload type) and the data of its answer.
 * The client's apiPostJson and apiPostMultipart are typed by it, like apiGet by get-calls.ts, so a
 * renamed or misspelt body field, or a wrong answer type, breaks the build where it is used. The
 * tests' client (tests/support/api-client.ts) calls through the same maps. A new POST call is added
 * here, beside its route; tests/api/call-maps.test.ts fails while a route of the API is in neither map.
 */
import type { API } from '#shared/contract/paths';
import type {
  AcceptPetInviteBody,
  CheckResetTokenBody,
  ResetPasswordBody,
  VerifyEmailBody,
  VerifyEmailAnswer,
} from '#shared/contract/accounts';
import type {
  DeleteGridViewBody,
  DeleteVetPetBody,
  DeleteVetVisitBody,
  GridViewSaved,
  SaveGridViewBody,
  SendVetRemindersBody,
  SendVetRemindersResult,
  VetLoginAnswer,
  VetLoginBody,
  VetLoginResult,
  VetPetSaved,
  VetRemindersBody,
  VetRemindersResult,
  VetVisitCreated,
  ClinicContactSaved,
} from '#shared/contract/vet';
import type { ClinicContactValues } from '#shared/forms/clinic-contact-form';
import type { BookingLink, BookingLinkBody, VisitRequestAnswered } from '#shared/contract/visit-requests';
import type { AnswerVisitRequestValues, RequestVisitValues } from '#shared/forms/visit-request-forms';
import type { RestoreVetPetBody, RestoreVetVisitBody } from '#shared/contract/vet-records';
import type {
  AcceptStaffInviteBody,
  ChangePasswordBody,
  ChangePinBody,
  ClinicSettingsBody,
  ConfirmTwoFactorResult,
  InviteStaffBody,
  LoginTwoFactorBody,
  RequestStaffResetBody,
  ResetStaffLoginBody,
  RevokeSessionBody,
  SendStaffResetBody,
  StaffLinkBody,
  StaffLinkResult,
  StartTwoFactorResult,
  SwitchUserBody,
  SwitchUserResult,
  TwoFactorCodeBody,
  UpdateStaffBody,
} from '#shared/contract/staff';
import type {
  EraseVetOwnerBody,
  MergeVetOwnersBody,
  RestoreVetOwnerBody,
  VetOwnerErased,
  VetOwnerSaved,
} from '#shared/contract/vet-owners';
import type {
  ImportUndone,
  ImportVetPatientsPayload,
  ImportVetPatientsResult,
  UndoImportBody,
} from '#shared/contract/vet-import';
import type {
  DeleteReminderProtocolBody,
  ReminderProtocolSaved,
  ReminderScheduleSaved,
} from '#shared/contract/reminder-protocols';
import type { ReminderProtocolValues, ReminderScheduleValues } from '#shared/forms/reminder-protocol-form';
import type { ReminderActionValues } from '#shared/forms/reminder-action-form';
import type { ReminderUpdated } from '#shared/contract/vet';
import type { OwnerFormValues } from '#shared/forms/owner-form';
import type {
  ConfirmFoundPetBody,
  FoundPetReported,
  ManagedFoundPet,
  ManageFoundPetBody,
} from '#shared/contract/found-pets';
import type {
  BlockSenderBody,
  ConfirmRelaySenderBody,
  ContactResult,
  RelaySenderConfirmed,
  ReplyBody,
  ReportSightingBody,
  SightingReported,
  TokenBody,
} from '#shared/contract/relay';
import type {
  AlertSubscriptionValues,
  ContactFinderValues,
  ContactOwnerValues,
  FoundReportValues,
  TellOwnerValues,
} from '#shared/forms/lost-found-forms';
import type { OwnerUnsubscribed, UnsubscribeRemindersBody } from '#shared/contract/owner-unsubscribe';
import type { PetFormValues, PetUpdateValues } from '#shared/forms/pet-form';
import type { CreateVisitValues, VisitPayloadInput } from '#shared/forms/visit-payload';

interface Call<Body, Data> {
  body: Body;
  data: Data;
}
/** A call that takes no body (an empty JSON object is sent). */
type NoBody = Record<string, never>;
/** A call whose answer carries no data (`data: null`). */
type NoData = null;
/** Fields the server fills in with their schema's default when they are left out. */
type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
/** Every field optional, at every depth. */
type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
type VisitPicture = VisitPayloadInput['pictures'][number];
/**
 * SaveVetVisit's payload as its form's schema reads it (SPEC.md §7): the visit, its pet and date,
 * and each picture's id are required; every other field has a default, its rows too (a weight may
 * be typed text). The Edit Visit form sends it normalised (NormalisedVisitPayload, one of these).
 */
type SaveVisitPayload = Pick<VisitPayloadInput, 'petId' | 'vetVisitId' | 'visitDate'> &
  DeepPartial<Omit<VisitPayloadInput, 'pictures'>> & {
    pictures?: (Pick<VisitPicture, 'id'> & DeepPartial<Omit<VisitPicture, 'id'>>)[];
  };

/** POST calls with a JSON body. */
interface JsonPostCalls {
  [API.resetPassword]: Call<ResetPasswordBody, NoData>;
  [API.checkResetToken]: Call<CheckResetTokenBody, NoData>;
  [API.verifyEmail]: Call<VerifyEmailBody, VerifyEmailAnswer>;
  [API.acceptPetInvite]: Call<AcceptPetInviteBody, NoData>;
  [API.vetLogin]: Call<VetLoginBody, VetLoginAnswer>;
  [API.vetLogout]: Call<NoBody, NoData>;
  [API.vetLoginTwoFactor]: Call<LoginTwoFactorBody, VetLoginResult>;
  [API.switchUser]: Call<SwitchUserBody, SwitchUserResult>;
  [API.changePassword]: Call<ChangePasswordBody, NoData>;
  [API.changePin]: Call<ChangePinBody, NoData>;
  [API.startTwoFactor]: Call<NoBody, StartTwoFactorResult>;
  [API.confirmTwoFactor]: Call<TwoFactorCodeBody, ConfirmTwoFactorResult>;
  [API.disableTwoFactor]: Call<TwoFactorCodeBody, NoData>;
  [API.revokeSession]: Call<RevokeSessionBody, NoData>;
  [API.inviteStaff]: Call<InviteStaffBody, NoData>;
  [API.updateStaff]: Call<UpdateStaffBody, NoData>;
  [API.sendStaffReset]: Call<SendStaffResetBody, NoData>;
  [API.saveClinicSettings]: Call<ClinicSettingsBody, NoData>;
  [API.acceptStaffInvite]: Call<AcceptStaffInviteBody, NoData>;
  [API.resetStaffLogin]: Call<ResetStaffLoginBody, NoData>;
  [API.checkStaffLink]: Call<StaffLinkBody, StaffLinkResult>;
  [API.requestStaffReset]: Call<RequestStaffResetBody, NoData>;
  [API.vetReminders]: Call<WithDefaults<VetRemindersBody, 'offset' | 'limit'>, VetRemindersResult>;
  [API.sendVetReminders]: Call<SendVetRemindersBody, SendVetRemindersResult>;
  [API.saveGridView]: Call<SaveGridViewBody, GridViewSaved>;
  [API.deleteGridView]: Call<DeleteGridViewBody, NoData>;
  /** read by the shared form (readForm), as JSON */
  [API.createVetVisit]: Call<CreateVisitValues, VetVisitCreated>;
  [API.deleteVetVisit]: Call<DeleteVetVisitBody, NoData>;
  [API.restoreVetVisit]: Call<RestoreVetVisitBody, NoData>;
  [API.deleteVetPet]: Call<DeleteVetPetBody, NoData>;
  [API.restoreVetPet]: Call<RestoreVetPetBody, NoData>;
  /** read by the shared owner form (readForm), as JSON */
  [API.saveVetOwner]: Call<
    WithDefaults<OwnerFormValues, 'ownerId' | 'version' | 'email' | 'language' | 'remindersByEmail' | 'notes'>,
    VetOwnerSaved
  >;
  [API.mergeVetOwners]: Call<MergeVetOwnersBody, NoData>;
  [API.restoreVetOwner]: Call<RestoreVetOwnerBody, NoData>;
  [API.eraseVetOwner]: Call<EraseVetOwnerBody, VetOwnerErased>;
  [API.undoImport]: Call<UndoImportBody, ImportUndone>;
  /** read by the shared protocol form (readForm), as JSON */
  [API.deleteReminderProtocol]: Call<DeleteReminderProtocolBody, NoData>;
  [API.saveReminderProtocol]: Call<
    WithDefaults<ReminderProtocolValues, 'id' | 'petTypeId' | 'minAgeWeeks' | 'maxAgeWeeks'>,
    ReminderProtocolSaved
  >;
  /** read by the shared schedule form (readForm), as JSON */
  [API.saveReminderSchedule]: Call<WithDefaults<ReminderScheduleValues, 'version'>, ReminderScheduleSaved>;
  /** read by the shared reminder action form (readForm), as JSON */
  [API.updateVetReminder]: Call<WithDefaults<ReminderActionValues, 'until' | 'version'>, ReminderUpdated>;
  [API.confirmFoundPet]: Call<ConfirmFoundPetBody, ManagedFoundPet>;
  [API.manageFoundPet]: Call<ManageFoundPetBody, ManagedFoundPet>;
  /** read by the shared forms (readForm), as JSON */
  [API.contactOwner]: Call<ContactOwnerValues, ContactResult>;
  [API.contactFinder]: Call<ContactFinderValues, ContactResult>;
  [API.tellLostPetOwner]: Call<TellOwnerValues, ContactResult>;
  [API.subscribeLostPetAlerts]: Call<AlertSubscriptionValues, NoData>;
  [API.confirmRelaySender]: Call<ConfirmRelaySenderBody, RelaySenderConfirmed>;
  [API.replyToConversation]: Call<ReplyBody, ContactResult>;
  [API.blockSender]: Call<WithDefaults<BlockSenderBody, 'report'>, NoData>;
  /** read by the shared clinic contact form (readForm), as JSON */
  [API.saveClinicContact]: Call<WithDefaults<ClinicContactValues, 'version' | 'phone' | 'email'>, ClinicContactSaved>;
  [API.checkBookingLink]: Call<BookingLinkBody, BookingLink>;
  /** read by the shared booking form (readForm), as JSON */
  [API.requestVisit]: Call<WithDefaults<RequestVisitValues, 'note'>, NoData>;
  /** read by the shared answer form (readForm), as JSON */
  [API.answerVisitRequest]: Call<
    WithDefaults<AnswerVisitRequestValues, 'version' | 'decline' | 'visitDate' | 'message'>,
    VisitRequestAnswered
  >;
  [API.reportSighting]: Call<WithDefaults<ReportSightingBody, 'note'>, SightingReported>;
  [API.confirmLostPetAlerts]: Call<TokenBody, NoData>;
  [API.unsubscribeLostPetAlerts]: Call<TokenBody, NoData>;
  [API.unsubscribeReminders]: Call<UnsubscribeRemindersBody, OwnerUnsubscribed>;
}

/** POST calls sent as multipart: the payload in the `json` part (checked by its shared form), files in `imageFile` parts. */
interface MultipartPostCalls {
  [API.createVetPet]: Call<PetFormValues, VetPetSaved>;
  [API.updateVetPet]: Call<PetUpdateValues, VetPetSaved>;
  [API.saveVetVisit]: Call<SaveVisitPayload, NoData>;
  /** with one to three imageFile parts */
  [API.reportFoundPet]: Call<FoundReportValues, FoundPetReported>;
  /** the CSV in a `file` part (not `imageFile`); `dryRun=true` in the query */
  [API.importVetPatients]: Call<ImportVetPatientsPayload, ImportVetPatientsResult>;
}

export type JsonPostPath = keyof JsonPostCalls;
export type JsonPostBody<P extends JsonPostPath> = JsonPostCalls[P]['body'];
export type MultipartPostPath = keyof MultipartPostCalls;
export type MultipartPostPayload<P extends MultipartPostPath> = MultipartPostCalls[P]['body'];

export type PostPath = JsonPostPath | MultipartPostPath;
export type PostData<P extends PostPath> = (JsonPostCalls & MultipartPostCalls)[P]['data'];
