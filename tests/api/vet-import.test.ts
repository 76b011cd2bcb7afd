import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { ImportVetPatientsResult } from '#shared/contract/vet-import';
import { clinicOwners, clinicPatients, clinics, recordHistory } from '#server/db/schema';
import { rowCount } from '#server/db/query-helpers';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const HEADER =
  'Pet name,Pet type,Breed,Gender,Date of birth,Sterilized,Microchip ID,Blood type,Owner name,Owner phone,Owner e-mail';

describeOnBothDatabases('Vet portal: import of patients', (ctx) => {
  let admin = '';
  let other = '';
  let nurse = '';
  let demoClinicId = 0;

  beforeAll(async () => {
    // one after another: the login throttle refuses several at once from one address
    admin = await loginClinic(ctx().app, DEMO_CLINIC);
    other = await loginClinic(ctx().app, OTHER_CLINIC);
    nurse = await loginClinic(ctx().app, 'lucia.romero', DEMO_PASSWORD);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)?.id ?? 0;
  });

  const api = injectApi(() => ctx().app);

  async function importCsv(
    csv: string | Buffer,
    opts: {
      dryRun?: boolean;
      token?: string;
      mapping?: (string | null)[];
      language?: string;
      progressKey?: string;
    } = {},
  ) {
    const res = await api.send(
      API.importVetPatients,
      {
        query: opts.progressKey
          ? { dryRun: opts.dryRun ?? false, progressKey: opts.progressKey }
          : { dryRun: opts.dryRun ?? false },
        form: {
          payload: opts.mapping ? { mapping: opts.mapping } : {},
          files: [{ field: 'file', bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename: 'patients.csv' }],
        },
      },
      { token: opts.token ?? admin, headers: { 'accept-language': opts.language ?? 'en' } },
    );
    return {
      statusCode: res.statusCode,
      body: res.json() as { result: number; message: string; data: ImportVetPatientsResult },
    };
  }

  const patientCount = async () =>
    (
      await ctx()
        .db.select({ n: rowCount })
        .from(clinicPatients)
        .where(and(eq(clinicPatients.clinicId, demoClinicId), isNull(clinicPatients.deletedAt)))
    )[0].n;

  const goodRows = [
    'Import Rex,Dog,Akita,Male,2019-04-02,Yes,,DEA 1.1,Imogen Ward,+44 20 7946 0101,imogen.ward@example.org',
    'Import Tom,Cat,Unknown,Female,2020-01-01,No,,,Imogen Ward,+44 20 7946 0101,imogen.ward@example.org',
  ];

  it('a dry run checks every row, answers the counts and the errors by line, and writes nothing', async () => {
    const before = await patientCount();
    const csv = [
      HEADER,
      goodRows[0],
      'Import Bad,Dragon,Akita,Male,2019-04-02,Yes,,,Ann Bad,+1 555 0100,',
      ',Dog,Akita,Male,2099-01-01,maybe,,,Ann Bad,,',
      'Import Ok,Dog,Akita,F,3/4/2018,,,,Ann Ok,+1 555 0199,',
    ].join('\n');
    const { statusCode, body } = await importCsv(csv, { dryRun: true });
    expect(statusCode).toBe(200);
    expect(body.result).toBe(1);
    expect(body.data).toMatchObject({ importId: null, rows: 4, created: 2, duplicates: 0 });
    expect(body.data.columns.map((c) => c.field)).toEqual([
      'petName',
      'petType',
      'breed',
      'gender',
      'dob',
      'sterilized',
      'microchip',
      'bloodType',
      'ownerName',
      'ownerPhone',
      'ownerEmail',
    ]);
    expect(body.data.errors).toEqual([
      { line: 3, field: 'petType', message: 'Unknown pet type “Dragon”.' },
      { line: 4, field: 'sterilized', message: '“maybe” is not a value of this field.' },
      { line: 4, field: 'petName', message: 'Pet name is required' },
      { line: 4, field: 'ownerPhone', message: 'Owner phone is required' },
      { line: 4, field: 'dob', message: 'Date of birth cannot be in the future' },
    ]);
    expect(await patientCount()).toBe(before);
  });

  it('writes the good rows, each with its owner and history by the signed-in person; bad rows never stop them', async () => {
    const before = await patientCount();
    const csv = [HEADER, goodRows[0], 'Broken,Dog,Nope,Male,2019-04-02,,,,X,+1 555 0000,', goodRows[1]].join('\r\n');
    const { body } = await importCsv(csv);
    expect(body.result).toBe(1);
    expect(body.data).toMatchObject({ rows: 3, created: 2, duplicates: 0 });
    expect(body.data.errors).toEqual([{ line: 3, field: 'breed', message: 'Unknown breed “Nope” for this pet type.' }]);
    expect(body.data.importId).toEqual(expect.any(Number));
    expect(await patientCount()).toBe(before + 2);
    // one family: the two rows share one new owner
    const patients = await ctx()
      .db.select({ ownerId: clinicPatients.clinicOwnerId, email: clinicPatients.ownerEmailForVet })
      .from(clinicPatients)
      .where(eq(clinicPatients.importId, body.data.importId ?? 0));
    expect(patients).toHaveLength(2);
    expect(new Set(patients.map((p) => p.ownerId)).size).toBe(1);
    expect(patients[0].email).toBe('imogen.ward@example.org');
    const history = await ctx()
      .db.select({ entity: recordHistory.entity, userName: recordHistory.userName })
      .from(recordHistory)
      .where(and(eq(recordHistory.clinicId, demoClinicId), eq(recordHistory.action, 'create')))
      .orderBy(recordHistory.id);
    expect(history.slice(-3).map((h) => h.entity)).toEqual(['owner', 'pet', 'pet']);
    expect(history.at(-1)?.userName).toBe('Dr. Amelia Hart');
    const listed = await api
      .with({ token: admin })
      .envelope.get(API.vetPets, { offset: 1, limit: 20, searchTerm: 'Import Rex' });
    expect(listed.data.pets[0]).toMatchObject({ petBreed: 'Akita', OwnerNameForVet: 'Imogen Ward' });
  });

  it('a row whose owner the clinic has (same e-mail, or same phone digits and name) joins that owner and is counted', async () => {
    const csv = [
      HEADER,
      'Import Kit,Cat,unknown,Female,2021-05-05,,,,Someone Else,+1 555 0111,IMOGEN.WARD@example.org',
      'Import Pip,Cat,Unknown,Male,2021-05-05,,,,imogen  ward,0044 20 7946 0101,',
    ].join('\n');
    const { body } = await importCsv(csv);
    expect(body.data).toMatchObject({ rows: 2, created: 2, duplicates: 2, errors: [] });
    const owners = await ctx()
      .db.select({ ownerId: clinicPatients.clinicOwnerId })
      .from(clinicPatients)
      .where(eq(clinicPatients.importId, body.data.importId ?? 0));
    expect(new Set(owners.map((o) => o.ownerId)).size).toBe(1);
    const created = await ctx()
      .db.select({ n: rowCount })
      .from(clinicOwners)
      .where(eq(clinicOwners.importId, body.data.importId ?? 0));
    expect(created[0].n).toBe(0);
  });

  it('reads `;`, a byte order mark and dd/mm/yyyy', async () => {
    const csv = Buffer.from(
      '\uFEFFPet name;Pet type;Breed;Gender;Date of birth;Owner name;Owner phone\r\n' +
        '"Semi; Colon";Dog;Akita;Female;31/12/2018;"Noor, Haddad";+962 6 555 0101\r\n',
      'utf8',
    );
    const { body } = await importCsv(csv);
    expect(body.data).toMatchObject({ rows: 1, created: 1, errors: [] });
    const listed = await api
      .with({ token: admin })
      .envelope.get(API.vetPets, { offset: 1, limit: 5, searchTerm: 'Semi; Colon' });
    const details = await api
      .with({ token: admin })
      .envelope.get(API.vetPetDetails, { petProfileId: listed.data.pets[0].ID });
    expect(details.data).toMatchObject({ petName: 'Semi; Colon', dob: '2018-12-31', ownerNameForVet: 'Noor, Haddad' });
  });

  it('maps Spanish headers and reads Spanish titles; errors in the reader’s language', async () => {
    const csv = [
      'Nombre de la mascota,Tipo de mascota,Raza,Sexo,Fecha de nacimiento,Esterilizado,Nombre del dueño,Teléfono del dueño',
      'Import Luna,Perro,Lebrel afgano,Hembra,2017-07-07,Sí,Lucía Pérez,+34 91 555 0101',
      'Import Sol,Gato,Lebrel afgano,Macho,2017-07-07,No,Lucía Pérez,+34 91 555 0101',
    ].join('\n');
    const { body } = await importCsv(csv, { language: 'es' });
    expect(body.data.columns.every((c) => c.field !== null)).toBe(true);
    expect(body.data).toMatchObject({ rows: 2, created: 1 });
    expect(body.data.errors).toEqual([
      { line: 3, field: 'breed', message: 'Raza desconocida «Lebrel afgano» para este tipo de mascota.' },
    ]);
    const listed = await api
      .with({ token: admin })
      .envelope.get(API.vetPets, { offset: 1, limit: 5, searchTerm: 'Import Luna' });
    expect(listed.data.pets[0]).toMatchObject({ petBreed: 'Afghan Hound', petType: 'Dog' });
  });

  it('an explicit mapping from the wizard wins over the headers', async () => {
    const csv = ['a,b,c,d,e,f,g', 'Import Map,Dog,Akita,Male,2016-06-06,Mapped Owner,+1 555 0123'].join('\n');
    const unmapped = await importCsv(csv, { dryRun: true });
    expect(unmapped.body).toMatchObject({
      result: 0,
      message: 'No column of the file matches a field: map the columns.',
    });
    const mapping = ['petName', 'petType', 'breed', 'gender', 'dob', 'ownerName', 'ownerPhone'];
    const { body } = await importCsv(csv, { dryRun: true, mapping });
    expect(body.data).toMatchObject({ rows: 1, created: 1, errors: [] });
    const bad = await importCsv(csv, { dryRun: true, mapping: ['nope'] });
    expect(bad.statusCode).toBe(400);
  });

  it('an exported file re-imports with no errors, in English and in Spanish', async () => {
    for (const language of ['en', 'es']) {
      const exported = await api.send(
        API.exportVetPets,
        { query: 'searchTerm=' },
        { token: admin, headers: { 'accept-language': language } },
      );
      expect(exported.statusCode).toBe(200);
      const { body } = await importCsv(exported.rawPayload, { dryRun: true, language });
      expect(body.result).toBe(1);
      expect(body.data.errors).toEqual([]);
      expect(body.data.rows).toBeGreaterThan(5);
      expect(body.data.created).toBe(body.data.rows);
      // every pet's owner is the clinic's already
      expect(body.data.duplicates).toBe(body.data.rows);
    }
  });

  it('UndoImport deletes what the import created (restorable), once; another clinic cannot', async () => {
    const csv = [HEADER, 'Undo Me,Dog,Akita,Male,2019-04-02,,,,Una Undo,+1 555 0177,una.undo@example.org'].join('\n');
    const { body } = await importCsv(csv);
    const importId = body.data.importId ?? 0;
    const before = await patientCount();
    expect((await api.with({ token: other }).envelope.post(API.undoImport, { importId })).result).toBe(0);
    const undone = await api.with({ token: admin }).envelope.post(API.undoImport, { importId });
    expect(undone).toMatchObject({ result: 1, data: { deleted: 1 } });
    expect(await patientCount()).toBe(before - 1);
    const [owner] = await ctx()
      .db.select({ deletedAt: clinicOwners.deletedAt })
      .from(clinicOwners)
      .where(eq(clinicOwners.importId, importId));
    expect(owner.deletedAt).not.toBeNull();
    const again = await api.with({ token: admin }).envelope.post(API.undoImport, { importId });
    expect(again).toMatchObject({ result: 0, message: 'Import not found, or already undone.' });
    // restorable like any delete: the pet comes back with its owner
    const [pet] = await ctx()
      .db.select({ id: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.importId, importId), isNotNull(clinicPatients.deletedAt)));
    expect((await api.with({ token: admin }).envelope.post(API.restoreVetPet, { petId: pet.id })).result).toBe(1);
    const [back] = await ctx()
      .db.select({ deletedAt: clinicOwners.deletedAt })
      .from(clinicOwners)
      .where(eq(clinicOwners.importId, importId));
    expect(back.deletedAt).toBeNull();
    expect(await patientCount()).toBe(before);
  });

  it('GetImportProgress follows an import to its total, for the person who started it only', async () => {
    const progressKey = 'progress-test-0123456789abcdef';
    const rows = Array.from(
      { length: 1001 },
      (_, i) => `Progress ${i},Dog,Akita,Male,2019-04-02,,,,Pia Progress ${i % 7},+1 555 010${i % 7},`,
    );
    const importing = importCsv([HEADER, ...rows].join('\n'), { progressKey });
    const seen: { stage: string; done: number; total: number }[] = [];
    let finished = false;
    void importing.then(() => (finished = true));
    while (!finished) {
      const polled = await api.with({ token: admin }).envelope.get(API.importProgress, { progressKey });
      if (polled.result === 1) seen.push(polled.data);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { body } = await importing;
    expect(body.data.created).toBe(1001);
    const last = await api.with({ token: admin }).envelope.get(API.importProgress, { progressKey });
    expect(last).toMatchObject({ result: 1, data: { stage: 'done', done: 1001, total: 1001 } });
    // never backwards: rows read, then pets written up to the total
    const order = ['reading', 'writing', 'done'];
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]];
      expect(order.indexOf(b.stage) > order.indexOf(a.stage) || b.done >= a.done).toBe(true);
    }
    // a nurse is refused (admins import); another clinic or an unknown key: not known; a malformed key: HTTP 400
    expect((await api.get(API.importProgress, { progressKey }, { token: nurse })).statusCode).toBe(403);
    const otherAdmin = await api.with({ token: other }).envelope.get(API.importProgress, { progressKey });
    expect(otherAdmin).toMatchObject({ result: 0 });
    const unknown = await api
      .with({ token: admin })
      .envelope.get(API.importProgress, { progressKey: 'no-such-import-key-000' });
    expect(unknown).toMatchObject({ result: 0, message: 'No progress of that import is known here.' });
    const malformed = await api.get(API.importProgress, { progressKey: 'short' }, { token: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ result: 0 });
    // a dry run with a key reports too, and ends at once
    await importCsv([HEADER, goodRows[0]].join('\n'), { dryRun: true, progressKey: 'dry-run-key-0123456789' });
    const dry = await api
      .with({ token: admin })
      .envelope.get(API.importProgress, { progressKey: 'dry-run-key-0123456789' });
    expect(dry).toMatchObject({ result: 1, data: { stage: 'done', total: 0 } });
  }, 120_000);

  it('is for admins: a nurse is refused both calls', async () => {
    const res = await importCsv([HEADER, goodRows[0]].join('\n'), { token: nurse, dryRun: true });
    expect(res.statusCode).toBe(403);
    const undo = await api.post(API.undoImport, { importId: 1 }, { token: nurse });
    expect(undo.statusCode).toBe(403);
  });

  it('refuses a file that is empty, missing, not CSV or too long with a clear message', async () => {
    expect((await importCsv(HEADER, { dryRun: true })).body).toMatchObject({
      result: 0,
      message: 'The file holds no rows to import.',
    });
    expect((await importCsv('Pet name\n"unclosed\n', { dryRun: true })).body).toMatchObject({ result: 0 });
    expect((await importCsv('Pet name\n"unclosed\n', { dryRun: true })).body.message).toMatch(/not a CSV file/);
    const tooMany = `Pet name\n${'Rex\n'.repeat(20_001)}`;
    expect((await importCsv(tooMany, { dryRun: true })).body).toMatchObject({
      result: 0,
      message: 'The file has more than 20000 rows: split it and import each part.',
    });
    const tooBig = `Pet name\n${'x'.repeat(8 * 1024 * 1024)}\n`;
    expect((await importCsv(tooBig, { dryRun: true })).body).toMatchObject({
      result: 0,
      message: 'The file is larger than 8 MB: split it and import each part.',
    });
    const noFile = await api.send(
      API.importVetPatients,
      { query: { dryRun: true }, form: { payload: {} } },
      { token: admin },
    );
    expect(noFile.json()).toMatchObject({ result: 0, message: 'Choose a CSV file to import.' });
  }, 120_000);
});
