import { clinicHeaders, createClinicPetWithVisit } from '#tests/e2e/support/clinic-data';
import { clinicStorageState } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

/** A pet of a new owner who reads French, with one visit today, made through the API with the page's session. */
async function frenchOwnersPet(page: Page): Promise<{ petProfileId: number; vetVisitId: number }> {
  const headers = clinicHeaders();
  const call = async <T>(url: string, data?: object): Promise<T> => {
    const res = data ? await page.request.post(url, { headers, data }) : await page.request.get(url, { headers });
    const body = (await res.json()) as { result: number; message: string; data: T };
    expect(body.result, `${url}: ${body.message}`).toBe(1);
    return body.data;
  };
  const stamp = Date.now().toString(36);
  const { petId: petProfileId, visitId: vetVisitId } = await createClinicPetWithVisit(page.request, {
    petName: `Noisette ${stamp}`,
    ownerNameForVet: `Camille ${stamp}`,
    ownerPhoneForVet: '+33 1 23 45 67 89',
    petGenderId: 2,
    petDateOfBirth: '2021-04-05',
  });
  const { ownerId } = await call<{ ownerId: number }>(`/api/VetPets/GetVetPetDetails?petProfileId=${petProfileId}`);
  const owner = await call<{ version: number; name: string; phone: string }>(
    `/api/VetPets/GetVetOwnerDetails?ownerId=${ownerId}`,
  );
  await call('/api/VetPets/SaveVetOwner', {
    ownerId,
    version: owner.version,
    name: owner.name,
    phone: owner.phone,
    email: '',
    language: 'fr',
    remindersByEmail: true,
    notes: '',
  });
  return { petProfileId, vetVisitId };
}

test("a French owner's certificate and visit summary print in French while the portal is in English; staff may choose another language", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { petProfileId, vetVisitId } = await frenchOwnersPet(page);

  await page.goto(`/Dashboard/Pets/${petProfileId}/Certificate?lang=en`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.getByRole('heading', { level: 1, name: 'Certificat de vaccination' })).toBeVisible();
  await expect(sheet.getByTestId('sheet-language')).toHaveAttribute('lang', 'fr');
  // the toolbar stays in the staff member's language
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  const choice = page.getByRole('combobox', { name: 'Printout language' });
  await expect(choice).toContainText('Français');

  // the staff member prints it in English instead; the choice stays in the address
  await choice.click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(sheet.getByRole('heading', { level: 1, name: 'Vaccination certificate' })).toBeVisible();
  await expect(page).toHaveURL(/printLanguage=en/);

  await page.goto(`/Dashboard/Visits/${vetVisitId}/Summary?lang=en`);
  await expect(sheet.getByRole('heading', { level: 1, name: 'Compte rendu de visite' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});
