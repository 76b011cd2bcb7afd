/**
 * Issue 33, items 3 and 6: on the Notifications tab a reminder's card is marked done, reopened and snoozed until a
 * day (the card and the state filter show it), and the Compliance section shows its chart and the same numbers in a
 * table (docs/decisions/0188, 0189). Every reminder it marks is reopened at the end: other specs share the server.
 */
import dayjs from 'dayjs';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { createClinicPet, createClinicReminder } from '#tests/e2e/support/clinic-data';
import { expect, test } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

test('a reminder is marked done, reopened and snoozed on its card; Compliance shows a chart and a table', async ({
  page,
}) => {
  // Two pets of its own, each with a reminder on a day no other spec uses: the other worker's specs send, edit and
  // delete the demo's reminders and pets meanwhile (the first card of "Next 30 days" was once theirs). After the
  // first one leaves the Open list, the second takes its place.
  const stamp = Date.now().toString(36);
  // (a retry, or a parallel repeat, picks a day of its own)
  const due = dayjs('2040-01-01')
    .add(Math.floor(Math.random() * 3650), 'day')
    .format('YYYY-MM-DD');
  const petName = `Snooze ${stamp}`;
  for (const name of [petName, `Stays ${stamp}`]) {
    const petId = await createClinicPet(page.request, {
      petName: name,
      ownerNameForVet: 'Rhea Snooze',
      ownerPhoneForVet: '+44 20 7946 0111',
    });
    await createClinicReminder(page.request, petId, { title: 'Rabies', due });
  }

  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Next 30 days' }).click();
  await expect(page.getByText(/Total Notifications: [1-9]\d*/)).toBeVisible();
  // the range is kept in the address: the day of this test's reminders, by its address
  await expect(page).toHaveURL(/from=.*to=/);
  const url = new URL(page.url());
  url.searchParams.set('from', due);
  url.searchParams.set('to', due);
  await page.goto(url.toString());
  const named = page.getByRole('article', { name: petName, exact: true });
  await expect(named).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Stays ${stamp}`, exact: true })).toHaveCount(1);

  // with the keyboard: the focus moves to the Reopen that takes Done's place (it once fell to the page's body)
  await named
    .getByRole('button', { name: `Mark the reminder of ${petName} done` })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(named.getByText('Done', { exact: true }).first()).toBeVisible();
  const reopen = named.getByRole('button', { name: `Reopen the reminder of ${petName}` }).first();
  await expect(reopen).toBeVisible();
  await expect(reopen).toBeFocused();

  // the state filter keeps it under Done, and the address keeps the filter
  await page.getByRole('combobox', { name: 'Reminder state' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(page).toHaveURL(/state=done/);
  await expect(named.first()).toBeVisible();
  await reopen.click();
  await expect(named).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Reminder state' }).click();
  await page.getByRole('option', { name: 'Open' }).click();
  await expect(named.first()).toBeVisible();

  // snoozed until a day: the dialog refuses today, the card then names the day
  await named
    .getByRole('button', { name: `Snooze the reminder of ${petName}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Snooze the reminder of ${petName}` });
  // the portal's date picker (month, day, year in English)
  const until = dialog.getByRole('group', { name: 'Snooze until' });
  const typeDay = async (day: dayjs.Dayjs) => {
    await until.getByRole('spinbutton').first().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(day.format('MMDDYYYY'));
  };
  await typeDay(dayjs());
  await expect(dialog.getByRole('button', { name: 'Snooze' })).toBeDisabled();
  await typeDay(dayjs().add(10, 'day'));
  await dialog.getByRole('button', { name: 'Snooze' }).click();
  await expect(dialog).toBeHidden();
  // it left the Open list: the focus goes to the card now in its place (it once fell to the page's body)
  const focusInList = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return (
        focused !== null &&
        focused !== document.body &&
        (focused.closest('article') !== null || focused.getAttribute('tabindex') === '-1')
      );
    });
  await expect.poll(focusInList).toBe(true);
  await page.getByRole('combobox', { name: 'Reminder state' }).click();
  await page.getByRole('option', { name: 'Snoozed' }).click();
  await expect(named.getByText(`Snoozed until ${dayjs().add(10, 'day').format('MMMM D, YYYY')}`).first()).toBeVisible();
  await named
    .getByRole('button', { name: `Reopen the reminder of ${petName}` })
    .first()
    .click();
  await expect(named).toHaveCount(0);

  // Compliance: the chart (its own chunk) and the same twelve months in a table
  const compliance = page.getByRole('region', { name: 'Compliance' });
  await expect(compliance.getByRole('heading', { name: 'Compliance', level: 2 })).toBeVisible();
  await expect(
    compliance
      .getByRole('img', { name: /Chart of reminder compliance/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  const table = compliance.getByRole('table', { name: 'Reminder compliance by month' });
  await expect(table.getByRole('columnheader')).toHaveText(['Month', 'Due', 'E-mailed', 'Done', 'Done within 30 days']);
  await expect(table.getByRole('row')).toHaveCount(13);
  const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${dayjs().format('YYYY-MM')}-01T00:00:00Z`),
  );
  await expect(table.getByRole('rowheader').last()).toHaveText(thisMonth);
});

test('Compliance on a phone in German: the chart, its legend and month labels stay inside their box, above the table', async ({
  browser,
}) => {
  // a German desk's browser
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  await context.addInitScript(() => localStorage.setItem('pawtal.lang', 'de'));
  const page = await context.newPage();
  // (the file's stored demo-clinic session applies to this context too)
  await page.goto('/Dashboard');
  await page.getByRole('tab', { name: 'Erinnerungen' }).click();
  const compliance = page.getByRole('region', { name: 'Erfüllung', exact: true });
  const chart = compliance.getByRole('img', { name: /Diagramm/ });
  const plot = chart.locator('svg.MuiChartsSvgLayer-root');
  await expect(plot).toBeVisible();
  // the legend wraps to two lines at 390 px: the box grows with it (a fixed height once let the month labels spill
  // under the table)
  const box = await chart.boundingBox();
  const svg = await plot.boundingBox();
  const table = await compliance.getByRole('table').boundingBox();
  expect(svg!.y + svg!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(table!.y);
  await context.close();
});
