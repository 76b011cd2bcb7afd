import { expect, test, type Page } from '#tests/e2e/support/test';
import { e2eTokens } from '#tests/e2e/support/tokens';

// Real one-time tokens, issued before the server started (support/prepare-data.ts); one per attempt.
const tokens = e2eTokens();

/** The link check answers "usable" for a token that is not real: to try the form's own rules and failure. */
async function linkCheckSaysUsable(page: Page): Promise<void> {
  await page.route('**/api/auth/checkResetToken', (route) =>
    route.fulfill({ json: { result: 1, message: '', data: null } }),
  );
}

test.describe('Reset password', () => {
  test('a bad or used link is told when the page opens, with what to do (issue 11)', async ({ page, request }) => {
    await page.goto('/ResetPassword?token=not-a-real-token');
    await expect(page.getByText('This reset link is no longer valid')).toBeVisible();
    await expect(page.getByText('Forgot password?', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    // the check does not use the token up: a real one still shows the form after a check
    const real = tokens.reset[tokens.reset.length - 1];
    const answer = await request.post('/api/auth/checkResetToken', { data: { passwordResetToken: real } });
    expect(await answer.json()).toEqual({ result: 1, message: '', data: null });
  });

  test('the live checklist and the button follow the five rules and the match', async ({ page }) => {
    await linkCheckSaysUsable(page);
    await page.goto('/ResetPassword?token=whatever');
    await expect(page).toHaveTitle('Reset password – Pawtal');
    const button = page.getByRole('button', { name: 'Reset password' });
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    const line = (text: string) => checklist.getByRole('listitem').filter({ hasText: text });
    await expect(button).toBeDisabled();
    await expect(checklist.getByRole('listitem')).toHaveCount(6);
    await expect(line('At least 8 characters')).toContainText('not met');

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('abcdefgh');
    await expect(line('At least 8 characters')).toHaveAttribute('data-passed', 'true');
    await expect(line('At least one lowercase letter')).toHaveAttribute('data-passed', 'true');
    await expect(line('At least one uppercase letter')).toHaveAttribute('data-passed', 'false');
    await expect(line('At least one uppercase letter')).toHaveCSS('color', 'rgb(198, 40, 40)');
    await expect(line('At least 8 characters')).toHaveCSS('color', 'rgb(46, 125, 50)');

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Abcdefg1#');
    await expect(line('special character')).toHaveAttribute('data-passed', 'false');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Abcdefg1!');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Abcdefg1?');
    await expect(line('Both passwords match')).toHaveAttribute('data-passed', 'false');
    await expect(button).toBeDisabled();
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Abcdefg1!');
    await expect(button).toBeEnabled();
  });

  test('a token used up after the page opened: "Password reset failed. Please try again."', async ({ page }) => {
    await linkCheckSaysUsable(page);
    await page.goto('/ResetPassword?token=not-a-real-token');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Abcdefg1!');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Abcdefg1!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password reset failed. Please try again.');
    await expect(page).toHaveURL(/\/ResetPassword/);
  });

  test('a real token: "Password reset successfully!", then home after 3 s', async ({ page }, testInfo) => {
    await page.goto(`/ResetPassword?token=${encodeURIComponent(tokens.reset[testInfo.retry])}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('NewPass1!');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('NewPass1!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password reset successfully!')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
  });

  test('without a token: a helpful line and no form', async ({ page }) => {
    await page.goto('/ResetPassword');
    await expect(
      page.getByText('This page needs the link from your password reset e-mail.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
  });
});

test.describe('Verify e-mail and accept invite', () => {
  test('verify: a real token once, then the same link again says the address is already verified (issue 36)', async ({
    page,
  }, testInfo) => {
    const token = encodeURIComponent(tokens.verify[testInfo.retry]);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/Accounts/VerifyEmail')) calls.push(r.postData() ?? '');
    });
    await page.goto(`/VerifyEmail?token=${token}`);
    await expect(page.getByText('Email Verified.')).toBeVisible();
    await expect(page).toHaveTitle('Verify e-mail – Pawtal');
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);
    await page.reload();
    await expect(page.getByText('Your e-mail address is already verified.', { exact: false })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('verify: a bad token, and nothing sent without a token', async ({ page }) => {
    await page.goto('/VerifyEmail?token=bad-token');
    await expect(page.getByRole('alert')).toHaveText('An error occurred while verifying your email.');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/Accounts/VerifyEmail')) sent = true;
    });
    await page.goto('/VerifyEmail');
    await expect(page.getByText('Open the link from your verification e-mail to verify your address.')).toBeVisible();
    await page.waitForTimeout(300);
    expect(sent).toBe(false);
  });

  test('invite: a real token is accepted, a bad one fails', async ({ page }, testInfo) => {
    await page.goto(`/AcceptPetInvite?token=${encodeURIComponent(tokens.invite[testInfo.retry])}`);
    await expect(page.getByText('Pet ownership invitation accepted successfully.')).toBeVisible();
    await page.goto('/AcceptPetInvite?token=bad-token');
    await expect(page.getByRole('alert')).toHaveText('An error occurred while accepting pet ownership invitation.');
    await page.goto('/AcceptPetInvite');
    await expect(page.getByText('Open the link from your invitation e-mail to accept it.')).toBeVisible();
  });
});
