import { and, asc, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicOwners, clinicPatients, clinics, recordHistory } from '#server/db/schema';
import { rowCount } from '#server/db/query-helpers';
import { purgeDeleted } from '#server/clinic-records/purge';
import { clinicOwnersInPages } from '#server/clinic-owners/list-owners';
import { daysFromNow } from '#tests/support/days';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

describeOnBothDatabases('Vet portal owners', (ctx) => {
  let demo = '';
  let other = '';
  let demoClinicId = 0;
  let otherClinicId = 0;
  let dogBreed = 0;

  beforeAll(async () => {
    [demo, other] = await Promise.all([loginClinic(ctx().app, DEMO_CLINIC), loginClinic(ctx().app, OTHER_CLINIC)]);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)?.id ?? 0;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)?.id ?? 0;
    dogBreed = await firstDogBreedId(ctx().db);
  });

  const api = injectApi(() => ctx().app);
  const asDemo = () => api.with({ token: demo });
  const asOther = () => api.with({ token: other });

  const petPayload = (over: Record<string, unknown> = {}) => ({
    petName: 'Biscuit',
    petTypeId: 1,
    petBreedId: dogBreed,
    ownerNameForVet: 'Inês Brandão',
    ownerPhoneForVet: '+351 239 539 317',
    ownerEmailForVet: 'ines.brandao@example.org',
    petGenderId: 2,
    petDateOfBirth: '2019-03-14',
    isSterilized: true,
    bloodType: '',
    microChipId: '',
    ...over,
  });

  async function createPet(over: Record<string, unknown> = {}) {
    const answer = (await asDemo().envelope.postForm(API.createVetPet, petPayload(over))) as {
      result: number;
      message: string;
      data: { petProfileId: number };
    };
    expect(answer.message).toBe('');
    expect(answer.result).toBe(1);
    return answer.data.petProfileId;
  }

  const petDetails = async (petProfileId: number) =>
    (await asDemo().envelope.get(API.vetPetDetails, { petProfileId })).data;
  const ownerDetails = async (ownerId: number, client = asDemo()) =>
    client.envelope.get(API.vetOwnerDetails, { ownerId });

  it('the demo data has a family (one owner, three pets) and a pair of duplicate owners to merge', async () => {
    const { data } = await asDemo().envelope.get(API.vetOwners, { limit: 1, sortField: 'petCount', sortOrder: 'desc' });
    expect(data.owners[0].petCount).toBeGreaterThanOrEqual(3);
    const family = (await ownerDetails(data.owners[0].ID)).data;
    expect(family.pets.length).toBe(data.owners[0].petCount);
    const { pairs } = (await asDemo().envelope.get(API.vetOwnerDuplicates)).data;
    expect(pairs.some((p) => p.reason === 'email' && p.keep.name.toUpperCase() === p.merge.name.toUpperCase())).toBe(
      true,
    );
  });

  it('CreateVetPet without ownerId makes a new owner from the SPEC fields, even when that e-mail has one', async () => {
    const first = await createPet({ petName: 'Alfa' });
    const second = await createPet({ petName: 'Bravo' });
    const [a, b] = await Promise.all([petDetails(first), petDetails(second)]);
    expect(a.ownerId).toEqual(expect.any(Number));
    expect(b.ownerId).toEqual(expect.any(Number));
    expect(a.ownerId).not.toBe(b.ownerId);
    const owner = await ownerDetails(a.ownerId ?? 0);
    expect(owner.data).toMatchObject({
      ID: a.ownerId,
      name: 'Inês Brandão',
      phone: '+351 239 539 317',
      email: 'ines.brandao@example.org',
      language: null,
      remindersByEmail: true,
      notes: '',
      petCount: 1,
      version: 1,
    });
    expect(owner.data.pets.map((p) => p.petName)).toEqual(['Alfa']);
    const [entry] = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'owner'), eq(recordHistory.entityId, a.ownerId ?? 0)));
    expect(entry).toMatchObject({ clinicId: demoClinicId, action: 'create', petProfileId: null, version: 1 });
    expect(entry.changes).toContainEqual({ field: 'name', from: null, to: 'Inês Brandão' });
  });

  it('a pet created for an owner joins them; a change of the owner shows on every pet of theirs at once', async () => {
    const first = await createPet({ petName: 'Charlie', ownerPhoneForVet: '+44 7700 900123' });
    const { ownerId } = await petDetails(first);
    const second = await createPet({
      petName: 'Delta',
      ownerId,
      ownerNameForVet: '',
      ownerPhoneForVet: '',
      ownerEmailForVet: '',
    });
    expect((await petDetails(second)).ownerId).toBe(ownerId);
    const before = await ownerDetails(ownerId ?? 0);
    expect(before.data.pets.map((p) => p.petName)).toEqual(['Charlie', 'Delta']);
    expect(before.data.petCount).toBe(2);

    const saved = await asDemo().envelope.post(API.saveVetOwner, {
      ownerId: ownerId ?? 0,
      version: before.data.version,
      name: 'Inês Brandão-Silva',
      phone: '+44 7700 900999',
      email: 'ines.silva@example.org',
      language: 'pt',
      remindersByEmail: false,
      notes: 'Prefers mornings',
    });
    expect(saved).toEqual({ result: 1, message: '', data: { ownerId } });
    for (const petProfileId of [first, second])
      expect(await petDetails(petProfileId)).toMatchObject({
        ownerNameForVet: 'Inês Brandão-Silva',
        ownerPhoneForVet: '+44 7700 900999',
        ownerEmailForVet: 'ines.silva@example.org',
      });
    // The pets' search reads the owner's new fields (folded, and the phone as digits).
    const found = await asDemo().envelope.get(API.vetPets, { searchTerm: '07700 900999', limit: 50 });
    expect(found.data.pets.map((p) => p.ID).sort()).toEqual([first, second].sort());
    const byName = await asDemo().envelope.get(API.vetPets, { searchTerm: 'BRANDAO-SILVA', limit: 50 });
    expect(byName.data.pets.map((p) => p.ID).sort()).toEqual([first, second].sort());

    const after = await ownerDetails(ownerId ?? 0);
    expect(after.data).toMatchObject({
      version: 2,
      language: 'pt',
      remindersByEmail: false,
      notes: 'Prefers mornings',
    });
    const [entry] = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'owner'), eq(recordHistory.entityId, ownerId ?? 0)))
      .orderBy(desc(recordHistory.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'change', version: 2 });
    expect(entry.changes).toContainEqual({ field: 'phone', from: '+44 7700 900123', to: '+44 7700 900999' });
    expect(entry.changes).toContainEqual({ field: 'remindersByEmail', from: true, to: false });

    // A save over the version the user never saw is refused, and nothing of it is written.
    const stale = await asDemo().post(API.saveVetOwner, {
      ownerId: ownerId ?? 0,
      version: before.data.version,
      name: 'Someone Else',
      phone: '1',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed this owner');
    expect((await ownerDetails(ownerId ?? 0)).data.name).toBe('Inês Brandão-Silva');
  });

  it("UpdateVetPet without ownerId changes the pet's owner; with one it moves the pet to that owner", async () => {
    const first = await createPet({ petName: 'Echo', ownerNameForVet: 'Tomás Ruiz', ownerPhoneForVet: '600 100 200' });
    const { ownerId } = await petDetails(first);
    const second = await createPet({ petName: 'Foxtrot', ownerId });
    const update = async (petProfileId: number, over: Record<string, unknown>) => {
      const { version } = await petDetails(petProfileId);
      return asDemo().envelope.postForm(API.updateVetPet, { ...petPayload(over), petProfileId, version });
    };
    expect(
      (await update(first, { petName: 'Echo', ownerNameForVet: 'Tomás Ruiz', ownerPhoneForVet: '600 100 201' })).result,
    ).toBe(1);
    expect((await petDetails(second)).ownerPhoneForVet).toBe('600 100 201');

    const newcomer = await createPet({ petName: 'Golf', ownerNameForVet: 'Ana Sol', ownerPhoneForVet: '611 222 333' });
    const newOwnerId = (await petDetails(newcomer)).ownerId;
    expect((await update(second, { petName: 'Foxtrot', ownerId: newOwnerId })).result).toBe(1);
    expect(await petDetails(second)).toMatchObject({ ownerId: newOwnerId, ownerNameForVet: 'Ana Sol' });
    expect((await ownerDetails(ownerId ?? 0)).data.pets.map((p) => p.petName)).toEqual(['Echo']);
    expect((await ownerDetails(newOwnerId ?? 0)).data.pets.map((p) => p.petName)).toEqual(['Foxtrot', 'Golf']);
  });

  it("GetVetOwners searches names folded, phones by digits and e-mails, with each owner's pet count", async () => {
    await createPet({
      petName: 'Hotel',
      ownerNameForVet: 'Çağla Öztürk',
      ownerPhoneForVet: '+90 (532) 111-22-33',
      ownerEmailForVet: 'cagla@example.com.tr',
    });
    for (const term of ['cagla oz', 'ÇAĞLA', '0532 111 22 33', '905321112233', 'CAGLA@EXAMPLE']) {
      const { data } = await asDemo().envelope.get(API.vetOwners, { searchTerm: term });
      expect(
        data.owners.map((o) => o.name),
        term,
      ).toEqual(['Çağla Öztürk']);
      expect(data.count).toBe(1);
      expect(data.owners[0]).toMatchObject({ phone: '+90 (532) 111-22-33', petCount: 1, remindersByEmail: true });
    }
    const all = await asDemo().envelope.get(API.vetOwners, { limit: 100 });
    const [{ n }] = await ctx()
      .db.select({ n: rowCount })
      .from(clinicOwners)
      .where(eq(clinicOwners.clinicId, demoClinicId));
    expect(all.data.count).toBe(n);
    const names = all.data.owners.map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("another clinic's owner is not found, for reading, saving and picking", async () => {
    const petProfileId = await createPet({ petName: 'India' });
    const { ownerId } = await petDetails(petProfileId);
    const notFound = { result: 0, message: 'Owner not found.' };
    expect(await ownerDetails(ownerId ?? 0, asOther())).toMatchObject(notFound);
    expect(
      await asOther().envelope.post(API.saveVetOwner, { ownerId: ownerId ?? 0, name: 'X', phone: '1' }),
    ).toMatchObject(notFound);
    expect(await asOther().envelope.postForm(API.createVetPet, petPayload({ ownerId }))).toMatchObject(notFound);
    expect((await asOther().envelope.get(API.vetOwners, { searchTerm: 'ines.brandao@example.org' })).data.count).toBe(
      0,
    );
    expect((await ownerDetails(ownerId ?? 0)).data.name).toBe('Inês Brandão');
    const [owner] = await ctx()
      .db.select()
      .from(clinicOwners)
      .where(eq(clinicOwners.id, ownerId ?? 0));
    expect(owner.clinicId).toBe(demoClinicId);
  });

  it('ExportVetOwners writes every owner GetVetOwners lists, in its order, read in keyset pages', async () => {
    await createPet({
      petName: 'Juliett',
      ownerNameForVet: 'Zoë Export',
      ownerPhoneForVet: '+44 20 7946 0001',
      ownerEmailForVet: '',
    });
    const { data: listed } = await asDemo().envelope.get(API.vetOwners, {
      limit: 100,
      sortField: 'petCount',
      sortOrder: 'desc',
    });
    const res = await asDemo().send(API.exportVetOwners, { query: 'sortField=petCount&sortOrder=desc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="owners-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Owner name","Owner phone","Owner e-mail","Language","Reminder e-mails","Pets","Notes","Owner since"',
    );
    expect(lines.length - 1).toBe(listed.count);
    expect(lines.slice(1).map((l) => l.split('","')[0].slice(1))).toEqual(listed.owners.map((o) => o.name));
    // pages of 2 give the same owners as one page (the keyset on pet count, then id)
    for (const sortField of ['name', 'petCount', 'created'] as const) {
      const query = { searchTerm: '', sortField, sortOrder: 'desc' as const };
      const paged: number[] = [];
      for await (const page of clinicOwnersInPages(ctx().db, demoClinicId, query, 2))
        paged.push(...page.map((o) => o.ID));
      const whole: number[] = [];
      for await (const page of clinicOwnersInPages(ctx().db, demoClinicId, query)) whole.push(...page.map((o) => o.ID));
      expect(paged, sortField).toEqual(whole);
      expect(new Set(paged).size, sortField).toBe(listed.count);
    }
    const searched = await asDemo().send(API.exportVetOwners, { query: 'searchTerm=zoe%20export' });
    expect(
      searched.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1),
    ).toEqual([expect.stringMatching(/^"Zoë Export","\+44 20 7946 0001","","","Yes","1","",/)]);
    expect((await asOther().send(API.exportVetOwners, { query: 'searchTerm=zoe%20export' })).body).not.toContain('Zoë');
  });

  it('the Owners grid keeps saved views like the Pets grid', async () => {
    const users = (await asDemo().envelope.get(API.staff)).data.staff;
    const vetUserId = users.find((u) => u.Name === 'Dr. Amelia Hart')?.ID ?? 0;
    const saved = await asDemo().envelope.post(API.saveGridView, {
      grid: 'owners',
      vetUserId,
      name: 'Opted out first',
      state: { filters: { search: 'a' } },
    });
    expect(saved.result).toBe(1);
    const { data } = await asDemo().envelope.get(API.gridViews, { grid: 'owners', vetUserId });
    expect(data.views.map((v) => v.name)).toEqual(['Opted out first']);
  });

  it('GetVetOwnerDuplicates suggests a pair; MergeVetOwners moves the pets and keeps the fuller data; Recently deleted undoes it', async () => {
    const stamp = Date.now().toString(36);
    const email = `dup.${stamp}@example.org`;
    const keepPets = [
      await createPet({
        petName: 'Kilo',
        ownerNameForVet: `Keep ${stamp}`,
        ownerEmailForVet: email,
        ownerPhoneForVet: '+1 202 555 0143',
      }),
    ];
    const keepId = (await petDetails(keepPets[0])).ownerId ?? 0;
    keepPets.push(await createPet({ petName: 'Lima', ownerId: keepId }));
    const mergedPet = await createPet({
      petName: 'Mike',
      ownerNameForVet: `Merge ${stamp}`,
      ownerEmailForVet: ` ${email.toUpperCase()} `,
      ownerPhoneForVet: '+33 1 99 00 11 22',
    });
    const mergeId = (await petDetails(mergedPet)).ownerId ?? 0;
    const mergeDetails = (await ownerDetails(mergeId)).data;
    await asDemo().envelope.post(API.saveVetOwner, {
      ownerId: mergeId,
      version: mergeDetails.version,
      name: `Merge ${stamp}`,
      phone: '+33 1 99 00 11 22',
      email: mergeDetails.email,
      language: 'fr',
      remindersByEmail: false,
      notes: 'Prefers the afternoon',
    });

    const { data } = await asDemo().envelope.get(API.vetOwnerDuplicates);
    const pair = data.pairs.find((p) => p.keep.ID === keepId && p.merge.ID === mergeId);
    expect(pair?.reason).toBe('email');

    expect(
      await asDemo().envelope.post(API.mergeVetOwners, { keepOwnerId: keepId, mergeOwnerId: keepId }),
    ).toMatchObject({
      result: 0,
      message: 'Pick two different owners.',
    });
    expect(
      await asOther().envelope.post(API.mergeVetOwners, { keepOwnerId: keepId, mergeOwnerId: mergeId }),
    ).toMatchObject({
      result: 0,
      message: 'Owner not found.',
    });
    const merged = await asDemo().envelope.post(API.mergeVetOwners, { keepOwnerId: keepId, mergeOwnerId: mergeId });
    expect(merged).toMatchObject({ result: 1 });
    const kept = (await ownerDetails(keepId)).data;
    expect(kept).toMatchObject({
      name: `Keep ${stamp}`,
      phone: '+1 202 555 0143',
      email,
      language: 'fr',
      remindersByEmail: false,
      notes: 'Prefers the afternoon',
      petCount: 3,
    });
    expect(kept.pets.map((p) => p.petProfileId).sort()).toEqual([...keepPets, mergedPet].sort());
    expect(await petDetails(mergedPet)).toMatchObject({ ownerId: keepId, ownerNameForVet: `Keep ${stamp}` });
    expect(await ownerDetails(mergeId)).toMatchObject({ result: 0, message: 'Owner not found.' });
    const deleted = (await asDemo().envelope.get(API.deletedVetItems, { offset: 1, limit: 50 })).data.items;
    expect(deleted.find((i) => i.kind === 'owner' && i.id === mergeId)).toMatchObject({
      petName: `Merge ${stamp}`,
      mergedInto: `Keep ${stamp}`,
      petProfileId: null,
    });
    const history = await ctx()
      .db.select({ action: recordHistory.action })
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'owner'), eq(recordHistory.entityId, mergeId)))
      .orderBy(asc(recordHistory.id));
    expect(history.map((h) => h.action)).toEqual(['create', 'change', 'delete']);

    // Undo: the merged owner and their pet come back; the kept owner's fields the merge filled go back
    expect(await asDemo().envelope.post(API.restoreVetOwner, { ownerId: mergeId })).toMatchObject({ result: 1 });
    expect((await ownerDetails(mergeId)).data).toMatchObject({ language: 'fr', remindersByEmail: false, petCount: 1 });
    expect(await petDetails(mergedPet)).toMatchObject({ ownerId: mergeId, ownerNameForVet: `Merge ${stamp}` });
    expect((await ownerDetails(keepId)).data).toMatchObject({
      language: null,
      remindersByEmail: true,
      notes: '',
      petCount: 2,
    });
    const after = (await asDemo().envelope.get(API.deletedVetItems, { offset: 1, limit: 50 })).data.items;
    expect(after.some((i) => i.kind === 'owner' && i.id === mergeId)).toBe(false);
  });

  it('bad owner input gets the form messages, never a crash', async () => {
    const bad = (body: Record<string, unknown>) => asDemo().send(API.saveVetOwner, { method: 'POST', json: body });
    const missingName = await bad({ phone: '1' });
    expect(missingName.statusCode).toBe(200);
    expect(missingName.json()).toMatchObject({ result: 0, message: 'Owner name is required' });
    expect((await bad({ name: 'A', phone: '' })).json().message).toBe('Owner phone is required');
    expect((await bad({ name: 'A', phone: '1', language: 'xx' })).json().message).toBe('This value is not valid');
    expect((await bad({ name: 'A', phone: '1', ownerId: 'abc' })).json().message).toBe('This value is not valid');
    expect((await bad({ name: 'A'.repeat(101), phone: '1' })).json().message).toBe('This value is too long');
    // a null consent: yup's own sentence ("portal:remindersByEmail cannot be null") was answered, key prefix and all
    const nullConsent = await bad({ name: 'A', phone: '1', remindersByEmail: null });
    expect(nullConsent.json()).toMatchObject({ result: 0, message: 'This value is not valid' });
    const inSpanish = await asDemo().send(API.saveVetOwner, {
      method: 'POST',
      json: { name: 'A', phone: '1', remindersByEmail: null },
      query: 'lang=es',
    });
    expect(inSpanish.json().message).toBe('Este valor no es válido');
  });

  it('a patient row written outside the app gets an owner; its owner fields changed by SQL change its owner', async () => {
    const petProfileId = await createPet({ petName: 'Juliet' });
    await ctx().db.insert(clinicPatients).values({
      clinicId: otherClinicId,
      petProfileId,
      ownerNameForVet: 'Outside Owner',
      ownerPhoneForVet: '+1 555 0100',
    });
    const [row] = await ctx()
      .db.select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, otherClinicId), eq(clinicPatients.petProfileId, petProfileId)));
    const [owner] = await ctx()
      .db.select()
      .from(clinicOwners)
      .where(eq(clinicOwners.id, row.clinicOwnerId ?? 0));
    expect(owner).toMatchObject({ clinicId: otherClinicId, name: 'Outside Owner', phone: '+1 555 0100', email: null });
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerEmailForVet: 'outside@example.net' })
      .where(eq(clinicPatients.id, row.id));
    const [changed] = await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, owner.id));
    expect(changed).toMatchObject({ email: 'outside@example.net', version: owner.version + 1 });
    expect(changed.searchText).toContain('outside@example.net');
  });
  it('an owner who turned reminder e-mails off gets none: the workbench and SendVetReminders say opted out', async () => {
    const range = { dateFrom: '2000-01-01', dateTo: '2100-01-01' };
    const listed = await asDemo().envelope.post(API.vetReminders, { ...range, status: 'notSent', limit: 50 });
    const reminder = listed.data.reminders[0];
    expect(reminder).toBeDefined();
    const { ownerId } = await petDetails(reminder.petProfileId);
    const owner = (await ownerDetails(ownerId ?? 0)).data;
    const before = await asDemo().envelope.post(API.sendVetReminders, { ...range, dryRun: true });
    const saved = await asDemo().envelope.post(API.saveVetOwner, {
      ownerId: owner.ID,
      version: owner.version,
      name: owner.name,
      phone: owner.phone,
      email: owner.email,
      language: owner.language,
      remindersByEmail: false,
      notes: owner.notes,
    });
    expect(saved.result).toBe(1);
    const after = await asDemo().envelope.post(API.sendVetReminders, { ...range, dryRun: true });
    const [{ n: theirs }] = await ctx()
      .db.select({ n: rowCount })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicOwnerId, owner.ID), eq(clinicPatients.clinicId, demoClinicId)));
    expect(theirs).toBeGreaterThan(0);
    expect(after.data.optedOut).toBeGreaterThan(before.data.optedOut);
    expect(after.data.reminders).toBe(before.data.reminders - (after.data.optedOut - before.data.optedOut));
    const optedOut = await asDemo().envelope.post(API.vetReminders, { ...range, status: 'optedOut', limit: 50 });
    expect(optedOut.data.reminders.map((r) => r.id)).toContain(reminder.id);
    expect(optedOut.data.reminders.every((r) => r.deliveryStatus === 'optedOut')).toBe(true);
  });
  it("the purge of a deleted pet blanks the owner's contact data in the pet's history entries, which stay", async () => {
    const petProfileId = await createPet({ petName: 'Kilo', ownerEmailForVet: 'kilo.owner@example.org' });
    const { version } = await petDetails(petProfileId);
    await asDemo().envelope.postForm(API.updateVetPet, {
      ...petPayload({ petName: 'Kilo', ownerEmailForVet: 'kilo.owner2@example.org' }),
      petProfileId,
      version,
    });
    expect((await asDemo().envelope.post(API.deleteVetPet, { petId: petProfileId })).result).toBe(1);
    const entriesOf = () =>
      ctx()
        .db.select()
        .from(recordHistory)
        .where(and(eq(recordHistory.clinicId, demoClinicId), eq(recordHistory.petProfileId, petProfileId)))
        .orderBy(asc(recordHistory.id));
    const before = JSON.stringify(await entriesOf());
    expect(before).toContain('kilo.owner2@example.org');
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    const after = await entriesOf();
    expect(after.map((e) => e.action)).toEqual(['create', 'change', 'delete', 'purge']);
    const text = JSON.stringify(after);
    expect(text).not.toContain('kilo.owner');
    expect(text).not.toContain('Inês');
    expect(after[1].changes).toContainEqual({ field: 'ownerEmail', from: null, to: null });
    // what is neither clinical text nor contact data stays
    expect(after[0].changes).toContainEqual({ field: 'petName', from: null, to: 'Kilo' });
  });
});
