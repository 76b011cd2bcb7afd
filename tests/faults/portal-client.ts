import { VACCINATION_CHOICES } from '#shared/constants';
import type { GetPath, GetQuery } from '#shared/contract/get-calls';
import { API } from '#shared/contract/paths';
import type { VetVisitDetails } from '#shared/contract/vet';
import type { PetFormValues } from '#shared/forms/pet-form';
import type { NormalisedVisitPayload } from '#shared/forms/visit-payload';
import { fetchApi, type FetchedAnswer, type TestEnvelope } from '#tests/support/api-client';

export const DEMO_USERNAME = 'demo.clinic';
export const DEMO_PASSWORD = 'Pawtal!2026';

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
  }
}

/** The envelope of a call that answered 200; any other status is thrown (a server going down answers 503). */
async function envelope<T>(
  call: Promise<Omit<FetchedAnswer, 'json'> & { json(): TestEnvelope<T> }>,
): Promise<TestEnvelope<T>> {
  const res = await call;
  if (res.statusCode !== 200) throw new HttpStatusError(res.statusCode, res.body);
  return res.json();
}

/** The clinic portal's calls for tests that talk to a real server process, over the tests' API client. */
export function portalClient(base: string, token = '') {
  const api = fetchApi(base, () => (token ? { token } : {}));
  return {
    async login(username = DEMO_USERNAME, password = DEMO_PASSWORD) {
      const r = await envelope(api.post(API.vetLogin, { username, password }));
      if (r.result !== 1 || !r.data) throw new Error(`login failed: ${r.message}`);
      token = r.data.token;
      return r.data;
    },
    token: () => token,
    get: <P extends GetPath>(path: P, query: Partial<GetQuery<P>>) => envelope(api.get(path, query)),
    createPet: (p: PetFormValues) => envelope(api.postForm(API.createVetPet, p)),
    createVisit: (petId: number, visitDate: string, vetUserId: number) =>
      envelope(api.post(API.createVetVisit, { petId, visitDate, vetUserId })),
    saveVisit: (p: NormalisedVisitPayload) => envelope(api.postForm(API.saveVetVisit, p)),
    visitDetails: (vetVisitId: number): Promise<TestEnvelope<VetVisitDetails>> =>
      envelope(api.get(API.vetVisitDetails, { vetVisitId })),
    pets: (searchTerm: string, offset = 1, limit = 4) => envelope(api.get(API.vetPets, { searchTerm, offset, limit })),
  };
}
export type PortalClient = ReturnType<typeof portalClient>;

/** A pet as the fault and load tests create it; the name carries the sequence number. */
export function testPet(name: string): PetFormValues {
  return {
    petName: name,
    petDateOfBirth: '2020-03-04',
    petGenderId: 1,
    petBreedId: 1,
    petTypeId: 1,
    isSterilized: null,
    microChipId: '',
    bloodType: '',
    ownerNameForVet: 'Fault Test Owner',
    ownerPhoneForVet: '+1 555 0100 999',
    ownerEmailForVet: '',
  };
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Reminder dates of numbered saves count from here: the date tells which save wrote a row. */
const REMINDER_BASE = '2031-01-01';

/** How many vaccination rows save number n writes (1 to 5). */
const rowsOfSave = (n: number) => 1 + (n % 5);

/**
 * Save number `n` of a visit: notes "save-n" and rowsOfSave(n) vaccination rows (titles from
 * SPEC.md's choices) whose reminder date is REMINDER_BASE + n days, so a reader can tell whether
 * what it sees comes from one save only.
 */
export function numberedSave(
  visit: { vetVisitId: number; petId: number; vetUserId: number; visitDate: string },
  n: number,
): NormalisedVisitPayload {
  return {
    ...visit,
    notes: `save-${n}`,
    isFinished: false,
    weight: [],
    vaccinations: Array.from({ length: rowsOfSave(n) }, (_, i) => ({
      title: VACCINATION_CHOICES[i],
      date: visit.visitDate,
      nextReminderDate: addDays(REMINDER_BASE, n),
    })),
    antiparasitics: [],
    consultations: [],
    pictures: [],
  };
}

/**
 * Checks that a visit's details come from exactly one numbered save; returns its number
 * (0 when the visit was never saved), or throws describing the mix.
 */
export function savedNumber(details: VetVisitDetails): number {
  const notes = details.visit.Notes;
  const vacc = details.petWellnessRecords.vaccinations.filter((r) => !r.isDeleted);
  if (notes === '' && vacc.length === 0) return 0;
  const m = /^save-(\d+)$/.exec(notes);
  if (!m) throw new Error(`visit ${details.visit.ID}: notes "${notes}" are not from a numbered save`);
  const n = Number(m[1]);
  const want = addDays(REMINDER_BASE, n);
  const titles = vacc.map((r) => r.WellnessPropertyValue).sort();
  const expected = VACCINATION_CHOICES.slice(0, rowsOfSave(n)).map(String).sort();
  if (vacc.some((r) => r.NextReminderDate !== want) || JSON.stringify(titles) !== JSON.stringify(expected)) {
    const seen = vacc.map((r) => `${r.WellnessPropertyValue}@${r.NextReminderDate}`);
    throw new Error(
      `visit ${details.visit.ID}: notes say save-${n} but vaccinations are ${JSON.stringify(seen)} (interleaved or half saved)`,
    );
  }
  return n;
}
