/**
 * Issue 36 on the public pages: the adoption and lost listings' text search, its value in the address (item 11); the
 * pet profile's tab row and the pet-type buttons whole on a phone, the home search's placeholder whole in every
 * language (items 9, 10); the picture viewer filling a phone's screen (item 10). At 390 and 1280 px, in English and
 * Arabic (every language for the placeholder).
 */
import { readFileSync } from 'node:fs';
import { API } from '#shared/contract/paths';
import type { PetGroup } from '#shared/contract/pets';
import { LANGUAGES } from '#shared/languages';
import { cutTexts } from '#tests/e2e/support/cut-texts';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';

const WIDTHS = [390, 1280] as const;

/** Elements that stand partly outside the window, by their text. */
async function outsideWindow(page: Page, elements: Locator): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  return elements.evaluateAll(
    (list, w) =>
      list
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left < -0.5 || r.right > w + 0.5;
        })
        .map((e) => e.textContent ?? ''),
    width,
  );
}

for (const [kind, path, api] of [
  ['adoption', '/adopt', API.petsForAdoption],
  ['lost', '/lost', API.lostPets],
] as const) {
  for (const width of WIDTHS) {
    for (const lang of ['en', 'ar'] as const) {
      test(`${kind} at ${width} px in ${lang}: a search box finds pets by name or breed, kept in the address`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const groups = (await (await page.request.get(`${api}?petTypeId=1&offset=1&limit=100`)).json()) as {
          data: PetGroup[];
        };
        const all = groups.data.flatMap((g) => g.pets.map((p) => ({ ...p, breedId: g.petBreedId })));
        const pet = all[all.length - 1];
        await page.goto(`${path}?lang=${lang}`);
        const box = page.getByRole('searchbox', {
          name: lang === 'en' ? 'Search by name or breed' : 'ابحث بالاسم أو السلالة',
        });
        await expect(box).toHaveAttribute('type', 'search');
        await expect(await outsideWindow(page, box)).toEqual([]);
        await box.fill(pet.petName);
        await expect(page).toHaveURL(
          new RegExp(`[?&]search=${encodeURIComponent(pet.petName).replace(/%20/g, '\\+')}`),
        );
        const cards = page.getByRole('main').getByRole('link').filter({ hasText: pet.petName });
        await expect(cards.first()).toBeVisible();
        const names = await page.getByRole('main').locator('a h3, a [data-pet-name]').allTextContents();
        for (const name of names) expect(name.toLowerCase()).toContain(pet.petName.toLowerCase());
        // the address alone gives the same page (a reload, a shared link), the box holding the search
        await page.reload();
        await expect(box).toHaveValue(pet.petName);
        await expect(cards.first()).toBeVisible();
        // a search nothing matches says so; clearing it brings every pet back
        await box.fill('zzqx');
        await expect(
          page.getByText(
            lang === 'en'
              ? 'No pets of this type match your search.'
              : 'لا توجد حيوانات أليفة من هذا النوع تطابق بحثك.',
          ),
        ).toBeVisible();
        await box.fill('');
        await expect(page).not.toHaveURL(/search=/);
        await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      });
    }
  }
}

test('the server renders a searched listing, and a junk search is the page without one', async ({ page }) => {
  const answer = await page.request.get('/adopt?search=%20%20zzqx%20%20');
  expect(answer.headers()['cache-control']).toContain('private');
  const page1 = await page.request.get('/adopt?search=zzqx');
  expect(await page1.text()).toContain('No pets of this type match your search.');
  const junk = await page.request.get(`/adopt?search=${'x'.repeat(101)}`);
  expect(await junk.text()).not.toContain('No pets of this type match your search.');
});

for (const lang of ['en', 'ar', 'de', 'pt'] as const) {
  test(`on a phone in ${lang}: the profile's tabs and the pet-type buttons are whole, none cut or off screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/Pets/Details?publicId=DEMO0001&isFrom=Home&lang=${lang}`);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(6);
    expect(await outsideWindow(page, tabs)).toEqual([]);
    expect(await cutTexts(tabs)).toEqual([]);
    // every tab still works and says which is chosen
    await tabs.nth(5).click();
    await expect(tabs.nth(5)).toHaveAttribute('aria-selected', 'true');
    await page.goto(`/adopt?lang=${lang}`);
    const types = page.getByRole('group').first().getByRole('button');
    await expect(types).toHaveCount(5);
    expect(await outsideWindow(page, types)).toEqual([]);
    expect(await cutTexts(types)).toEqual([]);
  });
}

test('the home search placeholder is whole at 360 px in every language', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const cut: string[] = [];
  for (const { code } of LANGUAGES) {
    await page.goto(`/?lang=${code}`);
    const input = page.locator('input[name="publicId"]');
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(el.placeholder).width <= room;
    });
    if (!fits) cut.push(code);
  }
  expect(cut).toEqual([]);
});

for (const lang of ['en', 'ar'] as const) {
  test(`the picture viewer fills a phone's screen in ${lang}, its title above the zoom controls`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/Pets/Details?publicId=DEMO0001&isFrom=Home&lang=${lang}`);
    const read = <T>(ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as T;
    const { wellness } = read<{ wellness: { typesLabel: string; enlargePicture: string } }>('pet');
    const { recordType } = read<{ recordType: Record<string, string> }>('data');
    // Grooming & Hygiene, its Grooming records (record type 7), a record's picture
    await page.getByRole('tab').nth(5).click();
    await page.getByRole('group', { name: wellness.typesLabel }).getByRole('button', { name: recordType['7'] }).click();
    const enlarge = wellness.enlargePicture.split('{{')[0].trim();
    await page
      .getByRole('button', { name: new RegExp(`^${enlarge}`) })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    const paper = viewer;
    const box = await paper.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const title = await viewer.locator('#picture-viewer-title > div').first().boundingBox();
    const zoomIn = await viewer.getByRole('button').nth(1).boundingBox();
    expect(title && zoomIn && title.y + title.height <= zoomIn.y + 1).toBe(true);
    const view = await viewer.getByTestId('picture-view').boundingBox();
    expect(view && view.height > 500).toBe(true);
    // at a desk it stays a dialog
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await paper.boundingBox())?.width ?? 0).toBeLessThan(1280);
  });
}
