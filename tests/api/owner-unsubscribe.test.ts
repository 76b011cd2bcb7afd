import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { clinicOwners, clinicPatients, clinics, recordHistory, wellnessRecords } from '#server/db/schema';
import { invalidatePublicCache } from '#server/cache/public-cache';
import type { ClaimedMessage } from '#server/mail/outbox';
import { composeReminderMail } from '#server/reminders/reminder-email';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { petsWithTheirOwnOwner } from '#tests/support/single-pet-owners';
import { TestSmtpServer, waitFor, type ReceivedMail } from '#tests/support/smtp-test-server';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const BAD_LINK = 'This link is not valid or has expired.';

/** The one-click address of a received e-mail's List-Unsubscribe header, and its token. */
function oneClickOf(mail: ReceivedMail): { url: string; token: string } {
  // a header folded onto two lines is read as one (nodemailer folds long ones after the colon)
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  const m =
    /^List-Unsubscribe: ?<(http:\/\/pawtal\.test(\/api\/Owners\/UnsubscribeReminders\?token=([A-Za-z0-9_-]+)))>\r?$/m.exec(
      unfolded,
    );
  if (!m) throw new Error(`no List-Unsubscribe header in:\n${unfolded.slice(0, 2000)}`);
  return { url: m[2], token: m[3] };
}

/** The footer's link to the unsubscribe page, as the HTML part links it. */
function pageLinkOf(mail: ReceivedMail): URL {
  const m = /href="(http:\/\/pawtal\.test\/Unsubscribe\?[^"]+)"/.exec(String(mail.mail.html));
  if (!m) throw new Error('no /Unsubscribe link in the HTML part');
  return new URL(m[1].replace(/&amp;/g, '&'));
}

/**
 * A reminder e-mail's unsubscribe (issue 32, item 5; docs/decisions/0180): RFC 8058 headers on every reminder e-mail
 * the SMTP server receives, the footer's link to /Unsubscribe in the owner's language, the one-click POST and the
 * page's POST turning the owner's consent off through the owner's write path (version and history), a GET that
 * changes nothing, and a clear answer to a bad link.
 */
describeOnBothDatabases(
  'Reminder e-mails: List-Unsubscribe one-click, the /Unsubscribe page, consent off with history',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let demoToken = '';
    let demoClinicId = 0;
    let address = 0;
    const from = () => ({ remoteAddress: `10.32.5.${++address}` });
    let nextDay = 0;

    beforeAll(async () => {
      demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
      const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
      demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
    });
    beforeEach(() => smtp.clear());

    /**
     * One reminder of a pet whose owner has no other pet, moved to a day of its own, with that owner given `email`
     * and `language`: sent, and its e-mail received.
     */
    async function reminderMailTo(email: string, language: string | null) {
      const db = ctx().db;
      const ownOwner = await petsWithTheirOwnOwner(db, demoClinicId);
      const records = await db
        .select({ id: wellnessRecords.id, petProfileId: wellnessRecords.petProfileId })
        .from(wellnessRecords)
        .where(
          and(
            eq(wellnessRecords.clinicId, demoClinicId),
            inArray(wellnessRecords.categoryTypeId, [CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC]),
            isNotNull(wellnessRecords.nextReminderDate),
            sql`${wellnessRecords.nextReminderDate} < '2033-01-01'`,
          ),
        )
        .orderBy(asc(wellnessRecords.petProfileId), asc(wellnessRecords.id));
      const onePerPet = [...new Map(records.map((r) => [r.petProfileId, r])).values()];
      const record = onePerPet.filter((r) => ownOwner.has(r.petProfileId))[nextDay];
      expect(record).toBeDefined();
      const day = `2033-03-${String(++nextDay).padStart(2, '0')}`;
      await db.update(wellnessRecords).set({ nextReminderDate: day }).where(eq(wellnessRecords.id, record.id));
      const [patient] = await db
        .select({ ownerId: clinicPatients.clinicOwnerId })
        .from(clinicPatients)
        .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, record.petProfileId)));
      const ownerId = patient.ownerId!;
      await db
        .update(clinicOwners)
        .set({ email, language, remindersByEmail: true })
        .where(eq(clinicOwners.id, ownerId));
      await invalidatePublicCache(ctx().app);
      const sent = await api.envelope.post(API.sendVetReminders, { date: day }, { token: demoToken });
      expect(sent.data).toMatchObject({ queued: 1, reminders: 1 });
      await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(email)), 10_000, 'the reminder e-mail');
      const mail = smtp.received.find((m) => m.envelopeTo.includes(email))!;
      return { mail, ownerId, day };
    }

    const ownerRow = async (ownerId: number) =>
      (await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, ownerId)))[0];

    const ownerHistory = (ownerId: number) =>
      ctx()
        .db.select()
        .from(recordHistory)
        .where(and(eq(recordHistory.entity, 'owner'), eq(recordHistory.entityId, ownerId)))
        .orderBy(desc(recordHistory.id));

    const oneClick = (url: string) =>
      ctx().app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        ...from(),
      });

    it('every reminder e-mail carries List-Unsubscribe (one-click POST, no mailto) and List-Unsubscribe-Post; the one-click POST turns consent off with history', async () => {
      const email = 'one.click.owner@example.com';
      const { mail, ownerId, day } = await reminderMailTo(email, null);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const { url, token } = oneClickOf(mail);
      expect(mail.raw).not.toMatch(/^List-Unsubscribe:.*mailto:/im);
      // the address names no one: no e-mail in the token or either link
      expect(url).not.toContain('@');
      expect(pageLinkOf(mail).searchParams.get('token')).toBe(token);
      expect(pageLinkOf(mail).href).not.toContain(email);
      expect(mail.mail.text).toContain(
        `Stop reminder e-mails from this clinic: http://pawtal.test/Unsubscribe?token=${token}&lang=en`,
      );

      // a GET (a mail scanner, the page opening) changes nothing
      const before = await ownerRow(ownerId);
      const read = await api.envelope.get(API.reminderUnsubscribe, { token }, from());
      expect(read).toEqual({ result: 1, message: '', data: { clinicName: 'Demo Clinic', unsubscribed: false } });
      const getOfPost = await ctx().app.inject({ method: 'GET', url, ...from() });
      expect(getOfPost.statusCode).toBe(404);
      expect(await ownerRow(ownerId)).toMatchObject({ remindersByEmail: true, version: before.version });

      const res = await oneClick(url);
      expect(res.json()).toEqual({
        result: 1,
        message: '',
        data: { clinicName: 'Demo Clinic', alreadyUnsubscribed: false },
      });
      const after = await ownerRow(ownerId);
      expect(after).toMatchObject({ remindersByEmail: false, version: before.version + 1, email });
      const [entry] = await ownerHistory(ownerId);
      expect(entry).toMatchObject({
        clinicId: demoClinicId,
        action: 'change',
        version: after.version,
        userId: null,
        userName: 'The owner (by their unsubscribe link)',
      });
      expect(entry.changes).toEqual([{ field: 'remindersByEmail', from: true, to: false }]);

      // again: already unsubscribed, nothing written
      const entries = (await ownerHistory(ownerId)).length;
      expect((await oneClick(url)).json()).toMatchObject({ data: { alreadyUnsubscribed: true } });
      expect((await ownerRow(ownerId)).version).toBe(after.version);
      expect(await ownerHistory(ownerId)).toHaveLength(entries);

      // the clinic sees it on the owner, and a save over the version it read before is refused
      const details = await api.envelope.get(API.vetOwnerDetails, { ownerId }, { token: demoToken });
      expect(details.data).toMatchObject({ remindersByEmail: false, version: after.version });
      const stale = await api.post(
        API.saveVetOwner,
        {
          ownerId,
          version: before.version,
          name: before.name,
          phone: before.phone,
          email,
          language: null,
          remindersByEmail: true,
          notes: before.notes,
        },
        { token: demoToken },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data).toMatchObject({ changedBy: 'The owner (by their unsubscribe link)' });

      // the reminder sent stays sent; nothing more goes to the owner
      const again = await api.envelope.post(API.sendVetReminders, { date: day, dryRun: true }, { token: demoToken });
      expect(again.data).toMatchObject({ queued: 0, alreadySent: 1 });
    });

    it("the footer links to /Unsubscribe in the owner's language; the page's POST turns consent off, twice is 'already unsubscribed'", async () => {
      const email = 'page.owner@example.fr';
      const { mail, ownerId } = await reminderMailTo(email, 'fr');
      expect(mail.mail.headers.get('content-language')).toBe('fr');
      const link = pageLinkOf(mail);
      expect(link.searchParams.get('lang')).toBe('fr');
      expect(String(mail.mail.html)).toContain('Ne plus recevoir les rappels de cette clinique');
      const token = link.searchParams.get('token')!;
      expect(oneClickOf(mail).token).toBe(token);

      const first = await api.envelope.post(API.unsubscribeReminders, { token }, from());
      expect(first.data).toEqual({ clinicName: 'Demo Clinic', alreadyUnsubscribed: false });
      const second = await api.envelope.post(API.unsubscribeReminders, { token }, from());
      expect(second.data).toEqual({ clinicName: 'Demo Clinic', alreadyUnsubscribed: true });
      expect((await api.envelope.get(API.reminderUnsubscribe, { token }, from())).data).toEqual({
        clinicName: 'Demo Clinic',
        unsubscribed: true,
      });
      expect(await ownerRow(ownerId)).toMatchObject({ remindersByEmail: false });
      expect((await ownerHistory(ownerId)).filter((e) => e.userName.includes('unsubscribe link'))).toHaveLength(1);
    });

    it('a reminder queued before the owner turned e-mails off is dropped when it would go', async () => {
      const email = 'late.owner@example.com';
      const { mail, ownerId, day } = await reminderMailTo(email, null);
      const [record] = await ctx()
        .db.select({ id: wellnessRecords.id })
        .from(wellnessRecords)
        .where(and(eq(wellnessRecords.clinicId, demoClinicId), eq(wellnessRecords.nextReminderDate, day)));
      const queued: ClaimedMessage = {
        id: 0,
        kind: 'reminder',
        recipient: email,
        language: 'en',
        payload: { clinicId: demoClinicId, reminders: [{ wellnessRecordId: record.id, date: day }] },
        petProfileId: null,
        attempts: 0,
        createdAt: new Date(),
        claimId: 'test',
      };
      expect(await composeReminderMail(ctx().app, queued)).toHaveProperty('headers');
      expect((await oneClick(oneClickOf(mail).url)).json()).toMatchObject({ result: 1 });
      expect(await ownerRow(ownerId)).toMatchObject({ remindersByEmail: false });
      expect(await composeReminderMail(ctx().app, queued)).toEqual({ drop: 'the owner turned reminder e-mails off' });
    });

    it('a bad, unknown or missing token is a clear error, and changes nothing', async () => {
      for (const token of ['y'.repeat(43), 'short', '']) {
        const read = await api.get(API.reminderUnsubscribe, { token }, from());
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject({ result: 0, message: BAD_LINK });
        const post = await api.post(API.unsubscribeReminders, { token }, from());
        expect(post.json()).toMatchObject({ result: 0, message: BAD_LINK });
        const click = await oneClick(`${API.unsubscribeReminders}?token=${token}`);
        expect(click.json()).toMatchObject({ result: 0, message: BAD_LINK });
      }
      // in the page's language
      const french = await api.get(
        API.reminderUnsubscribe,
        { token: 'y'.repeat(43) },
        { ...from(), headers: { 'accept-language': 'fr' } },
      );
      expect(french.json()).toMatchObject({ result: 0 });
      expect(french.json().message).not.toBe(BAD_LINK);
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
