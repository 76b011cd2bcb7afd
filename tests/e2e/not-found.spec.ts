/**
 * Unknown addresses (issue 11, point 3): an unknown route, an unknown pet and an unknown provider
 * answer HTTP 404 with a friendly page inside the site's header and footer, in the visitor's
 * language, with a way home. The status is that of the server-rendered answer.
 */
import { expect, test } from '#tests/e2e/support/test';

const UNKNOWN = ['/nonexistent-route', '/Pets/Details?publicId=NOPE9999', '/pet-sitter/99999', '/pet-vet/not-a-number'];

for (const url of UNKNOWN) {
  test(`${url} answers 404 with a page in the site's frame`, async ({ page, request }) => {
    const answer = await request.get(url, { headers: { 'Accept-Language': 'es' } });
    expect(answer.status()).toBe(404);
    const html = await answer.text();
    // rendered on the server, in Spanish, with the site's header and footer
    expect(html).toContain('No encontramos esa página');
    expect(html).toContain('<footer');
    expect(html).toContain('<header');

    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('the Arabic visitor reads the not-found page in Arabic, right to left', async ({ page }) => {
  await page.goto('/nonexistent-route?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'لم نتمكن من العثور على هذه الصفحة' })).toBeVisible();
});

test('known pets and providers still answer 200', async ({ request }) => {
  for (const url of ['/Pets/Details?publicId=DEMO0002', '/Pets/Details?publicId=demo0002', '/pet-sitter/1', '/']) {
    expect((await request.get(url)).status(), url).toBe(200);
  }
});
