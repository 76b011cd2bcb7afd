import { remindersOfSinglePetOwners, setPatientOwnerEmail } from '#tests/support/single-pet-owners';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
import { createServer } from '#server/start';
import { claimDueMessages } from '#server/mail/outbox';
import {
  clinicPatients,
  clinics,
  failureCounts,
  outboxMessages,
  petProfiles,
  reminderDeliveries,
  wellnessRecords,
} from '#server/db/schema';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

/** A far-away day on which the tests put reminders of their own. */
const DAY = '2031-03-14';

describeOnBothDatabases(
  'E-mail outbox: reminders sent by the worker over SMTP',
  (ctx) => {
    let demoToken = '';
    let otherToken = '';
    let demoClinicId = 0;
    let otherClinicId = 0;
    let recordIds: number[] = [];

    beforeAll(async () => {
      demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
      otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
      const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
      demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
      otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)!.id;
    });

    beforeEach(() => smtp.clear());

    /** Moves `count` reminders of a clinic to `day` and gives their owners e-mail addresses (the last one none). */
    async function remindersOn(clinicId: number, day: string, count: number, withoutEmail = 0): Promise<number[]> {
      const db = ctx().db;
      // one record per pet of an owner of its own, so each reminder goes to its own owner address
      const perPet = (
        await remindersOfSinglePetOwners(db, clinicId, sql`${wellnessRecords.nextReminderDate} <> ${day}`)
      ).slice(0, count);
      expect(perPet.length).toBe(count);
      for (const [i, r] of perPet.entries()) {
        await db.update(wellnessRecords).set({ nextReminderDate: day }).where(eq(wellnessRecords.id, r.id));
        // an address per day: each test's e-mails start a day's allowance of their own (MAIL_PER_RECIPIENT_PER_DAY)
        const email = i >= count - withoutEmail ? null : `owner.${clinicId}.${r.petProfileId}.${day}@example.com`;
        await setPatientOwnerEmail(db, clinicId, r.petProfileId, email);
      }
      return perPet.map((r) => r.id);
    }

    const api = injectApi(() => ctx().app);

    async function send(date: string, token = demoToken, dryRun = false) {
      const res = await api.post(API.sendVetReminders, { date, dryRun }, { token });
      return { status: res.statusCode, body: res.json() };
    }

    async function list(date: string, token = demoToken) {
      return (await api.envelope.post(API.vetReminders, { date, offset: 1, limit: 100 }, { token })).data.reminders;
    }

    /** The messages carrying these reminders (reminder_deliveries), one row per reminder. */
    async function statuses(ids: number[], day = DAY) {
      return ctx()
        .db.select({
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          lastError: outboxMessages.lastError,
          messageId: outboxMessages.id,
        })
        .from(reminderDeliveries)
        .innerJoin(outboxMessages, eq(outboxMessages.id, reminderDeliveries.outboxMessageId))
        .where(and(inArray(reminderDeliveries.wellnessRecordId, ids), eq(reminderDeliveries.reminderDate, day)));
    }

    /** Queues reminder messages by hand (no worker woken), one per reminder, with their delivery rows. */
    async function queueByHand(
      ids: number[],
      day: string,
      recipient: (i: number) => string,
      extra: (i: number) => Record<string, unknown> = () => ({}),
    ) {
      const db = ctx().db;
      const rows = await db
        .insert(outboxMessages)
        .values(
          ids.map((id, i) => ({
            kind: 'reminder',
            recipient: recipient(i),
            payload: { clinicId: demoClinicId, reminders: [{ wellnessRecordId: id, date: day }] },
            ...(extra(i) as object),
          })),
        )
        .returning({ id: outboxMessages.id });
      await db.insert(reminderDeliveries).values(
        ids.map((id, i) => ({
          wellnessRecordId: id,
          reminderDate: day,
          clinicId: demoClinicId,
          outboxMessageId: rows[i].id,
        })),
      );
      return rows;
    }

    it('counts first (dry run), then queues one e-mail per owner with an address; the worker sends each once', async () => {
      recordIds = await remindersOn(demoClinicId, DAY, 4, 1);
      const preview = await send(DAY, demoToken, true);
      expect(preview.body).toMatchObject({
        result: 1,
        data: { queued: 3, reminders: 3, withoutEmail: 1, optedOut: 0, alreadySent: 0 },
      });
      expect(await statuses(recordIds)).toEqual([]);
      expect((await list(DAY)).map((r) => r.deliveryStatus).sort()).toEqual([
        'noEmail',
        'notSent',
        'notSent',
        'notSent',
      ]);

      const sent = await send(DAY);
      expect(sent.body).toMatchObject({
        result: 1,
        data: { queued: 3, reminders: 3, withoutEmail: 1, optedOut: 0, alreadySent: 0 },
      });
      await waitFor(() => smtp.received.length >= 3, 10_000, 'three e-mails');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(3);
      const listed = await list(DAY);
      expect(listed.map((r) => r.deliveryStatus).sort()).toEqual(['noEmail', 'sent', 'sent', 'sent']);

      const again = await send(DAY);
      expect(again.body.data).toEqual({
        queued: 0,
        reminders: 0,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 3,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(3);
    });

    it('e-mails are multipart text and HTML, name the clinic, pet, what is due, the phone, and carry a calendar event', async () => {
      const ids = await remindersOn(demoClinicId, '2031-04-02', 1);
      expect((await send('2031-04-02')).body.data?.queued).toBe(1);
      await waitFor(() => smtp.received.length === 1, 10_000, 'the e-mail');
      const { mail, raw, envelopeTo } = smtp.received[0];
      const [patient] = await ctx()
        .db.select({ email: clinicPatients.ownerEmailForVet })
        .from(clinicPatients)
        .innerJoin(wellnessRecords, eq(wellnessRecords.petProfileId, clinicPatients.petProfileId))
        .where(and(eq(wellnessRecords.id, ids[0]), eq(clinicPatients.clinicId, demoClinicId)));
      expect(envelopeTo).toEqual([patient.email]);
      expect(raw).toMatch(/multipart\/alternative/);
      expect(mail.text).toContain('Demo Clinic');
      expect(mail.text).toContain('+1 555 0100 300');
      expect(mail.text).toMatch(/April 2, 2031/);
      expect(mail.html).toContain('Demo Clinic');
      expect(mail.html).toContain('http://pawtal.test');
      expect(mail.from?.text).toContain('no-reply@pawtal.example');
      const ics = mail.attachments.find((a) => a.filename === 'reminder.ics');
      expect(ics?.contentType).toBe('text/calendar');
      const event = ics!.content.toString('utf8');
      expect(event).toContain('BEGIN:VEVENT');
      expect(event).toMatch(/DTSTART;VALUE=DATE:20310402/);
      // an all-day event ends the next day; the package's one-day duration was "P1DT", which RFC 5545 refuses
      expect(event).toMatch(/DTEND;VALUE=DATE:20310403/);
      expect(event).not.toContain('DURATION');
      expect(event).toContain('Demo Clinic');
      // replies go to the clinic (its Reply-To): the footer said they were not read
      expect(mail.replyTo?.text).toContain('desk@demo-clinic.example');
      expect(mail.text).toContain('Replies to this message go to Demo Clinic.');
      expect(mail.text).not.toContain('Replies to it are not read');
    });

    it('another clinic sends only its own reminders and never changes the delivery state of the first', async () => {
      const otherIds = await remindersOn(otherClinicId, DAY, 2);
      const before = await list(DAY);
      const res = await send(DAY, otherToken);
      expect(res.body.data).toEqual({
        queued: 2,
        reminders: 2,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await waitFor(() => smtp.received.length === 2, 10_000, "the other clinic's e-mails");
      for (const m of smtp.received) expect(m.mail.text).toContain('Other Clinic');
      expect(await list(DAY)).toEqual(before);
      expect((await list(DAY, otherToken)).map((r) => r.id).sort()).toEqual([...otherIds].sort());
      expect((await list(DAY, otherToken)).every((r) => r.deliveryStatus === 'sent')).toBe(true);
    });

    it("keeps the clinic's text out of the headers but the sender's name: the subject is ours, the pet's name and what the clinic typed are in the body, escaped", async () => {
      const day = '2032-01-11';
      const [id] = await remindersOn(demoClinicId, day, 1);
      const [record] = await ctx()
        .db.select({ petId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(eq(wellnessRecords.id, id));
      const typedName = 'Rex <b>Bcc: victim@example.net</b>';
      const typedWhat = 'URGENT: confirm your card at evil.example';
      await ctx().db.update(petProfiles).set({ name: typedName }).where(eq(petProfiles.id, record.petId));
      await ctx()
        .db.update(wellnessRecords)
        .set({ recordValue: typedWhat, categoryTypeId: CATEGORY_TYPE_VACCINATION })
        .where(eq(wellnessRecords.id, id));
      expect((await send(day)).body.data?.queued).toBe(1);
      await waitFor(() => smtp.received.length === 1, 10_000, 'the e-mail');
      const { mail, raw, envelopeTo } = smtp.received[0];
      expect(mail.subject).toBe('Reminder: vaccination due on January 11, 2032');
      const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
      for (const typed of ['Rex', 'victim@example.net', 'URGENT', 'evil.example']) expect(headers).not.toContain(typed);
      // the clinic's name is the sender's display name only (issue 33 item 4: "<clinic> via Pawtal"), nowhere else
      const otherHeaders = headers.replace(/^From:.*(\r\n[ \t].*)*/im, '');
      expect(otherHeaders).not.toContain('Demo Clinic');
      expect(mail.from?.value[0]?.name).toBe('Demo Clinic via Pawtal');
      expect(envelopeTo).toHaveLength(1);
      expect(mail.text).toContain(typedName);
      expect(mail.text).toContain(typedWhat);
      expect(mail.html).toContain('Rex &lt;b&gt;Bcc: victim@example.net&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Bcc');
    });

    it('sends at most MAIL_PER_RECIPIENT_PER_DAY e-mails from one clinic to one address (however it is typed), one per owner, and says how many it held back', async () => {
      const day = '2032-01-12';
      const ids = await remindersOn(demoClinicId, day, 5);
      const spellings = [
        'flooded.owner@example.org',
        'Flooded.Owner@Example.org',
        'flooded.owner+a@example.org',
        'flooded.owner+b@example.org',
        'FLOODED.OWNER@EXAMPLE.ORG',
      ];
      const pets = await ctx()
        .db.select({ petId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(inArray(wellnessRecords.id, ids));
      for (const [i, p] of pets.entries())
        await ctx()
          .db.update(clinicPatients)
          .set({ ownerEmailForVet: spellings[i] })
          .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, p.petId)));
      // One mailbox however it is typed: one e-mail covers its five reminders, and uses one of the day's three.
      expect((await send(day)).body.data).toEqual({
        queued: 1,
        reminders: 5,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      // Three more days of reminders to that mailbox, sent the same day: the fourth e-mail is held back.
      const later = ['2032-01-14', '2032-01-15', '2032-01-16'];
      const laterIds = await remindersOn(demoClinicId, later[0], 3);
      const laterPets = await ctx()
        .db.select({ id: wellnessRecords.id, petId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(inArray(wellnessRecords.id, laterIds));
      for (const [i, r] of laterPets.entries()) {
        await ctx().db.update(wellnessRecords).set({ nextReminderDate: later[i] }).where(eq(wellnessRecords.id, r.id));
        await ctx()
          .db.update(clinicPatients)
          .set({ ownerEmailForVet: 'flooded.owner+later@example.org' })
          .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, r.petId)));
      }
      expect((await send(later[0])).body.data).toEqual({
        queued: 1,
        reminders: 1,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      expect((await send(later[1])).body.data).toEqual({
        queued: 1,
        reminders: 1,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      expect((await send(later[2], demoToken, true)).body.data).toEqual({
        queued: 0,
        reminders: 0,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 1,
        overClinicDailyLimit: 0,
      });
      expect((await send(later[2])).body.data).toEqual({
        queued: 0,
        reminders: 0,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 1,
        overClinicDailyLimit: 0,
      });
      // The held-back reminder stays unsent (to be sent another day); nothing was queued for it.
      expect((await list(later[2])).map((r) => r.deliveryStatus)).toEqual(['notSent']);
      await waitFor(() => smtp.received.length >= 3, 10_000, 'three e-mails');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(3);
    });

    it('e-mails at most MAIL_RECIPIENTS_PER_CLINIC_PER_DAY different addresses from one clinic in a day, says how many it held back, and leaves other clinics their own', async () => {
      const day = '2032-02-03';
      const cap = ctx().app.config.mailRecipientsPerClinicPerDay;
      onTestFinished(async () => {
        // the next tests' e-mails start from a clinic with its day's addresses free again
        await ctx()
          .db.delete(failureCounts)
          .where(eq(failureCounts.key, `mail-recipients:clinic:${demoClinicId}`));
      });
      // the clinic has e-mailed all but two of its day's addresses already
      await ctx()
        .db.insert(failureCounts)
        .values({ key: `mail-recipients:clinic:${demoClinicId}`, count: cap - 2, windowStartedAt: new Date() })
        .onConflictDoUpdate({
          target: failureCounts.key,
          set: { count: cap - 2, windowStartedAt: new Date() },
        });
      const ids = await remindersOn(demoClinicId, day, 5);
      const held = { queued: 2, reminders: 2, withoutEmail: 0, optedOut: 0, alreadySent: 0, overDailyLimit: 0 };
      expect((await send(day, demoToken, true)).body.data).toEqual({ ...held, overClinicDailyLimit: 3 });
      expect((await send(day)).body.data).toEqual({ ...held, overClinicDailyLimit: 3 });
      // the three held back stay unsent, to be sent another day
      expect((await statuses(ids, day)).length).toBe(2);
      expect((await list(day)).filter((r) => r.deliveryStatus === 'notSent')).toHaveLength(3);
      // an address e-mailed today already is not a new one: its next reminder still goes, within its own cap
      const [again] = await remindersOn(demoClinicId, '2032-02-04', 1);
      const [sentTo] = await ctx()
        .db.select({ email: outboxMessages.recipient })
        .from(reminderDeliveries)
        .innerJoin(outboxMessages, eq(outboxMessages.id, reminderDeliveries.outboxMessageId))
        .where(and(inArray(reminderDeliveries.wellnessRecordId, ids), eq(reminderDeliveries.reminderDate, day)));
      const [againPet] = await ctx()
        .db.select({ petId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(eq(wellnessRecords.id, again));
      await ctx()
        .db.update(clinicPatients)
        .set({ ownerEmailForVet: sentTo.email })
        .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, againPet.petId)));
      expect((await send('2032-02-04')).body.data).toMatchObject({ queued: 1, overClinicDailyLimit: 0 });
      // another clinic's day is its own
      await remindersOn(otherClinicId, day, 1);
      expect((await send(day, otherToken)).body.data).toMatchObject({ queued: 1, overClinicDailyLimit: 0 });
      await ctx().app.mail.drain();
    });

    it('an owner address that a header would read as more than one mailbox is not used', async () => {
      const day = '2032-01-13';
      const [id] = await remindersOn(demoClinicId, day, 1);
      const [record] = await ctx()
        .db.select({ petId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(eq(wellnessRecords.id, id));
      await ctx()
        .db.update(clinicPatients)
        .set({ ownerEmailForVet: 'owner@example.org,victim@example.net' })
        .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, record.petId)));
      expect((await send(day)).body.data).toEqual({
        queued: 0,
        reminders: 0,
        withoutEmail: 1,
        optedOut: 0,
        alreadySent: 0,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      // The workbench reads the same rule in SQL: no usable address, not "not sent".
      expect((await list(day)).map((r) => r.deliveryStatus)).toEqual(['noEmail']);
    });

    it('rejects a bad date and a missing session like every portal call', async () => {
      expect((await send('2031-02-30')).body).toMatchObject({ result: 0, message: 'Please choose a valid date' });
      expect((await send('14/03/2031')).status).toBe(400);
      const anon = await api.post(API.sendVetReminders, { date: DAY });
      expect(anon.statusCode).toBe(401);
    });

    it('retries a temporary refusal with backoff and records a permanent one as failed with the reason', async () => {
      const ids = await remindersOn(demoClinicId, '2031-05-05', 2);
      smtp.refuseNext(1, 451, 'Greylisted, try again later');
      smtp.refuseNext(1, 550, 'No such mailbox here');
      await send('2031-05-05');
      await waitFor(
        async () => (await list('2031-05-05')).some((r) => r.deliveryStatus === 'failed'),
        10_000,
        'the permanent failure',
      );
      await waitFor(() => smtp.received.length === 1, 10_000, 'the retried e-mail');
      // the worker marks the row sent after the SMTP server has taken the message: wait for that too
      await waitFor(
        async () => (await list('2031-05-05')).some((r) => r.deliveryStatus === 'sent'),
        10_000,
        'the retried e-mail marked sent',
      );
      const listed = await list('2031-05-05');
      const failed = listed.find((r) => r.deliveryStatus === 'failed')!;
      expect(failed.deliveryError).toContain('No such mailbox here');
      expect(listed.find((r) => r.id !== failed.id)!.deliveryStatus).toBe('sent');
      const rows = await statuses(ids, '2031-05-05');
      expect(rows.map((r) => `${r.status}:${r.attempts}`).sort()).toEqual(['failed:1', 'sent:2']);
      // sending again queues the failed one again (and only it), in a new e-mail
      const again = await send('2031-05-05');
      expect(again.body.data).toEqual({
        queued: 1,
        reminders: 1,
        withoutEmail: 0,
        optedOut: 0,
        alreadySent: 1,
        overDailyLimit: 0,
        overClinicDailyLimit: 0,
      });
      await waitFor(() => smtp.received.length === 2, 10_000, 'the re-sent e-mail');
    });

    it('delivers each message exactly once when the SMTP server dies mid-queue and comes back', async () => {
      const day = '2031-06-06';
      const ids = await remindersOn(demoClinicId, day, 6);
      const crashed = smtp.crashAfterMessages(2);
      expect((await send(day)).body.data?.queued).toBe(6);
      await crashed;
      expect(smtp.received).toHaveLength(2);
      // the worker keeps trying while the server is away
      await ctx().app.mail.drain();
      await smtp.start();
      await waitFor(
        async () => {
          await ctx().app.mail.drain();
          return smtp.received.length >= 6;
        },
        20_000,
        'all six e-mails',
      );
      await new Promise((r) => setTimeout(r, 200));
      await ctx().app.mail.drain();
      const ids6 = smtp.received.map((m) => m.mail.messageId);
      expect(ids6).toHaveLength(6);
      expect(new Set(ids6).size).toBe(6);
      const rows = await statuses(ids, day);
      expect(rows.map((r) => r.status)).toEqual(Array(6).fill('sent'));
    });

    it('takes over a message whose sender died mid-send, and leaves one still claimed alone', async () => {
      const day = '2031-07-07';
      const ids = await remindersOn(demoClinicId, day, 2);
      // queue without waking the worker, then pretend two other workers claimed them
      await queueByHand(
        ids,
        day,
        (i) => `claimed${i}@example.com`,
        (i) => ({
          status: 'sending',
          attempts: 1,
          claimId: `dead-${i}`,
          claimedUntil: i === 0 ? sql`now() - interval '1 second'` : sql`now() + interval '1 hour'`,
        }),
      );
      await ctx().app.mail.drain();
      expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['claimed0@example.com']);
      const rows = (await statuses(ids, day)).sort((a, b) => a.messageId - b.messageId);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sending']);
      expect((await list(day)).map((r) => r.deliveryStatus).sort()).toEqual(['queued', 'sent']);
    });

    it('several server processes on one database send each message once (SKIP LOCKED)', async (testCtx) => {
      if (ctx().kind !== 'postgres') return testCtx.skip();
      const day = '2031-08-08';
      const ids = await remindersOn(demoClinicId, day, 8);
      const second = await createServer({ ...ctx().config, port: 0 }, { logger: false });
      const third = await createServer({ ...ctx().config, port: 0 }, { logger: false });
      try {
        await Promise.all([second.app.ready(), third.app.ready()]);
        // queued without waking any worker, then three processes drain at the same moment
        await queueByHand(ids, day, (i) => `many${i}@example.com`);
        await Promise.all([
          ctx().app.mail.drain(),
          second.app.mail.drain(),
          third.app.mail.drain(),
          second.app.mail.drain(),
        ]);
        await waitFor(() => smtp.received.length >= 8, 10_000, 'eight e-mails');
        await new Promise((r) => setTimeout(r, 300));
        const messageIds = smtp.received.map((m) => m.mail.messageId);
        expect(messageIds).toHaveLength(8);
        expect(new Set(messageIds).size).toBe(8);
      } finally {
        await second.stop();
        await third.stop();
      }
    });

    it('a worker skips the rows another worker is claiming instead of waiting for them or taking them', async (testCtx) => {
      if (ctx().kind !== 'postgres') return testCtx.skip();
      const day = '2031-09-09';
      const ids = await remindersOn(demoClinicId, day, 3);
      const rows = await queueByHand(ids, day, (i) => `locked${i}@example.com`);
      const other = new pg.Client({ connectionString: ctx().config.databaseUrl! });
      await other.connect();
      try {
        // another process is in the middle of claiming the first message
        await other.query('begin');
        await other.query('select id from outbox_messages where id = $1 for update', [rows[0].id]);
        const claimed = await Promise.race([
          claimDueMessages(ctx().db, 10, 60_000),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the claim waited for the locked row')), 3000),
          ),
        ]);
        const mine = claimed.map((c) => c.id).filter((id) => rows.some((r) => r.id === id));
        expect(mine.sort()).toEqual([rows[1].id, rows[2].id].sort());
      } finally {
        await other.query('rollback');
        await other.end();
      }
      // the claimed ones are sent by this worker once their claim runs out; clean up for the next tests
      await ctx()
        .db.update(outboxMessages)
        .set({ status: 'sent' })
        .where(
          inArray(
            outboxMessages.id,
            rows.map((r) => r.id),
          ),
        );
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
