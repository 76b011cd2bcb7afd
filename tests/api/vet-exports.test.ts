import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mediaBase } from '#server/config';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { clinicPetsInPages } from '#server/clinic-pets/list-pets';
import { clinicPatients, clinics } from '#server/db/schema';
import { API } from '#shared/contract/paths';
import { CATEGORY_TYPE_VACCINATION } from '#shared/constants';
import { intlLocale, LANGUAGES } from '#shared/languages';
import type { VetPet } from '#shared/contract/vet';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

/** RFC 4180 rows of a CSV text (quoted cells with "" inside, CRLF between rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A locale file as the product ships it. */
function readLocale(language: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(new URL(`../../locales/${language}/${ns}.json`, import.meta.url), 'utf8'));
}

/**
 * ExportVetPets and ExportVetReminders (issue 21, item 4): CSV with a BOM, every cell quoted,
 * formula injection neutralised, headers in the reader's language, the lists' filters and order,
 * read in keyset pages (streamed), the clinic session like every portal call.
 */
describeOnBothDatabases('Vet portal CSV exports', (ctx) => {
  let demoToken = '';
  let otherToken = '';
  let demoClinicId = 0;
  let breed = 0;
  const api = injectApi(
    () => ctx().app,
    () => ({ token: demoToken }),
  );

  beforeAll(async () => {
    demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
    otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)!.id;
    breed = await firstDogBreedId(ctx().db);
  });

  async function exportCsv(path: string, query: string, token: string | null = demoToken, language = 'en') {
    const res = await api.send(
      path,
      { query },
      { token: token ?? undefined, headers: { 'accept-language': language } },
    );
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
  }

  async function allPets(query: string): Promise<VetPet[]> {
    const out: VetPet[] = [];
    for (let page = 1; page < 200; page++) {
      const res = await api.send(API.vetPets, { query: `offset=${page}&limit=100&${query}` });
      const body = res.json();
      out.push(...body.data.pets);
      if (out.length >= body.data.count || body.data.pets.length === 0) return out;
    }
    return out;
  }

  it("exports the pets as UTF-8 CSV with a BOM, a header row in English and every column with the owner e-mail, in the list's order", async () => {
    const { status, headers, raw, text } = await exportCsv(API.exportVetPets, 'searchTerm=');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename="pets-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''pets-/,
    );
    expect(headers['cache-control']).toBe('private, no-store');
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Pet name',
      'Pet type',
      'Breed',
      'Gender',
      'Date of birth',
      'Age (years)',
      'Sterilized',
      'Microchip ID',
      'Blood type',
      'Owner name',
      'Owner phone',
      'Owner e-mail',
      'Patient since',
      'Due',
    ]);
    const listed = await allPets('searchTerm=');
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((p) => p.petName));
    expect(rows.slice(1).map((r) => r[11])).toEqual(listed.map((p) => p.OwnerEmailForVet));
    expect(rows.slice(1).map((r) => r[10].replace(/^'/, ''))).toEqual(listed.map((p) => p.OwnerPhoneForVet));
    expect(rows.slice(1).every((r) => r.length === 14)).toBe(true);
    const dueWords: Record<VetPet['dueStatus'], string> = {
      overdue: 'Overdue',
      due: 'Due soon',
      upToDate: 'Up to date',
    };
    expect(rows.slice(1).map((r) => r[13])).toEqual(listed.map((p) => dueWords[p.dueStatus]));
  });

  it("headers and values in the reader's language (Spanish, Arabic)", async () => {
    const es = parseCsv(
      (await exportCsv(API.exportVetPets, 'searchTerm=', demoToken, 'es')).text.replace(/^\uFEFF/, ''),
    );
    expect(es[0][0]).toBe('Nombre de la mascota');
    expect(es[0][11]).toBe('Correo del dueño');
    expect(es.slice(1).every((r) => ['Macho', 'Hembra'].includes(r[3]))).toBe(true);
    const ar = await exportCsv(API.exportVetPets, 'searchTerm=', demoToken, 'ar');
    expect(parseCsv(ar.text.replace(/^\uFEFF/, ''))[0][0]).toBe('اسم الحيوان الأليف');
    expect(ar.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('الحيوانات-الأليفة')}`);
  });

  it('every language: its headers, and type, breed and due item as its data titles (locales/<lang>/data.json)', async () => {
    const listed = await allPets('searchTerm=');
    const soon = await api.post(API.vetReminders, { dateFrom: isoDay(0), dateTo: isoDay(30), offset: 1, limit: 100 });
    const dueSoon = soon.json().data.reminders;
    expect(dueSoon.length).toBeGreaterThan(3);
    for (const language of LANGUAGES.map((l) => l.code)) {
      const strings = readLocale(language, 'portal') as { exportColumns: Record<string, string> };
      const data = readLocale(language, 'data') as {
        petType: Record<string, string>;
        breed: Record<string, string>;
        vaccination: Record<string, string>;
        antiparasitic: Record<string, string>;
      };
      const pets = parseCsv(
        (await exportCsv(API.exportVetPets, 'searchTerm=', demoToken, language)).text.replace(/^\uFEFF/, ''),
      );
      expect(pets[0].slice(0, 3), language).toEqual([
        strings.exportColumns.petName,
        strings.exportColumns.petType,
        strings.exportColumns.breed,
      ]);
      expect(
        pets.slice(1).map((r) => `${r[1]}|${r[2]}`),
        language,
      ).toEqual(
        listed.map((p) => `${data.petType[p.petTypeId] ?? p.petType}|${data.breed[p.petBreedId] ?? p.petBreed}`),
      );
      const reminders = parseCsv(
        (
          await exportCsv(API.exportVetReminders, `dateFrom=${isoDay(0)}&dateTo=${isoDay(30)}`, demoToken, language)
        ).text.replace(/^\uFEFF/, ''),
      );
      expect(reminders[0][0], language).toBe(strings.exportColumns.dueOn);
      expect(
        reminders.slice(1).map((r) => `${r[2]}|${r[6]}`),
        language,
      ).toEqual(
        dueSoon.map(
          (r) =>
            `${data.petType[r.petTypeId] ?? r.petType}|${(r.categoryTypeId === CATEGORY_TYPE_VACCINATION ? data.vaccination : data.antiparasitic)[r.recordValue] ?? r.recordValue}`,
        ),
      );
    }
  });

  it("sorted by type or breed, the list and the export follow the titles in the reader's language", async () => {
    for (const language of ['fr', 'de', 'zh', 'ar'] as const) {
      const data = readLocale(language, 'data') as { breed: Record<string, string> };
      const collator = new Intl.Collator(intlLocale(language), { sensitivity: 'base', numeric: true });
      const res = await api.get(
        API.vetPets,
        { offset: 1, limit: 100, searchTerm: '', sortField: 'breed', sortOrder: 'asc' },
        { headers: { 'accept-language': language } },
      );
      const pets = res.json().data.pets;
      const titles = pets.map((p) => data.breed[p.petBreedId] ?? p.petBreed);
      expect(titles, language).toEqual([...titles].sort(collator.compare));
      const csv = parseCsv(
        (
          await exportCsv(API.exportVetPets, 'searchTerm=&sortField=breed&sortOrder=asc', demoToken, language)
        ).text.replace(/^\uFEFF/, ''),
      );
      expect(
        csv.slice(1, pets.length + 1).map((r) => r[2]),
        language,
      ).toEqual(titles);
    }
  });

  it('neutralises formulas and escapes quotes, commas and line breaks', async () => {
    const created = await api.postForm(API.createVetPet, {
      petName: '=HYPERLINK("http://evil.example","click")',
      petTypeId: 1,
      petBreedId: breed,
      ownerNameForVet: '@SUM(1+1), "Nan"',
      ownerPhoneForVet: '-2+3',
      ownerEmailForVet: 'x@example.com',
      microChipId: '+1 555',
      petGenderId: 2,
      petDateOfBirth: '2021-05-06',
    });
    expect(created.json().result).toBe(1);
    const { text } = await exportCsv(API.exportVetPets, `searchTerm=${encodeURIComponent('HYPERLINK')}`);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    expect(row[0]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(row[9]).toBe('\'@SUM(1+1), "Nan"');
    expect(row[10]).toBe("'-2+3");
    // a plus, then digits and spaces only, runs nothing and is written as it is (a phone number, issue 36)
    expect(row[7]).toBe('+1 555');
    expect(row[3]).toBe('Female');
    // A tab or carriage return at the start is neutralised too.
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerNameForVet: '\tcmd|calc' })
      .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.ownerPhoneForVet, '-2+3')));
    const again = parseCsv(
      (await exportCsv(API.exportVetPets, `searchTerm=${encodeURIComponent('HYPERLINK')}`)).text.replace(/^\uFEFF/, ''),
    );
    expect(again[1][9]).toBe("'\tcmd|calc");
  });

  it('exports what the Pets tab shows with its search, filters and sort', async () => {
    for (const query of [
      'searchTerm=a',
      'searchTerm=&petTypeId=2',
      'searchTerm=&genderId=1&sortField=name&sortOrder=desc',
      'searchTerm=&isSterilized=unknown&sortField=age',
      'searchTerm=example&sortField=owner',
      'searchTerm=&ageFrom=2&ageTo=6&sortField=breed&sortOrder=desc',
    ]) {
      const rows = parseCsv((await exportCsv(API.exportVetPets, query)).text.replace(/^\uFEFF/, ''));
      const listed = await allPets(query);
      const neutralised = (v: string) => v.replace(/^([=+\-@\t\r])/, "'$1");
      expect(
        rows.slice(1).map((r) => `${r[0]}|${r[9]}`),
        query,
      ).toEqual(listed.map((p) => `${neutralised(p.petName)}|${neutralised(p.OwnerNameForVet)}`));
    }
  });

  it('reads the pets in keyset pages that add up to the list, in every sort order (small pages)', async () => {
    const base = mediaBase(ctx().config);
    for (const sortField of [undefined, 'name', 'age', 'dob', 'type', 'breed', 'owner', 'created'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const filters = { searchTerm: '', ...(sortField ? { sortField, sortOrder } : {}) };
        const pages: number[][] = [];
        for await (const page of clinicPetsInPages(ctx().db, base, demoClinicId, filters, 'en', 4))
          pages.push(page.map((p) => p.ID));
        expect(
          pages.slice(0, -1).every((p) => p.length === 4),
          `${sortField} ${sortOrder}`,
        ).toBe(true);
        const listed = await allPets(`searchTerm=${sortField ? `&sortField=${sortField}&sortOrder=${sortOrder}` : ''}`);
        expect(pages.flat(), `${sortField} ${sortOrder}`).toEqual(listed.map((p) => p.ID));
      }
    }
  });

  it('streams a long export page by page: 2,500 more patients, every one once, in order', async () => {
    // Patients of other pets, added by SQL (the same triggers keep their search text).
    await ctx().db.execute(sql`
      insert into clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet, created_at)
      select ${demoClinicId}, p.id, 'Bulk Owner ' || p.id, '+1 555 ' || p.id, 'bulk' || p.id || '@example.com', now() - (p.id || ' minutes')::interval
      from pet_profiles p
      where not exists (select 1 from clinic_patients cp where cp.clinic_id = ${demoClinicId} and cp.pet_profile_id = p.id)
      order by p.id limit 2500`);
    await invalidatePublicCache(ctx().app);
    const [{ count }] = await ctx()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, demoClinicId));
    const { text } = await exportCsv(API.exportVetPets, 'searchTerm=');
    const rows = parseCsv(text.replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(count);
    const emails = rows.map((r) => r[11]).filter((e) => e.startsWith('bulk'));
    expect(new Set(emails).size).toBe(emails.length);
    const firstPage = await allPets('searchTerm=');
    expect(rows.map((r) => r[11])).toEqual(firstPage.map((p) => p.OwnerEmailForVet));
  });

  it("exports the reminders of a range with its status filter, the list's order, owner e-mail and e-mail state", async () => {
    const query = `dateFrom=${isoDay(0)}&dateTo=${isoDay(30)}`;
    const res = await api.post(API.vetReminders, { dateFrom: isoDay(0), dateTo: isoDay(30), offset: 1, limit: 100 });
    const listed = res.json().data.reminders;
    expect(listed.length).toBeGreaterThan(3);
    const answer = await exportCsv(API.exportVetReminders, query);
    expect(answer.status).toBe(200);
    // the file names the range, not only its first day (issue 36)
    expect(answer.headers['content-disposition']).toContain(`filename="reminders-${isoDay(0)}_${isoDay(30)}.csv"`);
    const rows = parseCsv(answer.text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Due date',
      'Pet name',
      'Pet type',
      'Breed',
      'Age (years)',
      'Kind',
      'Due',
      'Owner name',
      'Owner phone',
      'Owner e-mail',
      'Reminder e-mail',
      'Reminder state',
      'Snoozed until',
    ]);
    // phones as the list shows them, with no apostrophe before the plus (issue 36)
    expect(rows.slice(1).map((r) => [r[0], r[1], r[8], r[9]])).toEqual(
      listed.map((r) => [r.nextReminderDate, r.petName, r.ownerPhoneForVet, r.ownerEmailForVet]),
    );
    expect(
      rows
        .slice(1)
        .map((r) => r[5])
        .every((kind) => ['Vaccination', 'Antiparasitic'].includes(kind)),
      rows.map((r) => r[5]).join(),
    ).toBe(true);
    expect(
      rows
        .slice(1)
        .map((r) => r[10])
        .every((state) => ['Not sent', 'No e-mail address'].includes(state)),
      rows.map((r) => r[10]).join(),
    ).toBe(true);
    const noEmail = parseCsv(
      (await exportCsv(API.exportVetReminders, `${query}&status=noEmail`)).text.replace(/^\uFEFF/, ''),
    ).slice(1);
    expect(noEmail.length).toBe(listed.filter((r) => r.deliveryStatus === 'noEmail').length);
    const es = parseCsv(
      (await exportCsv(API.exportVetReminders, `date=${listed[0].nextReminderDate}`, demoToken, 'es')).text.replace(
        /^\uFEFF/,
        '',
      ),
    );
    expect(es[0][0]).toBe('Fecha prevista');
    expect(es.slice(1).every((r) => ['Vacunación', 'Antiparasitario'].includes(r[5]))).toBe(true);
  });

  it('needs the clinic session, keeps to the clinic, and refuses a bad range with the envelope', async () => {
    expect((await exportCsv(API.exportVetPets, 'searchTerm=', null)).status).toBe(401);
    expect((await exportCsv(API.exportVetReminders, `date=${isoDay(7)}`, null)).status).toBe(401);
    const theirs = parseCsv(
      (await exportCsv(API.exportVetPets, 'searchTerm=', otherToken)).text.replace(/^\uFEFF/, ''),
    ).slice(1);
    expect(theirs.some((r) => r[11].startsWith('bulk'))).toBe(false);
    const bad = await exportCsv(API.exportVetReminders, `dateFrom=${isoDay(3)}&dateTo=${isoDay(1)}`);
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.text)).toEqual({
      result: 0,
      message: 'Please choose a date range whose start is not after its end.',
      data: null,
    });
    expect((await exportCsv(API.exportVetReminders, '')).status).toBe(400);
    expect((await exportCsv(API.exportVetPets, 'genderId=7')).status).toBe(400);
  });
});
