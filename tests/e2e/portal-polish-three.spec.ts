/**
 * Last round's review notes left open, in the browser: the Compliance table's headers whole at 390 px, labels whole in
 * every language (the Owners grid's headers, the reminder filters), the Staff tab readable at 390 px, and the snooze
 * dialog's day in the page's language (the shared MUI X date picker). docs/decisions/0196.
 */
import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { cutTexts } from '#tests/e2e/support/cut-texts';
import { expect, test, type Locator } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

const LANGUAGES = ['en', 'es', 'ar', 'fr', 'de', 'pt', 'it', 'tr', 'zh', 'hi'] as const;
type Strings = Record<string, Record<string, unknown>>;
const strings = (lang: string, ns = 'portal') =>
  JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Strings;
const at = (s: Strings, path: string): string =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], s) as string;

/** The texts among `elements` whose text runs over more than one line. */
const brokenTexts = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els
      .filter((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return tops.size > 1;
      })
      .map((e) => e.textContent ?? ''),
  );

test('the Compliance table keeps each header on one line at 390 px and scrolls sideways inside its box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['en', 'de', 'fr', 'tr', 'ar'] as const) {
    const s = strings(lang);
    await openPortal(page, `?tab=notifications&lang=${lang}`);
    const table = page.getByRole('table', { name: at(s, 'compliance.tableLabel') });
    await expect(table.getByRole('row')).toHaveCount(13);
    expect(await brokenTexts(table.getByRole('columnheader')), lang).toEqual([]);
    // the page itself does not scroll sideways: the table's box does
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), lang).toBe(true);
  }
});

for (const width of [390, 1024, 1280]) {
  test(`the Owners grid's headers and the reminder filters are whole in every language at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const cut: string[] = [];
    for (const lang of LANGUAGES) {
      const s = strings(lang);
      // (a phone lists owners as cards)
      if (width >= 768) {
        await openPortal(page, `?tab=owners&lang=${lang}`);
        const grid = page.getByRole('grid', { name: at(s, 'owners.heading') });
        await expect(grid.getByRole('columnheader').first()).toBeVisible();
        const headers = grid.locator('.MuiDataGrid-columnHeaderTitle');
        await expect(headers.filter({ hasText: at(s, 'owners.col.language') })).toHaveCount(1);
        cut.push(...(await cutTexts(headers)).map((text) => `${lang} owners: ${text}`));
      }

      await openPortal(page, `?tab=notifications&lang=${lang}`);
      const state = page.getByRole('combobox', { name: at(s, 'reminders.stateFilter') });
      await expect(state).toBeVisible();
      cut.push(...(await cutTexts(page.locator('label'))).map((text) => `${lang} reminders: ${text}`));
    }
    expect(cut).toEqual([]);
  });
}

test('the Staff tab reads as a list at 390 px: everyone whole, no sideways scrolling, the role still changeable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['en', 'ar'] as const) {
    const s = strings(lang, 'staff');
    await openPortal(page, `?tab=staff&lang=${lang}`);
    const people = page.getByRole('list', { name: at(s, 'staffTab.heading') }).getByRole('listitem');
    await expect(people.first()).toBeVisible();
    expect(await people.count()).toBeGreaterThan(1);
    for (const person of await people.all()) {
      const box = await person.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expect(person.getByRole('combobox')).toBeVisible();
    }
    // no word broken inside itself: each person's name and e-mail on one line
    expect(await brokenTexts(page.getByTestId('staff-name')), lang).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), lang).toBe(true);
  }
});

test("the snooze dialog's day is the shared date picker in the page's language, not the browser's", async ({
  browser,
}) => {
  // a browser set to American English, a page in German: the day reads as German writes it
  const context = await browser.newContext({ locale: 'en-US', storageState: clinicStorageState() });
  const page = await context.newPage();
  const s = strings('de');
  await openPortal(page, '?tab=notifications&lang=de');
  await page.getByRole('button', { name: at(s, 'desk.range.preset.next30') }).click();
  const snooze = page.getByRole('button', { name: /^Die Erinnerung für .* zurückstellen$/ }).first();
  await snooze.click();
  const dialog = page.getByRole('dialog');
  const until = dialog.getByRole('group', { name: at(s, 'reminders.snoozeUntilLabel') });
  await expect(until).toBeVisible();
  await expect(until).toContainText(dayjs().add(7, 'day').format('DD.MM.YYYY'));
  // a day before tomorrow is refused here as on the server
  const sections = until.getByRole('spinbutton');
  await sections.first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(dayjs().format('DDMMYYYY'));
  await expect(dialog.getByRole('button', { name: at(s, 'reminders.snoozeSave') })).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(dayjs().add(3, 'day').format('DDMMYYYY'));
  await expect(dialog.getByRole('button', { name: at(s, 'reminders.snoozeSave') })).toBeEnabled();
  await dialog.getByRole('button', { name: at(s, 'reminders.cancel') }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
