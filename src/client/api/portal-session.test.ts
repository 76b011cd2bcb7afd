import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '#client/api/client';
import {
  endSession,
  getPortalState,
  getToken,
  logout,
  pickUser,
  selectUser,
  startSession,
} from '#client/api/portal-session';

const result = {
  token: 'tok-1',
  users: [
    { ID: 2, Name: 'Dr B' },
    { ID: 3, Name: 'Dr C' },
  ],
  pettypes: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('none');
  localStorage.clear();
});

describe('portal session', () => {
  it('applies the remembered user when it exists, else the first', () => {
    expect(pickUser(result.users, 3)).toBe(3);
    expect(pickUser(result.users, 9)).toBe(2);
    expect(pickUser(result.users, null)).toBe(2);
    expect(pickUser([], null)).toBeNull();
  });

  it('keeps the session and the selected user in localStorage', () => {
    startSession(result, 'demo.clinic');
    expect(getToken()).toBe('tok-1');
    selectUser(3);
    expect(getPortalState().selectedUserId).toBe(3);
    expect(JSON.parse(localStorage.getItem('pawtal.portal.session') ?? 'null')).toMatchObject({ token: 'tok-1' });
    endSession('loggedOut');
    startSession(result, 'demo.clinic');
    expect(getPortalState().selectedUserId).toBe(3);
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
