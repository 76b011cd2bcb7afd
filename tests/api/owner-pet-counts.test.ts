import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicOwners, clinicPatients, clinics } from '#server/db/schema';
import { clinicOwnersById } from '#server/clinic-owners/list-owners';
import { purgeDeleted } from '#server/clinic-records/purge';
import { describeOnBothDatabases } from '#tests/support/databases';
import { explainIndexes } from '#tests/support/explain';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';
import { daysFromNow } from '#tests/support/days';
import { emptyPglite, MIGRATIONS, migrationsUpTo } from '#tests/support/migrations';

/** Every owner whose stored pet count differs from a count of their live patients (none, when the trigger is right). */
const MISCOUNTED = `
  select o.id, o.pet_count as stored, (select count(*)::int from clinic_patients p
     where p.clinic_owner_id = o.id and p.deleted_at is null) as counted
    from clinic_owners o`;
const MISCOUNTED_ONLY = `select * from (${MISCOUNTED}) c where c.stored <> c.counted order by c.id`;

// Migration 0062 keeps each owner's live patients on their row (docs/decisions/0207): the stored count must equal a
// fresh count after every write that links, unlinks, deletes, restores or moves a patient.
describeOnBothDatabases("Owners' pet counts: stored on the owner's row", (ctx) => {
  const api = injectApi(() => ctx().app);
  const asAdmin = () => api.with({ token: admin });
  let admin = '';
  let clinicId = 0;
  let dogBreed = 0;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = clinic.id;
    dogBreed = await firstDogBreedId(ctx().db);
  });

  const rowsOf = async <T>(statement: string) =>
    ((await ctx().db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;

  async function expectCountsRight(after: string) {
    expect(await rowsOf(MISCOUNTED_ONLY), after).toEqual([]);
  }

  const countOf = async (ownerId: number) =>
    (await rowsOf<{ stored: number }>(`${MISCOUNTED} where o.id = ${ownerId}`))[0].stored;

  const payload = (over: Record<string, unknown>) => ({
    petName: 'Counted',
    petTypeId: 1,
    petBreedId: dogBreed,
    ownerNameForVet: `Count Ana ${stamp}`,
    ownerPhoneForVet: '+44 20 7946 0001',
    ownerEmailForVet: `count.${stamp}@example.org`,
    petGenderId: 2,
    petDateOfBirth: '2019-03-14',
    ...over,
  });

  async function createPet(over: Record<string, unknown> = {}) {
    const answer = await asAdmin().envelope.postForm(API.createVetPet, payload(over));
    expect(answer.result, answer.message).toBe(1);
    const petId = answer.data.petProfileId;
    return { petId, ownerId: await ownerOfPet(petId) };
  }

  async function ownerOfPet(petId: number) {
    const [row] = await ctx()
      .db.select({ ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(eq(clinicPatients.petProfileId, petId));
    return row.ownerId ?? 0;
  }

  async function updatePet(petId: number, over: Record<string, unknown>) {
    const { data } = await asAdmin().envelope.get(API.vetPetDetails, { petProfileId: petId });
    const saved = await asAdmin().envelope.postForm(API.updateVetPet, {
      ...payload(over),
      petProfileId: petId,
      version: data.version,
    });
    expect(saved.result, saved.message).toBe(1);
  }

  it('the seed: every owner counted, families and owners without live pets among them', async () => {
    await expectCountsRight('the seed');
    const counts = (await rowsOf<{ stored: number }>(MISCOUNTED)).map((r) => r.stored);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(3);
  });

  it("GetVetOwnerDuplicates' owners statement reads the owners' rows alone, by primary key", async () => {
    const { plan, indexes } = await explainIndexes(ctx().db, clinicOwnersById(ctx().db, clinicId, [1, 2]).getSQL());
    expect(plan).not.toMatch(/clinic_patients/);
    expect(indexes, plan).toEqual([expect.stringContaining('clinic_owners_pkey')]);
  });

  it('link, move, delete, restore, merge and its undo, import and its undo, erase, purge and writes by SQL', async () => {
    const first = await createPet();
    expect(await countOf(first.ownerId)).toBe(1);
    const linked = await createPet({ petName: 'Linked', ownerId: first.ownerId });
    expect(await countOf(first.ownerId)).toBe(2);
    await expectCountsRight('a pet linked to an existing owner');

    const other = await createPet({ petName: 'Other', ownerNameForVet: `Count Bea ${stamp}`, ownerEmailForVet: '' });
    await updatePet(linked.petId, { petName: 'Linked', ownerId: other.ownerId });
    expect([await countOf(first.ownerId), await countOf(other.ownerId)]).toEqual([1, 2]);
    await expectCountsRight('a pet moved to another owner (unlinked from the first)');
    await updatePet(linked.petId, { petName: 'Linked', ownerId: first.ownerId });
    await expectCountsRight('and moved back');

    expect((await asAdmin().envelope.post(API.deleteVetPet, { petId: linked.petId })).result).toBe(1);
    expect(await countOf(first.ownerId)).toBe(1);
    await expectCountsRight('a pet deleted');
    expect((await asAdmin().envelope.post(API.restoreVetPet, { petId: linked.petId })).result).toBe(1);
    expect(await countOf(first.ownerId)).toBe(2);
    await expectCountsRight('the pet restored');

    const merged = await asAdmin().envelope.post(API.mergeVetOwners, {
      keepOwnerId: first.ownerId,
      mergeOwnerId: other.ownerId,
    });
    expect(merged.result, merged.message).toBe(1);
    expect(await countOf(first.ownerId)).toBe(3);
    await expectCountsRight('a merge');
    expect((await asAdmin().envelope.post(API.restoreVetOwner, { ownerId: other.ownerId })).result).toBe(1);
    expect([await countOf(first.ownerId), await countOf(other.ownerId)]).toEqual([2, 1]);
    await expectCountsRight('the merge undone');

    const csv = [
      'Pet name,Pet type,Breed,Gender,Date of birth,Sterilized,Microchip ID,Blood type,Owner name,Owner phone,Owner e-mail',
      `Count One,Dog,Akita,Male,2019-04-02,,,,Count Imported ${stamp},+1 202 555 0188,imported.${stamp}@example.org`,
      `Count Two,Dog,Akita,Female,2020-05-03,,,,Count Imported ${stamp},+1 202 555 0188,imported.${stamp}@example.org`,
    ].join('\n');
    const imported = await api.send(
      API.importVetPatients,
      {
        query: { dryRun: false },
        form: { payload: {}, files: [{ field: 'file', bytes: Buffer.from(csv), filename: 'patients.csv' }] },
      },
      { token: admin, headers: { 'accept-language': 'en' } },
    );
    const importId = (imported.json() as { data: { importId: number } }).data.importId;
    expect(importId).toBeGreaterThan(0);
    const importedPets = await ctx()
      .db.select({ petId: clinicPatients.petProfileId, ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(eq(clinicPatients.importId, importId));
    expect(importedPets.length).toBe(2);
    await expectCountsRight('an import');
    expect((await asAdmin().envelope.post(API.undoImport, { importId })).result).toBe(1);
    await expectCountsRight('the import undone');
    expect((await asAdmin().envelope.post(API.restoreVetPet, { petId: importedPets[0].petId })).result).toBe(1);
    await expectCountsRight('an imported pet restored with its owner');

    const erased = await asAdmin().envelope.post(API.eraseVetOwner, { ownerId: other.ownerId, pets: 'delete' });
    expect(erased.result, erased.message).toBe(1);
    await expectCountsRight('an owner erased with their pets');
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    await expectCountsRight('the purge');

    await ctx()
      .db.update(clinicPatients)
      .set({ clinicOwnerId: first.ownerId })
      .where(eq(clinicPatients.petProfileId, importedPets[0].petId));
    await expectCountsRight("a patient's owner changed by SQL");
    await ctx()
      .db.update(clinicPatients)
      .set({ deletedAt: new Date() })
      .where(eq(clinicPatients.clinicOwnerId, first.ownerId));
    expect(await countOf(first.ownerId)).toBe(0);
    await expectCountsRight("an owner's patients deleted by SQL in one statement");
    await ctx()
      .db.update(clinicPatients)
      .set({ deletedAt: null })
      .where(eq(clinicPatients.clinicOwnerId, first.ownerId));
    expect(await countOf(first.ownerId)).toBe(3);
    await ctx().db.delete(clinicPatients).where(eq(clinicPatients.petProfileId, first.petId));
    expect(await countOf(first.ownerId)).toBe(2);
    await expectCountsRight('a patient row deleted by SQL');
  });

  it("a pet's delete and restore wait for an owner's save in progress, without a deadlock", async () => {
    // one connection on PGlite: no two transactions at once
    if (ctx().kind !== 'postgres') return;
    const { petId, ownerId } = await createPet({ petName: 'Raced', ownerNameForVet: `Race ${stamp}` });
    for (const [write, path] of [
      ['delete', API.deleteVetPet],
      ['restore', API.restoreVetPet],
    ] as const) {
      // An owner's save: their row locked first, then (once the pet's write waits for a lock) a new name, which
      // migration 0042's trigger copies onto their patient rows.
      let ownerHeld!: () => void;
      const held = new Promise<void>((resolve) => (ownerHeld = resolve));
      const save = ctx().db.transaction(async (tx) => {
        await tx.execute(sql`select id from clinic_owners where id = ${ownerId} for no key update`);
        ownerHeld();
        for (let waited = 0; ; waited += 20) {
          const { rows } = (await tx.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
          if (rows[0].n > 0) break;
          if (waited > 10_000) throw new Error(`the pet's ${write} never waited`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await tx
          .update(clinicOwners)
          .set({ name: `Race ${write} ${stamp}` })
          .where(eq(clinicOwners.id, ownerId));
      });
      await held;
      const [answer] = await Promise.all([asAdmin().envelope.post(path, { petId }), save]);
      expect(answer.result, `${write}: ${answer.message}`).toBe(1);
      await expectCountsRight(`a pet's ${write} beside an owner's save`);
    }
  });
});

/** The last migration before the counts were stored. */
const BEFORE_PET_COUNTS = 61;

// The migration fills the counts of owners already there in one UPDATE of those whose count is not the column's
// default of 1: owners with two live pets, with only deleted ones, with none.
describe('migration 0062: the pet counts of existing owners', () => {
  let client: PGlite;
  let oldFolder = '';

  beforeAll(async () => {
    client = await emptyPglite();
    const db = drizzle({ client });
    oldFolder = migrationsUpTo(BEFORE_PET_COUNTS);
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`
      INSERT INTO clinics (id, name, username, password_hash) VALUES (1, 'One', 'one', 'x');
      INSERT INTO pet_types (id, title, image) VALUES (1, 'Dog', 'dog.png');
      INSERT INTO pet_breeds (id, pet_type_id, title) VALUES (1, 1, 'Mixed');
      INSERT INTO clinic_owners (id, clinic_id, name, phone) VALUES
        (1, 1, 'Two pets', '1'), (2, 1, 'One pet, one deleted', '2'), (3, 1, 'A deleted pet', '3'),
        (4, 1, 'No pet', '4'), (5, 1, 'One pet', '5');
      SELECT setval(pg_get_serial_sequence('clinic_owners', 'id'), 5);
      INSERT INTO pet_profiles (id, public_id, name, pet_type_id, pet_breed_id)
        SELECT g, 'CNT' || g, 'Pet ' || g, 1, 1 FROM generate_series(1, 6) g;
      INSERT INTO clinic_patients (clinic_id, pet_profile_id, clinic_owner_id, owner_name_for_vet, owner_phone_for_vet, deleted_at)
      VALUES (1, 1, 1, '', '', NULL), (1, 2, 1, '', '', NULL), (1, 3, 2, '', '', NULL), (1, 4, 2, '', '', now()),
             (1, 5, 3, '', '', now()), (1, 6, 5, '', '', NULL);`);
    await migrate(db, { migrationsFolder: MIGRATIONS });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
  });

  it("counts each owner's live patients", async () => {
    const { rows } = await client.query<{ id: number; pet_count: number }>(
      'SELECT id, pet_count FROM clinic_owners ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 1, pet_count: 2 },
      { id: 2, pet_count: 1 },
      { id: 3, pet_count: 0 },
      { id: 4, pet_count: 0 },
      { id: 5, pet_count: 1 },
    ]);
    expect((await client.query(MISCOUNTED_ONLY)).rows).toEqual([]);
  });

  it('a new owner starts at 0 and counts the patient that made it', async () => {
    await client.exec(`INSERT INTO pet_profiles (id, public_id, name, pet_type_id, pet_breed_id) VALUES (7, 'CNT7', 'Pet 7', 1, 1);
      INSERT INTO clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet) VALUES (1, 7, 'New', '7');
      INSERT INTO clinic_owners (clinic_id, name, phone) VALUES (1, 'Alone', '8');`);
    const { rows } = await client.query<{ name: string; pet_count: number }>(
      "SELECT name, pet_count FROM clinic_owners WHERE name IN ('New', 'Alone') ORDER BY name",
    );
    expect(rows).toEqual([
      { name: 'Alone', pet_count: 0 },
      { name: 'New', pet_count: 1 },
    ]);
  });
});
