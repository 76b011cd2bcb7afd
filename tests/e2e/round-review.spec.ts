/**
 * Defects a first-time user met on this round's screens (issues 32-34), each kept fixed: the Notifications tab fits a
 * phone in every language, and the reminder schedule offers no notice its save would refuse.
 */
import { LANGUAGES } from '#shared/languages';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Notifications tab fits 390 px in every language (the French date presets overflowed by 31 px)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openPortal(page, '?tab=notifications');
    for (const { code } of LANGUAGES) {
      await page.goto(`/Dashboard?tab=notifications&lang=${code}`);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      const presets = page
        .getByRole('group')
        .filter({ has: page.getByRole('button', { pressed: true }) })
        .last();
      await expect(presets).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${code}: the page is wider than the phone`).toBeLessThanOrEqual(0);
      const box = await presets.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${code}: the presets stay on screen`).toBe(true);
    }
  });
});

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the schedule takes six notices at most, and says so instead of failing the save', async ({ page }) => {
    await openPortal(page, '?tab=notifications');
    await page.getByRole('button', { name: 'Reminder settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reminder settings' });
    const stages = dialog.getByRole('list', { name: 'Notices (days from the due date)' }).getByRole('listitem');
    await expect(stages.first()).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add notice' });
    const days = dialog.getByRole('spinbutton', { name: 'Days' });
    // after the due date: 30, 31, 32 ... until the schedule holds six
    for (let day = 30; (await stages.count()) < 6; day += 1) {
      await days.fill(String(day));
      await dialog.getByRole('combobox', { name: 'Before or after' }).click();
      await page.getByRole('option', { name: 'after the due date' }).click();
      await add.click();
    }
    await expect(stages).toHaveCount(6);
    await expect(dialog.getByText('A reminder has at most 6 notices: remove one to add another.')).toBeVisible();
    await expect(days).toBeDisabled();
    await expect(add).toBeDisabled();
    // not saved: the clinic's schedule stays as other specs expect it
  });
});
