/**
 * Issue 23, points 3 and 5: every language's home is complete and accessible (axe), says its
 * language and direction, links its versions in every language (hreflang), and loads a script's
 * own font only in the language that needs it. The walk over every page in every language for
 * English left behind is tests/e2e/no-english-left.spec.ts.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { LANGUAGES } from '#shared/languages';
import { expect, test } from '#tests/e2e/support/test';

/** Stylesheets and font files of the Chinese and Devanagari faces (docs/decisions/0106). */
const SCRIPT_FONTS = { zh: /noto-sans-sc/i, hi: /noto-sans-devanagari/i } as const;

for (const { code, dir, label } of LANGUAGES) {
  test(`${label} (${code}): the home page in its language, accessible, with its alternates and only its fonts`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`/?lang=${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);

    // hreflang alternates for every language and x-default, absolute, each naming its language
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates.map(([lang]) => lang).sort()).toEqual([...LANGUAGES.map((l) => l.code), 'x-default'].sort());
    for (const [lang, href] of alternates) {
      const url = new URL(href ?? '');
      expect(url.searchParams.get('lang')).toBe(lang === 'x-default' ? null : lang);
    }

    // the language switch offers the ten languages by their native names
    const switcher = page.getByRole('combobox').filter({ has: page.locator('option[value="zh"]') });
    expect(
      await switcher
        .locator('option')
        .evaluateAll((options) => options.map((o) => [o.getAttribute('value'), o.textContent, o.getAttribute('lang')])),
    ).toEqual(LANGUAGES.map((l) => [l.code, l.label, l.code]));

    const results = await axeOf(page);
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

    // a script's face loads in its language only
    await page.waitForLoadState('networkidle');
    for (const [fontLanguage, pattern] of Object.entries(SCRIPT_FONTS)) {
      const loaded = requested.some((url) => pattern.test(url));
      expect(loaded, `${fontLanguage} font requested on the ${code} home`).toBe(fontLanguage === code);
    }
    if (code in SCRIPT_FONTS) {
      const family = code === 'zh' ? 'Noto Sans SC' : 'Noto Sans Devanagari';
      await expect
        .poll(() =>
          page.evaluate(
            (f) => [...document.fonts].some((face) => face.family.includes(f) && face.status === 'loaded'),
            family,
          ),
        )
        .toBe(true);
    }
  });
}
