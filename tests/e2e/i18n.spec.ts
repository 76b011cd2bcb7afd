import { expect, test } from '#tests/e2e/support/test';

test.describe('Languages', () => {
  test('the switcher turns the site Arabic and right-to-left, and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: 'الحيوانات المفقودة' })).toBeVisible();
    await expect(page.getByPlaceholder('المعرّف العام للحيوان')).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'ميزات القلادة المميزة' })).toBeVisible();
    // Arabic text is set in the Arabic typeface the theme names (its file loads only for Arabic letters)
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((f) => f.family.includes('Noto Sans Arabic') && f.status === 'loaded'),
        ),
      )
      .toBe(true);

    await page.goto('/sitters');
    await expect(page.getByRole('heading', { level: 1, name: 'جلساء الحيوانات الأليفة المتاحون' })).toBeVisible();
    await expect(page).toHaveTitle('جلساء الحيوانات الأليفة المتاحون – Pawtal');
    // numbers in the app's one digit style: Latin digits in Arabic too (decision 0108)
    await expect(page.getByRole('button', { name: 'الصفحة 1، الصفحة الحالية' })).toBeDisabled();
    // country names from i18n-iso-countries' Arabic data
    await expect(page.getByRole('combobox', { name: 'الدولة' }).locator('option', { hasText: 'إسبانيا' })).toHaveCount(
      1,
    );
    // the layout is mirrored: the logo sits at the right edge
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect((logo?.x ?? 0) + (logo?.width ?? 0)).toBeGreaterThan(width / 2);

    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('Spanish: texts, country names and ages', async ({ page }) => {
    await page.goto('/walkers?lang=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Paseadores de mascotas disponibles' })).toBeVisible();
    await expect(page.getByLabel('País').locator('option').first()).toHaveText('Selecciona un país');
    await expect(page.getByLabel('País').locator('option', { hasText: 'Alemania' })).toHaveCount(1);
    // The cards' address line names the country in Spanish too (the API gives the English title).
    const addresses = await page.getByRole('main').getByRole('listitem').allInnerTexts();
    const englishOnly = [
      'United States of America',
      'United Kingdom',
      'Spain',
      'Germany',
      'France',
      'Mexico',
      'United Arab Emirates',
    ];
    expect(addresses.join('\n')).toMatch(/Estados Unidos|Reino Unido|España|Portugal|Emiratos|México|Alemania|Francia/);
    for (const name of englishOnly) expect(addresses.join('\n')).not.toContain(name);
    await page.goto('/adopt?lang=es');
    await expect(
      page
        .getByRole('main')
        .getByText(/\d+ años?|Menos de 1 año/)
        .first(),
    ).toBeVisible();
    await page.goto('/?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
