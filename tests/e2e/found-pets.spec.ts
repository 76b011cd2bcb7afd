import sharp from 'sharp';
import { LANGUAGES } from '#shared/languages';
import { axeOf } from '#tests/e2e/support/axe';
import { cutTexts } from '#tests/e2e/support/cut-texts';
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
    // the page's own button opens the file chooser (the browser's "Choose Files" control stays hidden)
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photos' }).click();
    await (await chooser).setFiles({ name: 'dog.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(page.getByText('1 photo chosen')).toBeVisible();
    await page.getByRole('combobox', { name: 'Kind of pet' }).click();
    await page.getByRole('option', { name: 'Dog' }).click();
    await page.getByRole('combobox', { name: 'Breed, if you can tell (optional)' }).fill('Beag');
    await page.getByRole('option', { name: 'Beagle' }).click();
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
    await expect(page.getByText('Breed (finder’s guess): Beagle').first()).toBeVisible();

    // near me: nearest first, with the distance to the rounded place; then on a map
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    await expect(page).toHaveURL(/\/found\?near=/);
    await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Dog: Black, Tan, White, Medium' }).first(),
    ).toContainText(/(km|mi) away/);
    await page.getByRole('radiogroup', { name: 'Show results as' }).getByRole('radio', { name: 'Map' }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByRole('img', { name: 'Map of the results on this page' })).toBeVisible();

    // its own page, rendered on the server with its share meta, and its flyer
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Dog: Black, Tan, White, Medium' })
      .first()
      .getByRole('link', { name: 'Dog: Black, Tan, White, Medium' })
      .click();
    await expect(page).toHaveURL(/\/found\/\d+$/);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Dog found on / })).toBeVisible();
    await expect(page.getByText('Shy, wearing a red collar with a bell.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo 1: Dog: Black, Tan, White, Medium' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact the finder' })).toBeVisible();
    const served = await (await page.request.get(page.url())).text();
    expect(served).toMatch(/<h1[^>]*>Dog found on /);
    expect(served).toContain('<meta property="og:title" content="Dog found on ');
    expect(served).not.toContain(finder);
    for (const exact of [String(FINDER_AT.latitude), String(FINDER_AT.longitude)]) expect(served).not.toContain(exact);
    const pageViolations = (await axeOf(page)).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(pageViolations.map((v) => v.id)).toEqual([]);

    await page.getByRole('link', { name: 'Print a flyer' }).click();
    await expect(page).toHaveURL(/\/found\/\d+\/flyer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'FOUND' })).toBeVisible();
    await expect(page.getByTestId('flyer-qr').locator('svg')).toBeVisible();
    await expect(page.getByText('Is it yours?')).toBeVisible();
    const flyerViolations = (await axeOf(page)).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(flyerViolations.map((v) => v.id)).toEqual([]);
    expect(await page.content()).not.toContain(finder);

    // the finder says the pet is home
    await finderPage.getByRole('button', { name: 'The pet is home' }).click();
    await expect(finderPage.getByRole('status').filter({ hasText: 'You said the pet is home' })).toBeVisible();
  });

  test('the day found starts at today where the finder is, not the next day of a time zone ahead', async ({
    browser,
  }) => {
    // 20:00 UTC on 10 June: 13:00 on 10 June in Los Angeles, already 11 June at UTC+14
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date('2026-06-10T20:00:00Z'));
    await page.goto('/found');
    await waitForApp(page);
    await expect(page.getByLabel('Day you found it')).toHaveValue('2026-06-10');
    await context.close();
  });

  test('the report form shows its labels whole on a phone in every language', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const cut: string[] = [];
    for (const { code } of LANGUAGES) {
      await page.goto(`/found?lang=${code}`);
      await waitForApp(page);
      const form = page.locator('form').first();
      await expect(form.locator('label').first()).toBeVisible();
      const labels = await cutTexts(form.locator('label'));
      cut.push(...labels.map((text) => `${code}: ${text}`));
    }
    expect(cut).toEqual([]);
  });
});
