import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { FoundReportValues } from '#shared/forms/lost-found-forms';
import { foundPets, linkTokens, outboxMessages } from '#server/db/schema';
import { hashToken } from '#server/auth/tokens';
import { expireFoundReports } from '#server/found-pets/expiry';
import { distanceKm } from '#server/found-pets/place';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { pngImage } from '#tests/support/images';
import { isoDay } from '#tests/support/days';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const FINDER = 'finder.one@example.org';
/** Near Luna's last-seen place (DEMO0002, Lisbon), about 1 km away. */
const PLACE = { latitude: 38.7212, longitude: -9.1302 };

function manageToken(text: string | undefined): string {
  const m = /http:\/\/pawtal\.test\/found\/manage\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m) throw new Error(`no manage link in: ${text}`);
  return m[1];
}

describeOnBothDatabases(
  'Found pets: report, confirm, list, manage, expire',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let photo: Buffer;
    let address = 0;
    /** each report from its own address: the hourly write limit has its own test */
    const from = () => ({ remoteAddress: `10.34.0.${++address}` });
    /** and its own finder: an address gets at most MAIL_PER_RECIPIENT_PER_DAY e-mails */
    let finders = 0;
    const finder = () => `finder.${++finders}@example.org`;
    beforeAll(async () => {
      photo = await pngImage({ width: 320, height: 240, colour: '#3b2a1a' });
    });
    beforeEach(() => smtp.clear());

    const report = (values: Partial<FoundReportValues>, files = [{ bytes: photo, filename: 'dog.png' }]) =>
      api.postForm(
        API.reportFoundPet,
        {
          petTypeId: 1,
          petBreedId: null,
          colors: ['black', 'tan'],
          size: 'medium',
          ...PLACE,
          foundDate: isoDay(0),
          note: 'Very friendly, was near the bakery. Write to me at finder.one@example.org',
          email: finder(),
          ...values,
        },
        files,
        from(),
      );

    /** Reports a pet and follows the confirmation e-mail's link: the report's id and the finder's token. */
    async function reportedAndConfirmed(values: Partial<FoundReportValues> = {}) {
      const res = await report(values);
      expect(res.json()).toMatchObject({ result: 1 });
      const { foundPetId } = res.json().data;
      await waitFor(() => smtp.received.some((m) => m.mail.text?.includes('/found/manage')), 10_000, 'confirm e-mail');
      const mail = smtp.received.find((m) => m.mail.text?.includes('/found/manage'))!;
      smtp.clear();
      const token = manageToken(mail.mail.text);
      const confirmed = await api.post(API.confirmFoundPet, { token });
      expect(confirmed.json()).toMatchObject({ result: 1, data: { foundPetId, status: 'open' } });
      return { foundPetId, token, mail };
    }

    it('publishes a report only once its e-mail is confirmed; the link e-mailed is the only copy of the token', async () => {
      const res = await report({ email: FINDER });
      expect(res.json().result).toBe(1);
      const { foundPetId } = res.json().data;
      const listed = async () => (await api.get(API.foundPets, { petTypeId: 1 })).json().data;
      expect((await listed()).map((c) => c.foundPetId)).not.toContain(foundPetId);
      expect((await api.get(API.foundPet, { foundPetId })).json()).toMatchObject({ result: 0, data: null });

      await waitFor(() => smtp.received.length === 1, 10_000, 'the confirmation e-mail');
      const { mail, envelopeTo } = smtp.received[0];
      expect(envelopeTo).toEqual([FINDER]);
      expect(mail.subject).toBe('Publish your found-pet report');
      const token = manageToken(mail.text);
      expect(manageToken(mail.html || undefined)).toBe(token);
      const [stored] = await ctx()
        .db.select()
        .from(linkTokens)
        .where(eq(linkTokens.tokenHash, hashToken(token)));
      expect(stored).toMatchObject({ purpose: 'found-manage', subjectId: foundPetId });
      expect(JSON.stringify(await ctx().db.select().from(outboxMessages))).not.toContain(token);

      const confirmed = (await api.post(API.confirmFoundPet, { token })).json();
      expect(confirmed).toMatchObject({ result: 1, data: { foundPetId, status: 'open', ...PLACE } });
      expect(Date.parse(confirmed.data.expiresAt!) - Date.now()).toBeGreaterThan(59 * 86_400_000);
      // following the link again answers the report as it is
      expect((await api.post(API.confirmFoundPet, { token })).json().data).toMatchObject({ status: 'open' });
      expect((await listed()).map((c) => c.foundPetId)).toContain(foundPetId);
    });

    it('shows the public place rounded to about 500 m, and never an e-mail address', async () => {
      const { foundPetId } = await reportedAndConfirmed();
      const page = await api.get(API.foundPet, { foundPetId });
      const details = page.json().data;
      expect(details).toMatchObject({ foundPetId, status: 'open', petTypeId: 1, colors: ['black', 'tan'] });
      expect(details.latitude).not.toBe(PLACE.latitude);
      expect(distanceKm(PLACE, details)).toBeGreaterThan(0);
      expect(distanceKm(PLACE, details)).toBeLessThan(0.36);
      expect(details.note).toBe('Very friendly, was near the bakery. Write to me at […]');
      expect(details.photos[0]).toMatch(/^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
      const list = await api.get(API.foundPets, { petTypeId: 1, latitude: 38.7, longitude: -9.14 });
      const card = list.json().data.find((c) => c.foundPetId === foundPetId)!;
      expect(card).toMatchObject({ latitude: details.latitude, longitude: details.longitude });
      expect(card.distanceKm).toBeCloseTo(distanceKm({ latitude: 38.7, longitude: -9.14 }, details), 1);
      for (const body of [page.body, list.body]) {
        expect(body).not.toContain('@');
        expect(body).not.toContain(String(PLACE.latitude));
      }
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect((await api.get(API.foundPets, { petTypeId: 1 })).headers['cache-control']).toMatch(/^public/);
    });

    it('lists nearest first with near me, newest found first without, of one type or every type', async () => {
      const far = await reportedAndConfirmed({ latitude: 38.75, longitude: -9.2, foundDate: isoDay(-2) });
      const near = await reportedAndConfirmed({ latitude: 38.701, longitude: -9.141, foundDate: isoDay(-5) });
      const cat = await reportedAndConfirmed({ petTypeId: 2, colors: ['grey'], size: 'small' });
      const here = { latitude: 38.7, longitude: -9.14 };
      const nearest = (await api.get(API.foundPets, { petTypeId: 1, ...here, limit: 100 })).json().data;
      const ids = nearest.map((c) => c.foundPetId);
      expect(ids.indexOf(near.foundPetId)).toBeLessThan(ids.indexOf(far.foundPetId));
      const distances = nearest.map((c) => c.distanceKm!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      const newest = (await api.get(API.foundPets, { petTypeId: 1, limit: 100 })).json().data;
      const dates = newest.map((c) => c.foundDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(newest.map((c) => c.foundPetId)).not.toContain(cat.foundPetId);
      const every = (await api.send(API.foundPets, { query: 'petTypeId=&limit=100' })).json().data;
      expect(every.map((c) => c.foundPetId)).toEqual(expect.arrayContaining([cat.foundPetId, near.foundPetId]));
    });

    it('refuses bad reports with a clear message, storing nothing', async () => {
      const before = await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(foundPets);
      const cases: [Partial<FoundReportValues>, string][] = [
        [{ colors: [] }, 'Choose at least one colour'],
        [{ colors: ['black', 'plaid' as 'black'] }, 'This value is not valid'],
        [{ colors: ['black', 'white', 'tan', 'grey'] }, 'Choose at most three colours'],
        [{ size: 'huge' as 'small' }, 'Choose a size'],
        [{ latitude: 0, longitude: 0 }, 'Show where the pet was found: tap the map or use where you are'],
        [{ latitude: 91 }, 'Show where the pet was found: tap the map or use where you are'],
        [{ foundDate: isoDay(3) }, 'The date cannot be in the future'],
        [{ foundDate: isoDay(-70) }, 'Report pets found in the last 60 days'],
        [{ foundDate: '2026-02-30' }, 'This is not a valid date'],
        [{ email: 'not an address' }, 'This is not a valid e-mail address'],
        [{ email: 'a@b.c, victim@example.org' }, 'This is not a valid e-mail address'],
        [{ petTypeId: 999 }, 'Choose a pet type from the list.'],
        [{ petBreedId: 100 }, 'Please choose a breed of the chosen pet type.'],
      ];
      for (const [values, message] of cases) {
        const res = await report(values);
        expect(res.statusCode, JSON.stringify(values)).toBe(200);
        expect(res.json(), JSON.stringify(values)).toEqual({ result: 0, message, data: null });
      }
      expect((await report({}, [])).json().message).toBe('Add one to three photos of the pet.');
      const four = Array.from({ length: 4 }, () => ({ bytes: photo, filename: 'dog.png' }));
      expect((await report({}, four)).json().message).toBe('Add one to three photos of the pet.');
      const notImage = [{ bytes: Buffer.from('GIF89a but not really'), filename: 'x.gif' }];
      expect((await report({}, notImage)).json().result).toBe(0);
      const spanish = await api.postForm(
        API.reportFoundPet,
        { petTypeId: 1, colors: [], size: 'small', ...PLACE, foundDate: isoDay(0), email: finder() },
        [{ bytes: photo, filename: 'dog.png' }],
        { headers: { 'accept-language': 'es' }, ...from() },
      );
      expect(spanish.json().message).toBe('Elige al menos un color');
      const after = await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(foundPets);
      expect(after).toEqual(before);
      const broken = await api.send(API.reportFoundPet, { form: { payload: '{"petTypeId":', files: [] } }, from());
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ result: 0, data: null });
    });

    it('lets the finder mark the pet home, renew or withdraw the report from their link, and no one else', async () => {
      const { foundPetId, token } = await reportedAndConfirmed();
      const manage = (action: 'reunited' | 'withdraw' | 'renew', id = foundPetId, t = token) =>
        api.post(API.manageFoundPet, { foundPetId: id, token: t, action });
      expect((await manage('reunited', foundPetId + 1000)).json()).toMatchObject({
        result: 0,
        message: 'This link is not valid or has expired.',
      });
      expect((await manage('reunited', foundPetId, 'x'.repeat(43))).json().result).toBe(0);
      expect((await manage('reunited')).json().data).toMatchObject({ status: 'reunited' });
      // the page says so; the listing no longer holds it
      expect((await api.get(API.foundPet, { foundPetId })).json().data).toMatchObject({ status: 'reunited' });
      const list = (await api.get(API.foundPets, { petTypeId: 1, limit: 100 })).json().data;
      expect(list.map((c) => c.foundPetId)).not.toContain(foundPetId);
      expect((await manage('renew')).json()).toMatchObject({
        result: 0,
        message: 'This report is closed and can no longer be changed that way.',
      });
      expect((await manage('withdraw')).json().data).toMatchObject({ status: 'withdrawn' });
      expect((await api.get(API.foundPet, { foundPetId })).json().result).toBe(0);
      const bad = await api.send(API.manageFoundPet, { json: { foundPetId, token, action: 'delete' } });
      expect(bad.statusCode).toBe(400);
    });

    it('expires a report after 60 days, e-mails its finder once, and a renewal lists it again', async () => {
      const { foundPetId } = await reportedAndConfirmed();
      const later = new Date(Date.now() + 61 * 86_400_000);
      const first = await expireFoundReports(ctx().app, later);
      expect(first.expired).toBeGreaterThanOrEqual(1);
      expect((await expireFoundReports(ctx().app, later)).expired).toBe(0);
      await ctx().app.mail.drain();
      const expiredMails = smtp.received.filter((m) => m.mail.subject === 'Your found-pet report has expired');
      expect(expiredMails.length).toBe(first.expired);
      const mine = await ctx()
        .db.select({ status: foundPets.status })
        .from(foundPets)
        .where(eq(foundPets.id, foundPetId));
      expect(mine).toEqual([{ status: 'expired' }]);
      expect((await api.get(API.foundPet, { foundPetId })).json().result).toBe(0);
      // the newest expiry e-mail of this report carries a new link that renews it
      const [row] = await ctx()
        .db.select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.kind, 'found-expired'),
            sql`${outboxMessages.payload} ->> 'foundPetId' = ${String(foundPetId)}`,
          ),
        );
      expect(row).toBeDefined();
      const mail = expiredMails.find((m) => m.raw.includes(`outbox-${row.id}-`))!;
      const renewed = await api.post(API.manageFoundPet, {
        foundPetId,
        token: manageToken(mail.mail.text),
        action: 'renew',
      });
      expect(renewed.json().data).toMatchObject({ status: 'open' });
      expect((await api.get(API.foundPet, { foundPetId })).json().data).toMatchObject({ status: 'open' });
    });

    it('drops reports never confirmed after a week, with their photos', async () => {
      const res = await report({});
      const { foundPetId } = res.json().data;
      const [row] = await ctx().db.select().from(foundPets).where(eq(foundPets.id, foundPetId));
      expect(await ctx().app.mediaStorage.read(row.photos[0])).not.toBeNull();
      await expireFoundReports(ctx().app, new Date(Date.now() + 8 * 86_400_000));
      expect(await ctx().db.select().from(foundPets).where(eq(foundPets.id, foundPetId))).toEqual([]);
      expect(await ctx().app.mediaStorage.read(row.photos[0])).toBeNull();
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
