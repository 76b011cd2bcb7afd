import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { sendDueDigests } from '#server/pet-alerts/digest';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { pngImage } from '#tests/support/images';
import { isoDay } from '#tests/support/days';
import { TestSmtpServer, waitFor, type ReceivedMail } from '#tests/support/smtp-test-server';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const NEIGHBOUR = 'neighbour.four@example.org';
const FINDER = 'finder.five@example.org';
const HOME = { latitude: 38.72, longitude: -9.14 };
/** about 2 km from HOME */
const FOUND_AT = { latitude: 38.7312, longitude: -9.1202 };
const HOUR_MS = 3_600_000;

function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`http://pawtal\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.mail.text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${mail.mail.text}`);
  return m[1];
}

async function mailTo(to: string, what: string): Promise<ReceivedMail> {
  await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(to)), 10_000, what);
  const mail = smtp.received.find((m) => m.envelopeTo.includes(to))!;
  smtp.clear();
  return mail;
}

describeOnBothDatabases(
  'Lost-pet alerts: subscribe, confirm, a daily digest of the circle, one-click unsubscribe',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let address = 0;
    const from = () => ({ remoteAddress: `10.36.0.${++address}` });
    beforeEach(() => smtp.clear());

    async function subscribe(): Promise<void> {
      const res = await api.post(
        API.subscribeLostPetAlerts,
        { email: NEIGHBOUR, ...HOME, radiusKm: 5, petTypeIds: [1, 2] },
        from(),
      );
      expect(res.json()).toEqual({ result: 1, message: '', data: null });
      const mail = await mailTo(NEIGHBOUR, 'the confirmation');
      expect(mail.mail.subject).toBe('Start your lost-pet alerts');
      const confirmed = await api.post(API.confirmLostPetAlerts, { token: linkIn(mail, '/alerts/confirm') });
      expect(confirmed.json()).toMatchObject({ result: 1 });
    }

    async function foundDogNearby(): Promise<number> {
      const photo = await pngImage({ width: 200, height: 160, colour: '#222222' });
      const res = await api.postForm(
        API.reportFoundPet,
        {
          petTypeId: 1,
          petBreedId: null,
          colors: ['black'],
          size: 'medium',
          ...FOUND_AT,
          foundDate: isoDay(0),
          note: '',
          email: FINDER,
        },
        [{ bytes: photo, filename: 'dog.png' }],
        from(),
      );
      const { foundPetId } = res.json().data;
      const mail = await mailTo(FINDER, 'the finder’s confirmation');
      await api.post(API.confirmFoundPet, { token: linkIn(mail, '/found/manage') });
      smtp.clear();
      return foundPetId;
    }

    it('sends one digest of the new found pet inside the circle, once, then nothing after one click', async () => {
      await subscribe();
      const foundPetId = await foundDogNearby();
      const later = new Date(Date.now() + 25 * HOUR_MS);
      expect(await sendDueDigests(ctx().app, later)).toBe(1);
      expect(await sendDueDigests(ctx().app, later)).toBe(0);
      await ctx().app.mail.drain();
      const digest = await mailTo(NEIGHBOUR, 'the digest');
      expect(digest.mail.subject).toBe('1 pet lost or found near you');
      expect(digest.mail.text).toContain(`http://pawtal.test/found/${foundPetId}`);
      expect(digest.raw).not.toContain(FINDER);
      expect(digest.mail.text).not.toContain(String(FOUND_AT.latitude));
      expect(digest.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      // a header folded onto two lines is read as one (nodemailer folds this one after its colon)
      const unfolded = digest.raw.replace(/\r?\n[ \t]+/g, '');
      const oneClick =
        /^List-Unsubscribe: ?<http:\/\/pawtal\.test\/api\/Pets\/UnsubscribeLostPetAlerts\?token=([A-Za-z0-9_-]+)>/m.exec(
          unfolded,
        );
      expect(oneClick).not.toBeNull();

      // a mail client's one-click POST (RFC 8058), twice
      for (let i = 0; i < 2; i++) {
        const res = await ctx().app.inject({
          method: 'POST',
          url: `${API.unsubscribeLostPetAlerts}?token=${oneClick![1]}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(res.json()).toMatchObject({ result: 1 });
      }
      await foundDogNearby();
      expect(await sendDueDigests(ctx().app, new Date(Date.now() + 50 * HOUR_MS))).toBe(0);
    });

    it('refuses a bad circle or pet types with a clear message, and sends nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ radiusKm: 0 }, 'Choose a distance from 1 to 25 km'],
        [{ radiusKm: 26 }, 'Choose a distance from 1 to 25 km'],
        [{ petTypeIds: [] }, 'Choose at least one kind of pet'],
        [{ petTypeIds: [999] }, 'Choose a pet type from the list.'],
        [{ latitude: 0, longitude: 0 }, 'Choose the place of your alerts: tap the map or use where you are'],
        [{ email: 'nobody' }, 'This is not a valid e-mail address'],
      ];
      for (const [values, message] of cases) {
        const body = { email: NEIGHBOUR, ...HOME, radiusKm: 5, petTypeIds: [1], ...values };
        const res = await api.send(API.subscribeLostPetAlerts, { json: body }, from());
        expect(res.json(), JSON.stringify(values)).toMatchObject({ result: 0, message });
      }
      expect((await api.post(API.confirmLostPetAlerts, { token: 'y'.repeat(43) })).json()).toMatchObject({
        result: 0,
        message: 'This link is not valid or has expired.',
      });
      await ctx().app.mail.drain();
      expect(smtp.received).toEqual([]);
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
