import type { FastifyInstance } from 'fastify';

/** What a portal request needs of its session row, times in epoch milliseconds. */
export interface CachedSession {
  sessionId: number;
  clinicId: number;
  expiresAt: number;
  lastSeenAt: number;
}

/** An entry is read again from the database at the latest this long after it was loaded. */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 5000;

/**
 * Valid sessions by token hash, kept in this process for at most SESSION_CACHE_TTL_MS, on the
 * embedded PGlite database only (docs/decisions/0043). PGlite has one process, and every write to
 * sessions goes through src/server/auth/clinic-session.ts in it, so the cache is kept exact:
 * revocation drops the entry, the idle touch updates it, and the expiry checks run on every
 * request against the cached times. On PostgreSQL several processes share the sessions, and the
 * cache is off.
 *
 * A read that overlapped a revocation is never stored: each revocation bumps a version, and a
 * database read is stored only if the version it started under is still current.
 */
export class SessionCache {
  private currentVersion = 0;
  private readonly entries = new Map<string, CachedSession & { loadedAt: number }>();

  constructor(readonly enabled: boolean) {}

  get version(): number {
    return this.currentVersion;
  }

  /** The cached session for a token hash, if loaded less than SESSION_CACHE_TTL_MS ago. */
  get(tokenHash: string, now: number): CachedSession | null {
    if (!this.enabled) return null;
    const hit = this.entries.get(tokenHash);
    if (!hit) return null;
    if (now - hit.loadedAt >= SESSION_CACHE_TTL_MS || now < hit.loadedAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return hit;
  }

  /** Stores a session read from the database, unless a revocation happened since `version`. */
  store(tokenHash: string, session: CachedSession, version: number, now: number): void {
    if (!this.enabled || version !== this.currentVersion) return;
    const known = this.entries.get(tokenHash);
    // Two overlapping reads: keep the later idle clock (the database keeps the greater too).
    const lastSeenAt = Math.max(session.lastSeenAt, known?.lastSeenAt ?? 0);
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, lastSeenAt, loadedAt: known?.loadedAt ?? now });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The idle clock was moved in the database. */
  touched(tokenHash: string, lastSeenAt: number): void {
    const hit = this.entries.get(tokenHash);
    if (hit) hit.lastSeenAt = Math.max(hit.lastSeenAt, lastSeenAt);
  }

  /** Drops a session (revoked, expired or gone); later database reads from before are not stored. */
  forget(sessionId: number): void {
    this.currentVersion += 1;
    for (const [hash, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(hash);
  }

  clear(): void {
    this.currentVersion += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of this app (one per database connection; off on PostgreSQL). */
export function sessionCache(app: FastifyInstance): SessionCache {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = new SessionCache(app.database.kind === 'pglite');
    caches.set(app.db, cache);
  }
  return cache;
}

/** Call after changing sessions outside clinic-session.ts (a script or a test writing the table). */
export function forgetCachedSessions(app: FastifyInstance): void {
  sessionCache(app).clear();
}
