/** Issue 11, point 9: at 390 px the portal header stays on one row; language and logout are in a menu. */
import { expect, test } from '#tests/e2e/support/test';

test.use({ viewport: { width: 390, height: 844 } });

test('the portal header fits one row on a phone, and its menu logs out', async ({ page }) => {
  await page.goto('/Dashboard');
  await page.getByLabel('Username').fill('demo.clinic');
  await page.getByLabel('Password').fill('Pawtal!2026');
  await page.getByRole('button', { name: 'Login' }).click();
  const user = page.getByRole('button', { name: /Acting user: / });
  const menu = page.getByRole('button', { name: 'More: language and log out' });
  await expect(user).toBeVisible();
  await expect(menu).toBeVisible();
  const logo = page.getByRole('banner').getByRole('img').first();
  const rows = await Promise.all([logo, user, menu].map(async (l) => (await l.boundingBox())?.y ?? -1));
  const centres = await Promise.all(
    [logo, user, menu].map(async (l) => {
      const box = await l.boundingBox();
      return box ? box.y + box.height / 2 : -1;
    }),
  );
  expect(rows.every((y) => y >= 0)).toBe(true);
  expect(Math.max(...centres) - Math.min(...centres), 'one row').toBeLessThan(8);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await menu.click();
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Clinic login' })).toBeVisible();
});
