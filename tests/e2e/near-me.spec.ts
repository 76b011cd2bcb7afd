import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, waitForApp, type Browser, type Page } from '#tests/e2e/support/test';

/** The visitor stands in London; the demo has sitters there. */
const LONDON = { latitude: 51.5072, longitude: -0.1276 };
const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const MARKER_RGB = [0xc6, 0x28, 0x28]; // the theme's error.main, the colour of map markers

async function openAs(
  browser: Browser,
  opts: { locale: string; position?: { latitude: number; longitude: number } },
): Promise<Page> {
  const context = await browser.newContext(
    opts.position
      ? { locale: opts.locale, permissions: ['geolocation'], geolocation: opts.position }
      : { locale: opts.locale, permissions: [] },
  );
  return context.newPage();
}

async function go(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
}

function cards(page: Page) {
  return page.getByRole('main').getByRole('list').first().getByRole('listitem');
}

/** The number in "2.4 km away" / "على بعد ٢٫٤ كم" (Latin or Arabic digits). */
function distanceValue(text: string): number {
  const latin = text
    .replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)))
    .replace('٫', '.')
    .replace(/[^\d.,]/g, '');
  return Number(latin.replace(/,(?=\d{3}\b)/g, '').replace(',', '.'));
}

async function distances(page: Page): Promise<number[]> {
  return (await page.getByRole('main').getByTestId('distance').allTextContents()).map(distanceValue);
}

test.describe('Near me', () => {
  test('granted (en-GB): nearest sitters first in miles, the rounded position in the URL, paging and the country filter keep it', async ({
    browser,
  }) => {
    const page = await openAs(browser, { locale: 'en-GB', position: LONDON });
    await go(page, '/sitters');
    const before = await cards(page).getByRole('heading').allTextContents();
    await page.getByRole('button', { name: 'Near me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your location?' });
    await expect(dialog).toContainText('Find the pet sitters closest to you by allowing location access.');
    await dialog.getByRole('button', { name: 'Allow location access' }).click();
    await expect(page).toHaveURL(/[?&]near=51\.51%2C-0\.13(&|$)|[?&]near=51\.51,-0\.13(&|$)/);
    await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('main').getByTestId('distance').first()).toContainText(/\d mi away/);

    // The same order as the API's for the rounded position.
    const api = (await (
      await page.request.get('/api/PetSitters/GetPetSitters?offset=1&limit=4&latitude=51.51&longitude=-0.13')
    ).json()) as { data: { items: { name: string; distanceKm: number }[] } };
    await expect(cards(page).getByRole('heading')).toHaveText(api.data.items.map((i) => i.name));
    expect(await cards(page).getByRole('heading').allTextContents()).not.toEqual(before);
    const page1 = await distances(page);
    expect(page1).toEqual([...page1].sort((a, b) => a - b));

    // Page 2 continues the distance order.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/near=/);
    await expect.poll(async () => (await distances(page))[0]).toBeGreaterThanOrEqual(page1[page1.length - 1]);

    // A shared link reproduces the search (server-rendered, then live).
    const shared = page.url();
    const other = await openAs(browser, { locale: 'en-GB' });
    const errors: string[] = [];
    other.on('console', (m) => {
      if (m.type() === 'error' && !m.location().url.includes('127.0.0.1:9/')) errors.push(m.text());
    });
    other.on('pageerror', (e) => errors.push(e.message));
    await go(other, shared.replace(/^https?:\/\/[^/]+/, ''));
    await expect(cards(other).getByRole('heading')).toHaveText(
      await cards(page).getByRole('heading').allTextContents(),
    );
    // Rendered in km on the server, shown in miles once the browser's locale is known: no hydration error.
    await expect(other.getByRole('main').getByTestId('distance').first()).toContainText(/mi away/);
    expect(errors).toEqual([]);
    await other.context().close();

    // The country filter combines with it.
    const countries = page.getByTestId('country-select');
    await countries.selectOption(
      (await countries.locator('option', { hasText: /^Portugal \(\d+\)$/ }).getAttribute('value')) ?? '',
    );
    await expect(page).toHaveURL(/country=\d+/);
    await expect(page).toHaveURL(/near=/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(cards(page).first()).toContainText('Portugal');
    await expect(page.getByRole('main').getByTestId('distance').first()).toContainText(/mi away/);
    // Off again: the usual order.
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page).not.toHaveURL(/near=/);
    await expect(page.getByRole('main').getByTestId('distance')).toHaveCount(0);
    await page.context().close();
  });

  test('declined at the prompt or refused by the browser: the listing stays as it was', async ({ browser }) => {
    const page = await openAs(browser, { locale: 'en-US' });
    await go(page, '/walkers');
    const before = await cards(page).getByRole('heading').allTextContents();
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/near=/);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    await expect(page.getByText('We could not get your location, so the list stays in its usual order.')).toBeVisible();
    await expect(page).not.toHaveURL(/near=/);
    await expect(cards(page).getByRole('heading')).toHaveText(before);
    await expect(page.getByRole('main').getByTestId('distance')).toHaveCount(0);
    await page.context().close();
  });

  test('Arabic, lost pets: nearest last-seen place first, distances in km, right to left', async ({ browser }) => {
    const page = await openAs(browser, { locale: 'ar-AE', position: LISBON });
    await go(page, '/lost?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'بالقرب مني' }).click();
    const dialog = page.getByRole('dialog', { name: 'هل تشارك موقعك؟' });
    await expect(dialog).toContainText('شاهد الحيوانات الأليفة المفقودة');
    await dialog.getByRole('button', { name: 'السماح بالوصول إلى الموقع' }).click();
    await expect(page).toHaveURL(/near=38\.72(%2C|,)-9\.14/);
    const first = page.getByRole('main').getByTestId('distance').first();
    await expect(first).toContainText('كم');
    await expect(first).toContainText('على بُعد');
    // One list nearest first, across breeds (issue 25): no breed sections, each card names its breed.
    await expect(page.getByRole('main').locator('section[aria-labelledby^="breed-"]')).toHaveCount(0);
    const ds = (await page.getByRole('main').getByTestId('distance').allTextContents()).map(distanceValue);
    expect(ds.length).toBeGreaterThan(0);
    expect(ds).toEqual([...ds].sort((a, b) => a - b));
    await page.context().close();
  });

  test('Arabic, sitters refused by the browser: the message is translated and nothing changes', async ({ browser }) => {
    const page = await openAs(browser, { locale: 'ar-AE' });
    await go(page, '/sitters?lang=ar');
    await page.getByRole('button', { name: 'بالقرب مني' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'السماح بالوصول إلى الموقع' }).click();
    await expect(page.getByText('تعذّر الحصول على موقعك، لذا تبقى القائمة بترتيبها المعتاد.')).toBeVisible();
    await expect(page).not.toHaveURL(/near=/);
    await page.context().close();
  });
});

/** The centre of the first patch of marker-coloured pixels on the map's canvas, in page coordinates. */
async function markerPoint(page: Page): Promise<{ x: number; y: number } | null> {
  return page.getByTestId('map-view').evaluate((el, rgb) => {
    for (const canvas of Array.from(el.querySelectorAll('canvas'))) {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width) continue;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let y = 0; y < height; y += 2) {
        for (let x = 0; x < width; x += 2) {
          const i = (y * width + x) * 4;
          if (
            Math.abs(data[i] - rgb[0]) < 12 &&
            Math.abs(data[i + 1] - rgb[1]) < 12 &&
            Math.abs(data[i + 2] - rgb[2]) < 12 &&
            data[i + 3] > 200
          ) {
            const box = canvas.getBoundingClientRect();
            return { x: box.left + (x + 3) * (box.width / width), y: box.top + (y + 3) * (box.height / height) };
          }
        }
      }
    }
    return null;
  }, MARKER_RGB);
}

test.describe('Near me: the map', () => {
  test('List / Map: markers (clusters zoom in), the visitor, a marker opens its card; axe finds nothing serious', async ({
    browser,
  }) => {
    const page = await openAs(browser, { locale: 'en-GB', position: LONDON });
    await go(page, '/sitters?near=51.51,-0.13');
    const names = await cards(page).getByRole('heading').allTextContents();
    await page.getByRole('radiogroup', { name: 'Show results as' }).getByRole('radio', { name: 'Map' }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByRole('img', { name: 'Map of the results on this page' });
    await expect(map).toBeVisible();
    await expect(map.locator('canvas').first()).toBeAttached();
    // The list stays under the map, the same results.
    await expect(cards(page).getByRole('heading')).toHaveText(names);

    const axe = await axeOf(page);
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // Click markers until one opens its card (a cluster zooms in first).
    const selection = page.getByTestId('map-selection');
    for (let attempt = 0; attempt < 6 && (await selection.getByRole('heading').count()) === 0; attempt++) {
      await expect.poll(() => markerPoint(page), { timeout: 10_000 }).not.toBeNull();
      const point = await markerPoint(page);
      if (point) await page.mouse.click(point.x, point.y);
      await page.waitForTimeout(400);
    }
    await expect(selection.getByRole('heading')).toHaveCount(1);
    expect(names).toContain(await selection.getByRole('heading').textContent());
    await expect(selection.getByRole('link')).toHaveAttribute('href', /^\/pet-sitter\/\d+$/);
    await page.context().close();
  });

  test('Arabic lost pets map view passes axe', async ({ browser }) => {
    const page = await openAs(browser, { locale: 'ar-AE', position: LISBON });
    await go(page, '/lost?lang=ar&near=38.72,-9.14&view=map');
    await expect(page.getByRole('img', { name: 'خريطة نتائج هذه الصفحة' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'خريطة نتائج هذه الصفحة' }).locator('canvas').first()).toBeAttached();
    const axe = await axeOf(page);
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await page.context().close();
  });
});
