import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { GetPath } from '#shared/contract/get-calls';
import type { JsonPostPath, MultipartPostPath } from '#shared/contract/post-calls';
import { startTestServer, type TestServer } from '#tests/support/databases';

/**
 * The call maps of the contract (get-calls.ts, post-calls.ts) against the routes the app registers
 * (its OpenAPI document): a new route that answers the envelope is in its map, so the client and
 * the tests call it typed. The lists below name each path of a map once; the type checker refuses
 * a path missing from them or not in its map.
 */
const GET_PATHS = {
  [API.petTypes]: true,
  [API.countries]: true,
  [API.petBreeds]: true,
  [API.directoryCountries]: true,
  [API.petsForAdoption]: true,
  [API.lostPets]: true,
  [API.petDetailsByPublicId]: true,
  [API.petSightings]: true,
  [API.petSitters]: true,
  [API.petSitterById]: true,
  [API.petTrainers]: true,
  [API.petTrainerById]: true,
  [API.petWalkers]: true,
  [API.petWalkerById]: true,
  [API.petGroomers]: true,
  [API.petGroomerById]: true,
  [API.vets]: true,
  [API.vetById]: true,
  [API.animalHouses]: true,
  [API.wellnessCategories]: true,
  [API.wellnessCategoryTypes]: true,
  [API.privacyPolicy]: true,
  [API.termsAndConditions]: true,
  [API.vetClinic]: true,
  [API.vetVisits]: true,
  [API.vetPets]: true,
  [API.vetPetDetails]: true,
  [API.vetOwners]: true,
  [API.vetOwnerDetails]: true,
  [API.vetOwnerDuplicates]: true,
  [API.exportVetOwnerData]: true,
  [API.importProgress]: true,
  [API.reminderProtocols]: true,
  [API.reminderSchedule]: true,
  [API.reminderCompliance]: true,
  [API.vetPetVisits]: true,
  [API.vetVisitDetails]: true,
  [API.vetReminderDays]: true,
  [API.gridViews]: true,
  [API.vetPetHistory]: true,
  [API.deletedVetItems]: true,
  [API.staff]: true,
  [API.sessions]: true,
  [API.foundPets]: true,
  [API.foundPet]: true,
  [API.foundPetMatches]: true,
  [API.conversation]: true,
  [API.lostPetByMicrochip]: true,
  [API.reminderUnsubscribe]: true,
  [API.visitRequests]: true,
} satisfies Record<GetPath, true>;

const JSON_POST_PATHS = {
  [API.resetPassword]: true,
  [API.checkResetToken]: true,
  [API.verifyEmail]: true,
  [API.acceptPetInvite]: true,
  [API.vetLogin]: true,
  [API.vetLogout]: true,
  [API.vetReminders]: true,
  [API.sendVetReminders]: true,
  [API.saveGridView]: true,
  [API.saveVetOwner]: true,
  [API.mergeVetOwners]: true,
  [API.restoreVetOwner]: true,
  [API.eraseVetOwner]: true,
  [API.saveReminderProtocol]: true,
  [API.saveReminderSchedule]: true,
  [API.updateVetReminder]: true,
  [API.deleteReminderProtocol]: true,
  [API.deleteGridView]: true,
  [API.createVetVisit]: true,
  [API.deleteVetVisit]: true,
  [API.restoreVetVisit]: true,
  [API.deleteVetPet]: true,
  [API.restoreVetPet]: true,
  [API.vetLoginTwoFactor]: true,
  [API.switchUser]: true,
  [API.changePassword]: true,
  [API.changePin]: true,
  [API.startTwoFactor]: true,
  [API.confirmTwoFactor]: true,
  [API.disableTwoFactor]: true,
  [API.revokeSession]: true,
  [API.inviteStaff]: true,
  [API.updateStaff]: true,
  [API.sendStaffReset]: true,
  [API.saveClinicSettings]: true,
  [API.acceptStaffInvite]: true,
  [API.resetStaffLogin]: true,
  [API.checkStaffLink]: true,
  [API.requestStaffReset]: true,
  [API.confirmFoundPet]: true,
  [API.manageFoundPet]: true,
  [API.contactOwner]: true,
  [API.contactFinder]: true,
  [API.tellLostPetOwner]: true,
  [API.subscribeLostPetAlerts]: true,
  [API.confirmRelaySender]: true,
  [API.replyToConversation]: true,
  [API.blockSender]: true,
  [API.reportSighting]: true,
  [API.confirmLostPetAlerts]: true,
  [API.unsubscribeLostPetAlerts]: true,
  [API.undoImport]: true,
  [API.unsubscribeReminders]: true,
  [API.saveClinicContact]: true,
  [API.checkBookingLink]: true,
  [API.requestVisit]: true,
  [API.answerVisitRequest]: true,
} satisfies Record<JsonPostPath, true>;

const MULTIPART_POST_PATHS = {
  [API.createVetPet]: true,
  [API.updateVetPet]: true,
  [API.saveVetVisit]: true,
  [API.reportFoundPet]: true,
  [API.importVetPatients]: true,
} satisfies Record<MultipartPostPath, true>;

/** GET routes that answer something else than the envelope: files, health checks. */
const OUTSIDE_THE_MAPS: string[] = [
  API.exportVetPets,
  API.exportVetOwners,
  API.exportVetReminders,
  API.health,
  API.healthLive,
];

describe('the call maps', () => {
  let server: TestServer | null = null;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.ready();
  }, 60_000);
  afterAll(async () => {
    await server?.server.stop();
  });

  it('hold every route of the API, each in the map of its method and body', () => {
    if (!server) throw new Error('test server not started');
    const spec = server.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const registered = { get: [] as string[], json: [] as string[], multipart: [] as string[] };
    for (const [url, ops] of Object.entries(spec.paths)) {
      if (!url.startsWith('/api/') || OUTSIDE_THE_MAPS.includes(url)) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get') registered.get.push(url);
        else if (method === 'post')
          registered[op.requestBody?.content?.['multipart/form-data'] ? 'multipart' : 'json'].push(url);
        else throw new Error(`${method.toUpperCase()} ${url}: a method the call maps do not have`);
      }
    }
    expect(registered.get.sort()).toEqual(Object.keys(GET_PATHS).sort());
    expect(registered.json.sort()).toEqual(Object.keys(JSON_POST_PATHS).sort());
    expect(registered.multipart.sort()).toEqual(Object.keys(MULTIPART_POST_PATHS).sort());
  });
});
