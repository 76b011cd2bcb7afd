/**
 * The clinic portal session (SPEC.md §3 "Logged-in vet account"): token, users and pet types,
 * kept in localStorage so a clinic desk keeps its session across tabs and reloads; the server
 * ends idle and old sessions, logout revokes the token, and a 401 from any portal call clears it
 * (docs/decisions/0010-portal-session-and-login-memory.md). The password is never stored.
 *
 * Issue 31 (docs/decisions/0145): the session is a person's. Its acting user (`selectedUserId`) is the one the
 * server verified: who signed in, or who switched in with their PIN (switchUser); the portal never picks one itself.
 */
import { useSyncExternalStore } from 'react';
import { API } from '#shared/contract/paths';
import type { VetLoginBody, VetLoginResult, VetPetType, VetUser } from '#shared/contract/vet';
import { can, type PortalAction } from '#shared/staff-roles';
import { apiPostJson, onUnauthorized } from '#client/api/client';

/** Every portal query key starts with this, so logout and 401 can drop them all. */
export const PORTAL_KEY = 'portal';

const SESSION_KEY = 'pawtal.portal.session';
const USERNAME_KEY = 'pawtal.portal.username';

interface PortalSession {
  token: string;
  users: VetUser[];
  pettypes: VetPetType[];
  /** the verified person acting now (absent from an older server's answer: the first user) */
  currentUserId?: number;
  /** the clinic requires two-factor sign-in and the acting person has not set it up */
  twoFactorSetupRequired?: boolean;
}

/** Why the login screen is shown: first visit, logout, or an ended session. */
export type LoggedOutReason = 'none' | 'expired' | 'loggedOut';

interface State {
  session: PortalSession | null;
  /** the session's verified acting person */
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
  return { session, selectedUserId: actingUserOf(session), reason: 'none' };
}

/** The session's acting person: the one the server verified, else (an older answer) the first user. */
function actingUserOf(session: PortalSession | null): number | null {
  if (!session) return null;
  return session.currentUserId ?? session.users[0]?.ID ?? null;
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

/**
 * Options of a portal write: the session's token and its verified acting person (the server refuses the write if
 * another tab switched person meanwhile, rather than attribute it to someone who did not make it).
 */
export function writeOptions(): { token: string | null; actingUserId: number | null } {
  return { token: getToken(), actingUserId: state.selectedUserId };
}

export function usePortalState(): State {
  return useSyncExternalStore(subscribe, getPortalState, () => SERVER_STATE);
}

/** The acting person (their Name and Role), or null without a session. */
export function actingUser(s: State = state): VetUser | null {
  return s.session?.users.find((u) => u.ID === s.selectedUserId) ?? null;
}

/** Whether the acting person may do `action` (src/shared/staff-roles.ts: the table the server enforces too). */
export function canAct(s: State, action: PortalAction): boolean {
  const user = actingUser(s);
  return user !== null && can(user.Role, action);
}

export function rememberedUsername(): string {
  return storage()?.getItem(USERNAME_KEY) ?? '';
}

export function startSession(result: VetLoginResult, username: string): void {
  const session: PortalSession = {
    token: result.token,
    users: result.users,
    pettypes: result.pettypes,
    currentUserId: result.currentUserId,
    twoFactorSetupRequired: result.twoFactorSetupRequired,
  };
  persist(session);
  storage()?.setItem(USERNAME_KEY, username);
  setState({ session, selectedUserId: actingUserOf(session), reason: 'none' });
}

/** The session's person changed (a PIN switch, two-factor set up): kept, and told to every tab. */
function updateSession(changes: Partial<PortalSession>): void {
  if (!state.session) return;
  const session = { ...state.session, ...changes };
  persist(session);
  setState({ ...state, session, selectedUserId: actingUserOf(session) });
}

export function endSession(reason: LoggedOutReason): void {
  persist(null);
  setState({ session: null, selectedUserId: null, reason });
}

/**
 * Signs in. With two-factor on, answers the challenge for the second step (loginSecondStep), and no session starts
 * yet; else the session starts and null is answered.
 */
export async function login(body: VetLoginBody): Promise<{ challenge: string } | null> {
  const answer = await apiPostJson(API.vetLogin, body);
  if (!('token' in answer)) return { challenge: answer.challenge };
  startSession(answer, body.username);
  return null;
}

/** The second step of a two-factor sign-in: a code of the app, or a recovery code. */
export async function loginSecondStep(challenge: string, code: string, username: string): Promise<void> {
  startSession(await apiPostJson(API.vetLoginTwoFactor, { challenge, code }), username);
}

/** The desk's acting person becomes `userId`, verified by their PIN (also how the idle lock is lifted). */
export async function switchUser(userId: number, pin: string): Promise<void> {
  const result = await apiPostJson(API.switchUser, { userId, pin }, { token: getToken() });
  updateSession({ currentUserId: result.currentUserId, twoFactorSetupRequired: result.twoFactorSetupRequired });
}

/** The acting person has set up two-factor sign-in: the clinic's rule no longer holds them at their account. */
export function twoFactorSetUp(): void {
  updateSession({ twoFactorSetupRequired: false });
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
