import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { ERASED_HISTORY_VALUE } from '#shared/contract/vet-record-values';
import { clinicOwners, clinicPatients, clinics, clinicUsers, recordHistory } from '#server/db/schema';
import { purgeDeleted } from '#server/clinic-records/purge';
import { daysFromNow, isoDay } from '#tests/support/days';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

/** Issue 32, item 7: an owner's data exported (ExportVetOwnerData) and erased (EraseVetOwner); the purge of owners. */
describeOnBothDatabases('An owner’s rights: export and erasure', (ctx) => {
  let admin = '';
  let nurse = '';
  let other = '';
  let demoClinicId = 0;
  let otherClinicId = 0;
  let vetUserId = 0;
  let dogBreed = 0;

  beforeAll(async () => {
    // one after another: the login line admits two at once from one address
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    nurse = await loginClinic(ctx().app, 'lucia.romero');
    other = await loginClinic(ctx().app, OTHER_CLINIC);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)?.id ?? 0;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)?.id ?? 0;
    [{ id: vetUserId }] = await ctx()
      .db.select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, demoClinicId))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    dogBreed = await firstDogBreedId(ctx().db);
  });

  const api = injectApi(() => ctx().app);
  const as = (token: string) => api.with({ token });

  /** A person nobody else in the demo data resembles: their name, phone and e-mail are searched for after erasure. */
  let people = 0;
  const person = (tag: string) => {
    people++;
    return {
      ownerNameForVet: `Zephyrine Quill${tag}`,
      ownerPhoneForVet: `+44 7700 9${people}${people} 461`,
      ownerEmailForVet: `zephyrine.${tag.toLowerCase()}@example.net`,
    };
  };

  async function createPet(token: string, petName: string, owner: Record<string, unknown>) {
    const answer = await as(token).envelope.postForm(API.createVetPet, {
      petName,
      petTypeId: 1,
      petBreedId: dogBreed,
      ownerNameForVet: '',
      ownerPhoneForVet: '',
      ownerEmailForVet: '',
      petGenderId: 2,
      petDateOfBirth: '2019-03-14',
      isSterilized: true,
      bloodType: '',
      microChipId: '',
      ...owner,
    });
    expect(answer.message).toBe('');
    return answer.data.petProfileId;
  }

  const ownerOf = async (token: string, petProfileId: number) =>
    (await as(token).envelope.get(API.vetPetDetails, { petProfileId })).data.ownerId ?? 0;

  /** A visit with notes and a vaccination whose reminder is due today, and that reminder e-mailed. */
  async function visitWithReminder(petId: number) {
    const visit = await as(admin).envelope.post(API.createVetVisit, { petId, visitDate: isoDay(-1), vetUserId });
    const vetVisitId = visit.data.vetVisitId;
    const saved = await api.send(
      API.saveVetVisit,
      {
        form: {
          payload: {
            petId,
            vetVisitId,
            vetUserId,
            visitDate: isoDay(-1),
            notes: 'Limping on the left hind leg',
            vaccinations: [{ title: 'Rabies', date: isoDay(-1), nextReminderDate: isoDay(0) }],
          },
        },
      },
      { token: admin },
    );
    expect(saved.json()).toMatchObject({ result: 1 });
    const sent = await as(admin).envelope.post(API.sendVetReminders, {
      dateFrom: isoDay(0),
      dateTo: isoDay(0),
      dryRun: false,
    });
    expect(sent.data.queued).toBeGreaterThanOrEqual(1);
    return vetVisitId;
  }

  /** Rows of every table of the clinic (its clinic_id), and the outbox and daily counts, that hold `text`. */
  async function tracesOf(clinicId: number, texts: string[]): Promise<string[]> {
    const { rows: tables } = (await ctx().db.execute(sql`select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'clinic_id'`)) as unknown as { rows: { table_name: string }[] };
    const found: string[] = [];
    for (const text of texts) {
      const pattern = `%${text.toLowerCase()}%`;
      for (const { table_name } of tables) {
        const { rows } = (await ctx().db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} t
               where t.clinic_id = ${clinicId} and lower(t::text) like ${pattern}`,
        )) as unknown as { rows: { n: number }[] };
        if (rows[0].n > 0) found.push(`${table_name}: ${text}`);
      }
      const { rows: mail } = (await ctx().db.execute(
        sql`select count(*)::int as n from outbox_messages m
             where m.payload->>'clinicId' = ${String(clinicId)} and lower(m::text) like ${pattern}`,
      )) as unknown as { rows: { n: number }[] };
      if (mail[0].n > 0) found.push(`outbox_messages: ${text}`);
      const { rows: counts } = (await ctx().db.execute(
        sql`select count(*)::int as n from failure_counts where lower(key) like ${pattern}`,
      )) as unknown as { rows: { n: number }[] };
      if (counts[0].n > 0) found.push(`failure_counts: ${text}`);
    }
    return found;
  }

  const tracesOfPerson = (clinicId: number, p: ReturnType<typeof person>) =>
    tracesOf(clinicId, [
      p.ownerNameForVet.split(' ')[1],
      p.ownerEmailForVet,
      p.ownerPhoneForVet,
      p.ownerPhoneForVet.replace(/\D/g, ''),
    ]);

  it('ExportVetOwnerData downloads the owner, their pets, visits, records and the reminders sent, as JSON', async () => {
    const p = person('Export');
    const first = await createPet(admin, 'Quill', p);
    const ownerId = await ownerOf(admin, first);
    const second = await createPet(admin, 'Feather', { ownerId });
    const vetVisitId = await visitWithReminder(first);

    const res = await api.get(API.exportVetOwnerData, { ownerId }, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="owner-${ownerId}.json"`);
    const { result, data } = res.json();
    expect(result).toBe(1);
    expect(data.owner).toMatchObject({ ID: ownerId, name: p.ownerNameForVet, email: p.ownerEmailForVet, petCount: 2 });
    expect(data.pets.map((pet) => pet.petProfileId).sort()).toEqual([first, second].sort());
    const quill = data.pets.find((pet) => pet.petProfileId === first);
    expect(quill?.visits).toEqual([
      expect.objectContaining({ ID: vetVisitId, notes: 'Limping on the left hind leg', visitDate: isoDay(-1) }),
    ]);
    const rabies = quill?.records.find((r) => r.recordValue === 'Rabies');
    expect(rabies).toMatchObject({ vetVisitId, nextReminderDate: isoDay(0) });
    // the mail worker may be sending it already
    expect(quill?.remindersSent).toEqual([
      expect.objectContaining({ wellnessRecordId: rabies?.ID, reminderDate: isoDay(0), status: expect.any(String) }),
    ]);
    expect(data.pets.find((pet) => pet.petProfileId === second)?.visits).toEqual([]);
  });

  it('export and erasure: admins only; another clinic’s owner, an unknown one and bad ids get a clear answer', async () => {
    const ownerId = await ownerOf(admin, await createPet(admin, 'Guarded', person('Guard')));
    for (const token of [nurse]) {
      expect((await api.get(API.exportVetOwnerData, { ownerId }, { token })).statusCode).toBe(403);
      expect((await api.post(API.eraseVetOwner, { ownerId, pets: 'keep' }, { token })).statusCode).toBe(403);
    }
    const foreign = await as(other).envelope.get(API.exportVetOwnerData, { ownerId });
    expect(foreign).toMatchObject({ result: 0, message: 'Owner not found.' });
    const foreignErase = await as(other).envelope.post(API.eraseVetOwner, { ownerId, pets: 'delete' });
    expect(foreignErase).toMatchObject({ result: 0, message: 'Owner not found.' });
    expect((await as(admin).envelope.get(API.vetOwnerDetails, { ownerId })).data.name).toBe('Zephyrine QuillGuard');
    const unknown = await as(admin).envelope.get(API.exportVetOwnerData, { ownerId: 2_147_483_000 });
    expect(unknown).toMatchObject({ result: 0, message: 'Owner not found.' });
    for (const query of ['ownerId=abc', 'ownerId=-1', '']) {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `${API.exportVetOwnerData}?${query}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: 0 });
    }
    for (const body of [{ ownerId }, { ownerId, pets: 'maybe' }, { ownerId: 'x', pets: 'keep' }]) {
      const res = await api.send(API.eraseVetOwner, { method: 'POST', json: body }, { token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: 0 });
    }
  });

  it('EraseVetOwner keeping the pets: no trace of the name, phone or e-mail in any table or history value of the clinic; other clinics untouched', async () => {
    const p = person('Keep');
    const first = await createPet(admin, 'Keepsake', p);
    const ownerId = await ownerOf(admin, first);
    const second = await createPet(admin, 'Keepwell', { ownerId });
    await visitWithReminder(first);
    // an older phone in the owner's history, and a second record of the same person merged into them
    const details = (await as(admin).envelope.get(API.vetOwnerDetails, { ownerId })).data;
    const changed = await as(admin).envelope.post(API.saveVetOwner, {
      ownerId,
      version: details.version,
      name: details.name,
      phone: '+44 7700 900 999',
      email: details.email,
      language: 'fr',
      remindersByEmail: true,
      notes: `Prefers calls; old number ${p.ownerPhoneForVet}`,
    });
    expect(changed.result).toBe(1);
    const twinPet = await createPet(admin, 'Twin', { ...p, ownerNameForVet: 'ZEPHYRINE QUILLKEEP ' });
    const twin = await ownerOf(admin, twinPet);
    expect(
      (await as(admin).envelope.post(API.mergeVetOwners, { keepOwnerId: ownerId, mergeOwnerId: twin })).result,
    ).toBe(1);
    // the same person is a client of the other clinic too: that clinic keeps them
    const theirPet = await createPet(other, 'Elsewhere', p);
    const before = await tracesOfPerson(demoClinicId, p);
    expect(before).toContain(`record_history: ${p.ownerEmailForVet}`);
    expect(before).toContain(`clinic_patients: ${p.ownerEmailForVet}`);
    expect(before).toContain(`outbox_messages: ${p.ownerEmailForVet}`);

    const erased = await as(admin).envelope.post(API.eraseVetOwner, { ownerId, pets: 'keep' });
    expect(erased).toMatchObject({ result: 1, data: { pets: 3 } });

    expect(await tracesOfPerson(demoClinicId, p)).toEqual([]);
    expect(await tracesOf(demoClinicId, ['7700 900 999', '447700900999', 'Prefers calls'])).toEqual([]);
    // the pets stay patients, without contact data
    for (const petProfileId of [first, second, twinPet]) {
      const pet = (await as(admin).envelope.get(API.vetPetDetails, { petProfileId })).data;
      expect(pet).toMatchObject({ petProfileId, ownerNameForVet: '', ownerPhoneForVet: '', ownerEmailForVet: '' });
    }
    expect((await as(admin).envelope.get(API.vetOwnerDetails, { ownerId })).message).toBe('Owner not found.');
    expect((await as(admin).envelope.post(API.eraseVetOwner, { ownerId, pets: 'keep' })).message).toBe(
      'Owner not found.',
    );
    // the entries stay and say the values were erased; one erase entry names the admin
    const entries = await ctx()
      .db.select()
      .from(recordHistory)
      .where(and(eq(recordHistory.clinicId, demoClinicId), eq(recordHistory.entity, 'owner')))
      .orderBy(asc(recordHistory.id));
    const own = entries.filter((e) => e.entityId === ownerId);
    expect(own[0].action).toBe('create');
    expect(own[0].changes).toContainEqual({ field: 'email', from: null, to: ERASED_HISTORY_VALUE });
    expect(own[1].action).toBe('change');
    expect(own[1].changes).toContainEqual({ field: 'phone', from: ERASED_HISTORY_VALUE, to: ERASED_HISTORY_VALUE });
    expect(own[1].changes).toContainEqual({ field: 'language', from: null, to: 'fr' });
    expect(own.at(-1)).toMatchObject({ action: 'erase', userName: 'Dr. Amelia Hart', changes: [] });
    expect(own.filter((e) => e.action === 'erase')).toHaveLength(1);
    const petEntries = await ctx()
      .db.select()
      .from(recordHistory)
      .where(
        and(
          eq(recordHistory.clinicId, demoClinicId),
          eq(recordHistory.petProfileId, first),
          eq(recordHistory.entity, 'pet'),
          eq(recordHistory.action, 'create'),
        ),
      );
    expect(petEntries[0].changes).toContainEqual({ field: 'ownerEmail', from: null, to: ERASED_HISTORY_VALUE });
    expect(petEntries[0].changes).toContainEqual({ field: 'petName', from: null, to: 'Keepsake' });
    // the other clinic keeps its own record of them
    expect((await as(other).envelope.get(API.vetPetDetails, { petProfileId: theirPet })).data).toMatchObject({
      ownerNameForVet: p.ownerNameForVet,
      ownerEmailForVet: p.ownerEmailForVet,
    });
    expect((await tracesOfPerson(otherClinicId, p)).length).toBeGreaterThan(0);
    // the merge into them can no longer be undone (nothing to restore)
    const deleted = await as(admin).envelope.get(API.deletedVetItems, { offset: 1, limit: 100 });
    expect(deleted.data.items.some((i) => i.kind === 'owner' && i.id === twin)).toBe(false);

    // a kept pet saved with new contact data gets a new owner; the erased record stays blank
    const kept = (await as(admin).envelope.get(API.vetPetDetails, { petProfileId: second })).data;
    const update = await as(admin).envelope.postForm(API.updateVetPet, {
      petProfileId: second,
      version: kept.version,
      petName: 'Keepwell',
      petTypeId: 1,
      petBreedId: dogBreed,
      ownerNameForVet: 'New Keeper',
      ownerPhoneForVet: '+1 555 0100 321',
      ownerEmailForVet: '',
      petGenderId: 2,
      petDateOfBirth: '2019-03-14',
      isSterilized: true,
      bloodType: '',
      microChipId: '',
    });
    expect(update.message).toBe('');
    const newOwner = await ownerOf(admin, second);
    expect(newOwner).not.toBe(ownerId);
    const [erasedRow] = await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, ownerId));
    expect(erasedRow).toMatchObject({ name: '', phone: '', email: null, notes: '' });
    expect(erasedRow.erasedAt).not.toBeNull();
    expect((await as(admin).envelope.get(API.vetPetDetails, { petProfileId: first })).data.ownerNameForVet).toBe('');
  });

  it('EraseVetOwner deleting the pets deletes them the normal way; a restored pet comes back without contact data; the purge removes the owner', async () => {
    const p = person('Gone');
    const first = await createPet(admin, 'Goner', p);
    const ownerId = await ownerOf(admin, first);
    const second = await createPet(admin, 'Gonest', { ownerId });
    const erased = await as(admin).envelope.post(API.eraseVetOwner, { ownerId, pets: 'delete' });
    expect(erased).toMatchObject({ result: 1, data: { pets: 2 } });
    expect(await tracesOfPerson(demoClinicId, p)).toEqual([]);
    const deleted = await as(admin).envelope.get(API.deletedVetItems, { offset: 1, limit: 100 });
    const ids = deleted.data.items.filter((i) => i.kind === 'pet').map((i) => i.petProfileId);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    const petHistory = await ctx()
      .db.select({ action: recordHistory.action })
      .from(recordHistory)
      .where(and(eq(recordHistory.clinicId, demoClinicId), eq(recordHistory.petProfileId, first)))
      .orderBy(asc(recordHistory.id));
    expect(petHistory.map((e) => e.action)).toEqual(['create', 'delete']);

    expect((await as(admin).envelope.post(API.restoreVetPet, { petId: second })).result).toBe(1);
    const restored = (await as(admin).envelope.get(API.vetPetDetails, { petProfileId: second })).data;
    expect(restored).toMatchObject({ ownerNameForVet: '', ownerPhoneForVet: '' });
    const [owner] = await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, ownerId));
    expect(owner.deletedAt).not.toBeNull();

    // past the restore window: the deleted pet goes; the owner stays while the restored pet names them
    const later = daysFromNow(ctx().config.deletedRetentionDays + 1);
    await purgeDeleted(ctx().app, ctx().config.deletedRetentionDays, later);
    const patients = await ctx()
      .db.select({ petProfileId: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicOwnerId, ownerId));
    expect(patients).toEqual([{ petProfileId: second }]);
    expect(await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, ownerId))).toHaveLength(1);
    expect((await as(admin).envelope.post(API.deleteVetPet, { petId: second })).result).toBe(1);
    const result = await purgeDeleted(ctx().app, ctx().config.deletedRetentionDays, later);
    expect(result.owners).toBeGreaterThanOrEqual(1);
    expect(await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, ownerId))).toEqual([]);
  });

  it('the purge removes a merged owner past the restore window, blanking their contact data and notes in history', async () => {
    const stamp = Date.now().toString(36);
    const keepId = await ownerOf(admin, await createPet(admin, 'Keeper', { ...person('Merge'), ownerNameForVet: 'K' }));
    const mergedPet = await createPet(admin, 'Merged', {
      ownerNameForVet: `Merged ${stamp}`,
      ownerPhoneForVet: '+1 202 555 0188',
      ownerEmailForVet: `merged.${stamp}@example.org`,
    });
    const mergeId = await ownerOf(admin, mergedPet);
    expect(
      (await as(admin).envelope.post(API.mergeVetOwners, { keepOwnerId: keepId, mergeOwnerId: mergeId })).result,
    ).toBe(1);
    const ownEntries = () =>
      ctx()
        .db.select()
        .from(recordHistory)
        .where(
          and(
            eq(recordHistory.clinicId, demoClinicId),
            eq(recordHistory.entity, 'owner'),
            eq(recordHistory.entityId, mergeId),
          ),
        )
        .orderBy(asc(recordHistory.id));
    expect(JSON.stringify(await ownEntries())).toContain(`merged.${stamp}@example.org`);
    // within the window it stays (restorable)
    await purgeDeleted(ctx().app, ctx().config.deletedRetentionDays);
    expect(await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, mergeId))).toHaveLength(1);
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    expect(await ctx().db.select().from(clinicOwners).where(eq(clinicOwners.id, mergeId))).toEqual([]);
    const after = await ownEntries();
    expect(after.map((e) => e.action)).toEqual(['create', 'delete', 'purge']);
    expect(JSON.stringify(after)).not.toContain(stamp);
    expect(after[0].changes).toContainEqual({ field: 'email', from: null, to: null });
    expect((await as(admin).envelope.post(API.restoreVetOwner, { ownerId: mergeId })).message).toBe('Owner not found.');
  });

  it('the purge of a deleted pet blanks the clinical text of its visits and records in history, which stays', async () => {
    const petId = await createPet(admin, 'Clinical', person('Clin'));
    const vetVisitId = await visitWithReminder(petId);
    const entriesOf = () =>
      ctx()
        .db.select()
        .from(recordHistory)
        .where(and(eq(recordHistory.clinicId, demoClinicId), eq(recordHistory.petProfileId, petId)))
        .orderBy(asc(recordHistory.id));
    expect(JSON.stringify(await entriesOf())).toContain('Limping on the left hind leg');
    expect((await as(admin).envelope.post(API.deleteVetPet, { petId })).result).toBe(1);
    await purgeDeleted(
      ctx().app,
      ctx().config.deletedRetentionDays,
      daysFromNow(ctx().config.deletedRetentionDays + 1),
    );
    const after = await entriesOf();
    const text = JSON.stringify(after);
    expect(text).not.toContain('Limping');
    expect(text).not.toContain('Rabies');
    expect(after.find((e) => e.vetVisitId === vetVisitId && e.entity === 'visit')).toBeDefined();
    expect(after.at(-1)?.action).toBe('purge');
  });
});
