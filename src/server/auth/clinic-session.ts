import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '#server/db/schema';
import { UnauthorizedError } from '#server/http/errors';
import { sessionTag } from '#server/auth/session-cache';
import { hashToken, newToken } from '#server/auth/tokens';

interface ClinicSession {
  sessionId: number;
  clinicId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireClinic on portal routes */
    clinic: ClinicSession;
  }
}

/** Opens a session for a clinic: a new random token, stored only as its hash. */
export async function createSession(app: FastifyInstance, clinicId: number): Promise<string> {
  const { token, hash } = newToken();
  const now = Date.now();
  await app.db.insert(sessions).values({
    clinicId,
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

/**
 * preHandler of every portal route: a valid, unexpired, unrevoked bearer token, else HTTP 401.
 * Sessions expire after SESSION_IDLE_MINUTES without use and SESSION_ABSOLUTE_HOURS after login.
 * Use is recorded (last_seen_at) at most once a minute, so the idle clock counts from a use at
 * most a minute before the last one. The row comes from the in-process session cache when it is
 * there (docs/decisions/0043, 0065); both expiries are checked on every request either way.
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
    const [row] = await app.db
      .select({
        id: sessions.id,
        clinicId: sessions.clinicId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(idleCutoff)),
        ),
      )
      .limit(1);
    if (!row) throw new UnauthorizedError();
    session = {
      sessionId: row.id,
      clinicId: row.clinicId,
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
  request.clinic = { sessionId: session.sessionId, clinicId: session.clinicId };
}

export async function revokeSession(app: FastifyInstance, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  // After the write: a request that read the row before it is not stored (version), and the
  // entry of any earlier request is gone.
  await app.changeFeed.publish([sessionTag(sessionId)]);
}
