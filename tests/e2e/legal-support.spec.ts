import { expect, test, renderInBrowser } from '#tests/e2e/support/test';

test.describe('Legal pages', () => {
  for (const [path, api, heading, title] of [
    ['/PrivacyPolicy', '/api/LegalDocuments/GetPrivacyPolicy', 'Privacy Policy', 'Privacy Policy – Pawtal'],
    [
      '/TermsAndConditions',
      '/api/LegalDocuments/GetTermsAndConditions',
      'Terms & Conditions',
      'Terms & Conditions – Pawtal',
    ],
  ] as const) {
    test(`${path} renders the server's HTML, sanitised`, async ({ page }) => {
      const doc = (await (await page.request.get(api)).json()) as { data: { htmlContent: string } };
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const html = page.getByTestId('legal-html');
      await expect(html).toBeVisible();
      // One h1: the document's own title, or the page's heading when the document has none.
      const docTitle = doc.data.htmlContent.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1]?.trim();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(docTitle ?? heading);
      // The first heading of the server's document is shown as a heading.
      const firstHeading = doc.data.htmlContent.match(/<h[2-4][^>]*>([^<]+)<\/h[2-4]>/)?.[1];
      if (firstHeading) await expect(html.getByRole('heading', { name: firstHeading.trim() })).toBeVisible();
      await expect(html.locator('script, style, iframe, form, [onclick], [onerror]')).toHaveCount(0);
    });
  }

  test('a failing call shows "Error: {message}"', async ({ page }) => {
    await renderInBrowser(page);
    await page.route(/\/api\/LegalDocuments\/GetPrivacyPolicy(\?|$)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ result: 0, message: 'Document unavailable', data: null }),
      }),
    );
    await page.goto('/PrivacyPolicy');
    await expect(page.getByRole('alert')).toHaveText('Error: Document unavailable');
  });

  test('script in the server HTML never runs', async ({ page }) => {
    await renderInBrowser(page);
    await page.route(/\/api\/LegalDocuments\/GetTermsAndConditions(\?|$)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          result: 1,
          message: '',
          data: {
            htmlContent:
              '<h2>Terms</h2><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a>',
          },
        }),
      }),
    );
    await page.goto('/TermsAndConditions');
    await expect(page.getByTestId('legal-html').getByRole('heading', { name: 'Terms' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.getByTestId('legal-html').locator('a')).not.toHaveAttribute('href', /javascript/);
  });
});

test.describe('Contact page', () => {
  test('heading, phone with WhatsApp, e-mail, deletion note and Back to home', async ({ page }) => {
    await page.goto('/support');
    await expect(page).toHaveTitle('Contact Us – Pawtal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us – Yes, We Answer!');
    const config = JSON.parse((await page.locator('#app-config').textContent()) ?? '{}') as {
      supportPhone: string;
      supportEmail: string;
    };
    const digits = config.supportPhone.replace(/\D/g, '');
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/${digits}`,
    );
    await expect(page.getByRole('link', { name: `Call ${config.supportPhone}` })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expect(page.getByRole('link', { name: `Write to ${config.supportEmail}` })).toHaveAttribute(
      'href',
      `mailto:${config.supportEmail}`,
    );
    await expect(page.getByText('Account > Delete Account', { exact: false })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('an unknown route shows the not-found page, not "Unexpected Application Error!" (issue 11)', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
});
