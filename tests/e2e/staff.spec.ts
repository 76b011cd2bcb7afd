/**
 * Staff who sign in as themselves (issue 31), in Chromium against the real server and its SMTP sink: an admin
 * invites a person from the Staff tab, the person accepts the e-mailed link, signs in, and the pet's History names
 * them; two-factor sign-in with a code computed from the shown secret and a recovery code; the idle lock covers an
 * open dialog without losing its edits, and a PIN lifts it as that person.
 */
import { Secret, TOTP } from 'otpauth';
import { axeOf } from '#tests/e2e/support/axe';
import { createClinicPetWithVisit } from '#tests/e2e/support/clinic-data';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';
import { expect, test, type Page } from '#tests/e2e/support/test';

const PASSWORD = 'Pawtal!2026';
const NEW_PASSWORD = 'Staff-Pass1!';

async function login(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/Dashboard');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const result = await axeOf(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The one-time link of the newest staff e-mail to `address`, as a path of this site. */
async function linkMailedTo(address: string, since: number): Promise<string> {
  const mail = await waitForMail((m) => JSON.stringify(m.to ?? '').includes(address), since);
  const link = /\/(AcceptStaffInvite|ResetStaffLogin)\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  return link!;
}

/** An admin (demo.clinic's first user) invites a person through the API; answers the link the e-mail carries. */
async function invited(page: Page, name: string, email: string, role: string): Promise<string> {
  const before = (await receivedMail()).length;
  const signIn = await page.request.post('/api/VetAccounts/Login', {
    data: { username: 'demo.clinic', password: PASSWORD },
  });
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const answer = await page.request.post('/api/VetAccounts/InviteStaff', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, email, role },
  });
  expect(((await answer.json()) as { result: number }).result).toBe(1);
  return linkMailedTo(email, before);
}

/** The invitation's page: username, password and PIN. */
async function accept(page: Page, link: string, username: string, pin: string): Promise<void> {
  await page.goto(link);
  await page.locator('#staff-link-username').fill(username);
  await page.locator('#staff-link-password').fill(NEW_PASSWORD);
  await page.locator('#staff-link-confirmPassword').fill(NEW_PASSWORD);
  await page.locator('#staff-link-pin').fill(pin);
  await page.locator('#staff-link-confirmPin').fill(pin);
  await page.getByRole('button', { name: 'Create my sign-in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your sign-in is ready.' })).toBeVisible();
}

test('an admin invites a nurse from the Staff tab; she accepts, signs in, and the History names her', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const name = `Nina Park ${id}`;
  const email = `nina.${id}@pawtal.example`;

  await login(page, 'demo.clinic');
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' })).toContainText('Sam Okafor');
  await expectNoSeriousAxeViolations(page, 'staff tab');
  const before = (await receivedMail()).length;
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await expectNoSeriousAxeViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `An invitation is on its way to ${name}.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Invited');
  const link = await linkMailedTo(email, before);
  expect(link).toMatch(/^\/AcceptStaffInvite\?token=/);
  await page.getByRole('button', { name: 'Log out' }).click();

  // The link's page, then the same link again: used up.
  await page.goto(link);
  await expect(page.getByText(`Welcome, ${name}!`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'invitation page');
  await page.getByRole('button', { name: 'Create my sign-in' }).click();
  await expect(page.getByText('Please enter a username.')).toBeVisible();
  await accept(page, link, `nina.${id}`, '8642');
  await page.goto(link);
  await expect(page.getByText('This link does not work any more')).toBeVisible();

  // She signs in as herself: a nurse has no Staff tab and no visit deletion.
  await login(page, `nina.${id}`, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  const session = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('pawtal.portal.session') ?? 'null') as { token: string; currentUserId: number },
  );
  const petName = `Staff ${id}`;
  // as the nurse herself (her session names her: no acting person's header)
  await createClinicPetWithVisit(
    page.request,
    { petName, ownerNameForVet: 'Staff Owner', ownerPhoneForVet: '+1 555 0100 313', petDateOfBirth: '2020-01-01' },
    { headers: { authorization: `Bearer ${session.token}` }, vetUserId: session.currentUserId },
  );
  await page.reload();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: petName });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete the visit of ${petName}` })).toHaveCount(0);
  await row
    .getByRole('button', { name: new RegExp(petName) })
    .first()
    .click();
  const profile = page.getByRole('dialog', { name: petName });
  await profile.getByRole('tab', { name: 'History' }).click();
  await expect(profile.getByRole('list', { name: 'History' })).toContainText(`${name} added the pet`);
});

test('two-factor sign-in: turned on with a code from the shown secret; a recovery code signs in once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const link = await invited(page, `Tariq Aziz ${id}`, `tariq.${id}@pawtal.example`, 'vet');
  await accept(page, link, `tariq.${id}`, '97531');
  await login(page, `tariq.${id}`, NEW_PASSWORD);
  await page.getByRole('tab', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'my account, two-factor');
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const code = TOTP.generate({ secret: Secret.fromBase32(secret.trim()) });
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  // The password alone is not enough now; the recovery code finishes the sign-in once.
  await login(page, `tariq.${id}`, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'second step');
  await page.getByLabel('Code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await login(page, `tariq.${id}`, NEW_PASSWORD);
  await page.getByLabel('Code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toHaveCount(0);
});

test('the idle lock covers an open dialog and keeps its edits; a PIN lifts it as that person', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await login(page, 'demo.clinic');
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pets' }).click();
  await page.getByRole('button', { name: '+ Add Pet' }).click();
  await page.getByLabel('Pet Name').fill('Half-typed');

  await page.clock.runFor('10:30');
  const lock = page.getByRole('dialog', { name: 'Who is working?' });
  await expect(lock).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'idle lock');
  await lock.getByRole('button', { name: /Dr\. Omar Haddad/ }).click();
  await lock.getByLabel('PIN').fill('0000');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByRole('alert')).toBeVisible();
  await lock.getByLabel('PIN').fill('1357');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(page.getByLabel('Pet Name')).toHaveValue('Half-typed');
  const acting = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('pawtal.portal.session') ?? 'null') as { currentUserId: number }).currentUserId,
  );
  expect(acting).toBe(2);
});

test('the staff link page in Arabic: right to left, translated, axe clean', async ({ page }) => {
  await page.goto('/ResetStaffLogin?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'دخولك إلى العيادة' })).toBeVisible();
  await expect(page.getByText('تحتاج هذه الصفحة إلى الرابط الموجود في بريدك الإلكتروني.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'staff link page (ar)');
});
