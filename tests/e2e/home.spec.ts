import { expect, test } from '#tests/e2e/support/test';

test.describe('Home', () => {
  test('shows the loading animation, then the logo, tagline, tiles, store links, premium features and shop', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Pawtal' })).toBeVisible();
    await expect(page).toHaveTitle('Pawtal');
    await expect(page.getByText('access it anytime, anywhere')).toBeVisible();
    for (const name of [
      'Lost Pets',
      'Found Pets',
      'Adopt Pet',
      'Find Sitter',
      'Find Walker',
      'Find Vet',
      'Find Groomer',
      'Find Trainer',
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      /apps\.apple\.com|app/,
    );
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium pet tag features' })).toBeVisible();
    const shop = page.getByRole('link', { name: /Shop Now/ });
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(shop).toHaveAttribute('rel', /noopener/);
    const footer = page.getByRole('contentinfo');
    for (const name of ['Support', 'Privacy Policy', 'Terms & Conditions', 'Clinic login'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Clinic login' })).toHaveAttribute('href', '/Dashboard');
  });

  test('the search goes to the pet page with the typed public ID, even when empty', async ({ page }) => {
    await page.goto('/');
    const box = page.getByPlaceholder('Enter Pet Public ID');
    await box.fill('DEMO0001');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/Pets\/Details\?publicId=DEMO0001&isFrom=Home$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/Pets\/Details\?publicId=&isFrom=Home$/);
  });

  test('the tiles fill their rows on a phone and on a wide screen: none stands alone or wider than the others', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const tiles = await page
        .getByRole('navigation', { name: 'How can we help?' })
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((li) => li.getBoundingClientRect()).map((r) => ({ top: r.top, width: r.width })),
        );
      expect(tiles).toHaveLength(8);
      const rows = new Map<number, number>();
      for (const tile of tiles) rows.set(Math.round(tile.top), (rows.get(Math.round(tile.top)) ?? 0) + 1);
      const perRow = [...rows.values()];
      expect(new Set(perRow).size, `tiles per row at ${width} px: ${perRow.join(', ')}`).toBe(1);
      expect(new Set(tiles.map((t) => Math.round(t.width))).size, `tile widths at ${width} px`).toBe(1);
    }
  });

  test('tiles and the Support button lead to their screens', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Find Vet', exact: true }).click();
    await expect(page).toHaveURL(/\/vets$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('loads no OpenLayers and no react-query code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Pawtal' })).toBeVisible();
    expect(scripts.some((u) => /map-view-ol|query-layout/.test(u))).toBe(false);
  });
});
