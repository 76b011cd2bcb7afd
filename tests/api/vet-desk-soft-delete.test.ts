import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { clinicUsers, clinics, wellnessRecords } from '#server/db/schema';
import type { ClaimedMessage } from '#server/mail/outbox';
import { composeReminderMail } from '#server/reminders/reminder-email';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * Issue 21's desk over issue 20's soft delete (docs/decisions/0098): a deleted visit or pet is gone
 * at once from the visits grid (search and date range), the pets grid and its filters, the quick
 * search (GetVetPets with a term), the reminders workbench (range, overdue, the calendar's days,
 * Send reminders) and both CSV exports, and back the moment it is restored. A reminder deleted after
 * its e-mail was queued is left out of that e-mail.
 */
describeOnBothDatabases('The desk skips deleted pets and visits', (ctx) => {
  let token = '';
  let clinicId = 0;
  let vetUserId = 0;
  let petId = 0;
  let visitId = 0;
  const due = isoDay(9);
  const overdue = isoDay(-4);
  const range = { dateFrom: isoDay(1), dateTo: isoDay(20) };
  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );
  const { get, post, postForm } = api.envelope;

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = clinic.id;
    const [user] = await ctx()
      .db.select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinicId))
      .limit(1);
    vetUserId = user.id;
    const form = {
      petName: 'Ghöst Désk',
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Inês Fantasma',
      ownerPhoneForVet: '+351 239 000 481',
      ownerEmailForVet: 'ghost.desk@example.org',
      petGenderId: 2,
      petDateOfBirth: '2019-02-03',
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    };
    const created = await postForm(API.createVetPet, form);
    expect(created.result).toBe(1);
    petId = created.data.petProfileId;
    const visit = await post(API.createVetVisit, { petId, visitDate: isoDay(-1), vetUserId });
    expect(visit.result).toBe(1);
    visitId = visit.data.vetVisitId;
    // The visit's two reminders: one due in the range, one overdue.
    await ctx()
      .db.insert(wellnessRecords)
      .values([
        {
          petProfileId: petId,
          categoryTypeId: CATEGORY_TYPE_VACCINATION,
          clinicId,
          vetVisitId: visitId,
          vetUserId,
          actionDate: isoDay(-1),
          recordValue: 'Rabies',
          nextReminderDate: due,
        },
        {
          petProfileId: petId,
          categoryTypeId: CATEGORY_TYPE_ANTIPARASITIC,
          clinicId,
          vetVisitId: visitId,
          vetUserId,
          actionDate: isoDay(-40),
          recordValue: 'Bravecto',
          nextReminderDate: overdue,
        },
      ]);
  });

  async function csv(path: string, query: Record<string, string>): Promise<string> {
    const res = await api.send(path, { query });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  /** Where the pet and its visit show on the desk, each as seen now. */
  async function seen() {
    const visits = await get(API.vetVisits, {
      isFinished: 0,
      offset: 1,
      limit: 50,
      searchTerm: 'ghost',
      dateFrom: isoDay(-3),
      dateTo: isoDay(0),
    });
    const pets = await get(API.vetPets, { offset: 1, limit: 50, searchTerm: 'ghost desk', petTypeId: 1, genderId: 2 });
    // The quick search is GetVetPets with the typed term (owner's phone as digits here).
    const quick = await get(API.vetPets, { offset: 1, limit: 8, searchTerm: '351239000481' });
    const inRange = await post(API.vetReminders, { ...range, offset: 1, limit: 100 });
    const overdueList = await post(API.vetReminders, { overdue: true, offset: 1, limit: 100 });
    const days = await get(API.vetReminderDays, range);
    const dryRun = await post(API.sendVetReminders, { ...range, dryRun: true });
    const petsCsv = await csv(API.exportVetPets, { searchTerm: 'ghost' });
    const remindersCsv = await csv(API.exportVetReminders, range);
    return {
      visitsGrid: visits.data.visits.some((v) => v.ID === visitId),
      petsGrid: pets.data.pets.some((p) => p.ID === petId),
      quickSearch: quick.data.pets.some((p) => p.ID === petId),
      reminders: inRange.data.reminders.some((r) => r.petProfileId === petId),
      overdue: overdueList.data.reminders.some((r) => r.petProfileId === petId),
      // other clinic reminders may share the day and the range: counted, not looked for
      calendar: days.data.days.find((d) => d.date === due)?.count ?? 0,
      sendCounts:
        dryRun.data.reminders + dryRun.data.withoutEmail + dryRun.data.alreadySent + dryRun.data.overDailyLimit,
      petsExport: petsCsv.includes('Ghöst Désk'),
      remindersExport: remindersCsv.includes('Ghöst Désk'),
    };
  }

  const shown = {
    visitsGrid: true,
    petsGrid: true,
    quickSearch: true,
    reminders: true,
    overdue: true,
    petsExport: true,
    remindersExport: true,
  };

  it('a deleted visit leaves the visits grid and the reminders workbench, its pet stays; a restore brings it back', async () => {
    const before = await seen();
    expect(before).toMatchObject(shown);
    expect(before.calendar).toBeGreaterThan(0);
    expect((await post(API.deleteVetVisit, { vetVisitId: visitId, petId })).result).toBe(1);
    // its one reminder in the range leaves the calendar's day and what Send would cover
    expect(await seen()).toEqual({
      ...shown,
      visitsGrid: false,
      reminders: false,
      overdue: false,
      remindersExport: false,
      calendar: before.calendar - 1,
      sendCounts: before.sendCounts - 1,
    });
    expect((await post(API.restoreVetVisit, { vetVisitId: visitId })).result).toBe(1);
    expect(await seen()).toEqual(before);
  });

  it('a deleted pet leaves every list, search, calendar and export; a restore brings it back', async () => {
    const before = await seen();
    expect((await post(API.deleteVetPet, { petId })).result).toBe(1);
    const nowhere = Object.fromEntries(Object.keys(shown).map((k) => [k, false]));
    expect(await seen()).toEqual({ ...nowhere, calendar: before.calendar - 1, sendCounts: before.sendCounts - 1 });
    expect((await post(API.restoreVetPet, { petId })).result).toBe(1);
    expect(await seen()).toEqual(before);
  });

  it('an e-mail queued before its reminder was deleted leaves that reminder out (none left: not sent)', async () => {
    const [record] = await ctx()
      .db.select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.vetVisitId, visitId), eq(wellnessRecords.nextReminderDate, due)));
    const message: ClaimedMessage = {
      id: 0,
      kind: 'reminder',
      recipient: 'ghost.desk@example.org',
      language: 'en',
      payload: { clinicId, reminders: [{ wellnessRecordId: record.id, date: due }] },
      petProfileId: null,
      attempts: 0,
      createdAt: new Date(),
      claimId: '',
    };
    expect(await composeReminderMail(ctx().app, message)).toHaveProperty('subject');
    expect((await post(API.deleteVetVisit, { vetVisitId: visitId, petId })).result).toBe(1);
    expect(await composeReminderMail(ctx().app, message)).toEqual({ drop: 'the reminders were deleted' });
    expect((await post(API.restoreVetVisit, { vetVisitId: visitId })).result).toBe(1);
  });
});
