import { expect, test, type Page, type Request, renderInBrowser } from '#tests/e2e/support/test';

const DETAILS_PATH = '/api/Pets/GetPetDetailsByPublicId';
const isDetailsCall = (r: Request) => r.url().includes(DETAILS_PATH);
const coords = (r: Request) => {
  const u = new URL(r.url());
  return { latitude: Number(u.searchParams.get('latitude')), longitude: Number(u.searchParams.get('longitude')) };
};

async function petIdOf(page: Page, publicId: string): Promise<number> {
  const res = await page.request.get(
    `${DETAILS_PATH}?publicId=${publicId}&petProfileId=&profileNeeded=&latitude=0&longitude=0`,
  );
  const body = (await res.json()) as { result: number; data: { petId: number } };
  expect(body.result).toBe(1);
  return body.data.petId;
}

test.describe('Pet profile', () => {
  test('DEMO0001: About, Skills and one tab per wellness category; pills and record cards', async ({ page }) => {
    const categories = (await (await page.request.get('/api/PetWellness/GetPetWellnessCategories')).json()) as {
      data: { id: number; title: string }[];
    };
    await page.goto('/Pets/Details?publicId=DEMO0001&isFrom=Home');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    expect(name.length).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${name}'s Profile – Pawtal`);
    // Not lost: no location prompt, no lost button.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pet is Lost' })).toHaveCount(0);

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['About', 'Skills', ...categories.data.map((c) => c.title)]);
    await expect(page.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');

    // About: the fields with values and N/A for missing ones; owner info with a digits-only chat link.
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('Public ID')).toBeVisible();
    await expect(panel.getByText('DEMO0001')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Pet Owner Info' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+$/,
    );
    await expect(
      panel
        .getByText(
          /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
        )
        .first(),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Skills' }).click();
    await expect(panel.getByRole('heading', { name: 'Skills' })).toBeVisible();

    // The icon of category 2 is "activity".
    const activity = categories.data.find((c) => c.id === 2);
    if (activity)
      await expect(page.getByRole('tab', { name: activity.title }).locator('[data-icon="activity"]')).toHaveCount(1);

    const first = categories.data[0];
    const typesCall = page.waitForRequest(
      (r) =>
        r.url().includes('/api/PetWellness/GetPetWellnessCategoryTypes') && r.url().includes(`categoryId=${first.id}`),
    );
    await page.getByRole('tab', { name: first.title }).click();
    const typesRequest = await typesCall;
    const q = new URL(typesRequest.url()).searchParams;
    expect(q.get('publicId')).toBe('DEMO0001');
    expect(Number(q.get('petProfile'))).toBeGreaterThan(0);

    const pills = panel.getByRole('group', { name: 'Record types' }).getByRole('button');
    await expect(pills.first()).toBeVisible();
    await expect(panel.getByText('Choose a record type to see its records.')).toBeVisible();
    await pills.first().click();
    await expect(pills.first()).toHaveAttribute('aria-pressed', 'true');
    const cards = panel.getByTestId('record-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().locator('time')).toHaveText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    );

    // About clears the loaded types: back on the category, no type is chosen.
    await page.getByRole('tab', { name: 'About' }).click();
    await expect(panel.getByTestId('record-card')).toHaveCount(0);
    await page.getByRole('tab', { name: first.title }).click();
    await expect(panel.getByText('Choose a record type to see its records.')).toBeVisible();
    await expect(panel.getByTestId('record-card')).toHaveCount(0);
  });

  test('DEMO0003: private records show no category tabs', async ({ page }) => {
    await page.goto('/Pets/Details?publicId=DEMO0003&isFrom=Home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['About', 'Skills']);
  });

  test('DEMO0002: the lost panel with its map canvas, closable, and Help Find Pet asks again', async ({ page }) => {
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    const prompt = page.getByRole('dialog');
    await expect(prompt).toContainText('Help the owner of this pet find their lost pet by allowing location access.');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);

    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    const lost = page.getByRole('region', { name: 'Lost Pet Information' });
    await expect(lost).toBeVisible();
    for (const label of ['Last seen', 'Contact', 'Location', 'Reward'])
      await expect(lost.getByText(label, { exact: true })).toBeVisible();
    const map = lost.getByTestId('map-view');
    await expect(map).toHaveCSS('height', '250px');
    await expect(map.locator('canvas').first()).toBeAttached();
    await expect(lost.getByText('© OpenStreetMap contributors')).toBeVisible();

    await lost.getByRole('button', { name: 'Help Find Pet' }).click();
    await expect(page.getByRole('dialog')).toContainText('Help the owner of this pet find their lost pet');
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();

    await lost.getByRole('button', { name: 'Close the lost pet information' }).click();
    await expect(page.getByRole('region', { name: 'Lost Pet Information' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pet is Lost' })).toBeFocused();
  });

  test('location granted: the pet call is repeated with the position', async ({ browser }) => {
    const context = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: { latitude: 38.7139, longitude: -9.1394 },
    });
    const page = await context.newPage();
    await renderInBrowser(page);
    const firstCall = page.waitForRequest(isDetailsCall);
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    expect(coords(await firstCall)).toEqual({ latitude: 0, longitude: 0 });
    const withPosition = page.waitForRequest((r) => isDetailsCall(r) && coords(r).latitude !== 0);
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    const request = await withPosition;
    expect(coords(request)).toEqual({ latitude: 38.7139, longitude: -9.1394 });
    const response = await request.response();
    expect(((await response?.json()) as { result: number }).result).toBe(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Help Find Pet from the same place sends the position again.
    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    await page.getByRole('button', { name: 'Help Find Pet' }).click();
    const again = page.waitForRequest((r) => isDetailsCall(r) && coords(r).latitude === 38.7139);
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    await again;
    await context.close();
  });

  test('location declined or denied: 0,0 is used and no position is sent', async ({ page }) => {
    await renderInBrowser(page);
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (isDetailsCall(r)) sent.push(r);
    });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => warnings.some((w) => w.includes('declined'))).toBe(true);

    // The browser refuses (no permission granted in this context): logged, still 0,0.
    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    await page.getByRole('button', { name: 'Help Find Pet' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    await expect.poll(() => warnings.some((w) => w.includes('Error getting location'))).toBe(true);
    await page.waitForTimeout(500);
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(coords(r)).toEqual({ latitude: 0, longitude: 0 });
  });

  test('adoption mode: a disabled "Adopt Me!", no lost button and no location prompt', async ({ page }) => {
    const petId = await petIdOf(page, 'DEMO0004');
    await page.goto(`/Pets/Details?petProfileId=${petId}&isFrom=Adoption`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adopt Me!' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Pet is Lost' })).toHaveCount(0);

    // A lost pet opened in adoption mode: no lost button, never asked for the location.
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Adoption');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pet is Lost' })).toHaveCount(0);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('adoption mode from an /adopt card: "Adopt Me!" disabled, Back returns to the listing', async ({ page }) => {
    const groups = (await (
      await page.request.get('/api/Pets/GetPetsForAdoption?petTypeId=1&offset=1&limit=4&searchTerm=')
    ).json()) as {
      data: { pets: { petId: number; petName: string }[] }[];
    };
    const pet = groups.data[0].pets[0];
    await page.goto('/adopt');
    await page.getByRole('main').getByRole('link').filter({ hasText: pet.petName }).first().click();
    await expect(page).toHaveURL(
      new RegExp(
        `/Pets/Details\\?.*petProfileId=${pet.petId}.*isFrom=Adoption|/Pets/Details\\?.*isFrom=Adoption.*petProfileId=${pet.petId}`,
      ),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pet.petName);
    await expect(page.getByRole('button', { name: 'Adopt Me!' })).toBeDisabled();
    await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/adopt/);
  });

  test('Back goes back in history, or home when the page was opened directly', async ({ page }) => {
    await page.goto('/?from=e2e');
    const box = page.getByPlaceholder('Enter Pet Public ID');
    await box.fill('DEMO0003');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/\?from=e2e$/);

    await page.goto('/Pets/Details?publicId=DEMO0003&isFrom=Home');
    await page.getByRole('banner').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown public ID shows the not-found page (issue 11); a failed call shows "Error: {message}"', async ({
    page,
  }) => {
    await page.goto('/Pets/Details?publicId=NOPE0000&isFrom=Home');
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
    await renderInBrowser(page);
    await page.route('**/api/Pets/GetPetDetailsByPublicId**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/Pets/Details?publicId=DEMO0001&isFrom=Home');
    await expect(page.getByRole('alert')).toHaveText(/^Error: .+/);
  });

  test('the server writes the share meta of the pet into the HTML', async ({ request }) => {
    const html = await (await request.get('/Pets/Details?publicId=DEMO0001&isFrom=Home')).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+&#39;s Profile – Pawtal" \/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});
