/**
 * Issue 11, point 10: pages open without React Router's "No HydrateFallback element provided"
 * warning (token pages, /Dashboard) and without OpenLayers' warning of a map container of size 0
 * (provider pages on a phone).
 */
import { expect, test, type Page } from '#tests/e2e/support/test';

function collectWarnings(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(m.text());
  });
  return messages;
}

const UNWANTED = /HydrateFallback|map container's width or height are 0/;

for (const path of ['/ResetPassword?token=abc', '/VerifyEmail?token=abc', '/AcceptPetInvite?token=abc', '/Dashboard']) {
  test(`${path} opens without a HydrateFallback warning`, async ({ page }) => {
    const warnings = collectWarnings(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(warnings.filter((w) => UNWANTED.test(w))).toEqual([]);
  });
}

for (const path of ['/pet-sitter/1', '/pet-vet/3', '/Pets/Details?publicId=DEMO0002&isFrom=Lost']) {
  test(`${path} on a phone draws its map without a size-0 warning`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const warnings = collectWarnings(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(warnings.filter((w) => UNWANTED.test(w))).toEqual([]);
  });
}
