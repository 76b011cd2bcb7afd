import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TransactionRollbackError, and, asc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import countriesLib from 'i18n-iso-countries';
import { verifyPassword } from '#server/auth/password';
import { openDatabase, type Database, type Db } from '#server/db/client';
import * as t from '#server/db/schema';
import { buildDemoRows } from '#server/db/seed/build';
import { seedIfEmpty } from '#server/db/seed/index';
import { DEMO_PASSWORD } from '#server/db/seed/people';
import { addDays, isoDate } from '#server/db/seed/random';
import { demoImages } from '#server/media/demo-images';
import {
  CATEGORY_TYPE_ANTIPARASITIC,
  CATEGORY_TYPE_CONSULTATION,
  CATEGORY_TYPE_PICTURE,
  CATEGORY_TYPE_VACCINATION,
  CATEGORY_TYPE_WEIGHT,
  PROVIDER_KINDS,
} from '#shared/constants';
import { LANGUAGES } from '#shared/languages';
import { describeOnBothDatabases } from '#tests/support/databases';
import { testConfig } from '#tests/support/test-config';

async function petByPublicId(db: Db, publicId: string) {
  const [pet] = await db.select().from(t.petProfiles).where(eq(t.petProfiles.publicId, publicId));
  return pet;
}

/** Rows that must come out identical from every fresh seed on the same day. */
async function snapshot(db: Db) {
  return {
    pets: await db
      .select({
        id: t.petProfiles.id,
        publicId: t.petProfiles.publicId,
        name: t.petProfiles.name,
        breed: t.petProfiles.petBreedId,
        dob: t.petProfiles.dob,
        image: t.petProfiles.imagePath,
      })
      .from(t.petProfiles)
      .orderBy(asc(t.petProfiles.id)),
    providers: await db
      .select({
        id: t.providers.id,
        kind: t.providers.kind,
        name: t.providers.name,
        lat: t.providers.latitude,
        lng: t.providers.longitude,
        phone: t.providers.phoneNumber,
      })
      .from(t.providers)
      .orderBy(asc(t.providers.id)),
    records: await db
      .select({
        id: t.wellnessRecords.id,
        pet: t.wellnessRecords.petProfileId,
        type: t.wellnessRecords.categoryTypeId,
        value: t.wellnessRecords.recordValue,
        reminder: t.wellnessRecords.nextReminderDate,
      })
      .from(t.wellnessRecords)
      .orderBy(asc(t.wellnessRecords.id)),
    visits: await db.select().from(t.vetVisits).orderBy(asc(t.vetVisits.id)),
    owners: await db
      .select({ id: t.owners.id, username: t.owners.username, email: t.owners.email })
      .from(t.owners)
      .orderBy(asc(t.owners.id)),
  };
}

describeOnBothDatabases('Demo seed', (ctx) => {
  const db = () => ctx().db;
  const today = isoDate(new Date());

  it('has the reference data with its fixed ids', async () => {
    expect(await db().select().from(t.petTypes).orderBy(asc(t.petTypes.id))).toEqual([
      { id: 1, title: 'Dog', image: 'pet-types/dog.png' },
      { id: 2, title: 'Cat', image: 'pet-types/cat.png' },
      { id: 3, title: 'Bird', image: 'pet-types/bird.png' },
      { id: 4, title: 'Rabbit', image: 'pet-types/rabbit.png' },
      { id: 5, title: 'Hamster', image: 'pet-types/hamster.png' },
    ]);
    const units = await db().select().from(t.unitsOfMeasure).orderBy(asc(t.unitsOfMeasure.id));
    expect(units.map((u) => u.title)).toEqual(['kg', 'lb', 'km', 'min', 'bpm', '°C', 'mg', 'ml']);
    const categories = await db().select().from(t.wellnessCategories).orderBy(asc(t.wellnessCategories.id));
    expect(categories).toEqual([
      { id: 2, title: 'Activity' },
      { id: 3, title: 'Medical Care' },
      { id: 4, title: 'Heart & Vitals' },
      { id: 5, title: 'Grooming & Hygiene' },
    ]);
    const types = await db().select().from(t.wellnessCategoryTypes);
    const byId = new Map(types.map((x) => [x.id, x]));
    expect(byId.get(CATEGORY_TYPE_WEIGHT)).toMatchObject({ title: 'Weight', categoryId: 2 });
    expect(byId.get(CATEGORY_TYPE_VACCINATION)).toMatchObject({ title: 'Vaccination', categoryId: 3 });
    expect(byId.get(CATEGORY_TYPE_ANTIPARASITIC)).toMatchObject({ title: 'Antiparasitic', categoryId: 3 });
    expect(byId.get(CATEGORY_TYPE_CONSULTATION)).toMatchObject({ title: 'Consultation', categoryId: 3 });
    expect(byId.get(CATEGORY_TYPE_PICTURE)).toMatchObject({ title: 'Picture', categoryId: 3 });
    expect(byId.get(4)).toMatchObject({ title: 'Heart Rate', categoryId: 4 });
    expect(byId.get(6)).toMatchObject({ title: 'Bath', categoryId: 5 });
    expect(types).toHaveLength(13);
    const skills = await db().select().from(t.skills).orderBy(asc(t.skills.id));
    expect(skills.length).toBeGreaterThanOrEqual(10);
    expect(skills[0]).toEqual({ id: 1, title: 'Sit', image: 'skills/sit.png' });
  });

  it('has real breed lists for every type', async () => {
    const rows = await db()
      .select({ type: t.petBreeds.petTypeId, n: sql<number>`count(*)::int` })
      .from(t.petBreeds)
      .groupBy(t.petBreeds.petTypeId)
      .orderBy(asc(t.petBreeds.petTypeId));
    const counts = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(counts[1]).toBeGreaterThanOrEqual(60);
    expect(counts[2]).toBeGreaterThanOrEqual(30);
    expect(counts[3]).toBeGreaterThanOrEqual(15);
    expect(counts[4]).toBeGreaterThanOrEqual(12);
    expect(counts[5]).toBeGreaterThanOrEqual(6);
    const labrador = await db().select().from(t.petBreeds).where(eq(t.petBreeds.title, 'Labrador Retriever'));
    expect(labrador).toHaveLength(1);
    expect(labrador[0].petTypeId).toBe(1);
  });

  it('has every country of i18n-iso-countries, ids in alpha-2 order', async () => {
    const rows = await db().select().from(t.countries).orderBy(asc(t.countries.id));
    expect(rows).toHaveLength(Object.keys(countriesLib.getAlpha2Codes()).length);
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
    expect(rows[0]).toEqual({ id: 1, code: 'AD', title: 'Andorra' });
    expect(rows.find((r) => r.code === 'PT')?.title).toBe('Portugal');
  });

  it('has the demo accounts with the demo password', async () => {
    const owners = await db().select().from(t.owners).orderBy(asc(t.owners.id));
    expect(owners.length).toBeGreaterThanOrEqual(10);
    expect(owners[0]).toMatchObject({ id: 1, username: 'demo.owner' });
    expect(owners[1]).toMatchObject({ id: 2, username: 'demo.friend' });
    expect(new Set(owners.map((o) => o.passwordHash)).size).toBe(1);

    const clinics = await db().select().from(t.clinics).orderBy(asc(t.clinics.id));
    expect(clinics.map((c) => [c.id, c.name, c.username])).toEqual([
      [1, 'Demo Clinic', 'demo.clinic'],
      [2, 'Other Clinic', 'other.clinic'],
    ]);
    expect(clinics[0].passwordHash).not.toBe(clinics[1].passwordHash);
    // scrypt is slow on purpose: check the hashes on one database kind only (the code path is the same)
    if (ctx().kind === 'pglite') {
      expect(await verifyPassword(DEMO_PASSWORD, owners[0].passwordHash)).toBe(true);
      expect(await verifyPassword(DEMO_PASSWORD, clinics[0].passwordHash)).toBe(true);
      expect(await verifyPassword(DEMO_PASSWORD, clinics[1].passwordHash)).toBe(true);
    } else {
      expect([owners[0], ...clinics].every((x) => x.passwordHash.startsWith('scrypt$'))).toBe(true);
    }
    const staff = await db().select().from(t.clinicUsers).orderBy(asc(t.clinicUsers.id));
    // Issue 31: one person of each role at Demo Clinic with a username, the demo password and a PIN (README);
    // each clinic's first user is its first administrator.
    expect(staff.map((u) => [u.clinicId, u.name, u.role, u.username])).toEqual([
      [1, 'Dr. Amelia Hart', 'admin', 'amelia.hart'],
      [1, 'Dr. Omar Haddad', 'vet', 'omar.haddad'],
      [1, 'Nurse Lucía Romero', 'nurse', 'lucia.romero'],
      [2, 'Dr. Kenji Sato', 'admin', 'kenji.sato'],
      [2, 'Dr. Priya Nair', 'vet', null],
      [1, 'Sam Okafor', 'reception', 'sam.okafor'],
    ]);
    const signingIn = staff.filter((u) => u.username !== null);
    expect(signingIn.every((u) => u.passwordHash?.startsWith('scrypt$') && u.pinHash?.startsWith('scrypt$'))).toBe(
      true,
    );
    if (ctx().kind === 'pglite') expect(await verifyPassword(DEMO_PASSWORD, signingIn[0].passwordHash!)).toBe(true);
  }, 30_000);

  it('has DEMO0001 with public records over several types, weights in kg, skills and details', async () => {
    const pet = await petByPublicId(db(), 'DEMO0001');
    expect(pet).toMatchObject({ id: 1, ownerId: 1, petTypeId: 1, isRecordsPrivate: false, isLost: false });
    expect(pet.microChipId).toBeTruthy();
    expect(pet.bloodType).toBeTruthy();
    expect(pet.description).toBeTruthy();
    const records = await db().select().from(t.wellnessRecords).where(eq(t.wellnessRecords.petProfileId, pet.id));
    expect(new Set(records.map((r) => r.categoryTypeId)).size).toBeGreaterThanOrEqual(8);
    const weights = records.filter((r) => r.categoryTypeId === CATEGORY_TYPE_WEIGHT);
    expect(weights.length).toBeGreaterThanOrEqual(6);
    expect(weights.every((r) => r.unitId === 1 && Number(r.recordValue) > 20)).toBe(true);
    expect(
      records.some(
        (r) =>
          r.categoryTypeId === CATEGORY_TYPE_VACCINATION && r.nextReminderDate !== null && r.nextReminderDate > today,
      ),
    ).toBe(true);
    expect(records.some((r) => r.categoryTypeId === 4 && r.unitId === 5)).toBe(true);
    const skills = await db().select().from(t.petProfileSkills).where(eq(t.petProfileSkills.petProfileId, pet.id));
    expect(skills.length).toBeGreaterThanOrEqual(3);
  });

  it('has DEMO0002 lost with details, a reward and coordinates', async () => {
    const pet = await petByPublicId(db(), 'DEMO0002');
    expect(pet).toMatchObject({ isLost: true, ownerId: 1 });
    const [details] = await db().select().from(t.lostPetDetails).where(eq(t.lostPetDetails.petProfileId, pet.id));
    expect(details).toMatchObject({ reward: '200 USD' });
    expect(details.contactPhoneNumber).toMatch(/^\+\d/);
    expect(details.address).toContain('Lisboa');
    expect(details.latitude).toBeCloseTo(38.71, 1);
    expect(details.longitude).toBeCloseTo(-9.14, 1);
    expect(details.lostDate <= today).toBe(true);
  });

  it('has DEMO0003 with private records and DEMO0004 for adoption in a shelter', async () => {
    const mochi = await petByPublicId(db(), 'DEMO0003');
    expect(mochi.isRecordsPrivate).toBe(true);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(t.wellnessRecords)
      .where(eq(t.wellnessRecords.petProfileId, mochi.id));
    expect(n).toBeGreaterThan(0);
    const rocky = await petByPublicId(db(), 'DEMO0004');
    expect(rocky.isForAdoption).toBe(true);
    expect(rocky.shelterId).not.toBeNull();
    expect(rocky.ownerId).toBeNull();
  });

  it('gives every pet a unique 8-character uppercase public ID', async () => {
    const pets = await db().select({ publicId: t.petProfiles.publicId }).from(t.petProfiles);
    expect(pets.every((p) => /^[A-Z0-9]{8}$/.test(p.publicId))).toBe(true);
    expect(new Set(pets.map((p) => p.publicId)).size).toBe(pets.length);
  });

  it('has enough pets for adoption and lost pets over every type and several breeds', async () => {
    const pets = await db().select().from(t.petProfiles);
    const adoption = pets.filter((p) => p.isForAdoption);
    const lost = pets.filter((p) => p.isLost);
    expect(adoption.length).toBeGreaterThanOrEqual(60);
    expect(lost.length).toBeGreaterThanOrEqual(30);
    expect(adoption.every((p) => p.shelterId !== null && p.imagePath && p.dob)).toBe(true);
    for (const group of [adoption, lost]) {
      for (const type of [1, 2, 3, 4, 5]) {
        const ofType = group.filter((p) => p.petTypeId === type);
        expect(ofType.length).toBeGreaterThanOrEqual(5);
        expect(new Set(ofType.map((p) => p.petBreedId)).size).toBeGreaterThanOrEqual(2);
      }
    }
    const details = await db().select().from(t.lostPetDetails);
    const withDetails = new Map(details.map((d) => [d.petProfileId, d]));
    for (const pet of lost) {
      const d = withDetails.get(pet.id);
      expect(d?.latitude).toBeTypeOf('number');
      expect(d?.longitude).toBeTypeOf('number');
    }
  });

  it('has at least 40 providers of each kind in at least 6 countries, with coordinates', async () => {
    const rows = await db()
      .select({
        kind: t.providers.kind,
        n: sql<number>`count(*)::int`,
        countries: sql<number>`count(distinct ${t.providers.countryId})::int`,
      })
      .from(t.providers)
      .groupBy(t.providers.kind);
    expect(rows.map((r) => r.kind).sort()).toEqual([...PROVIDER_KINDS].sort());
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(40);
      expect(row.countries).toBeGreaterThanOrEqual(6);
    }
    const providers = await db().select().from(t.providers);
    expect(
      providers.every(
        (p) =>
          p.latitude !== null && Math.abs(p.latitude) <= 90 && p.longitude !== null && Math.abs(p.longitude) <= 180,
      ),
    ).toBe(true);
    expect(providers.some((p) => p.instagramUrl === '')).toBe(true);
    expect(providers.some((p) => p.instagramUrl !== '' && !p.instagramUrl.startsWith('http'))).toBe(true);
    expect(providers.some((p) => p.websiteUrl.startsWith('https://'))).toBe(true);
    expect(providers.every((p) => /^\+\d[\d ]+$/.test(p.phoneNumber))).toBe(true);
    const shelters = await db().select().from(t.shelters);
    expect(shelters.length).toBeGreaterThanOrEqual(20);
    expect(new Set(shelters.map((s) => s.countryId)).size).toBeGreaterThanOrEqual(6);
  });

  it('gives both clinics patients and active and completed visits by their own staff', async () => {
    const patients = await db().select().from(t.clinicPatients);
    expect(patients.filter((p) => p.clinicId === 1).length).toBeGreaterThanOrEqual(24);
    expect(patients.filter((p) => p.clinicId === 2).length).toBeGreaterThanOrEqual(10);
    expect(patients.some((p) => p.clinicId === 1 && p.petProfileId === 1)).toBe(true);
    expect(patients.some((p) => p.ownerEmailForVet === null)).toBe(true);

    const visits = await db().select().from(t.vetVisits);
    const staff = await db().select().from(t.clinicUsers);
    const clinicOfUser = new Map(staff.map((u) => [u.id, u.clinicId]));
    for (const clinicId of [1, 2]) {
      const own = visits.filter((v) => v.clinicId === clinicId);
      expect(own.some((v) => v.isFinished)).toBe(true);
      expect(own.some((v) => !v.isFinished)).toBe(true);
      expect(own.some((v) => v.visitDate === today)).toBe(true);
      expect(own.every((v) => v.vetUserId !== null && clinicOfUser.get(v.vetUserId) === clinicId)).toBe(true);
      expect(own.every((v) => patients.some((p) => p.clinicId === clinicId && p.petProfileId === v.petProfileId))).toBe(
        true,
      );
    }
    expect(visits.filter((v) => v.clinicId === 1).length).toBeGreaterThanOrEqual(30);
    expect(visits.filter((v) => v.clinicId === 2).length).toBeGreaterThanOrEqual(10);

    const visitRecords = await db().select().from(t.wellnessRecords).where(isNotNull(t.wellnessRecords.vetVisitId));
    const visitById = new Map(visits.map((v) => [v.id, v]));
    for (const r of visitRecords) {
      const visit = visitById.get(r.vetVisitId ?? 0);
      expect(
        visit && r.clinicId === visit.clinicId && r.vetUserId === visit.vetUserId && r.actionDate === visit.visitDate,
      ).toBe(true);
    }
    const types = new Set(visitRecords.map((r) => r.categoryTypeId));
    for (const type of [
      CATEGORY_TYPE_WEIGHT,
      CATEGORY_TYPE_VACCINATION,
      CATEGORY_TYPE_ANTIPARASITIC,
      CATEGORY_TYPE_CONSULTATION,
      CATEGORY_TYPE_PICTURE,
    ]) {
      expect(types.has(type)).toBe(true);
    }
    expect(visitRecords.filter((r) => r.categoryTypeId === CATEGORY_TYPE_PICTURE).every((r) => r.imagePath)).toBe(true);
    expect(visitRecords.filter((r) => r.categoryTypeId === CATEGORY_TYPE_WEIGHT).every((r) => r.unitId === 1)).toBe(
      true,
    );
  });

  it('has reminders for the Demo Clinic in the coming weeks, three or more a week from the seed day', async () => {
    const reminders = await db()
      .select()
      .from(t.wellnessRecords)
      .where(
        and(
          eq(t.wellnessRecords.clinicId, 1),
          gte(t.wellnessRecords.nextReminderDate, today),
          lte(t.wellnessRecords.nextReminderDate, addDays(today, 40)),
        ),
      );
    expect(reminders.length).toBeGreaterThanOrEqual(10);
    expect(reminders.filter((r) => r.nextReminderDate === addDays(today, 7)).length).toBeGreaterThanOrEqual(3);
    expect(
      reminders.every(
        (r) => r.categoryTypeId === CATEGORY_TYPE_VACCINATION || r.categoryTypeId === CATEGORY_TYPE_ANTIPARASITIC,
      ),
    ).toBe(true);
    const other = await db()
      .select()
      .from(t.wellnessRecords)
      .where(and(eq(t.wellnessRecords.clinicId, 2), isNotNull(t.wellnessRecords.nextReminderDate)));
    expect(other.length).toBeGreaterThan(0);
  });

  it('has clinic-created patients without owner accounts', async () => {
    const rows = await db()
      .select({ ownerId: t.petProfiles.ownerId, shelterId: t.petProfiles.shelterId })
      .from(t.clinicPatients)
      .innerJoin(t.petProfiles, eq(t.petProfiles.id, t.clinicPatients.petProfileId))
      .where(isNull(t.petProfiles.ownerId));
    expect(rows.length).toBeGreaterThanOrEqual(33);
    expect(rows.every((r) => r.shelterId === null)).toBe(true);
  });

  it('moved the identity sequences past the seeded ids', async () => {
    await db()
      .transaction(async (tx) => {
        const [owner] = await tx
          .insert(t.owners)
          .values({ username: 'seq.check', email: 'seq.check@example.com', passwordHash: 'x' })
          .returning({ id: t.owners.id });
        const [{ max }] = await tx
          .select({ max: sql<number>`max(${t.wellnessRecords.id})::int` })
          .from(t.wellnessRecords);
        const [record] = await tx
          .insert(t.wellnessRecords)
          .values({ petProfileId: 1, categoryTypeId: CATEGORY_TYPE_WEIGHT, actionDate: today, recordValue: '1' })
          .returning({ id: t.wellnessRecords.id });
        const [unit] = await tx.insert(t.unitsOfMeasure).values({ title: 'oz' }).returning({ id: t.unitsOfMeasure.id });
        expect(owner.id).toBe(13);
        expect(record.id).toBe(max + 1);
        expect(unit.id).toBe(9);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
  });

  it('has every referenced image in the media directory, and the legal texts', async () => {
    const paths = new Set<string>();
    for (const r of await db().select({ p: t.petTypes.image }).from(t.petTypes)) paths.add(r.p);
    for (const r of await db().select({ p: t.skills.image }).from(t.skills)) paths.add(r.p);
    for (const r of await db().select({ p: t.shelters.image }).from(t.shelters)) paths.add(r.p);
    for (const r of await db().selectDistinct({ p: t.providers.image }).from(t.providers)) paths.add(r.p);
    for (const r of await db().selectDistinct({ p: t.petProfiles.imagePath }).from(t.petProfiles))
      if (r.p) paths.add(r.p);
    for (const r of await db().selectDistinct({ p: t.wellnessRecords.imagePath }).from(t.wellnessRecords))
      if (r.p) paths.add(r.p);
    const known = new Set(demoImages().map((i) => i.path));
    for (const p of paths) {
      expect(known.has(p), p).toBe(true);
      expect(fs.statSync(path.join(ctx().config.mediaDir, p)).size, p).toBeGreaterThan(100);
    }
    const res = await ctx().app.inject({ method: 'GET', url: '/media/pets/dog-01.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const legal = await db()
      .select()
      .from(t.legalDocuments)
      .orderBy(asc(t.legalDocuments.kind), asc(t.legalDocuments.language));
    // each document in every language of the site (issues 11, 23)
    const kinds = ['privacy', 'terms'] as const;
    expect(legal.map((l) => `${l.kind}/${l.language}`)).toEqual(
      kinds.flatMap((kind) => LANGUAGES.map((l) => `${kind}/${l.code}`).sort()),
    );
    const english = (kind: string) => legal.find((l) => l.kind === kind && l.language === 'en')?.htmlContent ?? '';
    // a translation, not a summary: every heading, paragraph, list item, link and emphasis of the English text
    const shape = (html: string) =>
      ['<h1>', '<h2>', '<p>', '<li>', '<a ', '<strong>'].map((tag) => html.split(tag).length - 1);
    for (const doc of legal) {
      expect(shape(doc.htmlContent), `${doc.kind}/${doc.language}`).toEqual(shape(english(doc.kind)));
      expect((doc.htmlContent.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(5);
      if (doc.language !== 'en')
        expect(doc.htmlContent, `${doc.kind}/${doc.language}`).not.toContain(
          english(doc.kind).match(/<h1>[^<]+<\/h1>/)?.[0] ?? '<h1>',
        );
    }
    expect(english('privacy')).toContain('Account &gt; Delete Account');
    expect(legal.find((l) => l.kind === 'privacy' && l.language === 'es')?.htmlContent).toContain(
      'Cuenta &gt; Eliminar cuenta',
    );
  });

  it('matches a fresh seed in another database exactly (deterministic)', async (test) => {
    // a fresh PGlite seed against this suite's copy of the seeded template: once, on PostgreSQL
    // when it runs (it proves both drivers get the same rows), else on PGlite
    if (ctx().kind === 'pglite' && inject('pgUnavailable') === '') test.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-seed-fresh-'));
    let fresh: Database | null = null;
    try {
      fresh = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
      expect(await seedIfEmpty(fresh.db, testConfig({ mediaDir: path.join(dir, 'media') }))).toBe(true);
      expect(await seedIfEmpty(fresh.db, testConfig({ mediaDir: path.join(dir, 'media') }))).toBe(false);
      expect(await snapshot(fresh.db)).toEqual(await snapshot(db()));
    } finally {
      await fresh?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('Demo rows builder', () => {
  const hashes = { owner: 'o', demoClinic: 'd', otherClinic: 'x', staff: 's', pins: {} };
  let first: ReturnType<typeof buildDemoRows>;

  beforeAll(() => {
    first = buildDemoRows('2026-03-05', hashes);
  });
  afterAll(() => {
    first = undefined as unknown as ReturnType<typeof buildDemoRows>;
  });

  it('builds identical rows for the same day', () => {
    expect(buildDemoRows('2026-03-05', hashes)).toEqual(first);
  });

  it('keeps ids, public IDs and names on another day; only dates move', () => {
    const later = buildDemoRows('2026-09-30', hashes);
    expect(later.pets.map((p) => [p.id, p.publicId, p.name])).toEqual(
      first.pets.map((p) => [p.id, p.publicId, p.name]),
    );
    expect(later.providers.map((p) => p.name)).toEqual(first.providers.map((p) => p.name));
    expect(later.records.length).toBe(first.records.length);
    const reminder = later.records.find((r) => r.clinicId === 1 && r.nextReminderDate === '2026-10-07');
    expect(reminder).toBeDefined();
  });
});
