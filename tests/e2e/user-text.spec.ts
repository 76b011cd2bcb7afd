/**
 * Issue 36, item 8: text people wrote (shelter descriptions, pet names, notes, names of staff) is marked with its own
 * direction wherever it shows, through the one component for it (UserText): in the Arabic pages an English paragraph
 * reads left to right, each line in its own direction. At 390 and 1280 px.
 */
import { createClinicPet } from '#tests/e2e/support/clinic-data';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { uxShot } from '#tests/e2e/support/ux-shot';

/** Each place `text` shows: whether it sits in an element marked dir="auto", its direction and its bidi setting. */
function placesOf(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const places: Array<{ marked: boolean; direction: string; unicodeBidi: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() !== wanted || !node.parentElement) continue;
      const mark = node.parentElement.closest('[dir="auto"]');
      places.push({
        marked: mark !== null,
        direction: getComputedStyle(node.parentElement).direction,
        unicodeBidi: mark ? getComputedStyle(mark).unicodeBidi : '',
      });
    }
    return places;
  }, text);
}

async function expectMarked(page: Page, text: string, block: boolean) {
  await expect.poll(async () => (await placesOf(page, text)).length, text).toBeGreaterThan(0);
  for (const place of await placesOf(page, text)) {
    expect(place, text).toEqual({
      marked: true,
      direction: 'ltr',
      unicodeBidi: block ? 'plaintext' : expect.stringMatching(/isolate|plaintext/),
    });
  }
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    // the portal's test opens it signed in (none tests the login); the directory's does not read the session
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 }, storageState: clinicStorageState() });

    test('shelter descriptions in the Arabic directory read in their own direction, line by line', async ({ page }) => {
      const answer = (await (
        await page.request.get('/api/AnimalHouses/GetAnimalHouses?offset=1&limit=12&SearchTerm=&CountryId=')
      ).json()) as { data: { items: Array<{ description: string }> } };
      const described = answer.data.items.map((h) => h.description?.trim() ?? '').filter((d) => /^[A-Za-z]/.test(d));
      expect(described.length).toBeGreaterThan(0);
      await page.goto('/AnimalHouse?lang=ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      for (const description of described.slice(0, 3)) await expectMarked(page, description, true);
      await uxShot(page, `user-text-shelters-ar-${width}`);
    });

    test('the Arabic portal marks the pet names people typed', async ({ page }) => {
      await openPortal(page, '?tab=pets&lang=ar');
      await expect(page.getByRole('searchbox')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const petName = `Nimbus Marked ${width}`;
      // a pet of this spec's own (made through the API as the signed-in clinic), so no other spec's deletions touch it
      await createClinicPet(page.request, {
        petName,
        ownerNameForVet: 'Marked Owner',
        ownerPhoneForVet: '+34 600 000 361',
      });
      await page.getByRole('searchbox').fill(petName);
      await expectMarked(page, petName, false);
      await uxShot(page, `user-text-pets-ar-${width}`);
    });
  });
}
