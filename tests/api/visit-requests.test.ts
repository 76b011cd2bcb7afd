import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinicPatients, clinics, recordHistory, wellnessRecords } from '#server/db/schema';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor, type ReceivedMail } from '#tests/support/smtp-test-server';
import { injectApi } from '#tests/support/api-client';
import { petsWithTheirOwnOwner } from '#tests/support/single-pet-owners';
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
      const own = await petsWithTheirOwnOwner(db, clinicId);
      const picked = await db
        .select({ id: wellnessRecords.id, petProfileId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(
          and(
            eq(wellnessRecords.clinicId, clinicId),
            inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]),
            sql`${wellnessRecords.nextReminderDate} is not null`,
            sql`${wellnessRecords.nextReminderDate} < '2032-01-01'`,
          ),
        )
        .orderBy(asc(wellnessRecords.id));
      const record = picked.filter((p) => own.has(p.petProfileId))[dayIndex * 3];
      await db.update(wellnessRecords).set({ nextReminderDate: day }).where(eq(wellnessRecords.id, record.id));
      await db
        .update(clinicPatients)
        .set({ ownerEmailForVet: `booking.${record.petProfileId}.${day}@example.com` })
        .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, record.petProfileId)));
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
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
