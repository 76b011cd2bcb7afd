/**
 * A clinic's day in tables (issue 21) in Chromium against the real server: the Visits grid at a
 * desk (range presets, search that ignores accents, sort, page sizes, saved views and the last
 * state), a new visit from a pet and a visit opened from its history, quick search (Ctrl+K), the
 * reminders workbench (range in the address, calendar, filters, call and e-mail links, sending,
 * the server's CSV), at 1280 and 390 px, in English and Arabic, with axe on the new views.
 */
import fs from 'node:fs';
import { axeOf } from '#tests/e2e/support/axe';
import dayjs from 'dayjs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { createClinicPet, createClinicVisit } from '#tests/e2e/support/clinic-data';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });
// each test makes its own pets or only reads (the saved views it makes are its own): side by side, on both workers
test.describe.configure({ mode: 'parallel' });

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const result = await axeOf(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${what}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Types a day into a date field in the long format ("March 5, 2025"), section by section: month name, day, year. */
async function typeLongDate(field: Locator, date: dayjs.Dayjs): Promise<void> {
  const sections = field.getByRole('spinbutton');
  for (const [i, text] of [date.format('MMMM'), date.format('D'), date.format('YYYY')].entries()) {
    await sections.nth(i).click();
    await field.page().keyboard.type(text);
  }
}

test.describe('at a desk (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Visits grid: presets, a search that ignores accents and reads phones as digits, sorting, page sizes, saved views and the last state', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const petName = `Desk Pérola ${stamp}`;
    const petId = await createClinicPet(page.request, {
      petName,
      ownerNameForVet: `Inês Conceição ${stamp}`,
      ownerPhoneForVet: '+351 239 539 317',
      ownerEmailForVet: `ines.${stamp}@example.pt`,
      petGenderId: 2,
      petDateOfBirth: '2021-04-05',
    });
    await createClinicVisit(page.request, petId, dayjs().format('YYYY-MM-DD'));
    await openPortal(page);

    const grid = page.getByRole('grid', { name: 'Visits' });
    await expect(grid).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'visits grid');

    // Page sizes 10, 25, 50; the default is what fits the window.
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '25', '50']);
    await page.getByRole('option', { name: '25' }).click();

    // Today, and all visits: every row is today's.
    await page.getByRole('radio', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const today = dayjs().format('MMMM D, YYYY');
    await expect(page.getByRole('group', { name: 'From', exact: true })).toContainText(today);
    await expect
      .poll(async () =>
        (await grid.locator('[data-field="VisitDate"][role="gridcell"]').allTextContents()).every((d) => d === today),
      )
      .toBe(true);

    // The search ignores accents and case, and reads a phone number as its digits.
    const search = page.getByRole('searchbox', { name: 'Search visits' });
    for (const term of [`ines conceicao ${stamp}`, `PEROLA ${stamp}`]) {
      await search.fill(term);
      await expect(page.getByText('Total Visits: 1', { exact: true })).toBeVisible();
      await expect(grid.getByRole('row', { name: new RegExp(petName) })).toBeVisible();
    }
    await search.fill('00351 239 539 317');
    await expect(grid.getByRole('row', { name: new RegExp(petName) })).toBeVisible();
    await search.fill(`conceicao ${stamp}`);
    await expect(page.getByText('Total Visits: 1', { exact: true })).toBeVisible();

    // Save this as a view, change everything, apply the view: it all comes back.
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save view as…' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save this view' });
    await saveDialog.getByLabel('View name').fill(`Inês today ${stamp}`);
    await expectNoSeriousAxeViolations(page, 'save view dialog');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: `View: Inês today ${stamp}` })).toBeVisible();
    await search.fill('');
    await page.getByRole('radio', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'All dates' }).click();
    await expect(page.getByText('Total Visits: 1', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: `View: Inês today ${stamp}` }).click();
    await page.getByRole('menuitem', { name: `Inês today ${stamp}` }).click();
    await expect(search).toHaveValue(`conceicao ${stamp}`);

    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Total Visits: 1', { exact: true })).toBeVisible();

    // Sort by pet: the header says so; then leave and come back: the last state returns.
    await grid.getByRole('columnheader', { name: 'Pet' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Pet' })).toHaveAttribute('aria-sort', 'ascending');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search visits' })).toHaveValue(`conceicao ${stamp}`);
    await expect(page.getByRole('grid', { name: 'Visits' }).getByRole('columnheader', { name: 'Pet' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('25');

    // Rename and delete the view from "Manage views".
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = page.getByRole('dialog', { name: 'Saved views' });
    await expectNoSeriousAxeViolations(page, 'manage views dialog');
    await manage.getByRole('button', { name: `Rename Inês today ${stamp}` }).click();
    await page.getByRole('dialog', { name: 'Rename view' }).getByLabel('View name').fill(`Renamed ${stamp}`);
    await page.getByRole('dialog', { name: 'Rename view' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Views' }).click();
    await expect(page.getByRole('menuitem', { name: `Renamed ${stamp}` })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    await manage.getByRole('button', { name: `Delete Renamed ${stamp}` }).click();
    await expect(manage.getByText('No saved views yet')).toBeVisible();
  });

  test("the portal's main landmark holds the open tab's panel (a tabpanel role on <main> took the landmark away)", async ({
    page,
  }) => {
    await openPortal(page, '?tab=pets');
    const panel = page.getByRole('main').getByRole('tabpanel', { name: 'Pets' });
    await expect(panel).toBeVisible();
    const landmarks = (await axeOf(page)).violations.filter((v) =>
      ['landmark-one-main', 'aria-allowed-role'].includes(v.id),
    );
    expect(landmarks.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('from a pet to its visits, and quick search with Ctrl+K', async ({ page }) => {
    test.setTimeout(120_000);
    const petName = `Desk Biscuit ${Date.now().toString(36)}`;
    await createClinicPet(page.request, {
      petName,
      ownerNameForVet: 'Sam Hale',
      ownerPhoneForVet: '+44 7700 900123',
      ownerEmailForVet: 'sam.hale@example.co.uk',
      petGenderId: 2,
      petDateOfBirth: '2021-04-05',
    });
    await openPortal(page, '?tab=pets');
    await page.getByRole('searchbox', { name: 'Search pets' }).fill(petName);
    await expect(page.getByText('Total Pets: 1')).toBeVisible();
    await page
      .getByRole('row', { name: new RegExp(petName) })
      .getByRole('menuitem', { name: `New visit for ${petName}` })
      .or(page.getByRole('button', { name: `New visit for ${petName}` }))
      .first()
      .click();
    const newVisit = page.getByRole('dialog', { name: 'New Vet Visit' });
    await expect(newVisit).toContainText(petName);
    await expect(newVisit.getByRole('button', { name: 'Back to search' })).toBeVisible();
    await newVisit.getByRole('button', { name: 'Create Visit' }).click();
    await expect(newVisit).toBeHidden();
    // the new visit opens at once in Edit Vet Visit (issue 36)
    const editVisit = page.getByRole('dialog', { name: new RegExp(`Edit Vet Visit – ${petName}`) });
    await expect(editVisit).toBeVisible();
    await editVisit.getByRole('button', { name: 'Cancel' }).click();
    await expect(editVisit).toBeHidden();

    // Quick search: Ctrl+K, type, arrow down, Enter opens the pet's profile.
    await page.keyboard.press('Control+k');
    const quick = page.getByRole('dialog', { name: 'Quick search' });
    const box = quick.getByRole('combobox', { name: 'Quick search' });
    await expect(box).toBeFocused();
    await box.fill('07700 900123');
    await expect(quick.getByRole('option', { name: new RegExp(petName) })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await box.fill(petName);
    await expect(quick.getByRole('option')).toHaveCount(1);
    await expect(quick.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousAxeViolations(page, 'quick search');
    await box.press('Enter');
    const profile = page.getByRole('dialog', { name: petName });
    await expect(profile).toBeVisible();

    // Its visit history opens the visit; and a new visit starts from the profile too.
    const history = profile.getByRole('button', { name: /^Open the visit of / });
    await expect(history).toHaveCount(1);
    await history.click();
    await expect(page.getByRole('dialog', { name: /Edit Vet Visit/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /Edit Vet Visit/ })).toBeHidden();
    await profile.getByRole('button', { name: `New visit for ${petName}` }).click();
    await expect(page.getByRole('dialog', { name: 'New Vet Visit' })).toContainText(petName);
  });

  test('the reminders workbench: range in the address, calendar marks, filters, call and e-mail links, send per owner, the CSV', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openPortal(page, '?tab=notifications');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    // Today by default, in the long date without zero padding (issue 25 item 12).
    const from = page.getByRole('group', { name: 'From', exact: true });
    await expect(from).toContainText(dayjs().format('MMMM D, YYYY'));
    expect(await from.getByRole('spinbutton').allTextContents()).toEqual([
      dayjs().format('MMMM'),
      dayjs().format('D'),
      dayjs().format('YYYY'),
    ]);

    await page.getByRole('button', { name: 'Next 7 days' }).click();
    await expect(page).toHaveURL(
      new RegExp(`from=${dayjs().format('YYYY-MM-DD')}&to=${dayjs().add(6, 'day').format('YYYY-MM-DD')}`),
    );
    await expect(page.getByText(/Total Notifications: [1-9]\d*/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Next 7 days' })).toHaveAttribute('aria-pressed', 'true');

    // The calendar marks the days that have reminders.
    const calendar = page
      .getByRole('region', { name: 'Calendar of reminders' })
      .or(page.locator('section[aria-label="Calendar of reminders"]'))
      .first();
    await expect(calendar.locator('[data-reminders]').first()).toBeVisible();

    // A typed range is kept too.
    await typeLongDate(from, dayjs().add(7, 'day'));
    await typeLongDate(page.getByRole('group', { name: 'To', exact: true }), dayjs().add(7, 'day'));
    await expect(page).toHaveURL(
      new RegExp(`from=${dayjs().add(7, 'day').format('YYYY-MM-DD')}&to=${dayjs().add(7, 'day').format('YYYY-MM-DD')}`),
    );

    // Call and e-mail links on a card.
    await page.getByRole('button', { name: 'Next 30 days' }).click();
    const card = page.getByRole('article').first();
    await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d+$/);
    const withEmail = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: /^E-mail / }) })
      .first();
    await expect(withEmail.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', /^mailto:.+@.+/);

    // The e-mail state filter.
    await page.getByRole('combobox', { name: 'E-mail status' }).click();
    await page.getByRole('option', { name: 'No e-mail address' }).click();
    await expect(page).toHaveURL(/status=noEmail/);
    // the filtered list, once it has replaced the whole one (a list of chips taken at once could be the old list's)
    await expect(page.getByTestId('delivery-status').first()).toHaveAttribute('data-status', 'noEmail');
    await expect(page.locator('[data-testid="delivery-status"]:not([data-status="noEmail"])')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'E-mail status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    await expectNoSeriousAxeViolations(page, 'reminders workbench');

    // "Send reminders" counts owners, and what their e-mails cover.
    await page.getByRole('button', { name: 'Send reminders' }).click();
    const confirm = page.getByRole('dialog', { name: /E-mail the reminders of/ });
    await expect(confirm).toContainText(/owners? will get one e-mail/);
    await expect(confirm).toContainText(/(It|They) covers? \d+ reminders?/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The server's CSV: with a byte order mark, the headers in English, every reminder of the range.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // the file names the range's days (issue 36)
    expect(download.suggestedFilename()).toBe(
      `reminders-${dayjs().format('YYYY-MM-DD')}_${dayjs().add(29, 'day').format('YYYY-MM-DD')}.csv`,
    );
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('"Due date","Pet name"');

    // Overdue is a choice of its own, kept in the address.
    await page.getByRole('button', { name: 'Overdue' }).click();
    await expect(page).toHaveURL(/overdue=1/);
    await expect(
      page.getByRole('group', { name: 'From', exact: true }).getByRole('spinbutton').first(),
    ).toHaveAttribute('aria-disabled', 'true');
  });

  test('a day typed slowly into one end of the range does not move the other end on its first digit', async ({
    page,
  }) => {
    const start = dayjs().add(1, 'month').date(2);
    await openPortal(page, `?tab=notifications&from=${start.format('YYYY-MM-DD')}&to=${start.format('YYYY-MM-DD')}`);
    const to = page.getByRole('group', { name: 'To', exact: true });
    await expect(to).toContainText(start.format('MMMM D, YYYY'));
    // "16" with a pause after the "1" (the 1st is before From, the 16th is not)
    await to.getByRole('spinbutton').nth(1).click();
    await page.keyboard.type('1');
    await page.waitForTimeout(1200);
    await page.keyboard.type('6');
    const end = start.date(16);
    await expect(page).toHaveURL(new RegExp(`from=${start.format('YYYY-MM-DD')}&to=${end.format('YYYY-MM-DD')}`));
    await expect(page.getByRole('group', { name: 'From', exact: true })).toContainText(start.format('MMMM D, YYYY'));
  });

  test('in Arabic: the grid, the workbench and the quick search read right to left', async ({ page }) => {
    test.setTimeout(90_000);
    await openPortal(page, '?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('grid')).toBeVisible();
    // a long date goes on to a second line rather than ending in an ellipsis (here at its column's least width)
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/Dashboard?lang=es');
    const dates = page.locator('.MuiDataGrid-cell[data-field="VisitDate"]');
    await expect(dates.first()).toContainText(/ de \d{4}$/);
    for (const cut of await dates.evaluateAll((cells) => cells.map((cell) => cell.scrollWidth > cell.clientWidth)))
      expect(cut).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/Dashboard?lang=ar');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'البحث في الزيارات' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'اليوم', exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'visits grid (ar)');
    // the Notifications tab by its name: "Next 7 days" is a preset of the Visits grid too, so only the tab's selection
    // and the workbench's own "Overdue" preset show that the workbench is open
    const notifications = page.getByRole('tab', { name: 'الإشعارات', exact: true });
    await notifications.click();
    await expect(notifications).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'المتأخرة', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'الأيام السبعة القادمة' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'reminders workbench (ar)');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'بحث سريع' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'quick search (ar)');
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lang of ['en', 'ar'] as const) {
    test(`visits stay SPEC.md's cards; the workbench and quick search work (${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      await openPortal(page, `?lang=${lang}`);
      // every tab's label on one line ("الحيوانات الأليفة" wrapped), the row scrolling to the last one (Account)
      const tabs = page.getByRole('tab');
      for (const height of await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().height)))
        expect(height).toBeLessThanOrEqual(50);
      await tabs.last().scrollIntoViewIfNeeded();
      await expect(tabs.last()).toBeInViewport();
      await expect(page.getByRole('grid')).toHaveCount(0);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByText(lang === 'en' ? 'Page 1' : /1/).first()).toBeVisible();
      // Quick search from the header's button.
      await page.getByRole('button', { name: lang === 'en' ? /^Search pets/ : /^البحث عن الحيوانات الأليفة/ }).click();
      const quick = page.getByRole('dialog', { name: lang === 'en' ? 'Quick search' : 'بحث سريع' });
      await quick.getByRole('combobox').fill('a');
      await expect(quick.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('Escape');
      // The workbench on a phone: presets, no calendar beside the list, no sideways scroll.
      await page.goto(`/Dashboard?tab=notifications&lang=${lang}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Next 7 days' : 'الأيام السبعة القادمة' }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await expectNoSeriousAxeViolations(page, `reminders on a phone (${lang})`);
    });
  }
});
