import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicOwnerKeyCounts, clinicOwners, clinicPatients, clinics } from '#server/db/schema';
import { duplicatePairs } from '#server/clinic-owners/merge-owners';
import { describeOnBothDatabases } from '#tests/support/databases';
import { explainIndexes } from '#tests/support/explain';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

/**
 * Each live owner's match keys as GetVetOwnerDuplicates computed them for every owner of the clinic before migration
 * 0056 stored their counts (docs/decisions/0197): the reference the stored counts must equal.
 */
const COMPUTED_KEYS = sql`
  select id, clinic_id, 0 as reason, lower(trim(email)) as k
    from clinic_owners where deleted_at is null and coalesce(trim(email), '') <> ''
  union all
  select id, clinic_id, 1, pawtal_phone_digits(phone)
    from clinic_owners where deleted_at is null and length(pawtal_phone_digits(phone)) >= 6
  union all
  select id, clinic_id, 2, pawtal_fold(trim(name)) || E'\n' || right(pawtal_phone_digits(phone), 7)
    from clinic_owners where deleted_at is null and length(pawtal_phone_digits(phone)) >= 7`;

const COMPUTED_COUNTS = sql`select clinic_id as "clinicId", reason, k as "key", count(*)::int as owners
  from (${COMPUTED_KEYS}) keys group by clinic_id, reason, k order by 1, 2, 3`;

/** The pairs as the former statement found them: every owner's keys self-joined. */
const formerPairs = (clinicId: number) => sql`
  with keys as (select id, reason, k from (${COMPUTED_KEYS}) all_keys where clinic_id = ${clinicId})
  select x.id as a, y.id as b, min(x.reason) as reason
    from keys x join keys y on y.reason = x.reason and y.k = x.k and y.id > x.id
   group by x.id, y.id order by x.id, y.id limit 100`;

describeOnBothDatabases('Owner duplicates: the stored key counts', (ctx) => {
  const api = injectApi(() => ctx().app);
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

  const rowsOf = async <T>(statement: SQL) =>
    ((await ctx().db.execute(statement)) as unknown as { rows: T[] }).rows.map((r) => ({ ...r }));

  /** The stored counts equal those computed from the owners; the pairs equal the former statement's. */
  async function expectStoredEqualComputed(after: string) {
    const computed = await rowsOf<Record<string, unknown>>(COMPUTED_COUNTS);
    const stored = await ctx()
      .db.select({
        clinicId: clinicOwnerKeyCounts.clinicId,
        reason: clinicOwnerKeyCounts.reason,
        key: clinicOwnerKeyCounts.key,
        owners: clinicOwnerKeyCounts.owners,
      })
      .from(clinicOwnerKeyCounts)
      .orderBy(asc(clinicOwnerKeyCounts.clinicId), asc(clinicOwnerKeyCounts.reason), asc(clinicOwnerKeyCounts.key));
    expect(computed.length, after).toBeGreaterThan(0);
    expect(stored, after).toEqual(computed.map((r) => ({ ...r, reason: Number(r.reason) })));
    const pairs = (s: SQL) =>
      rowsOf<{ a: number; b: number; reason: number }>(s).then((rows) =>
        rows.map((r) => [Number(r.a), Number(r.b), Number(r.reason)]),
      );
    expect(await pairs(duplicatePairs(clinicId)), after).toEqual(await pairs(formerPairs(clinicId)));
  }

  async function createPet(owner: { name: string; phone: string; email: string }): Promise<number> {
    const answer = await api.with({ token: admin }).envelope.postForm(API.createVetPet, {
      petName: 'Keyed',
      petTypeId: 1,
      petBreedId: dogBreed,
      ownerNameForVet: owner.name,
      ownerPhoneForVet: owner.phone,
      ownerEmailForVet: owner.email,
      petGenderId: 2,
      petDateOfBirth: '2019-03-14',
    });
    expect(answer.result, answer.message).toBe(1);
    const [row] = await ctx()
      .db.select({ ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(eq(clinicPatients.petProfileId, answer.data.petProfileId));
    return row.ownerId ?? 0;
  }

  async function saveOwner(ownerId: number, fields: { name: string; phone: string; email: string }) {
    const { data } = await api.with({ token: admin }).envelope.get(API.vetOwnerDetails, { ownerId });
    const saved = await api.with({ token: admin }).envelope.post(API.saveVetOwner, {
      ownerId,
      version: data.version,
      language: null,
      remindersByEmail: true,
      notes: '',
      ...fields,
    });
    expect(saved.result, saved.message).toBe(1);
  }

  it('the migration counted every live owner of the seed', async () => {
    await expectStoredEqualComputed('the seed');
  });

  it('GetVetOwnerDuplicates reads the shared keys and their owners on indexes', async () => {
    const { plan, indexes } = await explainIndexes(ctx().db, duplicatePairs(clinicId));
    expect(plan).not.toMatch(/Seq Scan on clinic_owners/);
    expect(
      indexes.some((d) => /clinic_owner_key_counts_shared_idx/.test(d)),
      plan,
    ).toBe(true);
    for (const key of ['email', 'phone', 'name'])
      expect(
        indexes.some((d) => d.includes(`clinic_owners_${key}_key_idx`)),
        plan,
      ).toBe(true);
  });

  it('create, edit, merge, undo of the merge, import, delete, restore, erase and a write by SQL', async () => {
    const email = `keys.${stamp}@example.org`;
    const first = await createPet({ name: `Key Ana ${stamp}`, phone: '+1 202 555 0143', email });
    await expectStoredEqualComputed('an owner created');
    const second = await createPet({ name: `Key Bea ${stamp}`, phone: '+33 1 99 00 11 22', email: ` ${email} ` });
    await expectStoredEqualComputed('a second owner with the same e-mail');

    await saveOwner(second, { name: `key ána ${stamp}`, phone: '(202) 555-0143', email: '' });
    await expectStoredEqualComputed('an owner edited: e-mail blanked, the phone and folded name now shared');

    expect(
      (await api.with({ token: admin }).envelope.post(API.mergeVetOwners, { keepOwnerId: first, mergeOwnerId: second }))
        .result,
    ).toBe(1);
    await expectStoredEqualComputed('a merge');
    expect((await api.with({ token: admin }).envelope.post(API.restoreVetOwner, { ownerId: second })).result).toBe(1);
    await expectStoredEqualComputed('the merge undone');

    const csv = [
      'Pet name,Pet type,Breed,Gender,Date of birth,Sterilized,Microchip ID,Blood type,Owner name,Owner phone,Owner e-mail',
      `Key Import,Dog,Akita,Male,2019-04-02,,,,Key Imported ${stamp},+1 202 555 0143,imported.${stamp}@example.org`,
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
    await expectStoredEqualComputed('an import');

    expect((await api.with({ token: admin }).envelope.post(API.undoImport, { importId })).result).toBe(1);
    await expectStoredEqualComputed('the import undone: its owner deleted');
    const [pet] = await ctx()
      .db.select({ id: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.importId, importId));
    expect((await api.with({ token: admin }).envelope.post(API.restoreVetPet, { petId: pet.id })).result).toBe(1);
    await expectStoredEqualComputed('the pet restored with its owner');

    expect(
      (await api.with({ token: admin }).envelope.post(API.eraseVetOwner, { ownerId: second, pets: 'keep' })).result,
    ).toBe(1);
    await expectStoredEqualComputed('an owner erased');

    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: email.toUpperCase(), ownerPhoneForVet: '' })
      .where(eq(clinicPatients.clinicOwnerId, first));
    await expectStoredEqualComputed("a patient's owner fields changed by SQL");
    const [bySql] = await ctx()
      .db.insert(clinicOwners)
      .values({ clinicId, name: `Key Ana ${stamp}`, phone: '+1 202 555 0143', email })
      .returning({ id: clinicOwners.id });
    await expectStoredEqualComputed('an owner inserted by SQL');
    await ctx().db.delete(clinicOwners).where(eq(clinicOwners.id, bySql.id));
    await expectStoredEqualComputed('that owner deleted by SQL');
  });
});
