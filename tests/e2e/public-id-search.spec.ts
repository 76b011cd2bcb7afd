/**
 * Issue 36, item 7: a public ID typed as a tag prints it, in groups ("DEMO 0001", "demo-0004"), finds its pet; a pet's
 * not-found page offers the public-ID search to try again. At 390 and 1280 px, in English and Arabic.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test } from '#tests/e2e/support/test';
import { uxShot } from '#tests/e2e/support/ux-shot';

const SEARCH = {
  en: { placeholder: 'Enter Pet Public ID', submit: 'Search' },
  ar: { placeholder: 'المعرّف العام للحيوان', submit: 'بحث' },
} as const;

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    for (const lang of ['en', 'ar'] as const) {
      test(`IDs typed in groups find their pet, and the not-found page searches again (${lang})`, async ({ page }) => {
        for (const [typed, name] of [
          ['DEMO 0001', 'Biscuit'],
          ['demo-0004', 'Rocky'],
        ] as const) {
          const response = await page.goto(
            `/Pets/Details?publicId=${encodeURIComponent(typed)}&isFrom=Home&lang=${lang}`,
          );
          expect(response?.status(), typed).toBe(200);
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        }

        const response = await page.goto(`/Pets/Details?publicId=NOPE9999&isFrom=Home&lang=${lang}`);
        expect(response?.status()).toBe(404);
        const search = page.getByRole('searchbox', { name: SEARCH[lang].placeholder });
        await expect(search).toBeVisible();
        await uxShot(page, `pet-not-found-${lang}-${width}`, { fullPage: true });
        expect((await axeOf(page)).violations).toEqual([]);

        await search.fill('demo 0001');
        await page.getByRole('button', { name: SEARCH[lang].submit }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Biscuit' })).toBeVisible();
      });
    }
  });
}
