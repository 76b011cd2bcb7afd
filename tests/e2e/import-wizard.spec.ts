/**
 * The import wizard (issue 32 item 6), in Chromium against the real server: an admin uploads a 200-row CSV with
 * bad rows in it (`;`, a byte order mark, dd/mm/yyyy), sees the columns mapped from their headers and each bad
 * row's error, downloads the errors, imports the good rows with a determinate progress bar (the server's count), finds them in the Pets tab, and
 * undoes the import. The wizard in Arabic runs right to left; axe finds nothing serious.
 */
import fs from 'node:fs';
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ storageState: clinicStorageState() });

const ROWS = 200;
/** every 25th row names a pet type nobody has, every 40th has no owner phone */
const BAD = (i: number) => i % 25 === 3 || i % 40 === 7;

function patientsCsv(prefix: string): Buffer {
  const lines = ['Pet name;Pet type;Breed;Gender;Date of birth;Owner name;Owner phone;Owner e-mail;Favourite toy'];
  for (let i = 0; i < ROWS; i++) {
    const type = i % 25 === 3 ? 'Dragon' : 'Dog';
    const phone = i % 40 === 7 ? '' : `+1 555 ${String(7000 + Math.floor(i / 2)).padStart(7, '0')}`;
    lines.push(
      `${prefix} ${i};${type};Akita;${i % 2 ? 'Female' : 'Male'};0${(i % 9) + 1}/03/2018;Wizard Owner ${Math.floor(i / 2)};${phone};;ball`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}
const badRows = Array.from({ length: ROWS }, (_, i) => i).filter(BAD).length;

async function openImport(page: Page): Promise<void> {
  await openPortal(page);
  await page.getByRole('tab', { name: 'Import' }).click();
}

test('an admin imports a 200-row file with bad rows, downloads the errors, and undoes the import', async ({ page }) => {
  test.setTimeout(120_000);
  await openImport(page);
  await expect(page.getByRole('heading', { name: 'Import patients' })).toBeVisible();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'patients.csv', mimeType: 'text/csv', buffer: patientsCsv('Wizard') });

  // the columns are mapped from their headers
  await expect(page.getByRole('combobox', { name: 'Field for the column Pet name' })).toHaveText('Pet name');
  await expect(page.getByRole('combobox', { name: 'Field for the column Owner phone' })).toHaveText('Owner phone');
  // a column no field takes is shown as left out (its choice once looked empty)
  await expect(page.getByRole('combobox', { name: 'Field for the column Favourite toy' })).toHaveText('Leave out');
  const summary = `${ROWS} rows: ${ROWS - badRows} pets to create`;
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row').filter({ hasText: 'Unknown pet type “Dragon”.' }).first()).toContainText('5');
  await expect(errors.getByRole('row').filter({ hasText: 'Owner phone is required' }).first()).toContainText('9');
  expect(serious(await axeOf(page))).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the errors (CSV)' }).click();
  const file = fs.readFileSync(await (await download).path(), 'utf8');
  expect(file.startsWith('\uFEFF"Line","Field","Problem"')).toBe(true);
  expect(file.trim().split('\r\n')).toHaveLength(badRows + 1);

  // the server's answer is held back until the bar has been seen: determinate, at the pets written of the total
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const importCall = /ImportVetPatients\?dryRun=false/;
  await page.route(
    importCall,
    async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: `Import ${ROWS - badRows} pets` }).click();
  const bar = page.getByRole('progressbar', { name: `Writing pets: ${ROWS - badRows} of ${ROWS - badRows}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  release();
  await expect(page.getByRole('status').filter({ hasText: `${ROWS - badRows} pets imported` })).toBeVisible({
    timeout: 60_000,
  });
  // how many rows were left out, not a sentence said after every import
  await expect(page.getByRole('status').filter({ hasText: `${ROWS - badRows} pets imported` })).toContainText(
    `Rows with errors left out: ${badRows}.`,
  );
  // once done, every step shows its tick: the last one kept its number
  await expect(page.locator('.MuiStepLabel-iconContainer.Mui-completed')).toHaveCount(4);
  await expect(page.locator('.MuiStepLabel-iconContainer').last()).not.toContainText('4');

  await page.getByRole('tab', { name: 'Pets' }).click();
  await page.getByPlaceholder(/Search pets/).fill('Wizard 198');
  await expect(page.getByText('Wizard 198').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Import' }).click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: patientsCsv('Undo') });
  await page.getByRole('button', { name: `Import ${ROWS - badRows} pets` }).click();
  await page.getByRole('button', { name: 'Undo the import' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Import undone: ${ROWS - badRows} pets deleted.` }),
  ).toBeVisible();
});

test('the wizard in Arabic runs right to left and axe finds nothing serious', async ({ page }) => {
  await openImport(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'استيراد المرضى' })).toBeVisible();
  expect(serious(await axeOf(page))).toEqual([]);
});

function serious(result: Awaited<ReturnType<typeof axeOf>>): string[] {
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
