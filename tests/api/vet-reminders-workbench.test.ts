import { petsWithTheirOwnOwner } from '#tests/support/single-pet-owners';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { clinicPatients, outboxMessages, petProfiles, reminderDeliveries, wellnessRecords } from '#server/db/schema';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import type { VetReminder } from '#shared/contract/vet';
import type { JsonPostBody } from '#shared/contract/post-calls';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { signInBothClinics } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const REMINDER_TYPES = [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC];

/**
 * The reminders workbench (issue 21, item 3): GetVetReminders by range, overdue and delivery
 * status, the calendar's days, and SendVetReminders for a range: one e-mail per owner with an .ics
 * event per item, over a real SMTP server; never twice for one reminder.
 */
describeOnBothDatabases(
  'Vet reminders workbench: ranges, overdue, status, calendar days and one e-mail per owner',
  (ctx) => {
    const signedIn = signInBothClinics(ctx);

    beforeEach(() => smtp.clear());

    const api = injectApi(() => ctx().app);

    async function reminders(payload: Partial<JsonPostBody<typeof API.vetReminders>>, token = signedIn.demoToken) {
      const res = await api.post(API.vetReminders, { offset: 1, limit: 100, ...payload }, { token });
      return { status: res.statusCode, body: res.json() };
    }

    const send = (payload: Partial<JsonPostBody<typeof API.sendVetReminders>>, token = signedIn.demoToken) =>
      api.envelope.post(API.sendVetReminders, payload, { token });

    const days = (query: { dateFrom: string; dateTo: string; status?: 'sent' }, token = signedIn.demoToken) =>
      api.envelope.get(API.vetReminderDays, query, { token });

    /** The demo clinic's reminder records (one per pet), not yet moved by a test. */
    async function freeReminders(count: number): Promise<{ id: number; petProfileId: number }[]> {
      const picked = await ctx()
        .db.select({ id: wellnessRecords.id, petProfileId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(
          and(
            eq(wellnessRecords.clinicId, signedIn.demoClinicId),
            inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
            isNotNull(wellnessRecords.nextReminderDate),
            sql`${wellnessRecords.nextReminderDate} < '2032-01-01'`,
          ),
        )
        .orderBy(asc(wellnessRecords.petProfileId), asc(wellnessRecords.id));
      const ownOwner = await petsWithTheirOwnOwner(ctx().db, signedIn.demoClinicId);
      const perPet = [...new Map(picked.map((p) => [p.petProfileId, p])).values()]
        .filter((p) => ownOwner.has(p.petProfileId))
        .slice(0, count);
      expect(perPet.length).toBe(count);
      return perPet;
    }

    async function moveTo(id: number, day: string): Promise<void> {
      await ctx().db.update(wellnessRecords).set({ nextReminderDate: day }).where(eq(wellnessRecords.id, id));
      await invalidatePublicCache(ctx().app);
    }

    async function setOwnerEmail(petProfileId: number, email: string | null): Promise<void> {
      await ctx()
        .db.update(clinicPatients)
        .set({ ownerEmailForVet: email })
        .where(and(eq(clinicPatients.clinicId, signedIn.demoClinicId), eq(clinicPatients.petProfileId, petProfileId)));
      await invalidatePublicCache(ctx().app);
    }

    /** The clinic's reminders due from..to, in the API's order (due date, pet name, id). */
    async function expected(from: string, to: string) {
      return ctx()
        .db.select({ id: wellnessRecords.id })
        .from(wellnessRecords)
        .innerJoin(petProfiles, eq(petProfiles.id, wellnessRecords.petProfileId))
        .where(
          and(
            eq(wellnessRecords.clinicId, signedIn.demoClinicId),
            inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
            gte(wellnessRecords.nextReminderDate, from),
            lte(wellnessRecords.nextReminderDate, to),
          ),
        )
        .orderBy(asc(wellnessRecords.nextReminderDate), asc(petProfiles.name), asc(wellnessRecords.id));
    }

    it('lists a range by due date, pet name and id, page by page, each reminder with the owner e-mail; open ends too', async () => {
      const from = isoDay(0);
      const to = isoDay(30);
      const want = (await expected(from, to)).map((r) => r.id);
      expect(want.length).toBeGreaterThan(8);
      const walked: VetReminder[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 4); page++) {
        const { body } = await reminders({ dateFrom: from, dateTo: to, offset: page, limit: 4 });
        expect(body.result).toBe(1);
        expect(body.data?.count).toBe(want.length);
        walked.push(...(body.data?.reminders ?? []));
      }
      expect(walked.map((r) => r.id)).toEqual(want);
      const patients = await ctx()
        .db.select()
        .from(clinicPatients)
        .where(eq(clinicPatients.clinicId, signedIn.demoClinicId));
      for (const r of walked)
        expect(r.ownerEmailForVet).toBe(
          patients.find((p) => p.petProfileId === r.petProfileId)?.ownerEmailForVet ?? '',
        );
      // From a day on, and up to a day: the same reminders as the closed range where they overlap.
      const onlyFrom = (await reminders({ dateFrom: isoDay(20) })).body.data!;
      expect(onlyFrom.reminders.every((r) => r.nextReminderDate >= isoDay(20))).toBe(true);
      expect(onlyFrom.count).toBe((await expected(isoDay(20), '9999-12-31')).length);
      const onlyTo = (await reminders({ dateTo: isoDay(3) })).body.data!;
      expect(onlyTo.reminders.every((r) => r.nextReminderDate <= isoDay(3))).toBe(true);
      expect(onlyTo.count).toBe((await expected('0001-01-01', isoDay(3))).length);
      // SPEC.md's one day answers as before: the range of that one day.
      const day = await reminders({ date: isoDay(7) });
      expect(day.body.data).toEqual((await reminders({ dateFrom: isoDay(7), dateTo: isoDay(7) })).body.data);
    });

    it('overdue: due before today and not done since (the pet had the same item again later)', async () => {
      const [done, pending, other] = await freeReminders(3);
      const db = ctx().db;
      const [doneRecord] = await db.select().from(wellnessRecords).where(eq(wellnessRecords.id, done.id));
      // `done` was due 40 days ago and the pet had the same item again since; `pending` was due 10 days ago.
      await moveTo(done.id, isoDay(-40));
      await db
        .update(wellnessRecords)
        .set({ actionDate: isoDay(-400) })
        .where(eq(wellnessRecords.id, done.id));
      await db.insert(wellnessRecords).values({
        petProfileId: doneRecord.petProfileId,
        categoryTypeId: doneRecord.categoryTypeId,
        clinicId: signedIn.demoClinicId,
        actionDate: isoDay(-35),
        recordValue: ` ${doneRecord.recordValue.toUpperCase()} `,
        nextReminderDate: null,
      });
      await moveTo(pending.id, isoDay(-10));
      await db
        .update(wellnessRecords)
        .set({ actionDate: isoDay(-300) })
        .where(eq(wellnessRecords.id, pending.id));
      await moveTo(other.id, isoDay(-1));
      await db
        .update(wellnessRecords)
        .set({ actionDate: isoDay(-300) })
        .where(eq(wellnessRecords.id, other.id));

      const overdue = (await reminders({ overdue: true })).body.data!;
      const ids = overdue.reminders.map((r) => r.id);
      expect(ids).toContain(pending.id);
      expect(ids).toContain(other.id);
      expect(ids).not.toContain(done.id);
      expect(overdue.reminders.every((r) => r.nextReminderDate < isoDay(0))).toBe(true);
      // A plain range of those days still lists the done one; overdue with a dateTo stops there.
      expect(
        (await reminders({ dateFrom: isoDay(-40), dateTo: isoDay(-40) })).body.data!.reminders.map((r) => r.id),
      ).toContain(done.id);
      const upTo = (await reminders({ overdue: true, dateTo: isoDay(-5) })).body.data!.reminders.map((r) => r.id);
      expect(upTo).toContain(pending.id);
      expect(upTo).not.toContain(other.id);
      // A dateTo after today is cut at yesterday.
      expect((await reminders({ overdue: true, dateTo: isoDay(30) })).body.data!.count).toBe(overdue.count);
    });

    it('filters by the owner e-mail state and counts what it keeps', async () => {
      const day = '2032-02-02';
      const [a, b, c] = await freeReminders(3);
      for (const r of [a, b, c]) await moveTo(r.id, day);
      await setOwnerEmail(a.petProfileId, 'filter.a@example.com');
      await setOwnerEmail(b.petProfileId, '  ');
      await setOwnerEmail(c.petProfileId, 'not an address');
      const noEmail = (await reminders({ date: day, status: 'noEmail' })).body.data!;
      expect(noEmail.reminders.map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
      expect(noEmail.count).toBe(2);
      expect((await reminders({ date: day, status: 'notSent' })).body.data!.reminders.map((r) => r.id)).toEqual([a.id]);
      expect((await send({ date: day })).data).toEqual({
        queued: 1,
        reminders: 1,
        withoutEmail: 2,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await waitFor(() => smtp.received.length === 1, 10_000, 'the e-mail');
      await ctx().app.mail.drain();
      const sent = (await reminders({ date: day, status: 'sent' })).body.data!;
      expect(sent.reminders.map((r) => r.id)).toEqual([a.id]);
      expect(sent.count).toBe(1);
      expect((await reminders({ date: day, status: 'notSent' })).body.data!.count).toBe(0);
    });

    it('the calendar days: each day of a range with reminders and how many, with the status filter', async () => {
      const from = isoDay(-3);
      const to = isoDay(40);
      const answer = await days({ dateFrom: from, dateTo: to });
      expect(answer.result).toBe(1);
      const counts = new Map<string, number>();
      for (const r of await ctx()
        .db.select({ date: wellnessRecords.nextReminderDate })
        .from(wellnessRecords)
        .where(
          and(
            eq(wellnessRecords.clinicId, signedIn.demoClinicId),
            inArray(wellnessRecords.categoryTypeId, REMINDER_TYPES),
            gte(wellnessRecords.nextReminderDate, from),
            lte(wellnessRecords.nextReminderDate, to),
          ),
        )) {
        counts.set(r.date!, (counts.get(r.date!) ?? 0) + 1);
      }
      expect(answer.data?.days).toEqual([...counts.entries()].sort().map(([date, count]) => ({ date, count })));
      const sentDays = (await days({ dateFrom: '2032-02-01', dateTo: '2032-02-28', status: 'sent' })).data!.days;
      expect(sentDays).toEqual([{ date: '2032-02-02', count: 1 }]);
      expect((await days({ dateFrom: '2032-02-01', dateTo: '2032-02-28' }, signedIn.otherToken)).data!.days).toEqual(
        [],
      );
      expect(await days({ dateFrom: '2030-01-01', dateTo: '2031-06-01' })).toMatchObject({ result: 0 });
      expect(await days({ dateFrom: '2030-02-01', dateTo: '2030-01-01' })).toMatchObject({ result: 0 });
    });

    it('refuses a day with a range, a range that ends before it starts, a day that does not exist, and no choice at all', async () => {
      expect((await reminders({ date: '2032-01-01', dateFrom: '2032-01-01' })).body).toMatchObject({ result: 0 });
      expect((await reminders({ dateFrom: '2032-01-05', dateTo: '2032-01-01' })).body).toEqual({
        result: 0,
        message: 'Please choose a date range whose start is not after its end.',
        data: null,
      });
      expect((await reminders({ dateFrom: '2032-02-30' })).body).toEqual({
        result: 0,
        message: 'Please choose a valid date',
        data: null,
      });
      expect((await reminders({})).status).toBe(400);
      const bogus = { offset: 1, limit: 100, status: 'bogus', date: '2032-01-01' };
      const refused = await api.send(API.vetReminders, { json: bogus }, { token: signedIn.demoToken });
      expect(refused.statusCode).toBe(400);
      // the allowed values by name (once ajv's "must be equal to constant" of the first alternative)
      expect(refused.json()).toEqual({
        result: 0,
        message: 'Invalid body (status): must be one of notSent, noEmail, optedOut, queued, sent, failed.',
        data: null,
      });
      expect(await send({ dateFrom: '2032-01-05', dateTo: '2032-01-01' })).toMatchObject({ result: 0 });
    });

    it('never shows another clinic a reminder of this one', async () => {
      const mine = new Set((await expected(isoDay(-400), isoDay(400))).map((r) => r.id));
      const theirs = (await reminders({ dateFrom: isoDay(-400), dateTo: isoDay(400) }, signedIn.otherToken)).body.data!;
      expect(theirs.reminders.some((r) => mine.has(r.id))).toBe(false);
    });

    it('sends one e-mail per owner for a range, every pet and item in it with one calendar event each; counts owners', async () => {
      const [a1, a2, b1, none] = await freeReminders(4);
      const db = ctx().db;
      // Owner A has two pets (the address typed in two cases), three reminders on two days; B one; one owner has no
      // address.
      await moveTo(a1.id, '2032-03-03');
      await moveTo(a2.id, '2032-03-05');
      await moveTo(b1.id, '2032-03-04');
      await moveTo(none.id, '2032-03-04');
      const [a1Record] = await db.select().from(wellnessRecords).where(eq(wellnessRecords.id, a1.id));
      const [extra] = await db
        .insert(wellnessRecords)
        .values({
          petProfileId: a1.petProfileId,
          categoryTypeId: CATEGORY_TYPE_ANTIPARASITIC,
          clinicId: signedIn.demoClinicId,
          vetVisitId: a1Record.vetVisitId,
          actionDate: a1Record.actionDate,
          recordValue: 'Tick Treatment',
          nextReminderDate: '2032-03-05',
        })
        .returning({ id: wellnessRecords.id });
      await setOwnerEmail(a1.petProfileId, 'Owner.A@example.com');
      await setOwnerEmail(a2.petProfileId, 'owner.a@EXAMPLE.com');
      await setOwnerEmail(b1.petProfileId, 'owner.b@example.com');
      await setOwnerEmail(none.petProfileId, null);
      const range = { dateFrom: '2032-03-01', dateTo: '2032-03-07' };

      expect((await send({ ...range, dryRun: true })).data).toEqual({
        queued: 2,
        reminders: 4,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      expect((await send(range)).data).toEqual({
        queued: 2,
        reminders: 4,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await waitFor(() => smtp.received.length >= 2, 10_000, 'two e-mails');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(2);
      const toA = smtp.received.find((m) => m.envelopeTo[0].toLowerCase() === 'owner.a@example.com')!;
      const toB = smtp.received.find((m) => m.envelopeTo[0] === 'owner.b@example.com')!;
      expect(toA && toB).toBeTruthy();
      const [petA1, petA2] = await Promise.all(
        [a1, a2].map(
          async (r) =>
            (await db.select({ name: petProfiles.name }).from(petProfiles).where(eq(petProfiles.id, r.petProfileId)))[0]
              .name,
        ),
      );
      // The pets' names are in the body (its title names them); the subject is our words only (docs/decisions/0094).
      for (const name of [petA1, petA2]) {
        expect(toA.mail.text).toContain(name);
        expect(toA.mail.subject).not.toContain(name);
      }
      expect(toA.mail.subject).toBe('Reminders: 3 items due');
      expect(toA.mail.text).toMatch(/Reminders for .+: 3 items due/);
      expect(toA.mail.text).toMatch(/March 3, 2032/);
      expect(toA.mail.text).toMatch(/March 5, 2032/);
      expect(toA.mail.text).toContain('Tick Treatment');
      const events = toA.mail.attachments.filter((x) => x.contentType === 'text/calendar');
      expect(events).toHaveLength(3);
      const starts = events.map((e) => /DTSTART;VALUE=DATE:(\d+)/.exec(e.content.toString('utf8'))?.[1]).sort();
      expect(starts).toEqual(['20320303', '20320305', '20320305']);
      expect(new Set(events.map((e) => /UID:(\S+)/.exec(e.content.toString('utf8'))?.[1])).size).toBe(3);
      // B's e-mail is the one-item e-mail it always was.
      expect(toB.mail.attachments.filter((x) => x.contentType === 'text/calendar').map((x) => x.filename)).toEqual([
        'reminder.ics',
      ]);
      const listed = (await reminders(range)).body.data!.reminders;
      expect(listed.map((r) => r.deliveryStatus).sort()).toEqual(['noEmail', 'sent', 'sent', 'sent', 'sent']);

      // Again: nothing twice. A new reminder of A in the range goes alone.
      expect((await send(range)).data).toEqual({
        queued: 0,
        reminders: 0,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 4,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      const [late] = await freeReminders(1);
      await moveTo(late.id, '2032-03-06');
      await setOwnerEmail(late.petProfileId, 'OWNER.A@example.com');
      smtp.clear();
      expect((await send(range)).data).toEqual({
        queued: 1,
        reminders: 1,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 4,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await waitFor(() => smtp.received.length === 1, 10_000, 'the late e-mail');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].mail.attachments.filter((x) => x.contentType === 'text/calendar')).toHaveLength(1);
      const carried = await db
        .select({ id: reminderDeliveries.wellnessRecordId })
        .from(reminderDeliveries)
        .where(inArray(reminderDeliveries.wellnessRecordId, [a1.id, a2.id, b1.id, extra.id, late.id]));
      expect(carried).toHaveLength(5);
    });

    it('two sends at once queue each reminder once', async () => {
      const day = '2032-04-04';
      const picked = await freeReminders(5);
      for (const [i, r] of picked.entries()) {
        await moveTo(r.id, day);
        await setOwnerEmail(r.petProfileId, `race${i % 2}@example.com`);
      }
      const results = await Promise.all([send({ date: day }), send({ date: day }), send({ date: day })]);
      expect(results.reduce((n, r) => n + (r.data?.reminders ?? 0), 0)).toBe(5);
      expect(results.reduce((n, r) => n + (r.data?.queued ?? 0), 0)).toBe(2);
      const rows = await ctx()
        .db.select({ message: reminderDeliveries.outboxMessageId })
        .from(reminderDeliveries)
        .where(
          inArray(
            reminderDeliveries.wellnessRecordId,
            picked.map((p) => p.id),
          ),
        );
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.message)).size).toBe(2);
      await waitFor(() => smtp.received.length >= 2, 10_000, 'two e-mails');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(2);
    });

    it('an overdue reminder is e-mailed as past due', async () => {
      const [past] = await freeReminders(1);
      await moveTo(past.id, isoDay(-3));
      await ctx()
        .db.update(wellnessRecords)
        .set({ actionDate: isoDay(-200) })
        .where(eq(wellnessRecords.id, past.id));
      await setOwnerEmail(past.petProfileId, 'overdue.owner@example.com');
      expect((await send({ overdue: true, dateFrom: isoDay(-3) })).data).toMatchObject({ queued: 1, reminders: 1 });
      await waitFor(() => smtp.received.length === 1, 10_000, 'the overdue e-mail');
      expect(smtp.received[0].mail.text).toMatch(/was due on/);
    });

    it('leaves out of an e-mail a reminder moved or deleted after it was queued, and drops an e-mail with none left', async () => {
      const [kept, moved] = await freeReminders(2);
      const day = '2032-06-06';
      await moveTo(kept.id, day);
      await moveTo(moved.id, day);
      const queue = async (ids: number[]) => {
        const [message] = await ctx()
          .db.insert(outboxMessages)
          .values({
            kind: 'reminder',
            recipient: 'changed@example.com',
            payload: {
              clinicId: signedIn.demoClinicId,
              reminders: ids.map((id) => ({ wellnessRecordId: id, date: day })),
            },
          })
          .returning({ id: outboxMessages.id });
        return message.id;
      };
      const both = await queue([kept.id, moved.id]);
      await moveTo(moved.id, '2032-07-07');
      await ctx().app.mail.drain();
      await waitFor(() => smtp.received.length === 1, 10_000, 'the e-mail');
      expect(smtp.received[0].mail.attachments.filter((x) => x.contentType === 'text/calendar')).toHaveLength(1);
      const gone = await queue([moved.id]);
      await ctx().app.mail.drain();
      const states = await ctx()
        .db.select({ id: outboxMessages.id, status: outboxMessages.status })
        .from(outboxMessages)
        .where(inArray(outboxMessages.id, [both, gone]));
      expect(states.find((m) => m.id === both)?.status).toBe('sent');
      expect(states.find((m) => m.id === gone)?.status).toBe('dropped');
      expect(smtp.received).toHaveLength(1);
    });

    it('still sends a message queued before one e-mail covered several reminders (one reminder in its payload)', async () => {
      const [r] = await freeReminders(1);
      const day = '2032-05-05';
      await moveTo(r.id, day);
      const [message] = await ctx()
        .db.insert(outboxMessages)
        .values({
          kind: 'reminder',
          recipient: 'legacy@example.com',
          payload: { wellnessRecordId: r.id, clinicId: signedIn.demoClinicId, date: day },
          dedupeKey: `reminder:${r.id}:${day}`,
        })
        .returning({ id: outboxMessages.id });
      await ctx().db.insert(reminderDeliveries).values({
        wellnessRecordId: r.id,
        reminderDate: day,
        clinicId: signedIn.demoClinicId,
        outboxMessageId: message.id,
      });
      await ctx().app.mail.drain();
      await waitFor(() => smtp.received.length === 1, 10_000, 'the legacy e-mail');
      expect(smtp.received[0].mail.text).toMatch(/May 5, 2032/);
      expect((await reminders({ date: day })).body.data!.reminders[0].deliveryStatus).toBe('sent');
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
