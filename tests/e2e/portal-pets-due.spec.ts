/**
 * The Pets grid's "Due" column (issue 33, item 6): each pet's reminder status as a chip with words, filtered and
 * sorted on the server, the filter kept with the grid's last state. The demo data's reminders fall from today to 40 days ahead,
 * so its pets are due soon or up to date; overdue ones are covered by tests/api/vet-pets-due.test.ts.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';

async function openPetsTab(page: Page): Promise<void> {
  await openPortal(page, '?tab=pets');
  await expect(page.getByRole('grid')).toBeVisible();
}

const chips = (page: Page) => page.locator('.MuiDataGrid-row [data-testid="due-status"]');

async function chooseDue(page: Page, option: string): Promise<void> {
  await page.getByRole('group', { name: 'Filter pets' }).getByRole('combobox', { name: 'Due' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

test('the Due column: a chip with words, a filter kept over a reload, a sort with the most urgent first', async ({
  page,
}) => {
  await openPetsTab(page);
  await expect(page.getByRole('columnheader', { name: 'Due' })).toBeVisible();

  await chooseDue(page, 'Due soon');
  await expect(chips(page).first()).toHaveText('Due soon');
  await expect.poll(async () => new Set(await chips(page).allTextContents())).toEqual(new Set(['Due soon']));
  // kept with the grid's last state, as the other filters are
  await page.reload();
  await expect(page.getByRole('group', { name: 'Filter pets' }).getByRole('combobox', { name: 'Due' })).toHaveText(
    'Due soon',
  );
  await expect.poll(async () => new Set(await chips(page).allTextContents())).toEqual(new Set(['Due soon']));

  await chooseDue(page, 'Overdue');
  await expect.poll(async () => new Set(await chips(page).allTextContents())).not.toContain('Due soon');
  expect((await chips(page).allTextContents()).every((t) => t === 'Overdue')).toBe(true);

  await chooseDue(page, 'Up to date');
  await expect(chips(page).first()).toHaveText('Up to date');
  await expect.poll(async () => new Set(await chips(page).allTextContents())).toEqual(new Set(['Up to date']));

  // all pets, sorted on the column: overdue, then due soon, then up to date
  await chooseDue(page, 'Any');
  await page.getByRole('columnheader', { name: 'Due' }).click();
  await expect(chips(page).first()).toHaveText(/^(Overdue|Due soon)$/);
  const order = ['Overdue', 'Due soon', 'Up to date'];
  const ranks = (await chips(page).allTextContents()).map((t) => order.indexOf(t));
  expect(ranks.every((r) => r >= 0)).toBe(true);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

  // the chips' words readable on their colours (axe's contrast rule over the grid)
  const contrast = (await axeOf(page, '.MuiDataGrid-root')).violations.filter((v) => v.id === 'color-contrast');
  expect(contrast.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});
