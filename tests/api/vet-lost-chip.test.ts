import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicPatients, clinics, owners, petProfiles } from '#server/db/schema';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';
import { bearer, DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

/** Luna (DEMO0002), reported lost in the seed */
const LUNA_CHIP = '620098100345782';

describeOnBothDatabases(
  'A clinic scans a chip: lost anywhere on Pawtal, its owner’s data only for the clinic’s own patient',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let demo: ReturnType<typeof api.with>;
    let other: ReturnType<typeof api.with>;
    let ownerEmail = '';

    beforeAll(async () => {
      demo = api.with({ headers: bearer(await loginClinic(ctx().app, DEMO_CLINIC)) });
      other = api.with({ headers: bearer(await loginClinic(ctx().app, OTHER_CLINIC)) });
      const [luna] = await ctx()
        .db.select({ id: petProfiles.id, email: owners.email })
        .from(petProfiles)
        .innerJoin(owners, eq(owners.id, petProfiles.ownerId))
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      ownerEmail = luna.email;
      // Luna is the demo clinic's patient and not the other clinic's
      const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
      const [otherClinic] = await ctx()
        .db.select({ id: clinics.id })
        .from(clinics)
        .where(eq(clinics.username, OTHER_CLINIC));
      await ctx()
        .db.delete(clinicPatients)
        .where(and(eq(clinicPatients.petProfileId, luna.id), eq(clinicPatients.clinicId, otherClinic.id)));
      const mine = await ctx()
        .db.select()
        .from(clinicPatients)
        .where(and(eq(clinicPatients.petProfileId, luna.id), eq(clinicPatients.clinicId, clinic.id)));
      if (mine.length === 0)
        await ctx().db.insert(clinicPatients).values({
          clinicId: clinic.id,
          petProfileId: luna.id,
          ownerNameForVet: 'Ana Ribeiro',
          ownerPhoneForVet: '+351 912 555 010',
          ownerEmailForVet: null,
        });
    });
    beforeEach(() => smtp.clear());

    it('finds the lost pet by its chip, written with spaces or dashes too', async () => {
      for (const written of [LUNA_CHIP, '620 098 100 345 782', '620-098100-345782']) {
        const res = (await other.get(API.lostPetByMicrochip, { microChipId: written })).json();
        expect(res).toMatchObject({ result: 1, data: { microChipId: LUNA_CHIP } });
        expect(res.data.pets).toEqual([
          expect.objectContaining({ publicId: 'DEMO0002', petName: 'Luna', isPatient: false, owner: null }),
        ]);
        expect(JSON.stringify(res)).not.toContain('@');
      }
      const mine = (await demo.get(API.lostPetByMicrochip, { microChipId: LUNA_CHIP })).json().data.pets;
      expect(mine).toEqual([
        expect.objectContaining({ isPatient: true, owner: expect.objectContaining({ phone: expect.any(String) }) }),
      ]);
      // a chip of a pet not lost (Biscuit, DEMO0001) and an unknown chip: no pets
      for (const chip of ['985112004567321', '999999999999999'])
        expect((await demo.get(API.lostPetByMicrochip, { microChipId: chip })).json().data.pets).toEqual([]);
    });

    it('refuses what is not a 15-digit number, and callers without a session', async () => {
      for (const microChipId of ['12345', '6200981003457821', 'abcdefghijklmno', ''])
        expect((await demo.get(API.lostPetByMicrochip, { microChipId })).json()).toMatchObject({
          result: 0,
          message: 'A microchip number has 15 digits.',
        });
      const anonymous = await api.get(API.lostPetByMicrochip, { microChipId: LUNA_CHIP });
      expect(anonymous.statusCode).toBe(401);
    });

    it('tells the owner through the relay, naming the clinic, without showing the owner’s address', async () => {
      const [luna] = await ctx()
        .db.select({ id: petProfiles.id })
        .from(petProfiles)
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      const clinicAddress = 'desk@other-clinic.example.org';
      const sent = await other.post(API.tellLostPetOwner, {
        petProfileId: luna.id,
        message: 'Luna is with us at the clinic, safe and well.',
        email: clinicAddress,
      });
      expect(sent.json()).toMatchObject({
        result: 1,
        data: { status: expect.stringMatching(/^(sent|confirmEmail)$/) },
      });
      expect(JSON.stringify(sent.json())).not.toContain(ownerEmail);
      if (sent.json().data.status === 'confirmEmail') {
        await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(clinicAddress)), 10_000, 'confirmation');
        const text = smtp.received.find((m) => m.envelopeTo.includes(clinicAddress))!.mail.text ?? '';
        const token = /\/messages\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
        smtp.clear();
        await api.post(API.confirmRelaySender, { token });
      }
      await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(ownerEmail)), 10_000, 'the owner’s e-mail');
      const toOwner = smtp.received.find((m) => m.envelopeTo.includes(ownerEmail))!;
      expect(toOwner.mail.subject).toMatch(/, a veterinary clinic, writes about Luna$/);
      expect(toOwner.raw).not.toContain(clinicAddress);
      const notLost = await other.post(API.tellLostPetOwner, {
        petProfileId: 1_000_000,
        message: 'Hi',
        email: clinicAddress,
      });
      expect(notLost.json()).toMatchObject({ result: 0, message: 'This pet is not reported lost.' });
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
