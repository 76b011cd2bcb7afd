import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import type { VetReminder } from '#shared/contract/vet';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { clinics, recordHistory, wellnessRecords } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { conflictOf, injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC, sessionOf } from '#tests/support/vet-session';

/**
 * Issue 33, item 3: UpdateVetReminder marks a reminder done, snoozes it until a day or reopens it: version-checked,
 * written to the pet's history by the signed-in person in the same transaction, shown in GetVetReminders with a
 * state filter and in the CSV; a snooze ends after its day; bad input gets a clear answer.
 */
describeOnBothDatabases('Reminders: done, snooze and reopen', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let nurse = '';
  let nurseName = '';
  let other = '';
  let clinicId = 0;
  /** two reminders of the demo clinic, moved to a day of their own */
  let ids: number[] = [];
  const DUE = isoDay(40);

  beforeAll(async () => {
    [admin, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const session = sessionOf(
      (await api.envelope.post(API.vetLogin, { username: 'lucia.romero', password: DEMO_PASSWORD })).data,
    );
    nurse = session.token;
    nurseName = session.users.find((u) => u.ID === session.currentUserId)!.Name;
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = clinic.id;
    const rows = await ctx()
      .db.select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(
        and(
          eq(wellnessRecords.clinicId, clinicId),
          inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]),
          isNotNull(wellnessRecords.nextReminderDate),
        ),
      )
      .orderBy(asc(wellnessRecords.id))
      .limit(2);
    ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(2);
    await ctx().db.update(wellnessRecords).set({ nextReminderDate: DUE }).where(inArray(wellnessRecords.id, ids));
    await invalidatePublicCache(ctx().app);
  });

  /** Sent unchecked: bad bodies on purpose. */
  const update = (body: Record<string, unknown>, token = admin) =>
    api.send(API.updateVetReminder, { json: body }, { token });

  async function listed(state?: 'open' | 'done' | 'snoozed'): Promise<VetReminder[]> {
    const answer = await api.envelope.post(
      API.vetReminders,
      { dateFrom: DUE, dateTo: DUE, offset: 1, limit: 100, ...(state ? { state } : {}) },
      { token: admin },
    );
    return answer.data.reminders;
  }
  const one = async (id: number) => (await listed()).find((r) => r.id === id)!;

  it('marks done, snoozes and reopens, each a new version with a history entry of the signed-in person', async () => {
    const [id] = ids;
    expect(await one(id)).toMatchObject({ reminderState: 'open', snoozedUntil: null, reminderVersion: 0 });

    const done = await update({ reminderId: id, action: 'done', version: 0 }, nurse);
    expect(done.json()).toEqual({
      result: 1,
      message: expect.any(String),
      data: { reminderId: id, reminderState: 'done', snoozedUntil: null, reminderVersion: 1 },
    });
    expect(await one(id)).toMatchObject({ reminderState: 'done', reminderVersion: 1 });

    const until = isoDay(10);
    const snoozed = await update({ reminderId: id, action: 'snooze', until, version: 1 });
    expect(snoozed.json().data).toEqual({
      reminderId: id,
      reminderState: 'snoozed',
      snoozedUntil: until,
      reminderVersion: 2,
    });
    expect(await one(id)).toMatchObject({ reminderState: 'snoozed', snoozedUntil: until });

    const reopened = await update({ reminderId: id, action: 'reopen', version: 2 });
    expect(reopened.json().data).toMatchObject({ reminderState: 'open', snoozedUntil: null, reminderVersion: 3 });
    // marking it as it already is writes nothing
    expect((await update({ reminderId: id, action: 'reopen', version: 3 })).json().data.reminderVersion).toBe(3);

    const history = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'reminder'), eq(recordHistory.entityId, id)))
      .orderBy(asc(recordHistory.id));
    expect(history.map((h) => [h.action, h.version, h.clinicId])).toEqual([
      ['change', 1, clinicId],
      ['change', 2, clinicId],
      ['change', 3, clinicId],
    ]);
    expect(history[0].userName).toBe(nurseName);
    expect(history[0].petProfileId).toBeGreaterThan(0);
    expect(history.map((h) => h.changes)).toEqual([
      [{ field: 'state', from: 'open', to: 'done' }],
      [
        { field: 'state', from: 'done', to: 'snoozed' },
        { field: 'until', from: null, to: until },
      ],
      [
        { field: 'state', from: 'snoozed', to: 'open' },
        { field: 'until', from: until, to: null },
      ],
    ]);
    // the pet's history shows it to staff
    const petHistory = await api.envelope.get(
      API.vetPetHistory,
      { petProfileId: history[0].petProfileId!, offset: 1, limit: 50 },
      { token: admin },
    );
    expect(petHistory.data.entries.filter((e) => e.entity === 'reminder')).toHaveLength(3);
  });

  it('refuses a change over a newer version with 409 naming who made it', async () => {
    const [, id] = ids;
    expect((await update({ reminderId: id, action: 'done', version: 0 }, nurse)).json().result).toBe(1);
    const stale = await update({ reminderId: id, action: 'snooze', until: isoDay(5), version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(conflictOf(stale)).toMatchObject({ result: 0, data: { changedBy: nurseName, version: 1 } });
    expect(conflictOf(stale).message).toContain(nurseName);
    expect(await one(id)).toMatchObject({ reminderState: 'done', reminderVersion: 1 });
    await update({ reminderId: id, action: 'reopen', version: 1 });
  });

  it('filters by state; a snooze ends after its day and the reminder is open again', async () => {
    const [a, b] = ids;
    const va = (await one(a)).reminderVersion;
    const vb = (await one(b)).reminderVersion;
    await update({ reminderId: a, action: 'snooze', until: isoDay(3), version: va });
    await update({ reminderId: b, action: 'done', version: vb });
    expect((await listed('snoozed')).map((r) => r.id)).toEqual([a]);
    expect((await listed('done')).map((r) => r.id)).toEqual([b]);
    expect((await listed('open')).map((r) => r.id)).not.toContain(a);

    // time passes: the snooze's last day was yesterday
    await ctx()
      .db.update(wellnessRecords)
      .set({ reminderUntil: isoDay(-1) })
      .where(eq(wellnessRecords.id, a));
    await invalidatePublicCache(ctx().app);
    expect(await one(a)).toMatchObject({ reminderState: 'open', snoozedUntil: null });
    expect((await listed('open')).map((r) => r.id)).toContain(a);
    expect((await listed('snoozed')).map((r) => r.id)).toEqual([]);
    // snoozing again names it as open before
    const again = await update({ reminderId: a, action: 'snooze', until: isoDay(2), version: va + 1 });
    expect(again.json().data).toMatchObject({ reminderState: 'snoozed', snoozedUntil: isoDay(2) });
    const [last] = await ctx()
      .db.select({ changes: recordHistory.changes })
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'reminder'), eq(recordHistory.entityId, a)))
      .orderBy(asc(recordHistory.id))
      .then((rows) => rows.slice(-1));
    expect(last.changes[0]).toEqual({ field: 'state', from: 'open', to: 'snoozed' });
  });

  it('shows the state in the CSV, and a marked reminder is not e-mailed by Send reminders', async () => {
    const csv = await api.send(
      API.exportVetReminders,
      { method: 'GET', query: { dateFrom: DUE, dateTo: DUE } },
      {
        token: admin,
      },
    );
    expect(csv.statusCode).toBe(200);
    const [header, ...cells] = parse(csv.body, { bom: true }) as string[][];
    const stateAt = header.indexOf('Reminder state');
    expect(header[stateAt + 1]).toBe('Snoozed until');
    expect(cells.map((c) => [c[stateAt], c[stateAt + 1]])).toEqual(
      expect.arrayContaining([
        ['Snoozed', isoDay(2)],
        ['Done', ''],
      ]),
    );

    // Send reminders covers only the open ones: every reminder it counts, in whichever column, is open
    const dry = await api.envelope.post(API.sendVetReminders, { date: DUE, dryRun: true }, { token: admin });
    const counted = dry.data.reminders + dry.data.withoutEmail + dry.data.optedOut + dry.data.alreadySent;
    const open = (await listed('open')).length;
    expect(counted + dry.data.overDailyLimit + dry.data.overClinicDailyLimit).toBe(open);
    expect((await listed()).length).toBe(open + 2);
  });

  it('answers bad input clearly, and another clinic or a missing reminder as not found', async () => {
    const [id] = ids;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ reminderId: id, action: 'snooze' }, /Choose the day to snooze the reminder until/],
      [{ reminderId: id, action: 'snooze', until: 'soon' }, /Choose the day to snooze the reminder until/],
      [{ reminderId: id, action: 'snooze', until: '2026-02-30' }, /Choose the day to snooze the reminder until/],
      [{ reminderId: id, action: 'snooze', until: isoDay(0) }, /Choose a day after today/],
      [{ reminderId: id, action: 'snooze', until: isoDay(-3) }, /Choose a day after today/],
      [{ reminderId: id, action: 'archive' }, /Choose done, snooze or reopen/],
      [{ reminderId: id }, /Choose done, snooze or reopen/],
      [{ reminderId: 'x', action: 'done' }, /not valid/],
      [{ action: 'done' }, /not valid/],
      [{ reminderId: 2147483000, action: 'done' }, /Reminder not found/],
    ];
    for (const [body, message] of cases) {
      const res = await update(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ result: 0, message: expect.stringMatching(message) });
    }
    const fromOther = await update({ reminderId: id, action: 'done' }, other);
    expect(fromOther.json()).toMatchObject({ result: 0, message: 'Reminder not found.' });
    // in the reader's language
    const spanish = await api.send(
      API.updateVetReminder,
      { json: { reminderId: id, action: 'snooze', until: isoDay(0) }, query: { lang: 'es' } },
      { token: admin },
    );
    expect(spanish.json().message).toBe('Elija un día posterior a hoy para posponer el recordatorio.');
  });
});
