/**
 * Issue 33, item 1: a vaccination or antiparasitic added in Edit Vet Visit takes its next reminder from the clinic's
 * protocol for the pet (docs/decisions/0170), shown as "In 12 months (protocol)", and can still be changed.
 */
import dayjs from 'dayjs';
import { expect, test } from '#tests/e2e/support/test';

test('the Edit Vet Visit dialog fills in the protocol’s reminder, and it can be changed', async ({ page }) => {
  await page.goto('/Dashboard');
  await page.getByLabel('Username').fill('demo.clinic');
  await page.getByLabel('Password').fill('Pawtal!2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();

  // Mochi, the demo clinic's adult cat
  await page.getByRole('button', { name: '+ New Visit' }).click();
  const newVisit = page.getByRole('dialog', { name: 'New Vet Visit' });
  await newVisit.getByLabel('Search pets').fill('Mochi');
  await newVisit.getByRole('button', { name: /Mochi/ }).first().click();
  await newVisit.getByRole('button', { name: 'Create Visit' }).click();
  await expect(newVisit).toBeHidden();
  const editVisit = page.getByRole('dialog', { name: /Edit Vet Visit – Mochi/ });

  const inAYear = dayjs().add(365, 'day').format('MMMM D, YYYY');
  await editVisit.getByRole('button', { name: 'Add vaccination' }).click();
  await editVisit.getByRole('combobox', { name: 'Vaccination' }).click();
  await page.getByRole('option', { name: 'FVRCP' }).click();
  const reminder = editVisit.getByRole('combobox', { name: 'Reminder' });
  await expect(reminder).toHaveText('In 12 months (protocol)');
  await expect(editVisit.getByText(inAYear)).toBeVisible();

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
  await expect(reminder).toHaveText('In 12 months (protocol)');
  await reminder.click();
  await page.getByRole('option', { name: 'In 6 months' }).click();
  await expect(editVisit.getByText(dayjs().add(180, 'day').format('MMMM D, YYYY'))).toBeVisible();

  // an antiparasitic's protocol: monthly heartworm prevention
  await editVisit.getByRole('button', { name: 'Add antiparasitic' }).click();
  await editVisit.getByRole('combobox', { name: 'Antiparasitic' }).click();
  await page.getByRole('option', { name: 'Heartworm Prevention' }).click();
  await expect(editVisit.getByRole('combobox', { name: 'Reminder' }).nth(1)).toHaveText('In 1 month (protocol)');

  await editVisit.getByRole('button', { name: 'Submit' }).click();
  await expect(editVisit).toBeHidden();
});
