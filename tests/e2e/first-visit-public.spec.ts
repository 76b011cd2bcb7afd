/**
 * Issue 25: what a new visitor hit on the public site, checked at phone and desk width in English, Spanish and Arabic.
 */
import { expect, test, type Page } from '#tests/e2e/support/test';

const WIDTHS = [390, 1280] as const;
const LANGUAGES = ['en', 'es', 'ar'] as const;
// each test only reads public pages (its browser's storage is its own): side by side, on both workers
test.describe.configure({ mode: 'parallel' });

/** How far the document scrolls past the bottom of its footer (0 when the footer ends the page). */
function scrollPastFooter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    if (!footer) throw new Error('no footer');
    return Math.round(document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY));
  });
}

test.describe('Home', () => {
  for (const width of WIDTHS) {
    for (const lang of LANGUAGES) {
      test(`ends at its footer and writes no stray attributes (${width} px, ${lang})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lang=${lang}`);
        expect(await scrollPastFooter(page)).toBeLessThanOrEqual(1);
        expect(await page.locator('[sx], [tone]').count()).toBe(0);
      });
    }
  }
});

test.describe('Flyer', () => {
  test('a pet that is not lost has no flyer: HTTP 404 and a page that says so', async ({ page }) => {
    const response = await page.goto('/Pets/Flyer?publicId=DEMO0001');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: /^No flyer for / })).toBeVisible();
    await expect(page.getByText(/is not reported lost/)).toBeVisible();
    await expect(page).not.toHaveTitle(/Lost:/);
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  });

  test('an unknown ID: HTTP 404, "not found", and the browser renders what the server rendered', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // the page's own 404 is the point; a hydration mismatch shows as a page error (React #418)
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    const response = await page.goto('/Pets/Flyer?publicId=NOPE1234');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await expect(page.getByText('No pet has this public ID.', { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

test.describe('Lost pets near me', () => {
  for (const width of WIDTHS) {
    test(`one list, nearest first, cards with breed and last-seen date and place (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const near of ['40.71,-74.01', '51.51,-0.13']) {
        for (const p of [1, 2]) {
          await page.goto(`/lost?near=${near}${p > 1 ? `&page=${p}` : ''}`);
          const main = page.getByRole('main');
          await expect(main.getByText('Nearest to you first.')).toBeVisible();
          // no breed sections: the cards are one list
          await expect(main.getByRole('heading', { level: 2 })).toHaveCount(0);
          const cards = main.getByRole('list', { name: 'Lost Pets' }).getByRole('listitem');
          const count = await cards.count();
          expect(count).toBeGreaterThan(0);
          const miles = (await cards.getByTestId('distance').allInnerTexts()).map((text) =>
            Number(text.replace(/[^\d.]/g, '')),
          );
          expect(miles).toEqual([...miles].sort((a, b) => a - b));
          await expect(cards.first().getByTestId('last-seen-date')).toHaveText(/^Last seen \w+ \d{1,2}, \d{4}$/);
          await expect(cards.first().getByTestId('last-seen-place')).toHaveText(/^Near .+/);
          // at desk width a full page fills one row (no breed heading over a lone card)
          if (width === 1280 && count === 4) {
            const tops = await cards.evaluateAll((items) =>
              items.map((li) => Math.round(li.getBoundingClientRect().top)),
            );
            expect(new Set(tops).size).toBe(1);
          }
        }
      }
    });
  }

  test('without near me the cards still say when and where each pet was last seen', async ({ page }) => {
    await page.goto('/lost');
    const card = page.getByRole('main').getByRole('region').first().getByRole('listitem').first();
    await expect(card.getByTestId('last-seen-date')).toHaveText(/^Last seen /);
    await expect(card.getByTestId('last-seen-place')).toHaveText(/^Near /);
  });
});

test.describe('Past the last page', () => {
  test('provider listings disable Next on their last page and lead a page past the end back', async ({ page }) => {
    await page.goto('/sitters');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const last = Number(
      await nav
        .getByRole('button', { name: /^Go to page \d+$/ })
        .last()
        .innerText(),
    );
    await nav.getByRole('button', { name: `Go to page ${last}` }).click();
    await expect(nav.getByRole('button', { name: `Page ${last}, current page` })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.goto(`/sitters?page=${last + 5}`);
    await expect(page.getByText('There are no more results: this page is past the end of the list.')).toBeVisible();
    await page.getByRole('button', { name: `Go to the last page (${last})` }).click();
    await expect(page).toHaveURL(new RegExp(`/sitters\\?page=${last}$`));
    await expect(
      page.getByRole('main').getByRole('list', { name: 'Available Pet Sitters' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  for (const path of ['/adopt', '/lost']) {
    test(`${path}: Next stops at the last page; a page past the end says so and leads back`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      const next = nav.getByRole('button', { name: 'Next' });
      // walk to the last page: Next turns off there, never on an empty page
      for (let p = 1; p < 40 && (await next.isEnabled()); p++) {
        await next.click();
        await expect(nav.getByText(`Page ${p + 1}`)).toBeVisible();
        // the pager is disabled while the page loads (the previous page's cards stay meanwhile): read Next once it has
        // arrived
        await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      }
      await expect(next).toBeDisabled();

      await page.goto(`${path}?page=60`);
      await expect(page.getByText('There are no more results: this page is past the end of the list.')).toBeVisible();
      await expect(page.getByText(/right now/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Go to the first page' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    });
  }
});

test.describe('Provider detail', () => {
  test('Back returns to the listing page the visitor came from', async ({ page }) => {
    await page.goto('/walkers?page=2');
    await page.getByRole('main').getByRole('list', { name: 'Available Pet Walkers' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/pet-walker\/\d+$/);
    await page.getByRole('main').getByRole('link', { name: 'Back to pet walkers' }).click();
    await expect(page).toHaveURL(/\/walkers\?page=2$/);
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2, current page' }),
    ).toBeDisabled();
    // the header's Back link too, after a reload of the detail page
    await page.getByRole('main').getByRole('list', { name: 'Available Pet Walkers' }).getByRole('link').first().click();
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/walkers\?page=2$/);
  });
});

test.describe('Provider picture', () => {
  for (const width of WIDTHS) {
    test(`what the whole picture leaves of its box is filled by the picture, not a grey strip (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pet-sitter/1');
      const image = page.getByRole('img', { name: /^Photo of / });
      await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const box = page.getByTestId('provider-picture');
      const shown = await box.evaluate((el) => {
        const img = el.querySelector('img') as HTMLImageElement;
        const frame = el.getBoundingClientRect();
        const scale = Math.min(frame.width / img.naturalWidth, frame.height / img.naturalHeight);
        const backdrop = getComputedStyle(el, '::before');
        return {
          // the part of the box the picture leaves, in px
          uncovered: frame.width * frame.height - img.naturalWidth * scale * img.naturalHeight * scale,
          backdrop: backdrop.content !== 'none' && backdrop.backgroundImage.includes(new URL(img.src).pathname),
          cardHeight: (el.parentElement as HTMLElement).getBoundingClientRect().height,
          frameHeight: frame.height,
        };
      });
      if (shown.uncovered > 1) expect(shown.backdrop, JSON.stringify(shown)).toBe(true);
      // beside the details, the picture's column is as tall as the card: no empty strip under it
      if (width >= 1024) expect(Math.abs(shown.cardHeight - shown.frameHeight)).toBeLessThanOrEqual(1);
    });
  }
});

test.describe('Country filter', () => {
  const GROUP_LABEL = {
    en: 'Countries with pet sitters',
    es: 'Países con cuidadores de mascotas',
    ar: 'دول فيها جلساء حيوانات أليفة',
  } as const;
  for (const lang of LANGUAGES) {
    test(`offers the countries with sitters first, with their counts (${lang})`, async ({ page }) => {
      await page.goto(`/sitters?lang=${lang}`);
      const select = page.getByTestId('country-select');
      const groups = select.locator('optgroup');
      await expect(groups).toHaveCount(2);
      await expect(groups.first()).toHaveAttribute('label', GROUP_LABEL[lang]);
      const withSitters = groups.first().locator('option');
      const count = await withSitters.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(20);
      // "Spain (3)": a count on each, and together the listing's total
      const counts = (await withSitters.allInnerTexts()).map((text) => {
        const digits = /\(([^)]+)\)\s*$/.exec(text)?.[1] ?? '';
        return Number(digits.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace(/\D/g, ''));
      });
      expect(counts.every((n) => n > 0)).toBe(true);
      const total = (
        (await (await page.request.get('/api/PetSitters/GetPetSitters?offset=1&limit=4')).json()) as {
          data: { totalCount: number };
        }
      ).data.totalCount;
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      // the other countries come after
      expect(await groups.nth(1).locator('option').count()).toBeGreaterThan(100);
      // choosing one filters the listing to it
      const first = withSitters.first();
      await select.selectOption((await first.getAttribute('value')) ?? '');
      await expect(page).toHaveURL(/country=\d+/);
    });
  }
});

test.describe('Location prompt', () => {
  test('"Not now" holds across reloads and lost pets; Help Find Pet asks again, and a refusing browser is explained', async ({
    page,
  }) => {
    const lost = (await (await page.request.get('/api/Pets/GetLostPets?petTypeId=1&offset=1&limit=8')).json()) as {
      data: Array<{ pets: Array<{ publicId: string }> }>;
    };
    const other = lost.data.flatMap((g) => g.pets).find((p) => p.publicId !== 'DEMO0002')?.publicId as string;

    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    for (const path of ['/Pets/Details?publicId=DEMO0002&isFrom=Lost', `/Pets/Details?publicId=${other}&isFrom=Lost`]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Pet is Lost' })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // this browser context grants no location: the browser refuses after the visitor agrees
    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    await page.getByRole('button', { name: 'Help Find Pet' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    await expect(page.getByTestId('location-problem')).toContainText('Your browser blocks location for this site');
  });
});

test.describe('Pet profile tabs', () => {
  /** Whether the tab row shows scroll arrows, and whether its tabs would fit in the whole row. */
  const tabRow = (page: Page) =>
    page.getByRole('tablist').evaluate((list) => {
      const root = list.closest('.MuiTabs-root') as HTMLElement;
      const needed = [...list.children].reduce((sum, tab) => sum + tab.getBoundingClientRect().width, 0);
      const first = (list.firstElementChild as HTMLElement).getBoundingClientRect();
      const row = root.getBoundingClientRect();
      const rtl = getComputedStyle(root).direction === 'rtl';
      return {
        arrows: root.querySelectorAll('.MuiTabs-scrollButtons').length > 0,
        fits: needed <= row.width + 0.5,
        gap: Math.round(rtl ? row.right - first.right : first.left - row.left),
      };
    });

  for (const lang of LANGUAGES) {
    test(`arrows only when the tabs do not fit, also after the lost panel opens (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/Pets/Details?publicId=DEMO0002&isFrom=Lost&lang=${lang}`);
      await page.getByRole('dialog').getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // narrow to wide: a row that overflowed once and fits again drops its arrows
      for (const width of [390, 700, 880, 920, 960, 1040, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(
            async () => {
              const r = await tabRow(page);
              return r.arrows === !r.fits;
            },
            { message: `at ${width} px` },
          )
          .toBe(true);
        const row = await tabRow(page);
        if (row.fits) expect(row.gap, `at ${width} px`).toBe(0);
      }
      // the lost panel makes the page taller (a scrollbar): the tabs still fit, no arrows
      await page
        .getByRole('button', {
          name: { en: 'Pet is Lost', es: 'Mascota perdida', ar: 'الحيوان الأليف مفقود' }[lang],
          exact: true,
        })
        .click();
      await expect(page.getByTestId('map-view')).toBeVisible();
      await page.waitForTimeout(300);
      expect(await tabRow(page)).toEqual({ arrows: false, fits: true, gap: 0 });
    });
  }
});
