/**
 * Issue 34, item 2's last part in Chromium: a finder reports a dog near where Luna (DEMO0002) was lost and confirms it;
 * Luna's owner follows the match e-mail to her sightings page, which lists the report among the candidates (photo,
 * found date, the distance rounded, a link to its public page, "Contact the finder"), without the finder's address or
 * exact place.
 */
import sharp from 'sharp';
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, waitForApp } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

/** About 300 m from where Luna was lost (a tricolour Beagle): a match; the digits let the test look for them. */
const FOUND_AT = { latitude: 38.71673, longitude: -9.13721 };

test('Luna’s owner sees a found dog that may be her on the sightings page, and can write to its finder', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const before = (await receivedMail()).length;
  const finder = `candidate.finder.${Date.now()}@example.org`;
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.141' },
  });
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3b2a1c' } })
    .png()
    .toBuffer();
  const today = new Date().toISOString().slice(0, 10);
  const reported = await api.post('/api/Pets/ReportFoundPet', {
    multipart: {
      json: JSON.stringify({
        petTypeId: 1,
        petBreedId: null,
        colors: ['black', 'tan', 'white'],
        size: 'medium',
        ...FOUND_AT,
        foundDate: today,
        note: 'Friendly, no collar.',
        email: finder,
      }),
      imageFile: { name: 'dog.png', mimeType: 'image/png', buffer: photo },
    },
  });
  const { result, data } = (await reported.json()) as { result: number; data: { foundPetId: number } };
  expect(result).toBe(1);
  const { foundPetId } = data;

  const confirm = await waitForMail(
    (m) => m.subject === 'Publish your found-pet report' && JSON.stringify(m.to ?? null).includes(finder),
    before,
  );
  const token = /\/found\/manage\?token=([A-Za-z0-9_-]+)/.exec(confirm.text ?? '')?.[1];
  expect(token).toBeDefined();
  expect(
    ((await (await api.post('/api/Pets/ConfirmFoundPet', { data: { token } })).json()) as { result: number }).result,
  ).toBe(1);

  // the owner's match e-mail links to Luna's private sightings page
  const match = await waitForMail((m) => /from where Luna was lost may be her$/.test(m.subject ?? ''), before);
  const sightingsLink = /\S+\/Sightings\?token=[A-Za-z0-9_-]+/.exec(match.text ?? '')?.[0];
  expect(sightingsLink).toBeDefined();

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(sightingsLink!);
  await waitForApp(page);
  const section = page.getByRole('region', { name: 'Found pets that may be Luna' });
  await expect(section).toBeVisible();
  const mine = section.getByRole('listitem').filter({ has: page.locator(`a[href="/found/${foundPetId}"]`) });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Dog: Black, Tan, White, Medium' })).toBeVisible();
  await expect(mine).toContainText(/Found on .+ · 0\.\d (km|mi) from where Luna was lost/);
  await expect(mine.getByRole('img', { name: 'Photo of the found pet: Dog: Black, Tan, White, Medium' })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(finder);
  expect(html).not.toContain(String(FOUND_AT.latitude));
  expect(html).not.toContain(String(FOUND_AT.longitude));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);

  await mine.getByRole('button', { name: 'Contact the finder' }).click();
  await expect(page.getByRole('dialog', { name: 'Write to the finder' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await mine.getByRole('link', { name: 'Dog: Black, Tan, White, Medium' }).click();
  await expect(page).toHaveURL(new RegExp(`/found/${foundPetId}$`));
});
