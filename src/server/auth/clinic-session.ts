import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { isStaffRole, type StaffRole } from '#shared/staff-roles';
import type { Db } from '#server/db/client';
import { clinicUsers, clinics, sessions } from '#server/db/schema';
import { UnauthorizedError } from '#server/http/errors';
import { sessionTag } from '#server/auth/session-cache';
import { hashToken, newToken } from '#server/auth/tokens';

/** A portal request's session: its clinic, who signed in, and the verified person acting now with their role. */
export interface ClinicSession {
  sessionId: number;
  clinicId: number;
  /** who signed in: the session is theirs */
  signedInUserId: number;
  /** the verified person acting now (after a PIN switch, the switched-in one): history names them */
  userId: number;
  userName: string;
  role: StaffRole;
  /** the clinic requires two-factor sign-in and the acting person has not set it up */
  twoFactorSetupRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireClinic on portal routes */
    clinic: ClinicSession;
  }
}

/** The longest User-Agent kept for the list of one's sessions. */
const USER_AGENT_MAX = 300;

export function userAgentOf(request: FastifyRequest): string {
  const raw = request.headers['user-agent'];
  return (typeof raw === 'string' ? raw : '').slice(0, USER_AGENT_MAX);
}

/** Opens a session of a staff person: a new random token, stored only as its hash. */
export async function createSession(
  app: FastifyInstance,
  who: { clinicId: number; userId: number; userAgent: string },
): Promise<string> {
  const { token, hash } = newToken();
  const now = Date.now();
  await app.db.insert(sessions).values({
    clinicId: who.clinicId,
    userId: who.userId,
    actingUserId: who.userId,
    userAgent: who.userAgent,
    tokenHash: hash,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + app.config.sessionAbsoluteHours * 3600_000),
  });
  return token;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** A live session by its token hash, with its acting person (who must be active) and their clinic's rule. */
async function loadSession(db: Db, tokenHash: string, now: Date, idleCutoff: Date) {
  const [row] = await db
    .select({
      id: sessions.id,
      clinicId: sessions.clinicId,
      signedInUserId: sessions.userId,
      userId: sessions.actingUserId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userName: clinicUsers.name,
      role: clinicUsers.role,
      twoFactorOn: sql<boolean>`${clinicUsers.totpSecret} is not null`,
      requireTwoFactor: clinics.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, sessions.actingUserId), eq(clinicUsers.active, true)))
    .innerJoin(clinics, eq(clinics.id, sessions.clinicId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .limit(1);
  return row && isStaffRole(row.role) ? { ...row, role: row.role } : null;
}

/**
 * preHandler of every portal route (through requirePermission): a valid, unexpired, unrevoked bearer token whose
 * acting person is active, else HTTP 401. Sessions expire after SESSION_IDLE_MINUTES without use and
 * SESSION_ABSOLUTE_HOURS after login. Use is recorded (last_seen_at) at most once a minute, so the idle clock counts
 * from a use at most a minute before the last one. The row comes from the in-process session cache when it is there
 * (docs/decisions/0043, 0065); both expiries are checked on every request either way. A change of the session's
 * person (switch, role, deactivation, two-factor) drops the cached row everywhere (forgetSessions).
 */
export async function requireClinic(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError('loginToContinue');
  const app = request.server;
  const cache = app.sessionCache;
  const tokenHash = hashToken(token);
  const now = new Date();
  const nowMs = now.getTime();
  const idleCutoff = nowMs - app.config.sessionIdleMinutes * 60_000;
  let session = cache.get(tokenHash, nowMs);
  if (!session) {
    const version = cache.version;
    const row = await loadSession(app.db, tokenHash, now, new Date(idleCutoff));
    if (!row) throw new UnauthorizedError();
    session = {
      sessionId: row.id,
      clinicId: row.clinicId,
      signedInUserId: row.signedInUserId,
      userId: row.userId,
      userName: row.userName,
      role: row.role,
      twoFactorSetupRequired: row.requireTwoFactor && !row.twoFactorOn,
      expiresAt: row.expiresAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
    };
    cache.store(tokenHash, session, version, nowMs);
  }
  // The same conditions as the query's, for a cached row (and harmless for a fresh one).
  if (!(session.expiresAt > nowMs && session.lastSeenAt > idleCutoff)) {
    cache.forget(session.sessionId);
    throw new UnauthorizedError();
  }
  // Touch at most once a minute: keeps the idle clock without a write per request. greatest():
  // two overlapping touches never move the clock back.
  if (nowMs - session.lastSeenAt > 60_000) {
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(sessions.id, session.sessionId));
    cache.touched(tokenHash, nowMs);
    // Other processes re-read the row: their cached idle clock would refuse the session too early.
    await app.changeFeed.publish([sessionTag(session.sessionId)]);
  }
  const { expiresAt: _expires, lastSeenAt: _seen, ...clinic } = session;
  request.clinic = clinic;
}

/** Drops the cached rows of sessions (here and in every process): their person or rule changed. */
async function forgetCached(app: FastifyInstance, ids: number[]): Promise<void> {
  for (const id of ids) app.sessionCache.forget(id);
  if (ids.length > 0) await app.changeFeed.publish(ids.map(sessionTag));
}

export async function revokeSession(app: FastifyInstance, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  // After the write: a request that read the row before it is not stored (version), and the
  // entry of any earlier request is gone.
  await forgetCached(app, [sessionId]);
}

/** Ends at once the live sessions `which` selects, here and (their cached rows) in every process. */
async function revokeLiveSessions(app: FastifyInstance, db: Db, which: SQL | undefined): Promise<void> {
  if (!which) return; // drizzle's and/or type their result as possibly undefined: never "every session"
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await forgetCached(
    app,
    ended.map((s) => s.id),
  );
}

/** Ends at once every live session a person signed in or acts in (deactivation). */
export async function revokeSessionsOf(app: FastifyInstance, db: Db, userId: number): Promise<void> {
  await revokeLiveSessions(app, db, or(eq(sessions.userId, userId), eq(sessions.actingUserId, userId)));
}

/**
 * Ends at once every other live session a person signed in themselves (their password changed): a
 * session taken with the old password does not outlive it. A shared desk that switched to them by
 * PIN is another person's sign-in and stays.
 */
export async function revokeOtherSessionsOf(app: FastifyInstance, db: Db, userId: number, keep: number): Promise<void> {
  await revokeLiveSessions(app, db, and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}

/** Re-reads the sessions a person acts in (their role or two-factor changed), or all of a clinic's (its rule). */
export async function refreshSessions(app: FastifyInstance, of: { userId: number } | { clinicId: number }) {
  const rows = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        'userId' in of ? eq(sessions.actingUserId, of.userId) : eq(sessions.clinicId, of.clinicId),
        isNull(sessions.revokedAt),
      ),
    );
  await forgetCached(
    app,
    rows.map((r) => r.id),
  );
}

/** The session now acts as `userId` (verified by the caller): every later write is theirs. */
export async function switchSessionUser(app: FastifyInstance, sessionId: number, userId: number): Promise<void> {
  await app.db.update(sessions).set({ actingUserId: userId }).where(eq(sessions.id, sessionId));
  await forgetCached(app, [sessionId]);
}
