import { expect, test, type Page, renderInBrowser } from '#tests/e2e/support/test';

interface ProviderPage {
  items: Array<{ ID: number; name: string; country: string }>;
  totalCount: number;
}

async function apiData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  const body = (await res.json()) as { result: number; data: T };
  expect(body.result).toBe(1);
  return body.data;
}

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list', { name: /Available Pet Sitters|Animal Houses/ })
    .getByRole('listitem');

test.describe('Provider listings', () => {
  test('pages with numbered buttons, keeps the page in the URL across reload and back', async ({ page }) => {
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/PetSitters/GetPetSitters')) requests.push(new URL(r.url()));
    });
    await page.goto('/sitters');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Pet Sitters' })).toBeVisible();
    await expect(page).toHaveTitle('Available Pet Sitters – Pawtal');
    await expect(cards(page)).toHaveCount(4);
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Page 1, current page' })).toBeDisabled();

    const all = await apiData<ProviderPage>(page, '/api/PetSitters/GetPetSitters?offset=1&limit=4');
    const lastPage = Math.ceil(all.totalCount / 4);
    await expect(nav.getByRole('button', { name: `Go to page ${lastPage}` })).toBeVisible();
    await expect(nav.getByRole('button', { name: `Go to page ${lastPage + 1}` })).toHaveCount(0);

    const firstName = await cards(page).first().getByRole('heading').textContent();
    await nav.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/\/sitters\?page=2$/);
    await expect(nav.getByRole('button', { name: 'Page 2, current page' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstName ?? '');

    const sent = requests.at(-1) as URL;
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      offset: '2',
      limit: '4',
      SearchTerm: '',
      CurrencyId: '',
      PricingTypeId: '',
      PriceFrom: '',
      PriceTo: '',
      CountryId: '',
    });

    await page.reload();
    await expect(nav.getByRole('button', { name: 'Page 2, current page' })).toBeDisabled();
    await page.goBack();
    await expect(page).toHaveURL(/\/sitters$/);
    await expect(nav.getByRole('button', { name: 'Page 1, current page' })).toBeDisabled();
  });

  test('filters by country (first option "Select a country"), resets to page 1, and the link can be shared', async ({
    page,
  }) => {
    await page.goto('/sitters?page=3');
    const select = page.getByLabel('Country');
    await expect(select.locator('option').first()).toHaveText('Select a country');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(50);
    // the countries with sitters come first, with their counts: "Spain (6)"
    await select.selectOption(
      (await select.locator('option', { hasText: /^Spain \(\d+\)$/ }).getAttribute('value')) ?? '',
    );
    await expect(page).toHaveURL(/\/sitters\?country=\d+$/);
    const countryId = new URL(page.url()).searchParams.get('country');
    const spain = await apiData<ProviderPage>(
      page,
      `/api/PetSitters/GetPetSitters?offset=1&limit=4&CountryId=${countryId}`,
    );
    expect(spain.totalCount).toBeGreaterThan(0);
    // Retried until the new page replaces the previous one (kept on screen, dimmed, while it loads).
    await expect(cards(page)).toHaveText(new Array<RegExp>(Math.min(4, spain.totalCount)).fill(/Spain/));
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const pages = Math.ceil(spain.totalCount / 4);
    if (pages > 1) await expect(nav.getByRole('button', { name: `Go to page ${pages}` })).toBeVisible();
    await expect(nav.getByRole('button', { name: `Go to page ${pages + 1}` })).toHaveCount(0);

    await page.goto(`/sitters?country=${countryId}`);
    await expect(page.getByLabel('Country')).toHaveValue(String(countryId));
    await page.getByLabel('Country').selectOption('');
    await expect(page).toHaveURL(/\/sitters$/);
  });

  test('Next is disabled on a page that returned nothing (past the end: it says so, issue 25)', async ({ page }) => {
    await page.goto('/walkers?page=500');
    await expect(page.getByText('There are no more results: this page is past the end of the list.')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  test('a failed countries call leaves the dropdown empty and the screen working', async ({ page }) => {
    await renderInBrowser(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/api/General/GetCountries', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/groomers');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Pet Groomers' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await expect.poll(() => errors.some((e) => e.startsWith('Error fetching countries:'))).toBe(true);
    await expect(page.getByLabel('Country').locator('option')).toHaveCount(1);
  });

  test('a failed listing shows "Error: {message}" in place of the content', async ({ page }) => {
    await renderInBrowser(page);
    await page.route('**/api/PetTrainers/GetPetTrainers*', (route) =>
      route.fulfill({ json: { result: 0, message: 'Trainers are resting', data: null } }),
    );
    await page.goto('/trainers');
    await expect(page.getByRole('alert')).toHaveText('Error: Trainers are resting');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('Back link and Back button go home', async ({ page }) => {
    await page.goto('/vets');
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/vets');
    await page.getByRole('banner').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Adoption and lost pets', () => {
  test('adoption: pet types, breed sections, Previous/Next, type resets the page, cards open the profile', async ({
    page,
  }) => {
    await page.goto('/adopt');
    await expect(page.getByRole('heading', { level: 1, name: 'Pets for Adoption' })).toBeVisible();
    const types = page.getByRole('group', { name: 'Pet type' });
    await expect(types.getByRole('button', { name: 'Dog' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/adopt\?page=2$/);
    await expect(nav.getByText('Page 2')).toBeVisible();
    await types.getByRole('button', { name: 'Cat' }).click();
    await expect(page).toHaveURL(/\/adopt\?petType=2$/);
    await expect(types.getByRole('button', { name: 'Cat' })).toHaveAttribute('aria-pressed', 'true');
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.reload();
    await expect(types.getByRole('button', { name: 'Cat' })).toHaveAttribute('aria-pressed', 'true');
    const card = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    await card.click();
    await expect(page).toHaveURL(/\/Pets\/Details\?petProfileId=\d+&isFrom=Adoption$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/adopt\?petType=2$/);
  });

  test('lost pets: cards link with petProfileId, publicId and isFrom=Lost; an empty page disables Next', async ({
    page,
  }) => {
    await page.goto('/lost');
    await expect(page.getByRole('heading', { level: 1, name: 'Lost Pets' })).toBeVisible();
    const link = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/Pets\/Details\?petProfileId=\d+&publicId=[A-Z0-9]+&isFrom=Lost$/);
    await page.goto('/lost?page=400');
    await expect(page.getByText('There are no more results: this page is past the end of the list.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

test.describe('Animal Houses', () => {
  test('lists shelters with their pets for adoption, filters by country and links to adoption', async ({ page }) => {
    await page.goto('/AnimalHouse');
    await expect(page.getByRole('heading', { level: 1, name: 'Animal Houses' })).toBeVisible();
    await expect(page).toHaveTitle('Animal Houses – Pawtal');
    await expect(cards(page).first()).toContainText(/pets? for adoption/);
    await expect(page.getByLabel('Country').locator('option').first()).toHaveText('Select a country');
    await page.getByRole('link', { name: 'See pets for adoption' }).click();
    await expect(page).toHaveURL(/\/adopt$/);
  });
});
