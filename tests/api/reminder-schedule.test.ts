import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { recordHistory } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { conflictOf, injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC, sessionOf } from '#tests/support/vet-session';

/** Issue 33, item 2: the clinic's schedule of reminder notices, a clinic setting (admins). */
describeOnBothDatabases('Reminder schedule', (ctx) => {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let nurse = '';
  let other = '';

  beforeAll(async () => {
    [admin, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    nurse = sessionOf(
      (await api.envelope.post(API.vetLogin, { username: 'lucia.romero', password: DEMO_PASSWORD })).data,
    ).token;
  });

  const schedule = async (token = admin) => (await api.envelope.get(API.reminderSchedule, undefined, { token })).data;
  /** Sent unchecked: bad bodies on purpose. */
  const save = (body: Record<string, unknown>, token = admin) =>
    api.send(API.saveReminderSchedule, { json: body }, { token });
  const good = { enabled: true, stages: [14, -14, 0], sendHour: 8, timeZone: 'Europe/Madrid' };

  it('is off with the default stages until an admin saves it; a save over a newer version is refused', async () => {
    expect(await schedule(nurse)).toEqual({
      enabled: false,
      stages: [-14, 0, 14],
      sendHour: 9,
      timeZone: 'UTC',
      version: 0,
    });
    const refused = await save(good, nurse);
    expect(refused.statusCode).toBe(403);

    expect((await save({ ...good, version: 0 })).json()).toMatchObject({ result: 1, data: { version: 1 } });
    expect(await schedule()).toEqual({ ...good, stages: [-14, 0, 14], version: 1 });
    // the other clinic's stays as it was
    expect((await schedule(other)).version).toBe(0);

    const stale = await save({ ...good, version: 0, sendHour: 10 });
    expect(stale.statusCode).toBe(409);
    expect(conflictOf(stale).message).toContain('reminder schedule');
    expect((await save({ ...good, version: 1, stages: [-7, 30] })).json().data).toEqual({ version: 2 });

    const history = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'schedule')))
      .orderBy(asc(recordHistory.id));
    expect(history.map((h) => [h.action, h.version, h.petProfileId])).toEqual([
      ['create', 1, null],
      ['change', 2, null],
    ]);
    expect(history[1].changes).toEqual([{ field: 'stages', from: '-14, 0, 14', to: '-7, 30' }]);
  });

  it('refuses bad schedules with a clear answer', async () => {
    for (const bad of [
      { ...good, stages: [] },
      { ...good, stages: [0, 0] },
      { ...good, stages: [1, 2, 3, 4, 5, 6, 7] },
      { ...good, stages: [400] },
      { ...good, stages: 'soon' },
      { ...good, sendHour: 24 },
      { ...good, timeZone: 'Mars/Olympus' },
      { ...good, enabled: 'perhaps' },
    ]) {
      const res = await save(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(200);
      expect(res.json().result, JSON.stringify(bad)).toBe(0);
      expect(res.json().message).not.toBe('');
    }
    // a seventh notice was refused as "Too many rows in this visit"
    const sevenStages = await save({ ...good, stages: [1, 2, 3, 4, 5, 6, 7] });
    expect(sevenStages.json().message).toBe('A reminder can have at most 6 notices.');
  });
});
