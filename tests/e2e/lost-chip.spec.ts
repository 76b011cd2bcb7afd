/**
 * Issue 34, item 4 in Chromium: a clinic scans a stray's microchip into the quick search (Ctrl+K), learns it belongs
 * to Luna (DEMO0002), reported lost on Pawtal and not its patient, sees none of her owner's data, and tells the owner
 * through the relay with the message the dialog offers (naming the clinic). The owner's e-mail names the clinic and
 * carries the message; no address crosses. In Arabic at 390 px the notice reads right to left.
 */
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

/** Luna's chip (src/server/db/seed/demo-pets.ts), typed as a reader or a person might */
const LUNA_CHIP = '620098100345782';
/** Luna's owner in the demo data (src/server/db/seed/people.ts) */
const LUNAS_OWNER = 'demo.owner@pawtal.example';

function linkIn(text: string | undefined, path: string): string {
  const link = new RegExp(`\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text ?? '')?.[0];
  expect(link, `a ${path} link`).toBeDefined();
  return link!;
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('A clinic scans a lost pet’s microchip', () => {
  // Other Clinic, signed in (Luna is not its patient); no test here tests the login, logs out or switches the acting person
  test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState('other') });

  test('the quick search says the chip is Luna’s, lost on Pawtal, without her owner’s data, and tells the owner through the relay', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const before = (await receivedMail()).length;
    const clinicAddress = `desk.${Date.now()}@other-clinic.example`;
    await openPortal(page);

    await page.keyboard.press('Control+k');
    const quick = page.getByRole('dialog', { name: 'Quick search' });
    const box = quick.getByRole('combobox', { name: 'Quick search' });
    // a number that is not a chip is only searched among the patients
    await box.fill('620 098 100');
    await expect(quick.getByText('No pet with this microchip', { exact: false })).toHaveCount(0);
    // spaces and dashes are ignored
    await box.fill('620-098-100 345782');
    const notice = quick.getByRole('region', { name: 'Luna is reported lost on Pawtal' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Not your patient');
    await expect(notice.getByRole('link', { name: 'Public profile' })).toHaveAttribute(
      'href',
      /\/Pets\/Details\?publicId=DEMO0002/,
    );
    expect(await page.content()).not.toContain(LUNAS_OWNER);
    await expectNoSeriousAxeViolations(page);

    await notice.getByRole('button', { name: 'Tell the owner' }).click();
    const form = page.getByRole('dialog', { name: 'Tell the owner' });
    const message = form.getByLabel('Your message');
    await expect(message).toHaveValue(/^Hello, this is Other Clinic\. We have scanned microchip 620098100345782/);
    await form.getByLabel('Your e-mail address').fill(clinicAddress);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText(
      /^(Check your e-mail and follow the link|Your message is on its way)/,
    );

    // the clinic's address is confirmed once by a link; then the owner reads the message, naming the clinic
    const confirm = await waitForMail(
      (m) =>
        m.subject === 'Confirm your e-mail address to send your message' &&
        JSON.stringify(m.to ?? null).includes(clinicAddress),
      before,
    );
    const confirmPage = await (await browser.newContext()).newPage();
    await confirmPage.goto(linkIn(confirm.text, '/messages/confirm'));
    await expect(confirmPage.getByText('Your address is confirmed and your message is on its way.')).toBeVisible();
    // other specs e-mail Luna's owner too (matches, sightings): this one is the clinic's
    const toOwner = await waitForMail(
      (m) =>
        m.subject === 'Other Clinic, a veterinary clinic, writes about Luna' &&
        JSON.stringify(m.to ?? null).includes(LUNAS_OWNER),
      before,
    );
    expect(toOwner.text).toContain(`We have scanned microchip ${LUNA_CHIP}`);
    expect(`${toOwner.text}${toOwner.html}`).not.toContain(clinicAddress);
  });

  test('in Arabic at 390 px: the notice reads right to left and the chip stays left to right', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortal(page, '?lang=ar');
    await page.keyboard.press('Control+k');
    const quick = page.getByRole('dialog');
    await quick.getByRole('combobox').fill(LUNA_CHIP);
    const notice = quick.getByRole('region', { name: /مُبلَّغ عنه كمفقود/ });
    await expect(notice).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(notice.getByRole('button', { name: 'أبلغ المالك' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  });
});
