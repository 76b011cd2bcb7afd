import { expect, test } from '#tests/e2e/support/test';

/**
 * Images load whatever host name the visitor used: the e2e server's PUBLIC_URL names 127.0.0.1,
 * and this spec opens the site as localhost (the case was the other way round: PUBLIC_URL
 * localhost, visitor at 127.0.0.1). Image addresses are relative (/media/...), so the CSP's
 * img-src 'self' allows them under either name.
 */
test.describe('Images under another host name than PUBLIC_URL', () => {
  test('a pet profile and a listing show their photos when the site is opened as localhost', async ({
    page,
    baseURL,
  }) => {
    const other = (baseURL ?? '').replace('127.0.0.1', 'localhost');
    expect(other).toContain('localhost');
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });

    await page.goto(`${other}/Pets/Details?publicId=DEMO0001`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const photo = page.locator('img[src^="/media/pets/"]').first();
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.goto(`${other}/adopt`);
    const cardPhoto = page.locator('img[src^="/media/pets/"]').first();
    await expect(cardPhoto).toBeVisible();
    await expect
      .poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(blocked).toEqual([]);
  });
});
