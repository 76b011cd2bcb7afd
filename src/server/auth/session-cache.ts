import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALL } from '#server/cache/change-feed';
import { FALLBACK_TTL_MS } from '#server/cache/public-cache';
import type { ClinicSession } from '#server/auth/clinic-session';

/** What a portal request needs of its session row, times in epoch milliseconds. */
interface CachedSession extends ClinicSession {
  expiresAt: number;
  lastSeenAt: number;
}

/** An entry is read again from the database at the latest this long after it was loaded. */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 5000;

/**
 * Valid sessions by token hash, kept in this process for at most SESSION_CACHE_TTL_MS
 * (docs/decisions/0043, extended to PostgreSQL by 0065). Every write to sessions goes through
 * src/server/auth/clinic-session.ts, which drops the entry here and publishes `session:<id>` on the
 * change feed, so every other process drops it too: revocation and the idle touch are seen
 * everywhere. The expiry checks run on every request against the cached times. While the change
 * feed is down (PostgreSQL), an entry is served for at most FALLBACK_TTL_MS.
 *
 * A read that overlapped a revocation is never stored: each revocation bumps a version, and a
 * database read is stored only if the version it started under is still current.
 */
class SessionCache {
  private currentVersion = 0;
  private readonly entries = new Map<string, CachedSession & { loadedAt: number }>();

  constructor(
    readonly enabled: boolean,
    private readonly ttlMs: () => number = () => SESSION_CACHE_TTL_MS,
  ) {}

  get version(): number {
    return this.currentVersion;
  }

  /** The cached session for a token hash, if loaded less than SESSION_CACHE_TTL_MS ago. */
  get(tokenHash: string, now: number): CachedSession | null {
    if (!this.enabled) return null;
    const hit = this.entries.get(tokenHash);
    if (!hit) return null;
    if (now - hit.loadedAt >= this.ttlMs() || now < hit.loadedAt) {
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

export const sessionTag = (sessionId: number) => `session:${sessionId}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Valid portal sessions by token hash, kept in step by the change feed. */
    sessionCache: SessionCache;
  }
}

/** Decorates `app.sessionCache`: revocations and ALL on the change feed drop its entries. */
export const sessionCachePlugin = fp(
  async (app) => {
    const feed = app.changeFeed;
    const cache = new SessionCache(true, () =>
      feed.live ? SESSION_CACHE_TTL_MS : Math.min(SESSION_CACHE_TTL_MS, FALLBACK_TTL_MS),
    );
    const stop = feed.subscribe((tags) => {
      for (const tag of tags) {
        if (tag === ALL) cache.clear();
        else if (tag.startsWith('session:')) cache.forget(Number(tag.slice('session:'.length)));
      }
    });
    app.addHook('onClose', async () => stop());
    app.decorate('sessionCache', cache);
  },
  { name: 'session-cache', dependencies: ['change-feed'], fastify: '5.x' },
);

/** Call after changing sessions outside clinic-session.ts (a script or a test writing the table). */
export async function forgetCachedSessions(app: FastifyInstance): Promise<void> {
  await app.changeFeed.publish([ALL]);
}
