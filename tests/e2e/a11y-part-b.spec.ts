import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, type Page } from '#tests/e2e/support/test';

async function seriousViolations(page: Page) {
  const results = await axeOf(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const routes: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'pet profile (About)',
    path: '/Pets/Details?publicId=DEMO0001&isFrom=Home',
    ready: (p) => expect(p.getByRole('tab', { name: 'About' })).toBeVisible(),
  },
  {
    name: 'pet profile (records)',
    path: '/Pets/Details?publicId=DEMO0001&isFrom=Home',
    ready: async (p) => {
      await p.getByRole('tab').nth(2).click();
      await p.getByRole('group', { name: 'Record types' }).getByRole('button').first().click();
      await expect(p.getByTestId('record-card').first()).toBeVisible();
    },
  },
  {
    name: 'pet profile (lost panel)',
    path: '/Pets/Details?publicId=DEMO0002&isFrom=Lost',
    ready: async (p) => {
      await p.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
      await p.getByRole('button', { name: 'Pet is Lost' }).click();
      await expect(p.getByTestId('map-view')).toBeVisible();
    },
  },
  {
    name: 'pet profile (location prompt)',
    path: '/Pets/Details?publicId=DEMO0002&isFrom=Lost',
    ready: (p) => expect(p.getByRole('dialog')).toBeVisible(),
  },
  {
    name: 'pet profile (adoption)',
    path: '/Pets/Details?publicId=DEMO0004&isFrom=Adoption',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { name: 'contact', path: '/support', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'privacy', path: '/PrivacyPolicy', ready: (p) => expect(p.getByTestId('legal-html')).toBeVisible() },
  { name: 'terms', path: '/TermsAndConditions', ready: (p) => expect(p.getByTestId('legal-html')).toBeVisible() },
  {
    name: 'reset password (dead link)',
    path: '/ResetPassword?token=x',
    ready: (p) => expect(p.getByText('This reset link is no longer valid')).toBeVisible(),
  },
  {
    name: 'verify e-mail (bad token)',
    path: '/VerifyEmail?token=bad',
    ready: (p) => expect(p.getByRole('alert')).toBeVisible(),
  },
  {
    name: 'accept invite (no token)',
    path: '/AcceptPetInvite',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

test.describe('Accessibility of the part B pages (axe: no serious or critical violation)', () => {
  for (const route of routes) {
    test(route.name, async ({ page }) => {
      await page.goto(route.path);
      await route.ready(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('Arabic: right-to-left pet profile and reset page, translated', async ({ page }) => {
    await page.goto('/Pets/Details?publicId=DEMO0001&isFrom=Home&lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('tab', { name: 'نبذة' })).toBeVisible();
    await expect(page.getByText('معلومات المالك')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // the link check says usable, so the form shows
    await page.route('**/api/auth/checkResetToken', (route) =>
      route.fulfill({ json: { result: 1, message: '', data: null } }),
    );
    await page.goto('/ResetPassword?token=x&lang=ar');
    await expect(page.getByRole('button', { name: 'إعادة تعيين كلمة المرور' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('phone width (360 px): no horizontal scrolling on the pet profile and contact pages', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ['/Pets/Details?publicId=DEMO0002&isFrom=Adoption', '/support', '/ResetPassword?token=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});
