import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { REMINDER_SCHEDULE_ACTOR } from '#shared/contract/vet-record-values';
import {
  clinicOwners,
  clinicPatients,
  clinics,
  outboxMessages,
  recordHistory,
  reminderNotices,
  wellnessRecords,
} from '#server/db/schema';
import { recordNotDeleted } from '#server/db/live-rows';
import { createServer } from '#server/start';
import { reminderStillOpen } from '#server/visits/list-reminders';
import { REMINDER_TYPES } from '#server/reminders/reminder-state';
import { sweepReminderNotices } from '#server/reminders/notice-sweep';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * Issue 33, item 2: notices on each clinic's schedule, sent by the sweep with a clock the tests set. Dates are years
 * ahead of the demo data, so only the reminders a test moves there are due; each test uses days of its own.
 */
function noticeSuite(ctx: () => TestServer) {
  const api = injectApi(() => ctx().app);
  let admin = '';
  let clinicId = 0;
  /** Owners whose reminders no test has used yet (each test takes its own). */
  let freeOwners: { ownerId: number; records: { id: number; petProfileId: number }[] }[] = [];

  beforeAll(async () => {
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = clinic.id;
    // New York: 09:00 there is 13:00 UTC in the summer time of these days
    const saved = await api.envelope.post(
      API.saveReminderSchedule,
      { enabled: true, stages: [-14, 0, 14], sendHour: 9, timeZone: 'America/New_York', version: 0 },
      { token: admin },
    );
    expect(saved.result).toBe(1);
    const open = await ctx()
      .db.select({
        id: wellnessRecords.id,
        petProfileId: wellnessRecords.petProfileId,
        ownerId: clinicPatients.clinicOwnerId,
      })
      .from(wellnessRecords)
      .innerJoin(
        clinicPatients,
        and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, wellnessRecords.petProfileId)),
      )
      .where(
        and(
          eq(wellnessRecords.clinicId, clinicId),
          recordNotDeleted,
          isNull(clinicPatients.deletedAt),
          inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
          sql`${wellnessRecords.nextReminderDate} is not null`,
          reminderStillOpen(new Date().toISOString().slice(0, 10)),
        ),
      )
      .orderBy(asc(clinicPatients.clinicOwnerId), asc(wellnessRecords.id));
    const byOwner = new Map<number, { id: number; petProfileId: number }[]>();
    for (const r of open) {
      if (r.ownerId === null) continue;
      byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), { id: r.id, petProfileId: r.petProfileId }]);
    }
    freeOwners = [...byOwner].map(([ownerId, records]) => ({ ownerId, records }));
  });

  /** Takes `count` owners (with at least `perOwner` open reminders of different pets when asked), gives each an
   * address of its own and the language, and moves `perOwner` of their reminders to `day`. */
  async function ownersDueOn(
    day: string,
    count: number,
    options: { perOwner?: number; language?: string; consent?: boolean } = {},
  ) {
    const perOwner = options.perOwner ?? 1;
    const picked = freeOwners
      .filter((o) => new Set(o.records.map((r) => r.petProfileId)).size >= perOwner)
      .slice(0, count);
    expect(picked).toHaveLength(count);
    freeOwners = freeOwners.filter((o) => !picked.includes(o));
    const db = ctx().db;
    const owners: { ownerId: number; email: string; recordIds: number[] }[] = [];
    for (const o of picked) {
      const email = `notice.${o.ownerId}.${day}@example.com`;
      await db
        .update(clinicOwners)
        .set({ email, language: options.language ?? 'en', remindersByEmail: options.consent ?? true })
        .where(eq(clinicOwners.id, o.ownerId));
      const onePerPet = [...new Map(o.records.map((r) => [r.petProfileId, r])).values()].slice(0, perOwner);
      const recordIds = onePerPet.map((r) => r.id);
      await db.update(wellnessRecords).set({ nextReminderDate: day }).where(inArray(wellnessRecords.id, recordIds));
      owners.push({ ownerId: o.ownerId, email, recordIds });
    }
    return owners;
  }

  const noticesOf = (recordIds: number[]) =>
    ctx()
      .db.select()
      .from(reminderNotices)
      .where(inArray(reminderNotices.wellnessRecordId, recordIds))
      .orderBy(asc(reminderNotices.wellnessRecordId), asc(reminderNotices.stage));

  const messagesTo = (emails: string[]) =>
    ctx()
      .db.select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, emails))
      .orderBy(asc(outboxMessages.id));

  it('sends a stage once from the send hour in the clinic’s time zone on, never before and never twice', async () => {
    const [owner] = await ownersDueOn('2031-06-20', 1);
    // 08:59 in New York on the due day: nothing yet
    await sweepReminderNotices(ctx().app, new Date('2031-06-20T12:59:00Z'));
    expect(await noticesOf(owner.recordIds)).toEqual([]);

    const at = new Date('2031-06-20T13:00:00Z');
    const first = await sweepReminderNotices(ctx().app, at);
    expect(first).toMatchObject({ emails: 1, notices: 1 });
    expect(await noticesOf(owner.recordIds)).toEqual([
      expect.objectContaining({ reminderDate: '2031-06-20', stage: 0, clinicId, sentAt: at }),
    ]);
    // a second sweep (this process or another, later) finds it claimed
    expect(await sweepReminderNotices(ctx().app, new Date('2031-06-20T13:15:00Z'))).toMatchObject({ notices: 0 });
    const messages = await messagesTo([owner.email]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'reminder',
      language: 'en',
      payload: { clinicId, reminders: [{ wellnessRecordId: owner.recordIds[0], date: '2031-06-20' }] },
    });
    // its history entry, by the schedule's named actor
    const history = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'notice'), eq(recordHistory.entityId, owner.recordIds[0])));
    expect(history).toEqual([
      expect.objectContaining({
        userId: null,
        userName: REMINDER_SCHEDULE_ACTOR,
        action: 'create',
        changes: [
          { field: 'stage', from: null, to: 0 },
          { field: 'nextReminderDate', from: null, to: '2031-06-20' },
        ],
      }),
    ]);

    // 14 days later the overdue stage goes, once; the -14 stage passed over meanwhile never does
    await sweepReminderNotices(ctx().app, new Date('2031-07-04T13:00:00Z'));
    await sweepReminderNotices(ctx().app, new Date('2031-07-04T20:00:00Z'));
    expect((await noticesOf(owner.recordIds)).map((n) => n.stage)).toEqual([0, 14]);
    expect(await messagesTo([owner.email])).toHaveLength(2);

    // the workbench shows the reminder's notices, stage and when
    const listed = await api.envelope.post(
      API.vetReminders,
      { date: '2031-06-20', offset: 1, limit: 50 },
      { token: admin },
    );
    expect(listed.data.reminders.find((r) => r.id === owner.recordIds[0])?.notices).toEqual([
      { stage: 0, sentAt: '2031-06-20T13:00:00.000Z' },
      { stage: 14, sentAt: '2031-07-04T13:00:00.000Z' },
    ]);
  });

  it('sends one e-mail per owner and day covering each of their pets, in the owner’s language', async () => {
    const [owner] = await ownersDueOn('2031-08-15', 1, { perOwner: 2, language: 'es' });
    await sweepReminderNotices(ctx().app, new Date('2031-08-01T14:00:00Z'));
    const messages = await messagesTo([owner.email]);
    expect(messages).toHaveLength(1);
    expect(messages[0].language).toBe('es');
    const covered = (messages[0].payload.reminders as { wellnessRecordId: number }[]).map((r) => r.wellnessRecordId);
    expect(covered.sort()).toEqual([...owner.recordIds].sort());
    expect((await noticesOf(owner.recordIds)).map((n) => n.stage)).toEqual([-14, -14]);

    // another of their reminders due the same day waits for the next day: one e-mail a day
    const [later] = await ownersDueOn('2031-08-15', 1);
    await ctx().db.update(clinicOwners).set({ email: owner.email }).where(eq(clinicOwners.id, later.ownerId));
    expect(await sweepReminderNotices(ctx().app, new Date('2031-08-01T20:00:00Z'))).toMatchObject({ heldBack: 1 });
    expect(await messagesTo([owner.email])).toHaveLength(1);
    await sweepReminderNotices(ctx().app, new Date('2031-08-02T13:30:00Z'));
    expect(await messagesTo([owner.email])).toHaveLength(2);
    expect(await noticesOf(later.recordIds)).toEqual([expect.objectContaining({ stage: -14 })]);
  });

  it('skips an owner who turned reminder e-mails off, and a reminder done since', async () => {
    const [optedOut] = await ownersDueOn('2031-09-10', 1, { consent: false });
    const [done] = await ownersDueOn('2031-09-10', 1);
    // the pet had the same vaccine or treatment again since: the reminder is done
    const [record] = await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.id, done.recordIds[0]));
    const { id: _id, ...copy } = record;
    await ctx()
      .db.insert(wellnessRecords)
      .values({ ...copy, actionDate: sql`${record.actionDate}::date + 1`, nextReminderDate: null });
    const result = await sweepReminderNotices(ctx().app, new Date('2031-09-10T13:00:00Z'));
    expect(result.optedOut).toBeGreaterThanOrEqual(1);
    expect(await noticesOf([...optedOut.recordIds, ...done.recordIds])).toEqual([]);
    expect(await messagesTo([optedOut.email, done.email])).toEqual([]);
  });

  it('leaves a clinic whose schedule is off alone', async () => {
    const [owner] = await ownersDueOn('2031-10-10', 1);
    const current = await api.envelope.get(API.reminderSchedule, undefined, { token: admin });
    await api.envelope.post(
      API.saveReminderSchedule,
      {
        enabled: false,
        stages: current.data.stages,
        sendHour: 9,
        timeZone: 'America/New_York',
        version: current.data.version,
      },
      { token: admin },
    );
    await sweepReminderNotices(ctx().app, new Date('2031-10-10T15:00:00Z'));
    expect(await noticesOf(owner.recordIds)).toEqual([]);
    const again = await api.envelope.get(API.reminderSchedule, undefined, { token: admin });
    await api.envelope.post(
      API.saveReminderSchedule,
      {
        enabled: true,
        stages: again.data.stages,
        sendHour: 9,
        timeZone: 'America/New_York',
        version: again.data.version,
      },
      { token: admin },
    );
    await sweepReminderNotices(ctx().app, new Date('2031-10-10T15:00:00Z'));
    expect(await noticesOf(owner.recordIds)).toHaveLength(1);
  });

  it('two processes sweeping one PostgreSQL at once send each notice once', async (testCtx) => {
    if (ctx().kind !== 'postgres') return testCtx.skip();
    const owners = await ownersDueOn('2031-11-20', 3);
    const second = await createServer({ ...ctx().config, port: 0 }, { logger: false });
    const third = await createServer({ ...ctx().config, port: 0 }, { logger: false });
    try {
      await Promise.all([second.app.ready(), third.app.ready()]);
      // their first sweeps (on the real clock) done, the four below contend for the clinic
      await Promise.all([second.app.reminderNotices.idle(), third.app.reminderNotices.idle()]);
      const at = new Date('2031-11-20T14:30:00Z');
      const results = await Promise.all([
        sweepReminderNotices(ctx().app, at),
        sweepReminderNotices(second.app, at),
        sweepReminderNotices(third.app, at),
        sweepReminderNotices(second.app, at),
      ]);
      // a clinic another process is sweeping is left to it (here also the new servers' first sweeps, on the real
      // clock): one more sweep afterwards finds whatever those skipped, and nothing twice
      results.push(await sweepReminderNotices(ctx().app, at));
      expect(results.reduce((sum, r) => sum + r.notices, 0)).toBe(3);
      const ids = owners.flatMap((o) => o.recordIds);
      expect(await noticesOf(ids)).toHaveLength(3);
      // (the first sweeps may have sent these owners' reminders due today on the real clock)
      const notices = (await messagesTo(owners.map((o) => o.email))).filter((m) =>
        JSON.stringify(m.payload).includes('2031-11-20'),
      );
      expect(notices).toHaveLength(3);
    } finally {
      await second.stop();
      await third.stop();
    }
  });
}

describeOnBothDatabases('Reminder notices on a schedule', noticeSuite, { reminderSweepMs: 24 * 3_600_000 });

/** The clinic's cap on different addresses a day (MAIL_RECIPIENTS_PER_CLINIC_PER_DAY) holds notices back too. */
describeOnBothDatabases(
  'Reminder notices within the mail caps',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    it('queues notices to as many owners as the cap allows and holds the rest back', async () => {
      const admin = await loginClinic(ctx().app, DEMO_CLINIC);
      const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
      await api.envelope.post(
        API.saveReminderSchedule,
        { enabled: true, stages: [0], sendHour: 0, timeZone: 'UTC', version: 0 },
        { token: admin },
      );
      const rows = await ctx()
        .db.select({ id: wellnessRecords.id, ownerId: clinicPatients.clinicOwnerId })
        .from(wellnessRecords)
        .innerJoin(
          clinicPatients,
          and(eq(clinicPatients.clinicId, clinic.id), eq(clinicPatients.petProfileId, wellnessRecords.petProfileId)),
        )
        .where(
          and(
            eq(wellnessRecords.clinicId, clinic.id),
            recordNotDeleted,
            inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
            sql`${wellnessRecords.nextReminderDate} is not null`,
            reminderStillOpen(new Date().toISOString().slice(0, 10)),
          ),
        );
      const oneEach = [...new Map(rows.filter((r) => r.ownerId !== null).map((r) => [r.ownerId!, r.id])).entries()];
      const picked = oneEach.slice(0, 4);
      for (const [ownerId, id] of picked) {
        await ctx()
          .db.update(clinicOwners)
          .set({ email: `capped.${ownerId}@example.com`, remindersByEmail: true })
          .where(eq(clinicOwners.id, ownerId));
        await ctx()
          .db.update(wellnessRecords)
          .set({ nextReminderDate: '2032-01-05' })
          .where(eq(wellnessRecords.id, id));
      }
      const result = await sweepReminderNotices(ctx().app, new Date('2032-01-05T10:00:00Z'));
      expect(result).toMatchObject({ emails: 2, notices: 2, heldBack: 2 });
      expect(await ctx().db.select().from(reminderNotices).where(eq(reminderNotices.clinicId, clinic.id))).toHaveLength(
        2,
      );
    });
  },
  { mailRecipientsPerClinicPerDay: 2, reminderSweepMs: 24 * 3_600_000 },
);
