import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '#client/api/client';
import { endSession, getPortalState, getToken, logout, startSession, switchUser } from '#client/api/portal-session';
import type { VetLoginResult } from '#shared/contract/vet';

const result: VetLoginResult = {
  token: 'tok-1',
  users: [
    { ID: 2, Name: 'Dr B', Role: 'admin' },
    { ID: 3, Name: 'Dr C', Role: 'nurse' },
  ],
  pettypes: [],
  currentUserId: 2,
  twoFactorSetupRequired: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('none');
  localStorage.clear();
});

describe('portal session', () => {
  it('acts as the person the server verified: who signed in, then who switched in with their PIN', async () => {
    startSession(result, 'demo.clinic');
    expect(getToken()).toBe('tok-1');
    expect(getPortalState().selectedUserId).toBe(2);
    const fetchMock = vi.fn(async () =>
      Response.json({ result: 1, message: '', data: { currentUserId: 3, twoFactorSetupRequired: false } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await switchUser(3, '2468');
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      userId: 3,
      pin: '2468',
    });
    expect(getPortalState().selectedUserId).toBe(3);
    expect(JSON.parse(localStorage.getItem('pawtal.portal.session') ?? 'null')).toMatchObject({
      token: 'tok-1',
      currentUserId: 3,
    });
  });

  it('a refused PIN changes nobody', async () => {
    startSession(result, 'demo.clinic');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: 0, message: 'Wrong PIN.', data: null })),
    );
    await expect(switchUser(3, '0000')).rejects.toThrow('Wrong PIN.');
    expect(getPortalState().selectedUserId).toBe(2);
  });

  it('a 401 from a portal call ends the session with the expired reason', async () => {
    startSession(result, 'demo.clinic');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      apiGet('/api/VetPets/GetVetVisits', { isFinished: 0, offset: 1, limit: 4 }, { token: getToken() }),
    ).rejects.toThrow('Network response was not ok');
    expect(getPortalState().session).toBeNull();
    expect(getPortalState().reason).toBe('expired');
    expect(localStorage.getItem('pawtal.portal.session')).toBeNull();
  });

  it('logout revokes the token on the server and forgets it even when the call fails', async () => {
    startSession(result, 'demo.clinic');
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    expect(fetchMock).toHaveBeenCalledWith('/api/VetAccounts/Logout', expect.objectContaining({ method: 'POST' }));
    expect(getPortalState()).toMatchObject({ session: null, reason: 'loggedOut' });
  });
});
