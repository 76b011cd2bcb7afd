import { axeOf } from '#tests/e2e/support/axe';
import { expect, test, waitForApp } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

/** Luna's (DEMO0002) owner in the demo data (src/server/db/seed/people.ts). */
const LUNAS_OWNER = 'demo.owner@pawtal.example';

/** The first link of a path in an e-mail's text. */
function linkIn(text: string | undefined, path: string): string {
  const link = new RegExp(`\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text ?? '')?.[0];
  expect(link, `a ${path} link`).toBeDefined();
  return link!;
}

test.describe('The contact relay', () => {
  test('a visitor writes to Luna’s owner from the lost panel, confirms by e-mail; the owner replies; no address crosses', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.91' } });
    const page = await context.newPage();
    const before = (await receivedMail()).length;
    const visitor = `relay.e2e.${Date.now()}@example.org`;

    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost');
    await waitForApp(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: 'Pet is Lost' }).click();
    const lost = page.getByRole('region', { name: 'Lost Pet Information' });
    await lost.getByRole('button', { name: 'Contact the owner' }).click();

    const form = page.getByRole('dialog', { name: 'Write to the owner' });
    await form.getByLabel('Your message').fill('I saw her by the river this morning. Call me on 934 567 890.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText('Give your e-mail address');
    await form.getByLabel('Your e-mail address').fill(visitor);
    const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText(/^Check your e-mail and follow the link/);
    expect(await page.content()).not.toContain(visitor);

    // the first time, the visitor's address is confirmed by a link before the message goes
    const confirm = await waitForMail(
      (m) =>
        m.subject === 'Confirm your e-mail address to send your message' &&
        JSON.stringify(m.to ?? null).includes(visitor),
      before,
    );
    const confirmPage = await (await browser.newContext()).newPage();
    await confirmPage.goto(linkIn(confirm.text, '/messages/confirm'));
    await waitForApp(confirmPage);
    await expect(confirmPage.getByText('Your address is confirmed and your message is on its way.')).toBeVisible();

    // the owner reads it: the phone number of an unknown sender's first message is held back, no address shown
    const toOwner = await waitForMail((m) => m.subject === 'A message about Luna', before);
    expect(`${toOwner.text}${toOwner.html}`).not.toContain(visitor);
    expect(toOwner.text).not.toContain('934 567 890');
    expect(toOwner.text).toContain('I saw her by the river this morning.');
    const owner = await (await browser.newContext()).newPage();
    await owner.goto(linkIn(toOwner.text, '/messages'));
    await waitForApp(owner);
    await expect(owner.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(owner.getByText('I saw her by the river this morning.')).toBeVisible();
    await expect(owner.getByText('Links and phone numbers are hidden until you reply once.')).toBeVisible();
    expect(await owner.content()).not.toContain(visitor);

    // the owner's reply goes back the same way, to the visitor's address, without the owner's
    await owner.getByLabel('Your reply').fill('Thank you! Which bridge?');
    await owner.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(owner.getByText('Thank you! Which bridge?')).toBeVisible();
    const toVisitor = await waitForMail((m) => m.subject === "Luna's owner replied", before);
    expect(JSON.stringify(toVisitor.to ?? null)).toContain(visitor);
    expect(toVisitor.text).toContain('Thank you! Which bridge?');
    expect(`${toVisitor.text}${toVisitor.html}`).not.toContain(LUNAS_OWNER);

    // the visitor's own link shows both messages, the phone number now answered and shown
    const visitorPage = await (await browser.newContext()).newPage();
    const visitorLink = linkIn(toVisitor.text, '/messages');
    expect(visitorLink.startsWith(`${baseURL}/messages?token=`)).toBe(true);
    await visitorPage.goto(visitorLink);
    await waitForApp(visitorPage);
    await expect(visitorPage.getByText('Thank you! Which bridge?')).toBeVisible();
    await expect(visitorPage.getByText(/Call me on 934 567 890/)).toBeVisible();
  });
});
