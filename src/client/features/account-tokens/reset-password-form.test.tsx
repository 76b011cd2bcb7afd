import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordForm } from '#client/features/account-tokens/reset-password-form';
import { jsonAnswer, renderWithApp } from '#tests/support/render-with-app';

const answer = (body: unknown) => vi.fn(async () => jsonAnswer(body));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordForm', { timeout: 20_000 }, () => {
  it('shows the checklist live and enables the button only when all rules pass and both fields match', async () => {
    await renderWithApp(<ResetPasswordForm token="tok" />, { namespaces: ['account'] });
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Reset password' });
    const newField = screen.getByLabelText(/^New password/);
    const confirmField = screen.getByLabelText(/^Confirm new password/);
    expect(button).toBeDisabled();

    const line = (name: RegExp) => screen.getByText(name).closest('li') as HTMLElement;
    expect(line(/At least 8 characters/)).toHaveAttribute('data-passed', 'false');
    expect(line(/At least 8 characters/)).toHaveTextContent('(not met)');

    await user.type(newField, 'Abcdefg1');
    expect(line(/At least 8 characters/)).toHaveAttribute('data-passed', 'true');
    expect(line(/At least 8 characters/)).toHaveTextContent('(met)');
    expect(line(/special character/)).toHaveAttribute('data-passed', 'false');

    await user.type(newField, '!');
    await user.type(confirmField, 'Abcdefg1');
    expect(line(/Both passwords match/)).toHaveAttribute('data-passed', 'false');
    expect(button).toBeDisabled();

    await user.type(confirmField, '!');
    expect(line(/Both passwords match/)).toHaveAttribute('data-passed', 'true');
    expect(button).toBeEnabled();
  });

  it('sends the password with the token and shows success', async () => {
    const fetchMock = answer({ result: 1, message: 'Password reset successfully!', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<ResetPasswordForm token="tok-123" />, { namespaces: ['account'] });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'Abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/resetPassword');
    expect(JSON.parse(init.body as string)).toEqual({ newPassword: 'Abcdefg1!', passwordResetToken: 'tok-123' });
  });

  it('shows the failure text of SPEC.md §8 when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ result: 0, message: 'This password reset link is invalid or has expired.', data: null }),
    );
    await renderWithApp(<ResetPasswordForm token="bad" />, { namespaces: ['account'] });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'Abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Password reset failed. Please try again.'),
    );
  });
});
