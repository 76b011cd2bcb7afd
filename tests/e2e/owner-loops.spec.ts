import type { ParsedMail } from 'mailparser';
import { axeOf } from '#tests/e2e/support/axe';
import dayjs from 'dayjs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const result = await axeOf(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`),
  ).toEqual([]);
}

test.describe('Sightings reach the owner', () => {
  test('a sighting on DEMO0002 e-mails the owner; the link opens the sightings page with a map and the point', async ({
    browser,
    baseURL,
  }) => {
    const position = { latitude: 38.70123, longitude: -9.14567 };
    const context = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: position,
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.41' },
    });
    const page = await context.newPage();
    const before = (await receivedMail()).length;
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    // the finder learns that the owner has been told
    await expect(page.getByTestId('finder-notice')).toContainText("Luna's owner has been told where you are");

    const mail = await waitForMail((m) => (m.subject ?? '').startsWith('Luna may have been seen'), before);
    expect(mail.html).toContain(`${baseURL}/media/`);
    const link = new RegExp(`${baseURL!.replace(/[.:/]/g, '\\$&')}/Sightings\\?token=[A-Za-z0-9_-]+`).exec(
      mail.text ?? '',
    )?.[0];
    expect(link).toBeTruthy();

    // the owner opens the link in a browser of their own
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto(link!);
    await expect(owner.getByRole('heading', { level: 1, name: 'Sightings of Luna' })).toBeVisible();
    const map = owner.getByTestId('map-view');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('data-markers', /^[1-9]\d*$/);
    const list = owner.getByTestId('sightings-list');
    await expect(list.locator('li').first()).toContainText('38.70123, -9.14567');
    await expect(
      list
        .locator('li')
        .first()
        .getByRole('link', { name: /Directions to the sighting/ }),
    ).toHaveAttribute('href', /destination=38\.70123,-9\.14567$/);
    await expect(owner.locator('canvas').first()).toBeVisible();
    await expectNoSeriousAxeViolations(owner);

    // without the link, nothing
    await owner.goto('/Sightings?token=not-a-real-token-at-all-000000');
    await expect(owner.getByRole('alert')).toContainText('not valid');
    await ownerContext.close();
    await context.close();
  });
});

test.describe('Reminders reach the owner', () => {
  test.use({ storageState: clinicStorageState() });

  test('Send reminders: a confirmation with the counts, then each card shows its e-mail sent; sending again sends nothing twice', async ({
    page,
  }) => {
    const day = dayjs().add(7, 'day');
    const before = (await receivedMail()).length;
    // The workbench's range (issue 21) is kept in the address: that one day.
    await openPortal(page, `?tab=notifications&from=${day.format('YYYY-MM-DD')}&to=${day.format('YYYY-MM-DD')}`);
    await expect(page.getByRole('group', { name: 'From', exact: true })).toContainText(day.format('MMMM D, YYYY'));
    await expect(page.getByRole('group', { name: 'To', exact: true })).toContainText(day.format('MMMM D, YYYY'));
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByTestId('delivery-status')).toHaveAttribute('data-status', /^(notSent|noEmail)$/);

    await page.getByRole('button', { name: 'Send reminders' }).click();
    const dialog = page.getByRole('dialog', { name: /E-mail the reminders of/ });
    await expect(dialog).toContainText(/\d+ owners? will get one e-mail/);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: /on (its|their) way/ })).toBeVisible();

    // every card of the page ends sent (or without an address), none left queued
    await expect(page.locator('[data-testid="delivery-status"][data-status="sent"]').first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('[data-testid="delivery-status"][data-status="queued"]')).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(page.locator('[data-testid="delivery-status"][data-status="notSent"]')).toHaveCount(0);

    // a reminder of that day, with its calendar file: other specs send Demo Clinic's reminders of other days meanwhile
    const ofTheDay = (m: ParsedMail) =>
      m.attachments.some(
        (a) =>
          /^reminder(-\d+)?\.ics$/.test(a.filename ?? '') &&
          a.content.toString().includes(`DTSTART;VALUE=DATE:${day.format('YYYYMMDD')}`),
      );
    await waitForMail((m) => (m.text ?? '').includes('Demo Clinic') && ofTheDay(m), before);

    await page.getByRole('button', { name: 'Send reminders' }).click();
    await expect(dialog).toContainText(/e-mailed before and will not be sent twice/);
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

/** Reads the QR code in a screenshot of `element` (jsqr on the pixels sharp decodes). */
async function decodeQr(element: Locator): Promise<string | null> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

test.describe('Lost-pet flyer', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`prints without JavaScript in ${lang}: LOST, the photo and facts, and a QR code that opens the profile`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'ar' ? 'ar' : 'en-US' });
      const page = await context.newPage();
      const response = await page.goto(`/Pets/Flyer?publicId=DEMO0002&lang=${lang}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ar' ? 'مفقود' : 'LOST');
      const sheet = page.locator('.flyer-sheet');
      await expect(sheet).toContainText('Luna');
      // the breed is a data title, in the flyer's language (locales/<lang>/data.json)
      await expect(sheet).toContainText(lang === 'ar' ? 'بيغل' : 'Beagle');
      await expect(sheet).toContainText('+351 912 345 678');
      await expect(sheet.getByRole('img', { name: lang === 'ar' ? 'صورة Luna' : 'Photo of Luna' })).toBeVisible();
      const qr = page.getByTestId('flyer-qr');
      await expect(qr.locator('svg')).toBeVisible();
      expect(await decodeQr(qr)).toBe(`${baseURL}/Pets/Details?publicId=DEMO0002`);

      // print: the buttons go, the sheet fits one page of A4 and of US Letter
      await page.emulateMedia({ media: 'print' });
      await expect(
        page.getByRole('link', { name: lang === 'ar' ? 'العودة إلى الملف' : 'Back to the profile' }),
      ).toBeHidden();
      for (const format of ['A4', 'Letter'] as const)
        expect(pdfPages(await page.pdf({ format, printBackground: true }))).toBe(1);
      await context.close();
    });
  }

  test('the lost panel links to the flyer and shares the profile (copy where the browser cannot share)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const page = await context.newPage();
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    const panel = page.getByRole('region', { name: 'Lost Pet Information' });
    await expect(panel.getByRole('link', { name: 'Print flyer' })).toHaveAttribute(
      'href',
      '/Pets/Flyer?publicId=DEMO0002',
    );
    await panel.getByRole('button', { name: 'Share' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/Pets/Details?publicId=DEMO0002`);
    await panel.getByRole('link', { name: 'Print flyer' }).click();
    await expect(page).toHaveURL(/\/Pets\/Flyer\?publicId=DEMO0002$/);
    await expect(page.getByRole('heading', { level: 1, name: 'LOST' })).toBeVisible();
    await expect(page.getByTestId('flyer-qr').locator('svg')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
