/**
 * Issue 33, item 1: a vaccination or antiparasitic added in Edit Vet Visit takes its next reminder from the clinic's
 * protocol for the pet's type and age (docs/decisions/0170), shown as "In 21 days (protocol)", and can still be changed.
 */
import dayjs from 'dayjs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

test('the Edit Vet Visit dialog fills in the protocol’s reminder, and it can be changed', async ({ page }) => {
  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();

  // A kitten of ten weeks
  const petName = `Protocol Kitten ${Date.now()}`;
  await page.getByRole('tab', { name: 'Pets' }).click();
  await page.getByRole('button', { name: '+ Add Pet' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Pet' });
  await form.getByLabel('Pet Name').fill(petName);
  await form.getByRole('combobox', { name: 'Pet Type' }).click();
  await page.getByRole('option', { name: 'Cat' }).click();
  await form.getByRole('checkbox', { name: 'Unknown' }).check();
  const dob = form.getByRole('group', { name: 'Date of Birth' }).getByRole('spinbutton').first();
  await dob.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(dayjs().subtract(10, 'week').format('MMDDYYYY'));
  await form.getByLabel('Owner Name').fill('Kit Owner');
  await form.getByLabel('Owner Phone').fill('+34 600 000 033');
  await form.getByRole('radio', { name: 'Female', exact: true }).check();
  await form.getByRole('button', { name: 'Create Pet' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('tab', { name: 'Visits' }).click();
  await page.getByRole('button', { name: '+ New Visit' }).click();
  const newVisit = page.getByRole('dialog', { name: 'New Vet Visit' });
  await newVisit.getByLabel('Search pets').fill(petName);
  await newVisit.getByRole('button', { name: new RegExp(petName) }).click();
  await newVisit.getByRole('button', { name: 'Create Visit' }).click();
  await expect(newVisit).toBeHidden();
  const editVisit = page.getByRole('dialog', { name: new RegExp(`Edit Vet Visit – ${petName}`) });

  const inThreeWeeks = dayjs().add(21, 'day').format('MMMM D, YYYY');
  await editVisit.getByRole('button', { name: 'Add vaccination' }).click();
  await editVisit.getByRole('combobox', { name: 'Vaccination' }).click();
  await page.getByRole('option', { name: 'FVRCP' }).click();
  const reminder = editVisit.getByRole('combobox', { name: 'Reminder', exact: true });
  await expect(reminder).toHaveText('In 21 days (protocol)');
  await expect(editVisit.getByText(inThreeWeeks)).toBeVisible();

  // a dog's vaccine has no protocol for a cat: no reminder, and no protocol choice
  await editVisit.getByRole('combobox', { name: 'Vaccination' }).click();
  await page.getByRole('option', { name: 'DHPP' }).click();
  await expect(reminder).toHaveText('No reminder');
  await reminder.click();
  await expect(page.getByRole('option', { name: /protocol/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // back to the cat's vaccine, then changed by hand
  await editVisit.getByRole('combobox', { name: 'Vaccination' }).click();
  await page.getByRole('option', { name: 'FVRCP' }).click();
  await expect(reminder).toHaveText('In 21 days (protocol)');
  await reminder.click();
  await page.getByRole('option', { name: 'In 6 months' }).click();
  await expect(editVisit.getByText(dayjs().add(180, 'day').format('MMMM D, YYYY'))).toBeVisible();

  // an antiparasitic's protocol: monthly heartworm prevention
  await editVisit.getByRole('button', { name: 'Add antiparasitic' }).click();
  await editVisit.getByRole('combobox', { name: 'Antiparasitic' }).click();
  await page.getByRole('option', { name: 'Heartworm Prevention' }).click();
  await expect(editVisit.getByRole('combobox', { name: 'Reminder', exact: true }).nth(1)).toHaveText(
    'In 1 month (protocol)',
  );

  await editVisit.getByRole('button', { name: 'Submit' }).click();
  await expect(editVisit).toBeHidden();
});
