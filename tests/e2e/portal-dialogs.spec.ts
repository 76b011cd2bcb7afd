/**
 * Issue 36, items 1 and 5: the portal's dialogs never throw edits away without a word (Escape, a click outside, ×,
 * Cancel and a phone's Back ask first; Back closes a dialog and stays in the portal), and a visit created from a
 * pet goes straight to its Edit Vet Visit dialog. At 390 and 1280 px, in English and Arabic.
 */
import { createClinicPetWithVisit } from '#tests/e2e/support/clinic-data';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { uxShot } from '#tests/e2e/support/ux-shot';
import { searchPets } from '#tests/e2e/support/pets-search';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

async function arriveAtPortal(page: Page, lang: 'en' | 'ar' = 'en'): Promise<void> {
  // the home page first, as a visitor arrives: Back from the portal's first screen goes there
  await page.goto(lang === 'ar' ? '/?lang=ar' : '/');
  await openPortal(page, lang === 'ar' ? '?lang=ar' : '');
}

/** A pet of its own with one visit today, made through the API with the stored session (no other spec has it). */
function petWithVisit(page: Page, petName: string): Promise<{ petId: number; visitId: number }> {
  return createClinicPetWithVisit(page.request, {
    petName,
    ownerNameForVet: 'Dialog Owner',
    ownerPhoneForVet: '+1 555 0100 636',
  });
}

/** Finds the pet through the Pets tab's search and returns its card or row. */
async function findPet(page: Page, petName: string) {
  await page.getByRole('tab', { name: 'Pets' }).click();
  await expect(page.getByRole('heading', { name: 'Vet Pets' })).toBeVisible();
  await searchPets(page, petName);
  const item = page.getByRole('article').or(page.getByRole('row')).filter({ hasText: petName });
  await expect(item).toHaveCount(1);
  return item;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('Edit Vet Visit asks before discarding notes (Escape, Back, Cancel); Back closes it and stays in the portal', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const petName = `Unsaved ${width} ${Date.now().toString(36)}`;
      await petWithVisit(page, petName);
      await arriveAtPortal(page);
      const edit = page.getByRole('button', { name: `Edit the visit of ${petName}` });
      const dialog = page.getByRole('dialog', { name: new RegExp(`Edit Vet Visit – ${petName}`) });
      const question = page.getByRole('dialog', { name: 'Discard your changes?' });

      // Escape with notes typed: the question, and Keep editing keeps them
      await edit.click();
      await dialog.getByLabel('Notes', { exact: true }).fill('Ate well, coat shiny.');
      await page.keyboard.press('Escape');
      await expect(question).toBeVisible();
      await expect(question).toContainText('What you changed in this visit is not saved yet.');
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await expect(question).toBeHidden();
      await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('Ate well, coat shiny.');

      // Back (a phone's gesture): the same question, and the portal stays
      await page.goBack();
      await expect(question).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/Dashboard');
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('Ate well, coat shiny.');

      // a click outside the dialog (at a desk; a phone's dialog fills the screen)
      if (width > 600) {
        await page.mouse.click(5, 5);
        await expect(question).toBeVisible();
        await question.getByRole('button', { name: 'Keep editing' }).click();
      }

      // Cancel, then Discard: the dialog closes and nothing was saved
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await question.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();
      await edit.click();
      await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('');

      // without changes Back just closes the dialog, in the portal; the next Back leaves it for the home page
      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(question).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/Dashboard');
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    });

    test('Edit Pet asks before discarding a changed name; Back closes the Pet Profile without leaving', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await arriveAtPortal(page);
      const petName = `Petform ${width} ${Date.now().toString(36)}`;
      await petWithVisit(page, petName);
      const pet = await findPet(page, petName);
      await pet.getByRole('button', { name: `Edit ${petName}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Pet' });
      const question = page.getByRole('dialog', { name: 'Discard your changes?' });
      await form.getByLabel('Pet Name').fill(`${petName} renamed`);
      await page.keyboard.press('Escape');
      await expect(question).toContainText("What you changed in this pet's details is not saved yet.");
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await page.goBack();
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: 'Discard' }).click();
      await expect(form).toBeHidden();
      await expect(pet).toContainText(petName);
      await expect(pet).not.toContainText('renamed');

      // the Pet Profile (nothing to lose): Back closes it and the Pets tab stays
      await pet
        .getByRole('button', { name: new RegExp(petName) })
        .first()
        .click();
      const profile = page.getByRole('dialog', { name: petName });
      await expect(profile).toBeVisible();
      await page.goBack();
      await expect(profile).toBeHidden();
      await expect(page.getByRole('tab', { name: 'Pets' })).toHaveAttribute('aria-selected', 'true');
    });

    test("a visit created from a pet's row opens at once in Edit Vet Visit; Back closes it in the Pets tab", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await arriveAtPortal(page);
      const petName = `Straight ${width} ${Date.now().toString(36)}`;
      const { petId } = await petWithVisit(page, petName);
      const pet = await findPet(page, petName);
      await pet.getByRole('button', { name: `New visit for ${petName}` }).click();
      const newVisit = page.getByRole('dialog', { name: 'New Vet Visit' });
      await expect(newVisit).toContainText(petName);
      await newVisit.getByRole('button', { name: 'Create Visit' }).click();
      await expect(newVisit).toBeHidden();
      const edit = page.getByRole('dialog', { name: new RegExp(`Edit Vet Visit – ${petName}`) });
      await expect(edit).toBeVisible();
      await expect(edit.getByLabel('Notes', { exact: true })).toHaveValue('');
      // it is the new visit: the pet now has two, and the dialog saves the second
      await edit.getByLabel('Notes', { exact: true }).fill('Recorded straight after creating the visit.');
      await edit.getByRole('button', { name: 'Submit' }).click();
      await expect(edit).toBeHidden();
      const session = await page.evaluate(
        () => JSON.parse(localStorage.getItem('pawtal.portal.session') ?? 'null') as { token: string },
      );
      const visits = (await (
        await page.request.get(`/api/VetPets/GetVetPetVisits?petProfileId=${petId}&offset=1&limit=4`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json()) as { data: { visits: { id: number }[]; count: number } };
      expect(visits.data.count).toBe(2);
      const newest = Math.max(...visits.data.visits.map((v) => v.id));
      const details = (await (
        await page.request.get(`/api/VetPets/GetVetVisitDetails?vetVisitId=${newest}`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json()) as { data: { visit: { Notes: string } } };
      expect(details.data.visit.Notes).toBe('Recorded straight after creating the visit.');

      // Back from a visit just created: its dialog closes and the Pets tab stays
      await pet.getByRole('button', { name: `New visit for ${petName}` }).click();
      await newVisit.getByRole('button', { name: 'Create Visit' }).click();
      await expect(edit).toBeVisible();
      await page.goBack();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Vet Pets' })).toBeVisible();
    });
  });
}

test.describe('in Arabic, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the question is in Arabic, right to left, and Back keeps the portal', async ({ page }) => {
    test.setTimeout(90_000);
    const petName = `Unsaved ar ${Date.now().toString(36)}`;
    await petWithVisit(page, petName);
    await arriveAtPortal(page, 'ar');
    await page.getByRole('button', { name: `تعديل زيارة ${petName}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`تعديل الزيارة البيطرية – ${petName}`) });
    await dialog.getByLabel('ملاحظات', { exact: true }).fill('ملاحظة جديدة');
    await page.goBack();
    const question = page.getByRole('dialog', { name: 'تجاهل التغييرات؟' });
    await expect(question).toBeVisible();
    await expect(question).toHaveCSS('direction', 'rtl');
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
    await question.getByRole('button', { name: 'تجاهل' }).click();
    await expect(dialog).toBeHidden();
    await uxShot(page, 'portal-dialogs-after-discard-ar');
  });
});
