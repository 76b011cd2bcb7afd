/**
 * Weight over time (issue 22): the chart and its table on the public pet profile and in the
 * portal's Pet Profile dialog, in kilograms or pounds (converted, the choice remembered), in
 * Arabic too; and the public profile's record pictures opening enlarged, and its word on private
 * records.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { API } from '#shared/contract/paths';
import type { VetPetVisitsResult, VetVisitDetails } from '#shared/contract/vet';
import type { WellnessCategoryType } from '#shared/contract/wellness';
import { intlLocale } from '#shared/languages';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';
import { searchPets } from '#tests/e2e/support/pets-search';

const KG_PER_LB = 0.45359237;
const WEIGHT_TYPE = 1;
/** Weight sits in the Activity category (id 2). */
const ACTIVITY = 2;

test.use({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });

interface Weighing {
  id: number;
  date: string;
  kg: number;
}

function kilograms(value: string, unit: string): number | null {
  const amount = Number(value.trim());
  if (!(amount > 0)) return null;
  if (unit === 'kg') return amount;
  if (unit === 'lb') return amount * KG_PER_LB;
  return null;
}

/** What the table must hold: the readable weighings oldest first, in the unit, with the page's digits. */
function expectedRows(weighings: readonly Weighing[], unit: 'kg' | 'lb', lang = 'en'): string[][] {
  const language = intlLocale(lang);
  return [...weighings]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
    .map((w) => {
      const value = unit === 'kg' ? w.kg : w.kg / KG_PER_LB;
      const digits = value < 1 ? 3 : value < 10 ? 2 : 1;
      return [
        new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${w.date}T00:00:00Z`),
        ),
        new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
      ];
    });
}

async function tableRows(section: Locator): Promise<string[][]> {
  return section
    .getByRole('table')
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent?.trim() ?? '')),
    );
}

async function publicWeighings(page: Page): Promise<Weighing[]> {
  const response = await page.request.get(
    `${API.wellnessCategoryTypes}?petProfile=1&publicId=DEMO0001&categoryId=${ACTIVITY}`,
  );
  const types = ((await response.json()) as { data: WellnessCategoryType[] }).data;
  const weight = types.find((t) => t.id === WEIGHT_TYPE);
  return (weight?.records ?? []).flatMap((r) => {
    const kg = kilograms(r.recordValue, r.unitOfMeasure);
    return kg === null ? [] : [{ id: r.id, date: r.actionDate, kg }];
  });
}

async function openPublicWeights(page: Page, lang = 'en'): Promise<Locator> {
  await page.goto(`/Pets/Details?publicId=DEMO0001&isFrom=Home&lang=${lang}`);
  await page.getByRole('tab').nth(2).click();
  // the record types' group (Weight first)
  await page.locator('[role=group]').first().getByRole('button').first().click();
  const section = page.getByTestId('weight-over-time');
  await expect(section).toBeVisible();
  return section;
}

test('the public profile charts the weights with the same values in a table, in kg or lb, remembered', async ({
  page,
}) => {
  const weighings = await publicWeighings(page);
  expect(weighings.length).toBeGreaterThan(2);
  const section = await openPublicWeights(page);

  const chart = section.getByRole('img', { name: 'Weight over time' });
  await expect(chart).toBeVisible();
  // one mark per weighing on the line
  await expect(chart.locator('.MuiLineChart-mark')).toHaveCount(weighings.length);
  await expect(section.getByRole('table', { name: 'Weights in kg' })).toBeVisible();
  // en-GB: kilograms until the visitor picks pounds
  await expect(section.getByRole('button', { name: 'kg (kilograms)' })).toHaveAttribute('aria-pressed', 'true');
  expect(await tableRows(section)).toEqual(expectedRows(weighings, 'kg'));

  await section.getByRole('button', { name: 'lb (pounds)' }).click();
  await expect(section.getByRole('table', { name: 'Weights in lb' })).toBeVisible();
  expect(await tableRows(section)).toEqual(expectedRows(weighings, 'lb'));
  await expect(chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').first()).toBeVisible();

  // remembered: the next page shows pounds at once
  const again = await openPublicWeights(page);
  await expect(again.getByRole('button', { name: 'lb (pounds)' })).toHaveAttribute('aria-pressed', 'true');
  expect(await tableRows(again)).toEqual(expectedRows(weighings, 'lb'));
});

test.describe('in the United States', () => {
  test.use({ locale: 'en-US' });
  test('a visitor starts in pounds', async ({ page }) => {
    const section = await openPublicWeights(page);
    await expect(section.getByRole('button', { name: 'lb (pounds)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(section.getByRole('table', { name: 'Weights in lb' })).toBeVisible();
  });
  // the page in another language follows that language's customs, not the English browser's region (issue 36)
  for (const lang of ['es', 'de']) {
    test(`the page in ${lang} starts in kilograms, and lb is one click away`, async ({ page }) => {
      const section = await openPublicWeights(page, lang);
      await expect(section.locator('[aria-pressed="true"]')).toHaveText('kg');
      await section.locator('[aria-pressed="false"]').click();
      await expect(section.locator('[aria-pressed="true"]')).toHaveText('lb');
    });
  }
});

test('in Arabic the chart reads right to left with its labels and the table in Arabic', async ({ page }) => {
  const weighings = await publicWeighings(page);
  await page.addInitScript(() => localStorage.setItem('pawtal.weightUnit', 'kg'));
  const section = await openPublicWeights(page, 'ar');
  const chart = section.getByRole('img', { name: 'الوزن عبر الزمن' });
  await expect(chart).toBeVisible();
  await expect(section.getByRole('table', { name: 'الأوزان (كغ)' })).toBeVisible();
  expect(await tableRows(section)).toEqual(expectedRows(weighings, 'kg', 'ar'));
  // the time axis has its day labels (Arabic's taller line once cut them all to nothing), and runs from the right
  const labels = chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
  await expect
    .poll(async () => (await labels.allTextContents()).filter((t) => t.trim() !== '').length)
    .toBeGreaterThan(1);
  const yAxis = await chart.locator('.MuiChartsAxis-directionY').boundingBox();
  const box = await chart.boundingBox();
  expect(yAxis && box && yAxis.x > box.x + box.width / 2).toBe(true);
});

test.describe('in the portal', () => {
  // signed in (the login has its own tests)
  test.use({ storageState: clinicStorageState() });

  test("the portal's Pet Profile dialog charts the weights the clinic recorded", async ({ page }) => {
    await openPortal(page, '?tab=pets');
    await searchPets(page, 'Biscuit');
    await page.getByRole('button', { name: 'Open the profile of Biscuit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Biscuit' });
    const certificate = await dialog.getByRole('link', { name: 'Vaccination certificate' }).getAttribute('href');
    const petProfileId = Number(/\/Dashboard\/Pets\/(\d+)\//.exec(certificate ?? '')?.[1]);

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('pawtal.portal.session'))) ?? '{}') as {
      token: string;
    };
    const headers = { Authorization: `Bearer ${stored.token}` };
    const visits = (
      (await (
        await page.request.get(`${API.vetPetVisits}?petProfileId=${petProfileId}&offset=1&limit=100`, { headers })
      ).json()) as { data: VetPetVisitsResult }
    ).data;
    const weighings: Weighing[] = [];
    for (const v of visits.visits) {
      const details = (
        (await (await page.request.get(`${API.vetVisitDetails}?vetVisitId=${v.id}`, { headers })).json()) as {
          data: VetVisitDetails;
        }
      ).data;
      const units = new Map(details.petWellnessRecords.weight.unitOfMeasures.map((u) => [u.id, u.title]));
      for (const r of details.petWellnessRecords.weight.records) {
        const kg = kilograms(r.WellnessPropertyValue, units.get(r.GenUnitOfMeasureId ?? 0) ?? '');
        if (kg !== null) weighings.push({ id: r.ID, date: r.ActionDate, kg });
      }
    }
    expect(weighings.length).toBeGreaterThan(0);

    await page.evaluate(() => localStorage.setItem('pawtal.weightUnit', 'kg'));
    await dialog.getByRole('tab', { name: 'Activity' }).click();
    await dialog.getByRole('button', { name: 'Weight' }).click();
    const section = dialog.getByTestId('weight-over-time');
    await expect(section.getByRole('img', { name: 'Weight over time' })).toBeVisible();
    expect(await tableRows(section)).toEqual(expectedRows(weighings, 'kg'));
    await section.getByRole('button', { name: 'lb (pounds)' }).click();
    expect(await tableRows(section)).toEqual(expectedRows(weighings, 'lb'));
    const axe = await axeOf(page, '[data-testid="weight-over-time"]');
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
  });
});

test('public record pictures open enlarged, and private records say so', async ({ page }) => {
  await page.goto('/Pets/Details?publicId=DEMO0001&isFrom=Home');
  await page.getByRole('tab', { name: 'Grooming & Hygiene' }).click();
  await page.getByRole('group', { name: 'Record types' }).getByRole('button', { name: 'Grooming' }).click();
  const enlarge = page.getByRole('button', { name: /^Enlarge the picture of the Grooming record of / });
  await expect(enlarge).toHaveCount(1);
  const src = await enlarge.getByRole('img').getAttribute('src');
  await enlarge.click();
  const viewer = page.getByRole('dialog', { name: /^Picture of the Grooming record of / });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', src ?? '');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('110%')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close the picture' }).click();
  await expect(viewer).toBeHidden();
  await expect(enlarge).toBeFocused();

  await page.goto('/Pets/Details?publicId=DEMO0003&isFrom=Home');
  await expect(page.getByTestId('records-private')).toHaveText("Mochi's health records are private.");
  await expect(page.getByRole('tab')).toHaveCount(2);
  await page.goto('/Pets/Details?publicId=DEMO0003&isFrom=Home&lang=es');
  await expect(page.getByTestId('records-private')).toHaveText('Los registros de salud de Mochi son privados.');
});
