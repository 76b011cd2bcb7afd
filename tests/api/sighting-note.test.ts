import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { owners, petProfiles } from '#server/db/schema';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

describeOnBothDatabases(
  'A sighting can carry a short note for the owner',
  (ctx) => {
    const api = injectApi(() => ctx().app);

    it('e-mails the owner the note with the sighting, and refuses what is no sighting', async () => {
      const [luna] = await ctx()
        .db.select({ email: owners.email })
        .from(petProfiles)
        .innerJoin(owners, eq(owners.id, petProfiles.ownerId))
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      const sent = await api.post(
        API.reportSighting,
        { publicId: 'DEMO0002', latitude: 38.7151, longitude: -9.1402, note: 'She ran towards the river.' },
        { remoteAddress: '10.37.0.1' },
      );
      expect(sent.json()).toEqual({ result: 1, message: '', data: { ownerNotified: true } });
      await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(luna.email)), 10_000, 'the sighting e-mail');
      const mail = smtp.received.find((m) => m.envelopeTo.includes(luna.email))!;
      expect(mail.mail.text).toContain('A finder wrote: “She ran towards the river.”');

      const refusals: [Record<string, unknown>, string][] = [
        [{ publicId: 'DEMO0002', latitude: 0, longitude: 0 }, 'Share where you are'],
        [{ publicId: 'DEMO0001', latitude: 38.7, longitude: -9.1 }, 'This pet is not reported lost.'],
      ];
      for (const [body, message] of refusals)
        expect(
          (await api.send(API.reportSighting, { json: body }, { remoteAddress: '10.37.0.2' })).json(),
        ).toMatchObject({ result: 0, message: expect.stringContaining(message) });
      const tooLong = await api.send(API.reportSighting, {
        json: { publicId: 'DEMO0002', latitude: 38.7, longitude: -9.1, note: 'x'.repeat(281) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ result: 0 });
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
