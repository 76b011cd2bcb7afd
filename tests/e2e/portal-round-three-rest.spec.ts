/**
 * Issue 36 in the portal, the rest: "Recently deleted" from the Visits tab (item 10), the Pets filters' labels whole
 * (item 10), an odd owner e-mail kept but warned about (item 10), one reminder for several vaccinations (item 11), the
 * Pets grid's pager arrows in Arabic (item 9). At 390 and 1280 px, in English and Arabic (and German, Portuguese,
 * Chinese and Hindi for the labels).
 */
import { readFileSync } from 'node:fs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { cutTexts } from '#tests/e2e/support/cut-texts';
import { expect, test } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

type Strings = Record<string, Record<string, unknown>>;
const portal = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/portal.json`, 'utf8')) as Strings;
const at = (strings: Strings, path: string): string =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], strings) as string;

for (const width of [390, 1280]) {
  for (const lang of ['en', 'ar'] as const) {
    test(`"Recently deleted" opens from the Visits tab at ${width} px (${lang})`, async ({ page }) => {
      const s = portal(lang);
      await page.setViewportSize({ width, height: 900 });
      await openPortal(page, `?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: at(s, 'visits.heading') })).toBeVisible();
      await page.getByRole('button', { name: at(s, 'deleted.open') }).click();
      await expect(page.getByRole('heading', { level: 2, name: at(s, 'deleted.heading') })).toBeVisible();
      await page.getByRole('button', { name: at(s, 'deleted.back') }).click();
      await expect(page.getByRole('button', { name: at(s, 'deleted.open') })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    });

    test(`an owner e-mail such as "not-an-email" is warned about, not refused, at ${width} px (${lang})`, async ({
      page,
    }) => {
      const s = portal(lang);
      await page.setViewportSize({ width, height: 900 });
      await openPortal(page, `?tab=pets&lang=${lang}`);
      await page.getByRole('button', { name: at(s, 'pets.add') }).click();
      const dialog = page.getByRole('dialog');
      const email = dialog.getByRole('textbox', { name: at(s, 'pets.form.ownerEmail') });
      await email.fill('not-an-email');
      await expect(dialog.getByText(at(s, 'pets.form.ownerEmailLooksWrong'))).toBeVisible();
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await email.fill('owner@example.com');
      await expect(dialog.getByText(at(s, 'pets.form.ownerEmailLooksWrong'))).toHaveCount(0);
    });
  }
}

for (const lang of ['en', 'de', 'pt', 'ar', 'zh', 'hi'] as const) {
  test(`the Pets filters show whole labels at 1280 px (${lang})`, async ({ page }) => {
    const s = portal(lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPortal(page, `?tab=pets&lang=${lang}`);
    const filters = page.getByRole('group', { name: at(s, 'pets.filters.label') });
    await expect(filters).toBeVisible();
    const cut = await cutTexts(filters.locator('label'));
    expect(cut).toEqual([]);
    await expect(filters.locator('label').filter({ hasText: at(s, 'pets.filters.ageFrom') })).toBeVisible();
  });
}

test('one reminder for several vaccinations at once in the visit dialog (Arabic, 1280 px)', async ({ page }) => {
  const s = portal('ar');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPortal(page, '?lang=ar');
  await page
    .getByRole('button', { name: new RegExp(`^${at(s, 'visits.editLabel').split('{{')[0]}`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const add = dialog.getByRole('button', { name: at(s, 'editVisit.add.vaccinations') });
  await add.click();
  await add.click();
  const forAll = dialog.getByRole('combobox', { name: at(s, 'editVisit.reminderForAll') });
  await forAll.click();
  await page.getByRole('option', { name: at(s, 'reminderChoice.365') }).click();
  // every reminder of the vaccinations now says "in 12 months"
  const reminders = dialog.getByRole('combobox', { name: at(s, 'editVisit.reminder'), exact: true });
  const count = await reminders.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) await expect(reminders.nth(i)).toHaveText(at(s, 'reminderChoice.365'));
  // the choice is an action: the field stays empty for the next one
  await expect(forAll).not.toHaveText(at(s, 'reminderChoice.365'));
});

test('the Pets grid pager points its arrows the way the page reads in Arabic (1280 px)', async ({ page }) => {
  const s = portal('ar');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPortal(page, '?tab=pets&lang=ar');
  await expect(page.getByRole('grid')).toBeVisible();
  const previous = page.locator('[data-mui-pagination-action="previous"]');
  const next = page.locator('[data-mui-pagination-action="next"]');
  const [before, after] = [await previous.boundingBox(), await next.boundingBox()];
  // right to left: Previous on the right pointing right, Next on the left pointing left
  expect(before && after && after.x < before.x).toBe(true);
  const pointsLeft = (d: string | null) => (d ?? '').startsWith('M15.41');
  expect(pointsLeft(await next.locator('path').getAttribute('d'))).toBe(true);
  expect(pointsLeft(await previous.locator('path').getAttribute('d'))).toBe(false);
  await next.click();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await page.getByText(at(s, 'pets.heading')).count()).toBeGreaterThan(0);
});
