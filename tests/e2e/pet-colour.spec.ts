/** Issue 11, point 8: a colour value gets a readable name in the visitor's language beside its swatch. */
import { expect, test } from '#tests/e2e/support/test';

for (const [lang, golden, black] of [
  ['en', 'Golden', 'Black'],
  ['es', 'Dorado', 'Negro'],
  ['ar', 'ذهبي', 'أسود'],
] as const) {
  test(`colours are named the same way for every pet in ${lang}`, async ({ page }) => {
    // DEMO0001's colour is stored as "#C8913F", DEMO0004's as "Black"
    await page.goto(`/Pets/Details?publicId=DEMO0001&lang=${lang}`);
    await expect(page.getByTestId('color-swatch')).toBeVisible();
    await expect(page.getByText(golden, { exact: true })).toBeVisible();
    await expect(page.getByText('#C8913F')).toHaveCount(0);
    await page.goto(`/Pets/Details?publicId=DEMO0004&isFrom=Adoption&lang=${lang}`);
    await expect(page.getByTestId('color-swatch')).toBeVisible();
    await expect(page.getByText(black, { exact: true })).toBeVisible();
  });
}
