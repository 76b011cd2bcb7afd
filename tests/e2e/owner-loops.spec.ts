import { expect, test } from './support/test';
import { receivedMail, waitForMail } from './support/mailbox';

test.describe('Sightings reach the owner', () => {
  test('a sighting on DEMO0002 e-mails the owner; the link opens the sightings page with a map and the point', async ({ browser, baseURL }) => {
    const position = { latitude: 38.70123, longitude: -9.14567 };
    const context = await browser.newContext({ permissions: ['geolocation'], geolocation: position, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.41' } });
    const page = await context.newPage();
    const before = (await receivedMail()).length;
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await page.getByRole('dialog').getByRole('button', { name: 'Allow location access' }).click();
    // the finder learns that the owner has been told
    await expect(page.getByTestId('finder-notice')).toContainText("Luna's owner has been told where you are");

    const mail = await waitForMail((m) => (m.subject ?? '').startsWith('Luna may have been seen'), before);
    expect(mail.html).toContain(`${baseURL}/media/`);
    const link = new RegExp(`${baseURL!.replace(/[.:/]/g, '\\$&')}/Sightings\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();

    // the owner opens the link in a browser of their own
    const owner = await browser.newPage();
    await owner.goto(link!);
    await expect(owner.getByRole('heading', { level: 1, name: 'Sightings of Luna' })).toBeVisible();
    const map = owner.getByTestId('map-view');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('data-markers', /^[1-9]\d*$/);
    const list = owner.getByTestId('sightings-list');
    await expect(list.locator('li').first()).toContainText('38.70123, -9.14567');
    await expect(list.locator('li').first().getByRole('link', { name: /Directions to the sighting/ })).toHaveAttribute('href', /destination=38\.70123,-9\.14567$/);
    await expect(owner.locator('canvas').first()).toBeVisible();

    // without the link, nothing
    await owner.goto('/Sightings?token=not-a-real-token-at-all-000000');
    await expect(owner.getByRole('alert')).toContainText('not valid');
    await owner.close();
    await context.close();
  });
});
