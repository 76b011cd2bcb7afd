/** Issue 25: what a new visitor hit on the public site, checked at phone and desk width in English, Spanish and Arabic. */
import { expect, test, type Page } from './support/test';

const WIDTHS = [390, 1280] as const;
const LANGUAGES = ['en', 'es', 'ar'] as const;

/** How far the document scrolls past the bottom of its footer (0 when the footer ends the page). */
function scrollPastFooter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    if (!footer) throw new Error('no footer');
    return Math.round(document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY));
  });
}

test.describe('Home', () => {
  for (const width of WIDTHS) {
    for (const lang of LANGUAGES) {
      test(`ends at its footer and writes no stray attributes (${width} px, ${lang})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lang=${lang}`);
        expect(await scrollPastFooter(page)).toBeLessThanOrEqual(1);
        expect(await page.locator('[sx], [tone]').count()).toBe(0);
      });
    }
  }
});

test.describe('Flyer', () => {
  test('a pet that is not lost has no flyer: HTTP 404 and a page that says so', async ({ page }) => {
    const response = await page.goto('/Pets/Flyer?publicId=DEMO0001');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: /^No flyer for / })).toBeVisible();
    await expect(page.getByText(/is not reported lost/)).toBeVisible();
    await expect(page).not.toHaveTitle(/Lost:/);
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  });

  test('an unknown ID: HTTP 404, "not found", and the browser renders what the server rendered', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // the page's own 404 is the point; a hydration mismatch shows as a page error (React #418)
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    const response = await page.goto('/Pets/Flyer?publicId=NOPE1234');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await expect(page.getByText('No pet has this public ID.', { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
