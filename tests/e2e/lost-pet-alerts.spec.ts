/**
 * Issue 34, item 5 in Chromium: a neighbour subscribes to lost-and-found alerts from the Lost Pets listing (a place on
 * the map, a radius, pet types, an e-mail) and starts them from the e-mailed link; the Found listing offers the same
 * form, right to left in Arabic at 390 px. (The daily digest and its one-click unsubscribe: tests/api/pet-alerts.)
 */
import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, waitForApp, type Page } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('Lost-pet alerts for neighbours', () => {
  test('from /lost at 390 px: place, radius, pet types and e-mail; the link starts the alerts', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.151' },
    });
    const page = await context.newPage();
    const before = (await receivedMail()).length;
    const neighbour = `neighbour.e2e.${Date.now()}@example.org`;

    await page.goto('/lost');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Alert me' }).click();
    const form = page.getByRole('dialog', { name: 'Lost and found pets near you' });
    await expect(form).toBeVisible();

    // nothing chosen yet: the form says what is missing, first the place
    await form.getByLabel('Your e-mail address').fill(neighbour);
    await form.getByRole('button', { name: 'Start my alerts' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Choose the place of your alerts: tap the map or use where you are',
    );
    // at 390 px the message is below the fold of the dialog: it is scrolled into sight (it once stayed out of view)
    await expect(form.getByRole('alert')).toBeInViewport();
    const map = form.getByTestId('map-view');
    await expect(map.locator('canvas')).toBeVisible();
    await map.click({ position: { x: 150, y: 100 } });
    await expect(form.getByText(/^Place chosen/)).toBeVisible();
    await form.getByRole('button', { name: 'Start my alerts' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose at least one kind of pet');

    // 5 km by default; three steps with the keyboard make it 8 km
    const radius = form.getByRole('slider');
    await expect(radius).toHaveAttribute('aria-valuetext', '5 km');
    await radius.focus();
    for (let i = 0; i < 3; i++) await radius.press('ArrowRight');
    await expect(form.getByText('How far around it: 8 km')).toBeVisible();
    await form.getByRole('button', { name: 'Dog', exact: true }).click();
    await expect(form.getByRole('button', { name: 'Dog', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await form.getByRole('button', { name: 'Start my alerts' }).click();
    await expect(form.getByRole('status')).toHaveText('Check your e-mail and follow the link to start your alerts.');
    expect(await page.content()).not.toContain(neighbour);

    const mail = await waitForMail(
      (m) => m.subject === 'Start your lost-pet alerts' && JSON.stringify(m.to ?? null).includes(neighbour),
      before,
    );
    expect(mail.text).toContain('within 8 km of your place');
    const link = /\S+\/alerts\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const confirmPage = await (await browser.newContext()).newPage();
    await confirmPage.goto(link!);
    await waitForApp(confirmPage);
    await expect(confirmPage.getByText(/^Your alerts have started/)).toBeVisible();
  });

  test('from /found in Arabic at 390 px: the same form, right to left', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/found?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'نبّهني' }).click();
    const form = page.getByRole('dialog', { name: 'حيوانات مفقودة وأخرى عُثر عليها بالقرب منك' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: 'ابدأ تنبيهاتي' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
