/**
 * Owners as records in the portal (issue 32, items 1 and 7): the pet form's owner picker (a new owner from SPEC.md's
 * owner fields, then a second pet picked for them), the Owners tab's grid (search, their pets, a change shown on
 * every pet of theirs, the CSV export), a save over a newer version refused, and the owner cards on a phone; axe on
 * the tab and the owner dialog.
 */
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import dayjs from 'dayjs';

async function openTab(page: Page, tab: 'pets' | 'owners'): Promise<void> {
  await openPortal(page, `?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab === 'pets' ? 'Pets' : 'Owners' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function expectNoSeriousAxeViolations(page: Page, what: string, include?: string): Promise<void> {
  const result = await axeOf(page, include);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Types a day into an MUI X date field (month/day/year sections in English). */
async function typeDate(field: Locator, date: dayjs.Dayjs): Promise<void> {
  const group = field.getByRole('spinbutton').first();
  await group.click();
  await group.page().keyboard.press('ControlOrMeta+a');
  await group.page().keyboard.type(date.format('MMDDYYYY'));
}

/** Fills the pet part of the Add New Pet form (a dog of unknown breed, female, three years old). */
async function fillPet(form: Locator, petName: string): Promise<void> {
  const page = form.page();
  await form.getByLabel('Pet Name').fill(petName);
  await form.getByRole('combobox', { name: 'Pet Type' }).click();
  await page.getByRole('option', { name: 'Dog' }).click();
  await form.getByRole('checkbox', { name: 'Unknown' }).check();
  await typeDate(form.getByRole('group', { name: 'Date of Birth' }), dayjs().subtract(3, 'year'));
  await form.getByRole('radio', { name: 'Female', exact: true }).check();
}

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

test('a family: a new owner from the pet form, a second pet picked for them, the Owners tab shows both', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const ownerName = `Noor Family ${stamp}`;
  await openTab(page, 'pets');

  // The first pet makes a new owner from SPEC.md's owner fields.
  await page.getByRole('button', { name: '+ Add Pet' }).click();
  let form = page.getByRole('dialog', { name: 'Add New Pet' });
  await fillPet(form, `Saffron ${stamp}`);
  await form.getByLabel('Owner Name').fill(ownerName);
  await form.getByLabel('Owner Phone').fill('+44 20 7946 0101');
  await form.getByLabel('Owner Email').fill(`noor.${stamp}@example.org`);
  await form.getByRole('button', { name: 'Create Pet' }).click();
  await expect(form).toBeHidden();

  // The second pet picks that owner by typing part of their e-mail; their fields show, read only.
  await page.getByRole('button', { name: '+ Add Pet' }).click();
  form = page.getByRole('dialog', { name: 'Add New Pet' });
  await fillPet(form, `Cumin ${stamp}`);
  await form.getByRole('combobox', { name: 'Existing owner' }).fill(`noor.${stamp}`);
  await page.getByRole('option', { name: new RegExp(ownerName) }).click();
  await expect(form.getByLabel('Owner Name')).toHaveValue(ownerName);
  await expect(form.getByLabel('Owner Phone')).toHaveValue('+44 20 7946 0101');
  await expect(form.getByLabel('Owner Phone')).toHaveAttribute('readonly', '');
  // the fields' labels stand above the picked owner's data, not over it (they once stayed inside, across the text)
  for (const label of ['Owner Name', 'Owner Phone', 'Owner Email'])
    await expect(form.locator('label', { hasText: label })).toHaveAttribute('data-shrink', 'true');
  await form.getByRole('button', { name: 'Create Pet' }).click();
  await expect(form).toBeHidden();

  // The Owners tab: one owner with both pets.
  await page.getByRole('tab', { name: 'Owners' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'owners tab');
  await page.getByRole('searchbox', { name: 'Search owners' }).fill(ownerName);
  await expect(page.getByText('Total Owners: 1')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(ownerName) });
  await expect(row.locator('[data-field="petCount"]')).toHaveText('2');

  // The export names the file and holds the owner.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^owners-\d{4}-\d{2}-\d{2}\.csv$/);

  // Their page: both pets; a new phone number shows on every pet of theirs.
  await row.getByRole('button', { name: `Open owner ${ownerName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Owner' });
  await expect(dialog.getByRole('heading', { name: 'Their pets (2)' })).toBeVisible();
  // a new owner writes in the clinic's language, and the field says so (it once looked empty, its label inside)
  const language = dialog.getByRole('combobox', { name: /Language of their e-mails/ });
  await expect(language).toHaveText("The clinic's language");
  // (a select's label is a div in MUI 9)
  await expect(dialog.locator('[data-shrink]', { hasText: 'Language of their e-mails' })).toHaveAttribute(
    'data-shrink',
    'true',
  );
  await expect(dialog.getByRole('button', { name: new RegExp(`^Cumin ${stamp}`) })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'owner dialog', '[role="dialog"]');
  await dialog.getByLabel('Owner Phone').fill('+44 20 7946 0202');
  await dialog.getByRole('combobox', { name: /Language of their e-mails/ }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Français');

  await page.getByRole('tab', { name: 'Pets' }).click();
  await page.getByRole('searchbox', { name: 'Search pets' }).fill(ownerName);
  await expect(page.getByText('Total Pets: 2')).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row [data-field="OwnerPhoneForVet"]')).toHaveText([
    '+44 20 7946 0202',
    '+44 20 7946 0202',
  ]);
  // both were saved with "Unknown" ticked: that is their breed, not the list's first real one (issue 36)
  await expect(page.locator('.MuiDataGrid-row [data-field="petBreed"]')).toHaveText(['Unknown', 'Unknown']);
});

test("a save over someone else's newer save of the owner is refused, with who saved", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await openTab(page, 'owners');
  const firstName = page.locator('.MuiDataGrid-row [data-field="name"] button').first();
  const name = (await firstName.textContent()) ?? '';
  await firstName.click();
  const dialog = page.getByRole('dialog', { name: 'Owner' });
  await expect(dialog.getByLabel('Owner Name')).toHaveValue(name);

  // Meanwhile, at another desk, the owner's notes change.
  const other = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: clinicStorageState(),
  });
  const desk = await other.newPage();
  await openTab(desk, 'owners');
  await desk
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .getByRole('button', { name: `Open owner ${name}` })
    .click();
  const theirs = desk.getByRole('dialog', { name: 'Owner' });
  await theirs.getByLabel('Notes').fill(`Prefers mornings ${Date.now()}`);
  await theirs.getByRole('button', { name: 'Save' }).click();
  await expect(theirs).toBeHidden();
  await other.close();

  await dialog.getByLabel('Notes').fill('Prefers evenings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('changed this owner');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Notes')).toHaveValue(/Prefers mornings/);
  await expect(dialog.getByText('Your unsaved edits')).toBeVisible();
});

test('an admin merges a suggested pair of owners, and undoes it', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const email = `twin.${stamp}@example.org`;
  await openTab(page, 'pets');
  for (const [petName, owner] of [
    [`Basil ${stamp}`, `Rosa Twin ${stamp}`],
    [`Thyme ${stamp}`, `R. Twin ${stamp}`],
  ]) {
    await page.getByRole('button', { name: '+ Add Pet' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Pet' });
    await fillPet(form, petName);
    await form.getByLabel('Owner Name').fill(owner);
    await form.getByLabel('Owner Phone').fill(`+1 202 555 ${stamp.slice(-4)}`);
    await form.getByLabel('Owner Email').fill(email);
    await form.getByRole('button', { name: 'Create Pet' }).click();
    await expect(form).toBeHidden();
  }

  await page.getByRole('tab', { name: 'Owners' }).click();
  await page.getByRole('button', { name: 'Duplicates' }).click();
  const pair = page.getByRole('article', { name: new RegExp(`Twin ${stamp}.*Twin ${stamp}`) });
  await expect(pair).toContainText('Same e-mail');
  await expectNoSeriousAxeViolations(page, 'duplicates');
  await pair.getByRole('button', { name: `Keep Rosa Twin ${stamp}` }).click();
  await page.getByRole('dialog', { name: 'Merge these owners?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`R. Twin ${stamp} was merged into Rosa Twin ${stamp}.`)).toBeVisible();
  await expect(pair).toBeHidden();

  await page.getByRole('button', { name: 'Back to owners' }).click();
  await page.getByRole('searchbox', { name: 'Search owners' }).fill(email);
  await expect(page.getByText('Total Owners: 1')).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(`Rosa Twin ${stamp}`) }).locator('[data-field="petCount"]'),
  ).toHaveText('2');

  // Undone from Recently deleted
  await page.getByRole('tab', { name: 'Pets' }).click();
  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const merged = page.getByRole('heading', { name: `Owner R. Twin ${stamp}, merged into Rosa Twin ${stamp}` });
  await expect(merged).toBeVisible();
  await page.getByRole('button', { name: `Restore R. Twin ${stamp}` }).click();
  await expect(page.getByText(`R. Twin ${stamp} was restored.`)).toBeVisible();
  await page.getByRole('tab', { name: 'Owners' }).click();
  await page.getByRole('searchbox', { name: 'Search owners' }).fill(email);
  await expect(page.getByText('Total Owners: 2')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('owners are cards that open the owner', async ({ page }) => {
    await openTab(page, 'owners');
    await expect(page.getByText(/^Total Owners: [1-9]\d*$/)).toBeVisible();
    const card = page.getByRole('article').first();
    const name = (await card.getAttribute('aria-label')) ?? '';
    await card.getByRole('button', { name: `Open owner ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Owner' });
    await expect(dialog.getByLabel('Owner Name')).toHaveValue(name);
    await expect(dialog.getByRole('heading', { name: /^Their pets \(\d+\)$/ })).toBeVisible();
  });
});
