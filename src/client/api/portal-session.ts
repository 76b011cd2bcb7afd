/**
 * The clinic portal session (SPEC.md §3 "Logged-in vet account"): token, users and pet types,
 * kept in localStorage so a clinic desk keeps its session across tabs and reloads; the server
 * ends idle and old sessions, logout revokes the token, and a 401 from any portal call clears it
 * (docs/decisions/0010-portal-session-and-login-memory.md). The password is never stored.
 */
import { useSyncExternalStore } from 'react';
import { API } from '#shared/contract/paths';
import type { VetLoginBody, VetLoginResult, VetPetType, VetUser } from '#shared/contract/vet';
import { apiPostJson, onUnauthorized } from '#client/api/client';

/** Every portal query key starts with this, so logout and 401 can drop them all. */
export const PORTAL_KEY = 'portal';

const SESSION_KEY = 'pawtal.portal.session';
const USERNAME_KEY = 'pawtal.portal.username';
const SELECTED_USER_KEY = 'pawtal.portal.user';

interface PortalSession {
  token: string;
  users: VetUser[];
  pettypes: VetPetType[];
}

/** Why the login screen is shown: first visit, logout, or an ended session. */
export type LoggedOutReason = 'none' | 'expired' | 'loggedOut';

interface State {
  session: PortalSession | null;
  selectedUserId: number | null;
  reason: LoggedOutReason;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isSession(value: unknown): value is PortalSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && v.token.length > 0 && Array.isArray(v.users) && Array.isArray(v.pettypes);
}

function readState(): State {
  const store = storage();
  let session: PortalSession | null;
  try {
    const parsed: unknown = JSON.parse(store?.getItem(SESSION_KEY) ?? 'null');
    session = isSession(parsed) ? parsed : null;
  } catch {
    session = null;
  }
  const stored = Number(store?.getItem(SELECTED_USER_KEY));
  return {
    session,
    selectedUserId: pickUser(session?.users ?? [], Number.isInteger(stored) && stored > 0 ? stored : null),
    reason: 'none',
  };
}

/** The remembered user when it still exists, else the first user (SPEC.md: applied automatically). */
export function pickUser(users: readonly VetUser[], remembered: number | null): number | null {
  if (remembered !== null && users.some((u) => u.ID === remembered)) return remembered;
  return users[0]?.ID ?? null;
}

/**
 * The server cannot see a session (it lives in localStorage): a server-rendered /Dashboard is the
 * login, and hydrating starts from the same state before switching to the stored session.
 */
const SERVER_STATE: State = { session: null, selectedUserId: null, reason: 'none' };

/**
 * Set on <html> by public/color-scheme.js before the first paint when a session is stored: the
 * server-rendered login then shows a loading shell instead of its form, so a logged-in clinic does
 * not see the login flash before its dashboard. Kept in step with the session from here on.
 */
export const SESSION_HINT_CLASS = 'pawtal-portal-session';

function syncSessionHint(session: PortalSession | null): void {
  if (typeof document !== 'undefined') document.documentElement.classList.toggle(SESSION_HINT_CLASS, session !== null);
}

let state: State = readState();
syncSessionHint(state.session);
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  syncSessionHint(next.session);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function persist(session: PortalSession | null): void {
  const store = storage();
  if (!store) return;
  if (session) store.setItem(SESSION_KEY, JSON.stringify(session));
  else store.removeItem(SESSION_KEY);
}

export function getPortalState(): State {
  return state;
}

export function getToken(): string | null {
  return state.session?.token ?? null;
}

/** Options of a portal write: the session's token and the staff user selected at the desk, whom the history names. */
export function writeOptions(): { token: string | null; actingUserId: number | null } {
  return { token: getToken(), actingUserId: state.selectedUserId };
}

export function usePortalState(): State {
  return useSyncExternalStore(subscribe, getPortalState, () => SERVER_STATE);
}

export function rememberedUsername(): string {
  return storage()?.getItem(USERNAME_KEY) ?? '';
}

export function startSession(result: VetLoginResult, username: string): void {
  const session: PortalSession = { token: result.token, users: result.users, pettypes: result.pettypes };
  persist(session);
  storage()?.setItem(USERNAME_KEY, username);
  const stored = Number(storage()?.getItem(SELECTED_USER_KEY));
  setState({
    session,
    selectedUserId: pickUser(session.users, Number.isInteger(stored) && stored > 0 ? stored : null),
    reason: 'none',
  });
}

export function endSession(reason: LoggedOutReason): void {
  persist(null);
  setState({ session: null, selectedUserId: null, reason });
}

export function selectUser(id: number): void {
  storage()?.setItem(SELECTED_USER_KEY, String(id));
  setState({ ...state, selectedUserId: id });
}

export async function login(body: VetLoginBody): Promise<void> {
  const result = await apiPostJson(API.vetLogin, body);
  startSession(result, body.username);
}

/** Revokes the token on the server, then forgets it (also when the server cannot be reached). */
export async function logout(): Promise<void> {
  const token = getToken();
  try {
    if (token) await apiPostJson(API.vetLogout, {}, { token });
  } catch {
    // the session ends locally whatever the server said
  } finally {
    endSession('loggedOut');
  }
}

// A 401 from any portal call (expired or revoked session): back to the login with a message.
onUnauthorized(() => {
  if (state.session) endSession('expired');
});

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY) return;
    const next = readState();
    setState({ ...next, reason: next.session ? 'none' : 'loggedOut' });
  });
}
