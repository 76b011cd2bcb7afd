/**
 * An owner's rights in the portal (issue 32, item 7; docs/decisions/0182): an admin downloads an owner's data as
 * JSON, then erases them: the confirmation names what happens and waits for the choice about their pets, and the
 * owner is gone from the Owners tab.
 */
import fs from 'node:fs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

test('an admin exports an owner’s data, then erases the owner keeping their pets', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ownerName = `Erasmus Gone ${stamp}`;
  await openPortal(page, '?tab=owners');
  await expect(page.getByRole('tab', { name: 'Owners' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: '+ Add Owner' }).click();
  const added = page.getByRole('dialog', { name: 'Add New Owner' });
  await added.getByLabel('Owner Name').fill(ownerName);
  await added.getByLabel('Owner Phone').fill('+44 20 7946 0777');
  await added.getByLabel('Owner Email (optional)').fill(`erasmus.${stamp}@example.org`);
  await added.getByRole('button', { name: 'Create Owner' }).click();
  await expect(added).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search owners' }).fill(ownerName);
  await expect(page.getByText('Total Owners: 1')).toBeVisible();
  await page.getByRole('button', { name: `Open owner ${ownerName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Owner' });
  await expect(dialog.getByLabel('Owner Name')).toHaveValue(ownerName);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^owner-\d+\.json$/);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    owner: { name: string; email: string };
    pets: unknown[];
  };
  expect(exported.owner).toMatchObject({ name: ownerName, email: `erasmus.${stamp}@example.org` });
  expect(exported.pets).toEqual([]);

  await dialog.getByRole('button', { name: 'Erase owner' }).click();
  const confirm = page.getByRole('dialog', { name: `Erase ${ownerName}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  const eraseButton = confirm.getByRole('button', { name: 'Erase for good' });
  await expect(eraseButton).toBeDisabled();
  await confirm.getByRole('radio', { name: /^Keep them as patients/ }).check();
  await eraseButton.click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Total Owners: 0')).toBeVisible();
});
