/**
 * The Pets tab's data grid at a desk (issue 11, point 1): every page is reachable with "Go to next
 * page", the page size can be changed and is remembered, and long owner values are readable.
 */
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';

async function openPetsTab(page: Page): Promise<void> {
  await openPortal(page, '?tab=pets');
  await expect(page.getByRole('grid')).toBeVisible();
}

async function totalPets(page: Page): Promise<number> {
  await expect(page.getByText(/^Total Pets: [1-9]\d*$/)).toBeVisible();
  const text = await page.getByText(/^Total Pets: \d+$/).textContent();
  return Number(/\d+/.exec(text ?? '')?.[0]);
}

async function visibleRowIds(page: Page): Promise<string[]> {
  return page.locator('.MuiDataGrid-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
}

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

test('the pets grid pages through every pet and remembers the page size', async ({ page }) => {
  test.setTimeout(90_000);
  await openPetsTab(page);
  const total = await totalPets(page);
  expect(total).toBeGreaterThan(8);

  // Another worker may add or delete pets meanwhile (the two share one server): each page is checked against the
  // count it shows, and "every pet seen" only when the count stayed the same throughout.
  const shown = page.locator('.MuiTablePagination-displayedRows');
  const seen = new Set<string>();
  let previous: string[] = [];
  const counts = new Set<number>();
  for (let n = 1; ; n++) {
    await expect(shown).toHaveText(new RegExp(`^${(n - 1) * 4 + 1}[–-]\\d+ of \\d+$`));
    const now = Number(/of (\d+)$/.exec((await shown.textContent()) ?? '')?.[1]);
    counts.add(now);
    // The previous page's rows stay while the next one loads; then the new rows replace them.
    await expect.poll(async () => (await visibleRowIds(page)).join()).not.toBe(previous.join());
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(Math.min(4, now - (n - 1) * 4));
    // The grid did not snap back to an earlier page once the page's rows arrived.
    await expect(shown).toHaveText(new RegExp(`^${(n - 1) * 4 + 1}[–-]\\d+ of \\d+$`));
    previous = await visibleRowIds(page);
    for (const id of previous) seen.add(id);
    const next = page.getByRole('button', { name: 'Go to next page' });
    if (n * 4 >= now) {
      await expect(next).toBeDisabled();
      break;
    }
    // The grid must not snap back to an earlier page while the next one loads: the next round checks its label
    // before and after its rows arrive, and that its rows are not this page's.
    await next.click();
  }
  if (counts.size === 1) expect(seen.size).toBe(total);
  else expect(seen.size).toBeGreaterThan(8);

  // A bigger page: 4 (the default), 10, 25, 50 on offer; the choice outlives a reload.
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await expect(page.getByRole('option')).toHaveText(['4', '10', '25', '50']);
  await page.getByRole('option', { name: '10' }).click();
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(Math.min(10, total));
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(
    new RegExp(`^1[–-]${Math.min(10, total)} of \\d+$`),
  );
  await page.reload();
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(Math.min(10, total));

  // Owner name, phone and e-mail are not cut off: each cell shows its whole value or offers it in full.
  for (const field of ['petName', 'OwnerNameForVet', 'OwnerPhoneForVet', 'OwnerEmailForVet']) {
    const cells = page.locator(`.MuiDataGrid-row [data-field="${field}"]`);
    const clipped = await cells.evaluateAll((els) =>
      els
        .filter((el) => {
          const inner = (el.querySelector('[data-full-value]') ?? el) as HTMLElement;
          const overflowing = inner.scrollWidth > inner.clientWidth + 1;
          const whole = inner.getAttribute('title') ?? inner.getAttribute('data-full-value');
          return overflowing && whole !== inner.textContent;
        })
        .map((el) => el.textContent),
    );
    expect(clipped, field).toEqual([]);
  }
});
