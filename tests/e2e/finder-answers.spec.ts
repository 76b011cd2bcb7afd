/**
 * Issue 36, item 6: Help Find Pet's answer (the owner was told, or the browser blocks location) shows at the lost
 * panel, where the visitor pressed it, in view; not at the top of the profile. At 390 and 1280 px, in English and
 * Arabic.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { uxShot } from '#tests/e2e/support/ux-shot';

const LABELS = {
  en: { lost: 'Pet is Lost', helpFind: 'Help Find Pet', allow: 'Allow location access', decline: 'Not now' },
  ar: {
    lost: 'الحيوان الأليف مفقود',
    helpFind: 'ساعد في العثور عليه',
    allow: 'السماح بالوصول إلى الموقع',
    decline: 'ليس الآن',
  },
} as const;

/** Opens DEMO0002's lost panel after "Not now", and presses its Help Find Pet, then Allow. */
async function helpFindFromThePanel(page: Page, lang: keyof typeof LABELS) {
  const labels = LABELS[lang];
  await page.goto(`/Pets/Details?publicId=DEMO0002&isFrom=Lost&lang=${lang}`);
  await page.getByRole('dialog').getByRole('button', { name: labels.decline }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: labels.lost }).click();
  const panel = page.locator('#lost-panel');
  await panel.getByRole('button', { name: labels.helpFind }).click();
  await page.getByRole('dialog').getByRole('button', { name: labels.allow }).click();
  return panel;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    for (const lang of ['en', 'ar'] as const) {
      test(`a browser that blocks location is explained at the lost panel, in view (${lang})`, async ({ page }) => {
        const panel = await helpFindFromThePanel(page, lang);
        const problem = panel.getByTestId('location-problem');
        await expect(problem).toBeVisible();
        await expect(problem).toBeInViewport();
        await expect(page.getByTestId('location-problem')).toHaveCount(1);
        await uxShot(page, `finder-blocked-${lang}-${width}`);
        expect((await axeOf(page)).violations).toEqual([]);
      });

      test(`the thank-you for a shared position shows at the lost panel, in view (${lang})`, async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 900 },
          permissions: ['geolocation'],
          geolocation: { latitude: 38.7139, longitude: -9.1394 },
          extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${(width < 600 ? 60 : 70) + (lang === 'ar' ? 1 : 2)}` },
        });
        const page = await context.newPage();
        const panel = await helpFindFromThePanel(page, lang);
        const notice = panel.getByTestId('finder-notice');
        await expect(notice).toBeVisible();
        await expect(notice).toBeInViewport();
        await expect(page.getByTestId('finder-notice')).toHaveCount(1);
        await uxShot(page, `finder-thanks-${lang}-${width}`);
        await context.close();
      });
    }
  });
}
