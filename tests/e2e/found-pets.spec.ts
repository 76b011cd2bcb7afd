import sharp from 'sharp';
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, waitForApp } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

/** About 100 m from where Luna (DEMO0002, a tricolour Beagle) was lost three days ago. */
const FINDER_AT = { latitude: 38.7145, longitude: -9.139 };

test.describe('Found pets come home', () => {
  test('a finder reports a found dog with a photo and a map pin, confirms by e-mail, sees Luna; her owner is e-mailed', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: FINDER_AT,
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' },
    });
    const page = await context.newPage();
    const before = (await receivedMail()).length;
    const finder = `finder.e2e.${Date.now()}@example.org`;

    // pages of their own context: each waits for the app to take over the server-rendered page
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Found Pets', exact: true }).click();
    await expect(page).toHaveURL(/\/found$/);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Found pets' })).toBeVisible();

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2b2118' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Photos (one to three)')
      .setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText('1 photo chosen')).toBeVisible();
    await page.getByRole('combobox', { name: 'Kind of pet' }).click();
    await page.getByRole('option', { name: 'Dog' }).click();
    for (const colour of ['Black', 'Tan', 'White'])
      await page.getByRole('button', { name: colour, exact: true }).click();
    await page.getByRole('button', { name: 'Medium' }).click();

    // a tap on the map places the pin; "where I am" then moves it to the finder's position
    const map = page.getByTestId('map-view');
    await expect(map.locator('canvas')).toBeVisible();
    await map.click({ position: { x: 120, y: 100 } });
    await expect(page.getByText(/^Place chosen/)).toBeVisible();
    await page.getByRole('button', { name: 'Use where I am' }).click();
    await page.getByLabel('A note (where, how it behaves)').fill('Shy, wearing a red collar with a bell.');
    await page.getByLabel('Your e-mail address').fill(finder);

    const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Send my report' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail and follow the link' })).toBeVisible();

    const confirm = await waitForMail(
      (m) => m.subject === 'Publish your found-pet report' && JSON.stringify(m.to ?? null).includes(finder),
      before,
    );
    const link = /\S+\/found\/manage\?token=[A-Za-z0-9_-]+/.exec(confirm.text ?? '')?.[0];
    expect(link?.startsWith(`${baseURL}/found/manage?token=`)).toBe(true);

    const finderPage = await (await browser.newContext()).newPage();
    await finderPage.goto(link!);
    await waitForApp(finderPage);
    await expect(finderPage.getByRole('heading', { level: 1, name: 'Your found-pet report' })).toBeVisible();
    await expect(finderPage.getByRole('status').filter({ hasText: 'Your report is published until' })).toBeVisible();
    await expect(finderPage.getByRole('link', { name: 'Luna' })).toBeVisible();

    // Luna's owner hears of it, without the finder's address
    const match = await waitForMail((m) => /from where Luna was lost may be her$/.test(m.subject ?? ''), before);
    expect(match.subject).toMatch(/^A dog found 0\.\d km from where Luna was lost may be her$/);
    expect(`${match.text}${match.html}`).not.toContain(finder);

    // the report is listed, with no address on the page
    await page.goto('/found');
    await waitForApp(page);
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Dog: Black, Tan, White, Medium' }).first(),
    ).toBeVisible();
    expect(await page.content()).not.toContain(finder);

    // the finder says the pet is home
    await finderPage.getByRole('button', { name: 'The pet is home' }).click();
    await expect(finderPage.getByRole('status').filter({ hasText: 'You said the pet is home' })).toBeVisible();
  });
});
