import { expect, test, type Page, renderInBrowser } from '#tests/e2e/support/test';

const KINDS = [
  {
    list: '/sitters',
    detail: '/pet-sitter/',
    api: '/api/PetSitters/GetPetSitters',
    byId: '/api/PetSitters/GetPetSitterById',
    back: 'Back to pet sitters',
  },
  {
    list: '/trainers',
    detail: '/pet-trainer/',
    api: '/api/PetTrainers/GetPetTrainers',
    byId: '/api/PetTrainers/GetPetTrainerById',
    back: 'Back to pet trainers',
  },
  {
    list: '/walkers',
    detail: '/pet-walker/',
    api: '/api/PetWalkers/GetPetWalkers',
    byId: '/api/PetWalkers/GetPetWalkerById',
    back: 'Back to pet walkers',
  },
  {
    list: '/groomers',
    detail: '/pet-groomer/',
    api: '/api/PetGroomers/GetPetGroomers',
    byId: '/api/PetGroomers/GetPetGroomerById',
    back: 'Back to pet groomers',
  },
  {
    list: '/vets',
    detail: '/pet-vet/',
    api: '/api/PetVeterinarians/GetVets',
    byId: '/api/PetVeterinarians/GetVetById',
    back: 'Back to vets',
  },
] as const;

/** Console errors, except the map tiles that cannot load (tests point tiles at an unreachable host). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (m.text().startsWith('Failed to load resource') && m.location().url.includes('127.0.0.1:9/')) return;
    errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function firstProviderId(page: Page, api: string): Promise<number> {
  const body = (await (await page.request.get(`${api}?offset=1&limit=4`)).json()) as {
    data: { items: Array<{ ID: number }> };
  };
  return body.data.items[0].ID;
}

test.describe('Provider detail pages', () => {
  test('a card opens its detail page with links and a map, and Back returns to the listing', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/vets');
    const card = page.getByRole('main').getByRole('listitem').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/pet-vet\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} – Pawtal`);
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+$/,
    );
    const map = page.getByRole('img', { name: `Map showing where ${name} is` });
    await expect(map).toHaveCSS('height', '300px');
    await expect(map.locator('canvas').first()).toBeAttached();
    await expect(page.getByText('Map is not available')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Back to vets' }).click();
    await expect(page).toHaveURL(/\/vets$/);
    expect(errors).toEqual([]);
  });

  test('every kind has its detail route and its Back', async ({ page }) => {
    for (const kind of KINDS) {
      const id = await firstProviderId(page, kind.api);
      await page.goto(`${kind.detail}${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Back' })).toHaveAttribute('href', kind.list);
      await expect(page.getByRole('main').getByRole('link', { name: kind.back })).toHaveAttribute('href', kind.list);
    }
  });

  test('links get https:// when it is missing; no coordinates shows "Map is not available"', async ({ page }) => {
    await renderInBrowser(page);
    const id = await firstProviderId(page, KINDS[0].api);
    await page.route(`**${KINDS[0].byId}*`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Array<Record<string, unknown>> };
      body.data[0] = {
        ...body.data[0],
        instagramUrl: 'instagram.com/pawtal.friends',
        websiteUrl: 'http://example.org/sitter',
        latitude: null,
        longitude: null,
      };
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`/pet-sitter/${id}`);
    await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/pawtal.friends',
    );
    await expect(page.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'http://example.org/sitter');
    await expect(page.getByText('Map is not available')).toBeVisible();
  });

  test('an unknown provider shows the not-found page (HTTP 404), with the way back (issue 11)', async ({ page }) => {
    const response = await page.goto('/pet-groomer/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to pet groomers' })).toBeVisible();
  });

  test('a failed detail call is only logged and the page stays empty', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await renderInBrowser(page);
    await page.route('**/api/PetGroomers/GetPetGroomerById**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/pet-groomer/4');
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to pet groomers' })).toBeVisible();
    await expect.poll(() => errors.some((e) => e.startsWith('Error fetching provider details:'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
