import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import ResetPasswordPage from '#client/features/account-tokens/reset-password-page';
import { jsonAnswer, renderWithApp } from '#tests/support/render-with-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', { timeout: 20_000 }, () => {
  it('past the failed-link limit (429) says so instead of offering a form that would fail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonAnswer({ result: 0, message: 'Too many attempts with links from your address.', data: null }, 429),
      ),
    );
    await renderWithApp(<ResetPasswordPage />, { route: '/ResetPassword?token=abc', namespaces: ['account'] });
    expect(await screen.findByText('Too many tries with reset links from this connection')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });
});
