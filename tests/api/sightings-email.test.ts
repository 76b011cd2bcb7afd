import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  clinicOwners,
  clinicPatients,
  clinics,
  outboxMessages,
  owners,
  petProfiles,
  sightingLinks,
} from '#server/db/schema';
import { hashToken } from '#server/auth/tokens';
import { API } from '#shared/contract/paths';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, startTestServer } from '#tests/support/databases';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

function linkOf(text: string | undefined): string {
  const m = /http:\/\/pawtal\.test\/Sightings\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m) throw new Error(`no sightings link in: ${text}`);
  return m[1];
}

describeOnBothDatabases(
  'Sightings reach the owner by e-mail',
  (ctx) => {
    let petId = 0;
    let ownerEmail = '';

    beforeAll(async () => {
      const [pet] = await ctx()
        .db.select({ id: petProfiles.id, email: owners.email })
        .from(petProfiles)
        .innerJoin(owners, eq(owners.id, petProfiles.ownerId))
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      petId = pet.id;
      ownerEmail = pet.email;
    });
    beforeEach(() => smtp.clear());

    const api = injectApi(() => ctx().app);

    async function visit(latitude: string, longitude: string, from: string) {
      const res = await api.get(
        API.petDetailsByPublicId,
        { publicId: 'DEMO0002', latitude, longitude },
        { remoteAddress: from },
      );
      return res.json().data;
    }

    async function sightingsPage(token: string) {
      const res = await api.get(API.petSightings, { token });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    }

    it('e-mails the first sighting at once: pet name, photo, time and a private link to the sightings page', async () => {
      const details = await visit('38.7139', '-9.1394', '10.0.0.1');
      expect(details.ownerNotified).toBe(true);
      await waitFor(() => smtp.received.length === 1, 10_000, 'the sighting e-mail');
      // the worker marks it sent just after the SMTP server took it: the next test's interval counts from then
      await waitFor(
        async () =>
          (
            await ctx()
              .db.select({ id: outboxMessages.id })
              .from(outboxMessages)
              .where(and(eq(outboxMessages.petProfileId, petId), eq(outboxMessages.status, 'sent')))
          ).length === 1,
        10_000,
        'the sighting e-mail marked sent',
      );
      const { mail, envelopeTo } = smtp.received[0];
      expect(envelopeTo).toEqual([ownerEmail]);
      expect(mail.subject).toBe('Luna may have been seen');
      expect(mail.text).toContain('Latest sighting:');
      expect(mail.html).toMatch(/<img src="http:\/\/pawtal\.test\/media\/[^"]+"/);
      const token = linkOf(mail.text);
      expect(linkOf(mail.html || undefined)).toBe(token);

      const page = await sightingsPage(token);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body.result).toBe(1);
      expect(page.body.data).toMatchObject({ petName: 'Luna', publicId: 'DEMO0002', isLost: true });
      expect(page.body.data!.sightings[0]).toMatchObject({ latitude: 38.7139, longitude: -9.1394 });
      // only the hash is stored
      const stored = await ctx()
        .db.select({ hash: sightingLinks.tokenHash })
        .from(sightingLinks)
        .where(eq(sightingLinks.petProfileId, petId));
      expect(stored.map((s) => s.hash)).toContain(hashToken(token));
      expect(JSON.stringify(await ctx().db.select().from(outboxMessages))).not.toContain(token);
    });

    it('gathers later sightings into the next e-mail, at most one per pet per interval', async () => {
      await visit('38.72', '-9.14', '10.0.0.2');
      await visit('38.73', '-9.15', '10.0.0.3');
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(0);
      const queued = await ctx()
        .db.select({ id: outboxMessages.id, due: outboxMessages.nextAttemptAt })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.petProfileId, petId), eq(outboxMessages.status, 'queued')));
      expect(queued).toHaveLength(1);
      expect(queued[0].due.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      // the interval passes
      await ctx()
        .db.update(outboxMessages)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outboxMessages.id, queued[0].id));
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].mail.subject).toBe('Luna may have been seen: 2 new sightings');
      const page = await sightingsPage(linkOf(smtp.received[0].mail.text));
      expect(page.body.data!.sightings.map((s) => [s.latitude, s.longitude]).slice(0, 3)).toEqual([
        [38.73, -9.15],
        [38.72, -9.14],
        [38.7139, -9.1394],
      ]);
      const times = page.body.data!.sightings.map((s) => Date.parse(s.seenAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it("writes in the owner's language when it is known", async () => {
      await ctx().db.update(owners).set({ language: 'es' }).where(eq(owners.email, ownerEmail));
      await ctx()
        .db.update(outboxMessages)
        .set({ sentAt: sql`now() - interval '1 hour'` })
        .where(eq(outboxMessages.petProfileId, petId));
      await visit('38.74', '-9.16', '10.0.0.4');
      await waitFor(() => smtp.received.length === 1, 10_000, 'the Spanish e-mail');
      expect(smtp.received[0].mail.subject).toBe('Puede que hayan visto a Luna');
      expect(smtp.received[0].mail.headers.get('content-language')).toBe('es');
      await ctx().db.update(owners).set({ language: null }).where(eq(owners.email, ownerEmail));
    });

    it("writes in the language the pet's clinic knows its owner reads, when the account has none (issue 32)", async () => {
      const db = ctx().db;
      const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, 'demo.clinic'));
      const [already] = await db
        .select({ id: clinicPatients.id })
        .from(clinicPatients)
        .where(and(eq(clinicPatients.clinicId, clinic.id), eq(clinicPatients.petProfileId, petId)));
      expect(already).toBeUndefined();
      const [owner] = await db
        .insert(clinicOwners)
        .values({
          clinicId: clinic.id,
          name: 'Luna’s owner',
          phone: '+351 21 000 0000',
          email: ownerEmail,
          language: 'fr',
        })
        .returning({ id: clinicOwners.id });
      const [patient] = await db
        .insert(clinicPatients)
        .values({
          clinicId: clinic.id,
          petProfileId: petId,
          clinicOwnerId: owner.id,
          ownerNameForVet: 'Luna’s owner',
          ownerPhoneForVet: '+351 21 000 0000',
          ownerEmailForVet: ownerEmail,
        })
        .returning({ id: clinicPatients.id });
      try {
        await db
          .update(outboxMessages)
          .set({ sentAt: sql`now() - interval '1 hour'` })
          .where(eq(outboxMessages.petProfileId, petId));
        await visit('38.75', '-9.17', '10.0.0.5');
        await waitFor(() => smtp.received.length === 1, 10_000, 'the French e-mail');
        expect(smtp.received[0].mail.headers.get('content-language')).toBe('fr');
        expect(smtp.received[0].mail.subject).toBe("Quelqu'un a peut-être vu Luna");
      } finally {
        await db.delete(clinicPatients).where(eq(clinicPatients.id, patient.id));
        await db.delete(clinicOwners).where(eq(clinicOwners.id, owner.id));
      }
    });

    it('shows sightings to no one without a valid link', async () => {
      for (const token of ['', 'short', 'x'.repeat(43), '../../etc']) {
        const page = await sightingsPage(token);
        expect(page.status).toBe(200);
        expect(page.body).toEqual({ result: 0, message: expect.stringContaining('not valid') as string, data: null });
      }
      const res = await api.get(API.petSightings);
      expect(res.json().result).toBe(0);
      // an expired link
      const { token } = await import('#server/auth/tokens').then((m) => m.newToken());
      await ctx()
        .db.insert(sightingLinks)
        .values({ petProfileId: petId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 1000) });
      expect((await sightingsPage(token)).body.result).toBe(0);
    });

    it('sends nothing for a pet found in the meantime, and tells the finder when no owner address exists', async () => {
      await ctx()
        .db.update(outboxMessages)
        .set({ sentAt: sql`now() - interval '1 hour'` })
        .where(eq(outboxMessages.petProfileId, petId));
      await ctx().db.update(petProfiles).set({ isLost: false }).where(eq(petProfiles.id, petId));
      await ctx()
        .db.insert(outboxMessages)
        .values({ kind: 'sighting', recipient: ownerEmail, petProfileId: petId, payload: { petProfileId: petId } })
        .onConflictDoNothing();
      await ctx().app.mail.drain();
      expect(smtp.received).toHaveLength(0);
      const [dropped] = await ctx()
        .db.select({ status: outboxMessages.status, lastError: outboxMessages.lastError })
        .from(outboxMessages)
        .where(eq(outboxMessages.petProfileId, petId))
        .orderBy(sql`${outboxMessages.id} desc`)
        .limit(1);
      expect(dropped).toEqual({ status: 'dropped', lastError: 'the pet is no longer lost' });
      await ctx().db.update(petProfiles).set({ isLost: true }).where(eq(petProfiles.id, petId));

      // a lost pet without an owner account and without a contact address
      const [other] = await ctx()
        .db.select({ id: petProfiles.id, publicId: petProfiles.publicId })
        .from(petProfiles)
        .where(and(eq(petProfiles.isLost, true), sql`${petProfiles.id} <> ${petId}`))
        .limit(1);
      await ctx()
        .db.update(petProfiles)
        .set({ ownerId: null, ownerContactEmail: null })
        .where(eq(petProfiles.id, other.id));
      const res = await api.get(
        API.petDetailsByPublicId,
        { publicId: other.publicId, latitude: '40.1', longitude: '-3.2' },
        { remoteAddress: '10.0.0.9' },
      );
      expect(res.json().data.ownerNotified).toBe(false);
      // no position, no field
      const plain = await api.get(API.petDetailsByPublicId, { publicId: 'DEMO0002' });
      expect(plain.json().data).not.toHaveProperty('ownerNotified');
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20, sightingEmailIntervalMinutes: 10 }),
);

it('without SMTP_URL writes each message as an .eml file in OUTBOX_DIR and logs where', async () => {
  const lines: string[] = [];
  const s = await startTestServer(
    'pglite',
    { smtpUrl: null, logLevel: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  const { server } = s;
  const outboxDir = s.config.outboxDir;
  try {
    await server.app.ready();
    const res = await injectApi(server.app).get(
      API.petDetailsByPublicId,
      { publicId: 'DEMO0002', latitude: '38.7', longitude: '-9.1' },
      { remoteAddress: '10.1.0.1' },
    );
    expect(res.json().data.ownerNotified).toBe(true);
    await waitFor(
      () => fs.existsSync(outboxDir) && fs.readdirSync(outboxDir).some((f) => f.endsWith('.eml')),
      10_000,
      'the .eml file',
    );
    const [file] = fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
    const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, file)));
    expect(mail.subject).toBe('Luna may have been seen');
    expect(mail.text).toContain('http://pawtal.test/Sightings?token=');
    expect(mail.html).toContain('http://pawtal.test/Sightings?token=');
    expect(lines.join('')).toContain(`.eml files in ${outboxDir}`);
    await waitFor(
      () => lines.join('').includes(`e-mail written to ${path.join(outboxDir, file)}`),
      5000,
      'the log line',
    );
  } finally {
    await server.stop();
  }
}, 60_000);
