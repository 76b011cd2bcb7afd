import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, type Page } from '#tests/e2e/support/test';

async function firstId(page: Page, api: string): Promise<number> {
  const body = (await (await page.request.get(`${api}?offset=1&limit=4`)).json()) as {
    data: { items: Array<{ ID: number }> };
  };
  return body.data.items[0].ID;
}

async function expectNoSeriousViolations(page: Page) {
  const results = await axeOf(page);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const LISTINGS = ['/', '/adopt', '/lost', '/sitters', '/trainers', '/walkers', '/groomers', '/vets', '/AnimalHouse'];

test.describe('Accessibility (axe): public routes of part A', () => {
  for (const url of LISTINGS) {
    test(`no serious or critical violations on ${url}`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });
  }

  test('no serious or critical violations on the provider detail pages', async ({ page }) => {
    const kinds = [
      ['/pet-sitter/', '/api/PetSitters/GetPetSitters'],
      ['/pet-trainer/', '/api/PetTrainers/GetPetTrainers'],
      ['/pet-walker/', '/api/PetWalkers/GetPetWalkers'],
      ['/pet-groomer/', '/api/PetGroomers/GetPetGroomers'],
      ['/pet-vet/', '/api/PetVeterinarians/GetVets'],
    ] as const;
    for (const [route, api] of kinds) {
      await page.goto(`${route}${await firstId(page, api)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });

  test('no serious or critical violations in Arabic and in dark mode', async ({ page }) => {
    await page.goto('/sitters?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.goto('/?lang=en');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
