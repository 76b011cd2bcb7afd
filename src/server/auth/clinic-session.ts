import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { UnauthorizedError } from '../http/errors';
import { hashToken, newToken } from './tokens';

export interface ClinicSession {
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
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : null;
}

/**
 * preHandler of every portal route: a valid, unexpired, unrevoked bearer token, else HTTP 401.
 * Sessions expire after SESSION_IDLE_MINUTES without use and SESSION_ABSOLUTE_HOURS after login.
 */
export async function requireClinic(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError('Please log in to continue.');
  const app = request.server;
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - app.config.sessionIdleMinutes * 60_000);
  const [row] = await app.db
    .select({ id: sessions.id, clinicId: sessions.clinicId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  if (!row) throw new UnauthorizedError();
  // Touch at most once a minute: keeps the idle clock without a write per request.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  request.clinic = { sessionId: row.id, clinicId: row.clinicId };
}

export async function revokeSession(app: FastifyInstance, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
