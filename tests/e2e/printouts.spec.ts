/**
 * The clinic's printouts (issue 22): the vaccination certificate and the visit summary, opened
 * from the Pet Profile and Edit Visit dialogs in a tab of their own, printed to PDF by Chromium on
 * A4 and on US Letter (one page each, the content read back from the PDF), in English and in
 * Arabic; and what another clinic, or a browser without a session, sees at their addresses.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { API } from '#shared/contract/paths';
import type {
  VetClinic,
  VetPetDetails,
  VetPetVisitsResult,
  VetVisitDetails,
  VetVisitsResult,
  WellnessRecord,
} from '#shared/contract/vet';
import { createClinicPetWithVisit } from '#tests/e2e/support/clinic-data';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { readPdf, type Pdf } from '#tests/e2e/support/pdf';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { uxShot } from '#tests/e2e/support/ux-shot';
import { searchPets } from '#tests/e2e/support/pets-search';

const PASSWORD = 'Pawtal!2026';
/** PDF page sizes in points (Chromium's A4 is 210 × 297 mm rounded up to its pixel grid). */
const SIZES = { A4: { width: 595.92, height: 842.88 }, Letter: { width: 612, height: 792 } } as const;
type Format = keyof typeof SIZES;

// signed in as Demo Clinic, except where a test signs in at a printout's address itself
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

async function login(page: Page, username = 'demo.clinic'): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('pawtal.portal.session'));
  return (JSON.parse(stored ?? '{}') as { token: string }).token;
}

/** A portal call with the page's session, as the page makes it. */
async function portalGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: { Authorization: `Bearer ${await token(page)}` } });
  const body = (await response.json()) as { result: number; data: T };
  expect(body.result, url).toBe(1);
  return body.data;
}

/** "March 5, 2026" as the page formats a calendar day in English. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Chooses the paper on the page (it sets @page's size), prints on it, and reads the PDF back. */
async function printOn(page: Page, format: Format): Promise<Pdf> {
  await page
    .getByRole('group', { name: /Paper size|حجم الورق/ })
    .getByRole('button')
    .nth(format === 'A4' ? 0 : 1)
    .click();
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', format === 'A4' ? 'a4' : 'letter');
  await page.evaluate(() => document.fonts.ready);
  const pdf = await readPdf(await page.pdf({ format, printBackground: true }));
  expect(pdf.pageObjects, `${format}: /Type /Page objects`).toBe(pdf.pages.length);
  for (const p of pdf.pages) {
    expect(p.width, format).toBeCloseTo(SIZES[format].width, 0);
    expect(p.height, format).toBeCloseTo(SIZES[format].height, 0);
  }
  return pdf;
}

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const result = await axeOf(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The clinic's vaccinations of a pet, as the certificate lists them (newest first). */
async function vaccinationsOf(page: Page, petProfileId: number): Promise<WellnessRecord[]> {
  const visits = await portalGet<VetPetVisitsResult>(
    page,
    `${API.vetPetVisits}?petProfileId=${petProfileId}&offset=1&limit=100`,
  );
  const details = await Promise.all(
    visits.visits.map((v) => portalGet<VetVisitDetails>(page, `${API.vetVisitDetails}?vetVisitId=${v.id}`)),
  );
  return details
    .flatMap((d) => d.petWellnessRecords.vaccinations)
    .sort((a, b) => b.ActionDate.localeCompare(a.ActionDate) || b.ID - a.ID);
}

test('the vaccination certificate opens from the Pet Profile dialog and prints on one A4 and one Letter page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openPortal(page, '?tab=pets');
  await searchPets(page, 'Biscuit');
  await page.getByRole('button', { name: 'Open the profile of Biscuit' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Biscuit' });
  const link = dialog.getByRole('link', { name: 'Vaccination certificate' });
  await expect(link).toHaveAttribute('target', '_blank');
  // Each visit of the history prints its summary too.
  await expect(dialog.getByRole('link', { name: /^Print the summary of the visit of / }).first()).toHaveAttribute(
    'href',
    /^\/Dashboard\/Visits\/\d+\/Summary$/,
  );

  const [sheet] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await sheet.waitForLoadState();
  const petProfileId = Number(/\/Dashboard\/Pets\/(\d+)\/Certificate$/.exec(sheet.url())?.[1]);
  expect(petProfileId).toBeGreaterThan(0);
  await expect(sheet.getByTestId('certificate')).toBeVisible();
  await expect(sheet).toHaveTitle(/^Vaccination certificate – Biscuit/);

  const [clinic, pet, vaccinations] = await Promise.all([
    portalGet<VetClinic>(sheet, API.vetClinic),
    portalGet<VetPetDetails>(sheet, `${API.vetPetDetails}?petProfileId=${petProfileId}`),
    vaccinationsOf(sheet, petProfileId),
  ]);
  expect(vaccinations.length, 'the demo pet has vaccinations').toBeGreaterThan(0);
  expect(vaccinations.length, 'a one-page certificate').toBeLessThanOrEqual(12);
  const today = await sheet.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

  // On screen: no portal chrome on the sheet, the rows in order.
  const rows = sheet.getByRole('table', { name: 'Vaccinations' }).getByRole('row');
  await expect(rows).toHaveCount(vaccinations.length + 1);
  await expect(rows.nth(1)).toContainText(longDate(vaccinations[0].ActionDate));
  await expectNoSeriousAxeViolations(sheet, 'certificate');

  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await printOn(sheet, format);
    expect(pdf.pages, `${format}: one page`).toHaveLength(1);
    const [only] = pdf.pages;
    const text = only.text;
    expect(pdf.title).toBe(await sheet.title());
    // nothing of the screen's toolbar is on paper
    for (const chrome of ['Back to the dashboard', 'US Letter', 'English', 'Print'])
      expect(text, `${format}: ${chrome}`).not.toContain(chrome);
    const expected = [
      clinic.name,
      ...clinic.address.split('\n'),
      `Phone: ${clinic.phone}`,
      'Vaccination certificate',
      `Issued on ${longDate(today)}`,
      `Name ${pet.petName}`,
      'Type Dog',
      `Breed ${pet.petBreed}`,
      `Sex ${pet.petGender}`,
      `Date of birth ${longDate(pet.dob ?? '')}`,
      'Colour',
      `Microchip ${pet.microChipId}`,
      `Owner ${pet.ownerNameForVet}`,
      'Vaccine Date given Next due Veterinarian',
      ...vaccinations.map((v) =>
        [
          v.WellnessPropertyValue,
          longDate(v.ActionDate),
          v.NextReminderDate ? longDate(v.NextReminderDate) : '—',
          v.VetName,
        ].join(' '),
      ),
      `Date of issue ${longDate(today)}`,
      "Veterinarian's signature and clinic stamp",
    ];
    for (const piece of expected) expect(text, `${format}: ${piece}`).toContain(piece);
    // the letterhead starts the page on the reading side (left in English)
    const clinicName = only.items.find((i) => i.str.startsWith(clinic.name.split(' ')[0]));
    expect(clinicName?.x ?? Infinity).toBeLessThan(only.width / 2);
  }

  // In Arabic: right to left, one page on either paper, the data as written.
  await sheet.goto(`/Dashboard/Pets/${petProfileId}/Certificate?lang=ar&printLanguage=ar`);
  await expect(sheet.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(sheet.getByRole('heading', { level: 1, name: 'شهادة تطعيم' })).toBeVisible();
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await printOn(sheet, format);
    expect(pdf.pages, `${format} (ar): one page`).toHaveLength(1);
    const [only] = pdf.pages;
    expect(pdf.title).toMatch(/^شهادة تطعيم – Biscuit/);
    for (const piece of [
      clinic.name,
      pet.petName,
      pet.microChipId,
      pet.ownerNameForVet,
      clinic.phone,
      ...new Set(vaccinations.map((v) => v.VetName)),
    ])
      expect(only.text, `${format} (ar): ${piece}`).toContain(piece);
    // Arabic letters on the page, and the letterhead on the right
    expect(only.text.normalize('NFKC')).toMatch(/[\u0621-\u064a]{3}/);
    const clinicName = only.items.find((i) => i.str.startsWith(clinic.name.split(' ')[0]));
    expect(clinicName?.x ?? 0).toBeGreaterThan(only.width / 2);
  }
  await expectNoSeriousAxeViolations(sheet, 'certificate (ar)');
});

/** The visit of the clinic with the most to print: vaccinations, antiparasitics, consultations and pictures. */
async function richestVisit(page: Page): Promise<VetVisitDetails> {
  const list = await portalGet<VetVisitsResult>(page, `${API.vetVisits}?isFinished=2&offset=1&limit=100`);
  const details = await Promise.all(
    list.visits.map((v) => portalGet<VetVisitDetails>(page, `${API.vetVisitDetails}?vetVisitId=${v.ID}`)),
  );
  const score = (d: VetVisitDetails) => {
    const r = d.petWellnessRecords;
    return (
      [r.vaccinations, r.antiparasitics, r.consultations, r.pictures, r.weight.records].filter((l) => l.length > 0)
        .length *
        10 +
      r.pictures.length
    );
  };
  return details.sort((a, b) => score(b) - score(a))[0];
}

test('the visit summary opens from the Edit Visit dialog and prints a visit with its records and pictures on one page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openPortal(page);
  const edit = page.getByRole('button', { name: /^Edit the visit of / }).first();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: /Edit Vet Visit/ });
  const summaryLink = dialog.getByRole('link', { name: 'Visit summary' });
  await expect(summaryLink).toHaveAttribute('href', /^\/Dashboard\/Visits\/\d+\/Summary$/);
  await expect(dialog.getByRole('link', { name: 'Vaccination certificate' })).toHaveAttribute(
    'href',
    /^\/Dashboard\/Pets\/\d+\/Certificate$/,
  );
  // With changes not saved, the dialog says the printout shows the visit as saved.
  await dialog.getByLabel('Notes', { exact: true }).fill('Not saved yet');
  await expect(dialog.getByText('Printouts show the visit as last saved.')).toBeVisible();
  const [sheet] = await Promise.all([context.waitForEvent('page'), summaryLink.click()]);
  await expect(sheet.getByTestId('visit-summary')).toBeVisible();
  await expect(sheet.getByTestId('visit-summary')).not.toContainText('Not saved yet');

  const details = await richestVisit(sheet);
  const records = details.petWellnessRecords;
  expect(records.pictures.length, 'a demo visit with pictures').toBeGreaterThan(0);
  expect(records.consultations.length, 'a demo visit with consultations').toBeGreaterThan(0);
  const clinic = await portalGet<VetClinic>(sheet, API.vetClinic);
  const pet = details.petProfile[0];
  const session = JSON.parse((await sheet.evaluate(() => localStorage.getItem('pawtal.portal.session'))) ?? '{}') as {
    users: { ID: number; Name: string }[];
  };
  const vet = session.users.find((u) => u.ID === details.visit.VetUserID)?.Name ?? '';

  await sheet.goto(`/Dashboard/Visits/${details.visit.ID}/Summary`);
  await expect(sheet).toHaveTitle(new RegExp(`^Visit summary – ${pet.petName}, ${longDate(details.visit.VisitDate)}`));
  const thumbnails = sheet.getByTestId('visit-summary').getByRole('img');
  await expect(thumbnails).toHaveCount(records.pictures.length);
  // every picture has loaded before it is printed
  await expect
    .poll(() =>
      thumbnails.evaluateAll((images) =>
        images.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  await expectNoSeriousAxeViolations(sheet, 'visit summary');

  const weight = records.weight.records[0];
  const unit = records.weight.unitOfMeasures.find((u) => u.id === weight?.GenUnitOfMeasureId)?.title ?? '';
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await printOn(sheet, format);
    expect(pdf.pages, `${format}: one page`).toHaveLength(1);
    const [only] = pdf.pages;
    expect(only.images, `${format}: the pictures as thumbnails`).toBe(records.pictures.length);
    const expected = [
      clinic.name,
      'Visit summary',
      `Name ${pet.petName}`,
      `Date of visit ${longDate(details.visit.VisitDate)}`,
      `Veterinarian ${vet}`,
      `Owner ${pet.ownerNameForVet}`,
      ...(weight ? [`Weight ${Number(weight.WellnessPropertyValue)} ${unit}`] : []),
      ...(details.visit.Notes ? ['Notes', details.visit.Notes] : []),
      ...records.vaccinations.map((v) => `${v.WellnessPropertyValue} ${longDate(v.ActionDate)}`),
      ...records.antiparasitics.map((v) => `${v.WellnessPropertyValue} ${longDate(v.ActionDate)}`),
      'Consultations',
      ...records.consultations.flatMap((c) => [c.WellnessPropertyValue, c.Notes]),
      ...records.pictures.flatMap((p) => (p.Notes ? [p.Notes] : [])),
    ];
    for (const piece of expected) expect(only.text, `${format}: ${piece}`).toContain(piece.replace(/\s+/g, ' '));
  }

  await sheet.goto(`/Dashboard/Visits/${details.visit.ID}/Summary?lang=ar&printLanguage=ar`);
  await expect(sheet.getByRole('heading', { level: 1, name: 'ملخص الزيارة' })).toBeVisible();
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await printOn(sheet, format);
    expect(pdf.pages, `${format} (ar): one page`).toHaveLength(1);
    expect(pdf.title).toMatch(new RegExp(`^ملخص الزيارة – ${pet.petName}`));
    expect(pdf.pages[0].images).toBe(records.pictures.length);
    for (const piece of [clinic.name, pet.petName, vet, ...records.consultations.map((c) => c.WellnessPropertyValue)])
      expect(pdf.pages[0].text, `${format} (ar): ${piece}`).toContain(piece);
  }
});

/**
 * A pet of Demo Clinic with a visit of its own, made through the API with Demo Clinic's stored session (this page has
 * none): no other spec (some delete visits and pets, in a parallel worker) can remove them while this one runs.
 */
async function demoIds(page: Page): Promise<{ petProfileId: number; vetVisitId: number }> {
  const { petId, visitId } = await createClinicPetWithVisit(page.request, {
    petName: `Printout ${Date.now().toString(36)}`,
    ownerNameForVet: 'Printout Owner',
    ownerPhoneForVet: '+1 555 0100 321',
    petGenderId: 2,
    petDateOfBirth: '2021-03-04',
  });
  return { petProfileId: petId, vetVisitId: visitId };
}

test.describe("at a printout's address without a session", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("another clinic gets the portal's not-found at the printouts of Demo Clinic's pet and visit", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { petProfileId, vetVisitId } = await demoIds(page);
    await page.goto(`/Dashboard/Pets/${petProfileId}/Certificate`);
    // No session in this browser: the login first, then the page asked for.
    await login(page, 'other.clinic');
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByText('Pet not found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' }).first()).toHaveAttribute(
      'href',
      '/Dashboard',
    );
    await expect(page.getByText('Demo Clinic')).toHaveCount(0);
    await expect(page.getByTestId('print-sheet')).toHaveCount(0);
    // nothing to print: no Print and no paper choice (issue 36, item 10)
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Paper size' })).toHaveCount(0);
    await uxShot(page, 'printout-not-found-1280');

    await page.goto(`/Dashboard/Visits/${vetVisitId}/Summary`);
    await expect(page.getByText('Visit not found.')).toBeVisible();
    await expect(page.getByText('Demo Clinic')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
    // an address that names no pet answers alike
    await page.goto('/Dashboard/Pets/not-a-pet/Certificate');
    await expect(page.getByText('Pet not found.')).toBeVisible();

    // Demo Clinic, in a browser without its session, logs in at the printout's address and gets it.
    const context = await browser.newContext();
    const own = await context.newPage();
    await own.goto(`/Dashboard/Visits/${vetVisitId}/Summary`);
    await login(own);
    await expect(own.getByTestId('visit-summary')).toBeVisible();
    await expect(own.getByTestId('letterhead')).toContainText('Demo Clinic');
    await context.close();
  });
});
