/**
 * Medical records a clinic can trust (issue 20), in Chromium against the real server: Undo after
 * deleting a visit and a pet (after SPEC.md's confirmation), "Recently deleted" in the Pets tab,
 * two tabs saving one visit (the second is refused and offers Reload, the user's edits kept to
 * copy), and the pet's History tab naming who changed what.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { clinicHeaders, createClinicPetWithVisit } from '#tests/e2e/support/clinic-data';
import { clinicStorageState, openPortal, storedPortalSession } from '#tests/e2e/support/clinic-session';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const result = await axeOf(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A pet's visit in the Visits tab, in any language: at a desk (from 1024 px) a row of the visits' grid (issue 21). */
function visitOf(page: Page, petName: string): Locator {
  return page.getByRole('grid').getByRole('row').filter({ hasText: petName });
}

async function tab(page: Page, name: 'Visits' | 'Pets' | 'Notifications'): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** A pet with one visit today, made through the API with the stored session; `vetName` is its acting person's name. */
async function petWithVisit(page: Page, petName: string): Promise<{ petId: number; visitId: number; vetName: string }> {
  const ids = await createClinicPetWithVisit(page.request, {
    petName,
    ownerNameForVet: 'Undo Owner',
    ownerPhoneForVet: '+1 555 0100 444',
    petDateOfBirth: '2020-01-01',
  });
  return { ...ids, vetName: storedPortalSession().users[0].Name };
}

test('Undo brings back a deleted visit and a deleted pet; Recently deleted restores later', async ({ page }) => {
  test.setTimeout(120_000);
  const petName = `Undo ${Date.now().toString(36)}`;
  await petWithVisit(page, petName);
  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();

  // A visit: SPEC.md's confirmation, then the Undo.
  const card = visitOf(page, petName);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete the visit of ${petName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toContainText(
    'Are you sure you want to delete this visit?',
  );
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toHaveCount(0);
  const snackbar = page.getByRole('alert').filter({ hasText: `The visit of ${petName}` });
  await expect(snackbar).toContainText('was deleted.');
  await snackbar.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Restored.' })).toBeVisible();
  await expect(card).toBeVisible();

  // A pet, from the Pets tab.
  await tab(page, 'Pets');
  await page.getByRole('searchbox', { name: 'Search pets' }).fill(petName);
  await expect(page.getByText('Total Pets: 1')).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(petName) })
    .getByRole('button', { name: `Delete ${petName}` })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Total Pets: 0')).toBeVisible();
  const petSnackbar = page.getByRole('alert').filter({ hasText: `${petName} was deleted.` });
  await petSnackbar.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Total Pets: 1')).toBeVisible();

  // Deleted again and left: the Undo goes after 10 s; Recently deleted still restores it.
  await page
    .getByRole('row', { name: new RegExp(petName) })
    .getByRole('button', { name: `Delete ${petName}` })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Total Pets: 0')).toBeVisible();
  const offered = page.getByRole('alert').filter({ hasText: `${petName} was deleted.` });
  await expect(offered).toBeVisible();
  await expect(offered).toBeHidden({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const deleted = page.getByRole('region', { name: 'Recently deleted' });
  await expect(deleted.getByRole('heading', { name: petName })).toBeVisible();
  await expect(deleted).toContainText(/Deleted by Dr\./);
  await expectNoSeriousAxeViolations(page, 'recently deleted');
  await deleted.getByRole('button', { name: `Restore ${petName}` }).click();
  await expect(page.getByRole('status')).toContainText(`${petName} was restored.`);
  await expect(deleted.getByRole('heading', { name: petName })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to pets' }).click();
  await page.getByRole('searchbox', { name: 'Search pets' }).fill(petName);
  await expect(page.getByText('Total Pets: 1')).toBeVisible();
});

test('a second tab saving the same visit is refused, offers Reload and keeps its edits to copy; History names who changed what', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const petName = `Tabs ${Date.now().toString(36)}`;
  const { vetName } = await petWithVisit(page, petName);
  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/Dashboard');
  await expect(second.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();

  const open = async (p: Page) => {
    const card = visitOf(p, petName);
    await card.getByRole('button', { name: `Edit the visit of ${petName}` }).click();
    const dialog = p.getByRole('dialog', { name: /Edit Vet Visit/ });
    await expect(dialog.getByLabel('Notes')).toBeVisible();
    return dialog;
  };
  const first = await open(page);
  const other = await open(second);

  await first.getByLabel('Notes').fill('Saved in the first tab');
  await first.getByLabel('Weight').fill('12.4');
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first).toBeHidden();

  await other.getByLabel('Notes').fill('Typed in the second tab');
  await other.getByRole('button', { name: 'Submit' }).click();
  const notice = other.getByRole('alert').filter({ hasText: 'Someone else saved first' });
  await expect(notice).toContainText(`${vetName} changed this visit on`);
  await expect(other.getByRole('button', { name: 'Submit' })).toBeDisabled();
  // The edits are still on screen until the user reloads.
  await expect(other.getByLabel('Notes')).toHaveValue('Typed in the second tab');
  await expectNoSeriousAxeViolations(second, 'refused save');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByLabel('Notes')).toHaveValue('Saved in the first tab');
  const draft = other.getByRole('textbox', { name: 'Your unsaved edits' });
  await expect(draft).toHaveValue(/Notes: Typed in the second tab/);
  await expect(other.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await other.getByLabel('Notes').fill('Saved in the first tab, then the second');
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toBeHidden();
  await second.close();

  // History, in the Pet Profile dialog.
  const card = visitOf(page, petName);
  await card
    .getByRole('button', { name: new RegExp(petName) })
    .first()
    .click();
  const profile = page.getByRole('dialog', { name: petName });
  await profile.getByRole('tab', { name: 'History' }).click();
  const history = profile.getByRole('list', { name: 'History' });
  await expect(history).toContainText(
    `${vetName} changed notes Saved in the first tab → Saved in the first tab, then the second`,
  );
  await expect(history).toContainText(`${vetName} added a weight`);
  await expectNoSeriousAxeViolations(page, 'history tab');
  // Four to a page, newest first: the pet's creation is on the next page.
  await profile.getByRole('navigation', { name: 'History pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(history).toContainText(`${vetName} added the pet`);
});

test("the History tab speaks the reader's language: words, field names, vaccine titles, numbers and units (German)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the German dashboard is the only page this test loads: its pet and saves are made through the API first
  const petName = `Verlauf ${Date.now().toString(36)}`;
  const { visitId, vetName } = await petWithVisit(page, petName);
  const headers = clinicHeaders();
  // Two saves as the portal sends them: a weight and a vaccination, then the weight changed.
  const save = async (weight: string, vaccinations: object[]) => {
    const details = (await (
      await page.request.get(`/api/VetPets/GetVetVisitDetails?vetVisitId=${visitId}`, { headers })
    ).json()) as {
      data: {
        visit: { PetProfileID: number; ID: number; Version: number; VetUserID: number; VisitDate: string };
        petWellnessRecords: { weight: { records: { ID: number }[] } };
      };
    };
    const { visit, petWellnessRecords } = details.data;
    const json = {
      petId: visit.PetProfileID,
      vetVisitId: visit.ID,
      version: visit.Version,
      vetUserId: visit.VetUserID,
      visitDate: visit.VisitDate,
      notes: '',
      isFinished: false,
      weight: [
        { id: petWellnessRecords.weight.records[0]?.ID, recordValue: weight, unitOfMeasureId: 1, unitOfMeasure: 'kg' },
      ],
      vaccinations,
      antiparasitics: [],
      consultations: [],
      pictures: [],
    };
    const res = await page.request.post('/api/VetPets/SaveVetVisit', {
      headers,
      multipart: { json: JSON.stringify(json) },
    });
    expect(((await res.json()) as { result: number }).result).toBe(1);
  };
  await save('12.1', [{ title: 'Rabies', date: new Date().toISOString().slice(0, 10), nextReminderDate: null }]);
  await save('12.4', []);

  await page.goto('/Dashboard?lang=de');
  const card = visitOf(page, petName);
  await card
    .getByRole('button', { name: new RegExp(petName) })
    .first()
    .click();
  const profile = page.getByRole('dialog', { name: petName });
  await profile.getByRole('tab', { name: 'Verlauf' }).click();
  const history = profile.getByRole('list', { name: 'Verlauf' });
  // "12,4 kg": the German decimal comma; the vaccine by its German title; German field names.
  await expect(history).toContainText(new RegExp(`${vetName} hat „Gewicht“ geändert: 12,1\\s?kg → 12,4\\s?kg`));
  await expect(history).toContainText(`${vetName} hat eine Impfung entfernt`);
  await expect(history).toContainText('Impfstoff: Tollwut');
  await expect(history).not.toContainText(/changed|added|removed|Rabies|vaccine/);
});
