/**
 * Issue 33, items 1 and 2: the Notifications tab's "Reminder settings" dialog. An admin changes the schedule's stages
 * and send hour and finds them after reopening, adds a protocol and finds it in the table; a vet reads the settings
 * without the editing controls; a save over a newer version offers Reload, and a protocol is deleted after a question.
 * The admin is the other demo clinic's (Dr. Kenji Sato, its stored session), so the demo clinic's schedule stays as
 * seeded.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState } from '#tests/e2e/support/clinic-session';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';

const PASSWORD = 'Pawtal!2026';

// Other Clinic's administrator, signed in; the vet's test signs in itself
test.use({ storageState: clinicStorageState('other') });

/** The settings dialog, signed in as `username` first (null: the page's context is signed in already). */
async function openSettings(page: Page, username: string | null) {
  await page.goto('/Dashboard');
  if (username !== null) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
  }
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

  let dialog = await openSettings(page, null);
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

test.describe('as a vet', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

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
});

test('a save over someone else’s newer schedule or protocol offers Reload; a protocol is deleted after a question', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const interval = 1000 + (Date.now() % 1000);
  const row = (dialog: Locator, days: number) =>
    dialog
      .getByRole('row')
      .filter({ hasText: 'Feline Leukemia' })
      .filter({ hasText: String(days) });
  const mine = await openSettings(page, null);
  await mine.getByRole('button', { name: 'Add protocol' }).click();
  let form = page.getByRole('dialog', { name: 'Add protocol' });
  await form.getByRole('combobox', { name: 'Vaccination or antiparasitic' }).click();
  await page.getByRole('option', { name: 'Feline Leukemia' }).click();
  await form.getByLabel('Interval (days)').fill(String(interval));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(mine, interval)).toBeVisible();

  // a colleague at another desk (another tab of the same session here) reads the settings now
  const theirs = await page.context().newPage();
  const theirDialog = await openSettings(theirs, null);
  const hour = await theirDialog.getByRole('combobox', { name: 'Send hour' }).textContent();

  // this desk changes the protocol and the schedule first
  await row(mine, interval)
    .getByRole('button', { name: /^Edit / })
    .click();
  form = page.getByRole('dialog', { name: 'Edit protocol' });
  await form.getByLabel('Interval (days)').fill(String(interval + 1));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(mine, interval + 1)).toBeVisible();
  const otherHour = hour === '09:00' ? '10:00' : '09:00';
  await mine.getByRole('combobox', { name: 'Send hour' }).click();
  await page.getByRole('option', { name: otherHour }).click();
  await mine.getByRole('button', { name: 'Save schedule' }).click();
  await expect(mine.getByRole('status').filter({ hasText: 'Schedule saved' })).toBeVisible();

  // the colleague's saves over what they read are refused, with Reload
  await theirDialog.getByRole('switch', { name: 'Send notices by themselves' }).click();
  await theirDialog.getByRole('button', { name: 'Save schedule' }).click();
  const scheduleConflict = theirDialog.getByRole('alert').filter({ hasText: 'Someone else saved first' });
  await expect(scheduleConflict).toContainText('changed the reminder schedule');
  await expect(theirDialog.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
  await scheduleConflict.getByRole('button', { name: 'Reload' }).click();
  await expect(scheduleConflict).toBeHidden();
  await expect(theirDialog.getByRole('combobox', { name: 'Send hour' })).toHaveText(otherHour);

  await row(theirDialog, interval)
    .getByRole('button', { name: /^Edit / })
    .click();
  const theirForm = theirs.getByRole('dialog', { name: 'Edit protocol' });
  await theirForm.getByLabel('Interval (days)').fill(String(interval + 2));
  await theirForm.getByRole('button', { name: 'Save' }).click();
  const protocolConflict = theirForm.getByRole('alert').filter({ hasText: 'Someone else saved first' });
  await expect(protocolConflict).toContainText('changed this protocol');
  await protocolConflict.getByRole('button', { name: 'Reload' }).click();
  await expect(theirForm.getByLabel('Interval (days)')).toHaveValue(String(interval + 1));

  // deleted after a question
  await theirForm.getByRole('button', { name: 'Delete' }).click();
  const question = theirs.getByRole('dialog', { name: 'Delete this protocol?' });
  await expect(question).toContainText('Feline Leukemia will no longer set the next reminder');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(theirForm).toBeHidden();
  await expect(row(theirDialog, interval + 1)).toHaveCount(0);
  await theirs.close();
});
