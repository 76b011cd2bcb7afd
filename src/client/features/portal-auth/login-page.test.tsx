import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession, getPortalState } from '#client/api/portal-session';
import { jsonAnswer, renderPortal } from '#tests/support/portal-test-render';
import { LoginPage } from '#client/features/portal-auth/login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('none');
  localStorage.clear();
});

describe('LoginPage', () => {
  it('requires both fields, shows the server message in red, and never stores the password', async () => {
    const fetchMock = vi.fn(async () => jsonAnswer({ result: 0, message: 'Invalid username or password', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await renderPortal(<LoginPage reason="none" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Username/), 'demo.clinic');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('autocomplete', 'username');
    expect(JSON.stringify(localStorage)).not.toContain('secret-pass');
  }, 30_000);

  it('starts the session on success and remembers the username only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonAnswer({ result: 1, message: '', data: { token: 'tok', users: [{ ID: 4, Name: 'Dr A' }], pettypes: [] } }),
      ),
    );
    await renderPortal(<LoginPage reason="expired" />);
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'demo.clinic');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(getPortalState().session?.token).toBe('tok'));
    expect(getPortalState().selectedUserId).toBe(4);
    expect(localStorage.getItem('pawtal.portal.username')).toBe('demo.clinic');
    expect(JSON.stringify(localStorage)).not.toContain('secret-pass');
  }, 30_000);

  it('fills in the remembered username, focuses the password and sends the username trimmed', async () => {
    localStorage.setItem('pawtal.portal.username', 'demo.clinic');
    const fetchMock = vi.fn(async () => jsonAnswer({ result: 0, message: 'Invalid username or password', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await renderPortal(<LoginPage reason="none" />);
    const username = await screen.findByLabelText(/^Username/);
    await vi.waitFor(() => expect(username).toHaveValue('demo.clinic'));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    const user = userEvent.setup();
    await user.type(username, '  ');
    await user.type(screen.getByLabelText(/^Password/), ' pass ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ username: 'demo.clinic', password: ' pass ' });
  }, 30_000);
});
