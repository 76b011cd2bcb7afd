/**
 * Issue 33, items 1 and 2: the Notifications tab's "Reminder settings" dialog. An admin changes the schedule's stages
 * and send hour and finds them after reopening, adds a protocol and finds it in the table; a vet reads the settings
 * without the editing controls. The admin is the other demo clinic's, so the demo clinic's schedule stays as seeded.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, type Page } from '#tests/e2e/support/test';

const PASSWORD = 'Pawtal!2026';

async function openSettings(page: Page, username: string) {
  await page.goto('/Dashboard');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Reminder settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reminder settings' });
  await expect(dialog.getByRole('heading', { name: 'Schedule of notices' })).toBeVisible();
  return dialog;
}

test('an admin changes the schedule and adds a protocol; both are there after reopening', async ({ page }) => {
  // a stage and an interval no earlier run left behind
  const days = 20 + (Date.now() % 60);
  const interval = 400 + (Date.now() % 500);
  const stage = `${days} days after`;

  let dialog = await openSettings(page, 'kenji.sato');
  const serious = (await axeOf(page, '[role="dialog"]')).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => v.id)).toEqual([]);

  await dialog.getByLabel('Days', { exact: true }).fill(String(days));
  await dialog.getByRole('combobox', { name: 'Before or after' }).click();
  await page.getByRole('option', { name: 'after the due date' }).click();
  await dialog.getByRole('button', { name: 'Add notice' }).click();
  await expect(dialog.getByText(stage)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Send hour' }).click();
  await page.getByRole('option', { name: '07:00' }).click();
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Schedule saved' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Add protocol' }).click();
  const form = page.getByRole('dialog', { name: 'Add protocol' });
  await form.getByRole('combobox', { name: 'Vaccination or antiparasitic' }).click();
  await page.getByRole('option', { name: 'Lyme Disease' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter the interval in days')).toBeVisible();
  await form.getByLabel('Interval (days)').fill(String(interval));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(
    dialog
      .getByRole('row')
      .filter({ hasText: 'Lyme Disease' })
      .filter({ hasText: String(interval) }),
  ).toBeVisible();

  // reopened: what was saved, read again from the server
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Reminder settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Reminder settings' });
  await expect(dialog.getByText(stage)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Send hour' })).toHaveText('07:00');
  await expect(dialog.getByRole('row').filter({ hasText: String(interval) })).toBeVisible();

  // on a phone the dialog fills the screen
  await page.setViewportSize({ width: 390, height: 800 });
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);

  // the stage removed again, so later runs stay within the six stages
  await dialog.getByText(stage).locator('..').locator('.MuiChip-deleteIcon').click();
  await expect(dialog.getByText(stage)).toBeHidden();
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Schedule saved' })).toBeVisible();
});

test('a vet reads the reminder settings without the editing controls', async ({ page }) => {
  const dialog = await openSettings(page, 'omar.haddad');
  await expect(dialog.getByRole('heading', { name: 'Protocols' })).toBeVisible();
  await expect(dialog.getByRole('row').nth(1)).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Send notices by themselves' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save schedule' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add notice' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add protocol' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});
