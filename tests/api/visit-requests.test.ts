import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinics, recordHistory, vetVisits, wellnessRecords } from '#server/db/schema';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor, type ReceivedMail } from '#tests/support/smtp-test-server';
import { injectApi } from '#tests/support/api-client';
import { remindersOfSinglePetOwners, setPatientOwnerEmail } from '#tests/support/single-pet-owners';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

/** Far-away days on which the tests put reminders of their own, one per test. */
const DAYS = ['2032-05-03', '2032-05-04', '2032-05-05', '2032-05-06', '2032-05-07', '2032-05-08', '2032-05-10'];

describeOnBothDatabases(
  "E-mails in the clinic's name and booking requests (issue 33, items 4 and 5)",
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let adminToken = '';
    let nurseToken = '';
    let clinicId = 0;
    let dayIndex = 0;
    const usedPets = new Set<number>();

    beforeAll(async () => {
      adminToken = await loginClinic(ctx().app, DEMO_CLINIC);
      nurseToken = await loginClinic(ctx().app, 'lucia.romero');
      const [row] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
      clinicId = row.id;
    });
    beforeEach(() => smtp.clear());

    /**
     * One reminder of a pet whose owner has no other pet, moved to a day of its own, the owner given an address of
     * their own (and `language`); sends it, waits for the e-mail and answers it with the record and the day.
     */
    async function reminderEmail(
      language: string | null = null,
    ): Promise<{ mail: ReceivedMail; recordId: number; petId: number; day: string; token: string }> {
      const day = DAYS[dayIndex++];
      const db = ctx().db;
      const picked = await remindersOfSinglePetOwners(
        db,
        clinicId,
        sql`${wellnessRecords.nextReminderDate} < '2032-01-01'`,
      );
      // a pet no earlier test of this file used
      const record = picked.filter((p) => !usedPets.has(p.petProfileId))[0];
      usedPets.add(record.petProfileId);
      await db.update(wellnessRecords).set({ nextReminderDate: day }).where(eq(wellnessRecords.id, record.id));
      await setPatientOwnerEmail(
        db,
        clinicId,
        record.petProfileId,
        `booking.${record.petProfileId}.${day}@example.com`,
      );
      if (language !== null)
        await db.execute(
          sql`update clinic_owners set language = ${language} where id = (select clinic_owner_id from clinic_patients
            where clinic_id = ${clinicId} and pet_profile_id = ${record.petProfileId})`,
        );
      const sent = await api.envelope.post(API.sendVetReminders, { date: day, dryRun: false }, { token: adminToken });
      expect(sent.data.queued).toBe(1);
      await waitFor(() => smtp.received.length === 1, 10_000, 'the reminder e-mail');
      const mail = smtp.received[0];
      const token = /\/BookVisit\?token=([A-Za-z0-9_-]+)/.exec(mail.mail.text ?? '')?.[1] ?? '';
      return { mail, recordId: record.id, petId: record.petProfileId, day, token };
    }

    /** The outbox sent now (not at its next poll): the one e-mail it sends, `what` naming it if it never comes. */
    async function drainedMail(what: string): Promise<ReceivedMail['mail']> {
      smtp.clear();
      await ctx().app.mail.drain();
      await waitFor(() => smtp.received.length === 1, 10_000, what);
      return smtp.received[0].mail;
    }

    /** The history entry of a request's answer. */
    async function answerEntry(requestId: number) {
      const [entry] = await ctx()
        .db.select({ userName: recordHistory.userName, changes: recordHistory.changes })
        .from(recordHistory)
        .where(
          and(
            eq(recordHistory.entity, 'visitRequest'),
            eq(recordHistory.entityId, requestId),
            eq(recordHistory.action, 'change'),
          ),
        );
      return entry;
    }

    /** A reminder e-mail (to an owner in `language`) whose owner then requests a visit: the request as the desk lists it. */
    async function requestedVisit(
      body: { preferredDays: string[]; partOfDay: 'morning' | 'afternoon' | 'any' },
      language: string | null = null,
    ) {
      const { token } = await reminderEmail(language);
      await api.envelope.post(API.requestVisit, { token, ...body });
      const listed = (await api.envelope.get(API.visitRequests, { limit: 100 }, { token: adminToken })).data;
      return listed.requests[listed.requests.length - 1];
    }

    describe('item 4: the clinic names the e-mail', () => {
      it('sends as "<clinic> via Pawtal" from MAIL_FROM\'s address, Reply-To the clinic, with its phone and a Book a visit link', async () => {
        const { mail, token } = await reminderEmail();
        const from = mail.mail.from?.value[0];
        expect(from?.name).toBe('Demo Clinic via Pawtal');
        expect(from?.address).toBe('no-reply@pawtal.example');
        expect(mail.mail.replyTo?.value[0].address).toBe('desk@demo-clinic.example');
        expect(mail.mail.text).toContain('+1 555 0100 300');
        expect(mail.mail.text).toContain('Book a visit: http://pawtal.test/BookVisit?token=');
        expect(mail.mail.html).toContain('/BookVisit?token=');
        expect(token.length).toBeGreaterThanOrEqual(20);
        // the link carries no address
        expect(token).not.toContain('@');
        expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('example.com');
      });

      it("admins save the clinic's phone and e-mail (checked, versioned, in the history); others may not", async () => {
        const before = (await api.envelope.get(API.vetClinic, undefined, { token: adminToken })).data;
        expect(before).toMatchObject({ name: 'Demo Clinic', email: 'desk@demo-clinic.example' });

        const bad = await api.post(
          API.saveClinicContact,
          { phone: '+1 555 0100 301', email: 'not an address', version: before.contactVersion },
          { token: adminToken },
        );
        // a form's refusal: the envelope (HTTP 200, result 0) with the field's message
        expect(bad.statusCode).toBe(200);
        expect(bad.json()).toMatchObject({ result: 0, message: 'Please enter a valid e-mail address.' });

        const nurse = await api.post(
          API.saveClinicContact,
          { phone: '1', email: '', version: before.contactVersion },
          { token: nurseToken },
        );
        expect(nurse.statusCode).toBe(403);

        const saved = await api.envelope.post(
          API.saveClinicContact,
          { phone: '+1 555 0100 301', email: 'front.desk@demo-clinic.example', version: before.contactVersion },
          { token: adminToken },
        );
        expect(saved.data.contactVersion).toBe(before.contactVersion + 1);
        const stale = await api.post(
          API.saveClinicContact,
          { phone: '+1 555 0100 302', email: '', version: before.contactVersion },
          { token: adminToken },
        );
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toContain('changed the clinic');
        const entries = await ctx()
          .db.select({ changes: recordHistory.changes })
          .from(recordHistory)
          .where(
            and(
              eq(recordHistory.clinicId, clinicId),
              eq(recordHistory.entity, 'clinic'),
              eq(recordHistory.version, before.contactVersion + 1),
            ),
          );
        expect(entries[0].changes).toContainEqual({
          field: 'email',
          from: 'desk@demo-clinic.example',
          to: 'front.desk@demo-clinic.example',
        });

        const { mail } = await reminderEmail();
        expect(mail.mail.replyTo?.value[0].address).toBe('front.desk@demo-clinic.example');
        expect(mail.mail.text).toContain('+1 555 0100 301');
        // back as the seed had it, for the other tests
        await api.envelope.post(
          API.saveClinicContact,
          { phone: '+1 555 0100 300', email: 'desk@demo-clinic.example' },
          { token: adminToken },
        );
      });
    });

    describe('item 5: booking requests', () => {
      const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

      it('refuses bad links and bad days with the envelope and a clear message', async () => {
        const { token } = await reminderEmail();
        for (const bad of ['', 'x', 'A'.repeat(43), `${token}x`]) {
          const res = await api.post(API.requestVisit, { token: bad, preferredDays: [soon(3)], partOfDay: 'any' });
          expect(res.statusCode, bad).toBe(200);
          expect(res.json().result, bad).toBe(0);
          expect(res.json().message, bad).not.toBe('');
        }
        const check = await api.post(API.checkBookingLink, { token: 'A'.repeat(43) });
        expect(check.json()).toMatchObject({ result: 0, message: expect.stringContaining('invalid or has expired') });
        for (const [body, message] of [
          [{ preferredDays: [soon(-2)], partOfDay: 'any' }, 'from today on'],
          [{ preferredDays: [soon(400)], partOfDay: 'any' }, 'within the next year'],
          [{ preferredDays: [soon(1), soon(2), soon(3), soon(4)], partOfDay: 'any' }, 'up to three'],
          [{ preferredDays: [soon(1), soon(1)], partOfDay: 'any' }, 'up to three'],
          [{ preferredDays: [], partOfDay: 'any' }, 'at least one day'],
          [{ preferredDays: ['2032-02-30'], partOfDay: 'any' }, 'valid day'],
          [{ preferredDays: [soon(2)], partOfDay: 'evening' }, 'part of the day'],
          [{ preferredDays: 'tomorrow', partOfDay: 'any' }, 'at least one day'],
        ] as const) {
          const res = await api.post(API.requestVisit, { token, ...body } as never);
          expect(res.statusCode, JSON.stringify(body)).toBe(200);
          expect(res.json().result, JSON.stringify(body)).toBe(0);
          expect(res.json().message, JSON.stringify(body)).toContain(message);
        }
      });

      it('a request reaches the clinic; accepting creates the visit and e-mails the owner an .ics in their language', async () => {
        const reminder = await reminderEmail('es');
        const { token, recordId, petId, day } = reminder;
        // the link opens the page in the owner's language
        expect(reminder.mail.mail.text).toContain(`/BookVisit?token=${token}&lang=es`);
        const link = await api.envelope.post(API.checkBookingLink, { token });
        expect(link.data).toMatchObject({ clinicName: 'Demo Clinic', requestState: null });
        expect(JSON.stringify(link.data)).not.toContain('@');
        const before = (await api.envelope.get(API.visitRequests, {}, { token: adminToken })).data.requestedCount;

        const made = await api.post(API.requestVisit, {
          token,
          preferredDays: [soon(9), soon(7)],
          partOfDay: 'morning',
          note: 'Bella is shy with other dogs.',
        });
        expect(made.json()).toMatchObject({ result: 1 });
        const again = await api.post(API.requestVisit, { token, preferredDays: [soon(8)], partOfDay: 'any' });
        expect(again.json()).toMatchObject({ result: 0, message: expect.stringContaining('already requested') });
        expect((await api.envelope.post(API.checkBookingLink, { token })).data.requestState).toBe('requested');

        const listed = (await api.envelope.get(API.visitRequests, { limit: 100 }, { token: adminToken })).data;
        expect(listed.requestedCount).toBe(before + 1);
        const request = listed.requests.find((r) => r.reminders.some((x) => x.wellnessRecordId === recordId))!;
        expect(request).toMatchObject({
          state: 'requested',
          preferredDays: [soon(7), soon(9)],
          partOfDay: 'morning',
          note: 'Bella is shy with other dogs.',
          pets: [{ petId }],
          reminders: [{ wellnessRecordId: recordId, dueDate: day }],
        });
        // the other clinic sees none of it
        const other = await loginClinic(ctx().app, 'other.clinic');
        const theirs = (await api.envelope.get(API.visitRequests, { limit: 100 }, { token: other })).data.requests;
        expect(theirs.some((r) => r.id === request.id)).toBe(false);
        const foreign = await api.post(
          API.answerVisitRequest,
          { requestId: request.id, visitDate: soon(7) },
          { token: other },
        );
        expect(foreign.json()).toMatchObject({ result: 0, message: 'Visit request not found.' });

        const answered = await api.envelope.post(
          API.answerVisitRequest,
          { requestId: request.id, version: request.version, visitDate: soon(7) },
          { token: adminToken },
        );
        expect(answered.data).toMatchObject({ state: 'booked', emailed: true });
        expect(answered.data.visitIds).toHaveLength(1);
        const stale = await api.post(
          API.answerVisitRequest,
          { requestId: request.id, version: request.version, decline: true, message: 'no' },
          { token: adminToken },
        );
        expect(stale.statusCode).toBe(409);
        const [visit] = await ctx()
          .db.select({ petId: vetVisits.petProfileId, day: vetVisits.visitDate })
          .from(vetVisits)
          .where(eq(vetVisits.id, answered.data.visitIds[0]));
        expect(visit.petId).toBe(petId);
        expect(String(visit.day)).toContain(soon(7));
        const booked = (
          await api.envelope.get(API.visitRequests, { state: 'booked', limit: 100 }, { token: adminToken })
        ).data;
        expect(booked.requests.find((r) => r.id === request.id)).toMatchObject({ state: 'booked', visitDate: soon(7) });
        expect((await api.envelope.get(API.visitRequests, {}, { token: adminToken })).data.requestedCount).toBe(before);

        const mail = await drainedMail('the confirmation');
        expect(mail.from?.value[0].name).toBe('Demo Clinic vía Pawtal');
        expect(mail.replyTo?.value[0].address).toBe('desk@demo-clinic.example');
        expect(mail.subject).toMatch(/^Cita reservada para el /);
        const ics = mail.attachments.find((a) => a.filename === 'visit.ics');
        expect(ics?.contentType).toBe('text/calendar');
        expect(ics?.content.toString()).toContain(`DTSTART;VALUE=DATE:${soon(7).replaceAll('-', '')}`);
        expect(ics?.content.toString()).toContain(`DTEND;VALUE=DATE:${soon(8).replaceAll('-', '')}`);
        expect(ics?.content.toString()).not.toContain('DURATION');
        // the reply reaches the clinic: the footer said replies were not read
        expect(mail.text).toContain('Las respuestas a este mensaje llegan a Demo Clinic.');
        expect(mail.text).not.toContain('Las respuestas no se leen.');
      });

      it('accepting with a message e-mails it to the owner as written, their language around it; the history keeps it', async () => {
        const request = await requestedVisit({ preferredDays: [soon(4)], partOfDay: 'morning' }, 'de');
        const message = 'Please bring the vaccination booklet <b>and</b> come 10 minutes early.';
        const answered = await api.envelope.post(
          API.answerVisitRequest,
          { requestId: request.id, version: request.version, visitDate: soon(4), message },
          { token: adminToken },
        );
        expect(answered.data).toMatchObject({ state: 'booked', emailed: true });
        const mail = await drainedMail('the confirmation');
        // the clinic's words as written, in German around them; never in the subject
        expect(mail.subject).toMatch(/^Termin gebucht für /);
        expect(mail.subject).not.toContain('booklet');
        expect(mail.text).toContain('Demo Clinic hat Ihren Termin am');
        expect(mail.text).toContain(message);
        expect(mail.html).toContain(
          'Please bring the vaccination booklet &lt;b&gt;and&lt;/b&gt; come 10 minutes early.',
        );
        expect(mail.attachments.map((a) => a.filename)).toEqual(['visit.ics']);
        // kept in the answer's history entry; the request's declineMessage stays a decline's
        expect((await answerEntry(request.id)).changes).toContainEqual({ field: 'message', from: null, to: message });
        const booked = (
          await api.envelope.get(API.visitRequests, { state: 'booked', limit: 100 }, { token: adminToken })
        ).data;
        expect(booked.requests.find((r) => r.id === request.id)).toMatchObject({ declineMessage: '' });
      });

      it("declining e-mails the owner the clinic's message; the history names who answered", async () => {
        const request = await requestedVisit({ preferredDays: [soon(5)], partOfDay: 'afternoon' });
        // both answers at once: refused, not declined in silence
        const both = await api.post(
          API.answerVisitRequest,
          { requestId: request.id, decline: true, visitDate: soon(6), message: 'no' },
          { token: nurseToken },
        );
        expect(both.statusCode).toBe(400);
        expect(both.json()).toEqual({
          result: 0,
          message: 'Send either visitDate, to accept the request, or decline: true, not both.',
          data: null,
        });
        const nurse = await api.envelope.post(
          API.answerVisitRequest,
          { requestId: request.id, decline: true, message: 'Dr. Hart is away that week; please call us.' },
          { token: nurseToken },
        );
        expect(nurse.data).toMatchObject({ state: 'declined', visitIds: [], emailed: true });
        const mail = await drainedMail('the answer');
        expect(mail.text).toContain('Dr. Hart is away that week; please call us.');
        expect(mail.attachments).toHaveLength(0);
        const entry = await answerEntry(request.id);
        expect(entry.userName).toBe('Nurse Lucía Romero');
        expect(entry.changes).toContainEqual({ field: 'state', from: 'requested', to: 'declined' });
      });
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
