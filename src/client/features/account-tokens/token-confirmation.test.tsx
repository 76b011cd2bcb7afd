import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { TokenConfirmationView } from '#client/features/account-tokens/token-confirmation';
import { jsonAnswer, renderWithApp } from '#tests/support/render-with-app';

const answer = (body: unknown) => vi.fn(async () => jsonAnswer(body));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TokenConfirmationView', { timeout: 20_000 }, () => {
  it('verifies once on load, even under StrictMode, and shows "Email Verified."', async () => {
    const fetchMock = answer({ result: 1, message: 'Email Verified.', data: { alreadyVerified: false } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(
      <StrictMode>
        <TokenConfirmationView kind="verify-email" token="abc" />
      </StrictMode>,
      { namespaces: ['account'] },
    );
    expect(await screen.findByText('Email Verified.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Accounts/VerifyEmail');
    expect(JSON.parse(init.body as string)).toEqual({ verificationToken: 'abc' });
  });

  it('a verify link opened again after it worked says the address is already verified', async () => {
    vi.stubGlobal('fetch', answer({ result: 1, message: 'Email Verified.', data: { alreadyVerified: true } }));
    await renderWithApp(<TokenConfirmationView kind="verify-email" token="used" />, { namespaces: ['account'] });
    expect(await screen.findByText(/Your e-mail address is already verified\./)).toBeInTheDocument();
    expect(screen.queryByText('Email Verified.')).toBeNull();
  });

  it('shows the invite failure text when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ result: 0, message: 'This invitation link is invalid or has expired.', data: null }),
    );
    await renderWithApp(<TokenConfirmationView kind="accept-invite" token="bad" />, { namespaces: ['account'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while accepting pet ownership invitation.',
    );
  });

  it('sends nothing without a token', async () => {
    const fetchMock = answer({ result: 1, message: '', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<TokenConfirmationView kind="accept-invite" token="" />, { namespaces: ['account'] });
    expect(await screen.findByText(/Open the link from your invitation e-mail/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
