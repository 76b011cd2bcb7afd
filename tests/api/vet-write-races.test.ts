import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clinicUsers, clinics } from '#server/db/schema';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

interface Answer {
  status: number;
  result: number;
  message: string;
}

const ROUNDS = 12;

/**
 * Issue 19 item 5: writes racing on one pet. DeleteVetPet at the same moment as SaveVetVisit and
 * CreateVetVisit of that pet: every call answers (result 1, or result 0 with a message for the
 * loser), never a 5xx (a deadlock, a foreign-key violation), and nothing is half done.
 */
describeOnBothDatabases('Write races on one pet', (ctx) => {
  let token = '';
  let vetUserId = 0;

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [demo] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    const [user] = await ctx()
      .db.select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, demo.id))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    vetUserId = user.id;
  });

  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );

  async function call(answer: Promise<{ statusCode: number; json(): { result: number; message: string } }>) {
    const res = await answer;
    const json = res.json();
    return { status: res.statusCode, result: json.result, message: json.message };
  }

  async function newPetWithVisit(n: number) {
    const pet = await api.postForm(API.createVetPet, {
      petName: `Race ${n}`,
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Race Owner',
      ownerPhoneForVet: '+1 555 0100 321',
      petGenderId: 1,
      petDateOfBirth: '2021-05-06',
    });
    const petId = pet.json().data.petProfileId;
    const visit = await api.post(API.createVetVisit, { petId, visitDate: '2026-01-02', vetUserId });
    const visitId = visit.json().data.vetVisitId;
    expect(visitId).toBeGreaterThan(0);
    return { petId, visitId };
  }

  it('answers every racing DeleteVetPet, SaveVetVisit and CreateVetVisit without a 5xx', async () => {
    const answers: Array<{ call: string; answer: Answer }> = [];
    for (let n = 0; n < ROUNDS; n++) {
      const { petId, visitId } = await newPetWithVisit(n);
      const save = {
        petId,
        vetVisitId: visitId,
        vetUserId,
        visitDate: '2026-01-02',
        notes: `race ${n}`,
        weight: [{ recordValue: 12.5, unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
        vaccinations: [{ title: 'Rabies', nextReminderDate: '2027-01-02' }],
        consultations: [{ title: 'Check', notes: 'fine' }],
      };
      // Alternate who starts first, so each order of arrival is tried.
      const jobs: Array<[string, () => Promise<Answer>]> = [
        ['DeleteVetPet', () => call(api.post(API.deleteVetPet, { petId }))],
        ['SaveVetVisit', () => call(api.postForm(API.saveVetVisit, save))],
        ['CreateVetVisit', () => call(api.post(API.createVetVisit, { petId, visitDate: '2026-01-03', vetUserId }))],
        ['SaveVetVisit', () => call(api.postForm(API.saveVetVisit, save))],
      ];
      const ordered = n % 2 === 0 ? jobs : [...jobs].reverse();
      const results = await Promise.all(ordered.map(([, job]) => job()));
      results.forEach((answer, i) => answers.push({ call: ordered[i][0], answer }));
    }
    const failures = answers.filter((a) => a.answer.status >= 500);
    expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
    for (const { call: name, answer } of answers) {
      expect(answer.status, name).toBe(200);
      if (answer.result === 0)
        expect(answer.message, name).toMatch(/This pet was deleted|Pet not found|Visit not found/);
    }
    // Every delete wins eventually: no pet of the races is left in the clinic's list.
    const left = await api.get(API.vetPets, { searchTerm: 'Race', offset: 1, limit: 50 });
    expect(left.json().data.count).toBe(0);
  }, 120_000);
});
