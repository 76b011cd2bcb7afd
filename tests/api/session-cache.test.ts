import { eq } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { API } from '#shared/contract/paths';
import { hashToken } from '#server/auth/tokens';
import { forgetCachedSessions, SESSION_CACHE_TTL_MS } from '#server/auth/session-cache';
import { sessions } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { bearer, DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * The in-process session cache (docs/decisions/0043, 0065): revocation, idle and absolute expiry
 * hold exactly as without it, on both databases (across processes: cross-process-cache.test.ts).
 */
describeOnBothDatabases('Portal sessions with the in-process session cache', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const portalCall = async (token: string) =>
    (
      await ctx().app.inject({
        method: 'GET',
        url: `${API.vetVisits}?isFinished=0&offset=1&limit=4`,
        headers: bearer(token),
      })
    ).statusCode;
  const row = async (token: string) =>
    (
      await ctx()
        .db.select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0];

  it('is on for both databases', () => {
    expect(ctx().app.sessionCache.enabled).toBe(true);
  });

  it('logout on this process refuses the token at once, also right after cached use', async () => {
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    expect(await portalCall(token)).toBe(200);
    expect(await portalCall(token)).toBe(200);
    expect((await ctx().app.inject({ method: 'POST', url: API.vetLogout, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(await portalCall(token)).toBe(401);
    expect((await row(token)).revokedAt).not.toBeNull();
  });

  it('a logout racing a request that is still reading the session: the read is not cached', async () => {
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [a, logout, b] = await Promise.all([
      portalCall(token),
      ctx().app.inject({ method: 'POST', url: API.vetLogout, headers: bearer(token) }),
      portalCall(token),
    ]);
    expect(logout.statusCode).toBe(200);
    expect([200, 401]).toContain(a);
    expect([200, 401]).toContain(b);
    expect(await portalCall(token)).toBe(401);
  });

  it('idle expiry: each use (touched at most once a minute) moves the idle clock; past it, 401', async () => {
    const idleMs = ctx().config.sessionIdleMinutes * 60_000;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    expect(await portalCall(token)).toBe(200);

    // Just inside the idle window: allowed, and the use is recorded (database and cache alike).
    vi.setSystemTime(start + idleMs - 1000);
    expect(await portalCall(token)).toBe(200);
    expect((await row(token)).lastSeenAt.getTime()).toBe(start + idleMs - 1000);

    // Past the first window, inside the one the last use opened.
    vi.setSystemTime(start + idleMs + 60_000);
    expect(await portalCall(token)).toBe(200);

    // Idle for longer than the window since the last recorded use: refused.
    vi.setSystemTime(start + idleMs + 60_000 + idleMs + 1000);
    expect(await portalCall(token)).toBe(401);
  });

  it('absolute expiry holds for a cached session', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    expect(await portalCall(token)).toBe(200);
    const expiresAt = (await row(token)).expiresAt.getTime();
    vi.setSystemTime(expiresAt - 1000);
    // (kept alive within the idle window by cached times alone would be wrong: check with a touch)
    await ctx()
      .db.update(sessions)
      .set({ lastSeenAt: new Date(expiresAt - 2000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await forgetCachedSessions(ctx().app);
    expect(await portalCall(token)).toBe(200);
    vi.setSystemTime(expiresAt + 1);
    expect(await portalCall(token)).toBe(401);
  });

  it('checks the absolute expiry against a cached entry on every request, not only when reading the row', async () => {
    const cache = ctx().app.sessionCache;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const { id: sessionId, clinicId } = await row(token);
    // An entry whose expiry comes within the cache TTL, while the database row stays valid: only
    // the check on the cached time can refuse it.
    cache.store(
      hashToken(token),
      { sessionId, clinicId, expiresAt: start + 5000, lastSeenAt: start },
      cache.version,
      start,
    );
    expect(await portalCall(token)).toBe(200);
    vi.setSystemTime(start + 5000);
    expect(await portalCall(token)).toBe(401);
  });

  it('serves a cached session for at most the TTL; a write outside the app is seen after forgetCachedSessions or the TTL', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    expect(await portalCall(token)).toBe(200);
    // Revoked behind the app's back (as only a script or test can do while the server runs).
    await ctx()
      .db.update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Answered from the cache until the TTL.
    expect(await portalCall(token)).toBe(200);
    vi.setSystemTime(start + SESSION_CACHE_TTL_MS);
    expect(await portalCall(token)).toBe(401);

    const other = await loginClinic(ctx().app, DEMO_CLINIC);
    expect(await portalCall(other)).toBe(200);
    await ctx()
      .db.update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(other)));
    await forgetCachedSessions(ctx().app);
    expect(await portalCall(other)).toBe(401);
  });
});

/** With a one-minute idle window, an idle expiry falls within the cache TTL. */
describeOnBothDatabases(
  'Portal sessions with the in-process session cache, short idle window',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a cached session once idle, though its database row (touched at login) would still pass', async () => {
      const cache = ctx().app.sessionCache;
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      const [session] = await ctx()
        .db.select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      // Cached as last seen 59.5 s before now: valid, and too recent to be touched again.
      cache.store(
        hashToken(token),
        {
          sessionId: session.id,
          clinicId: session.clinicId,
          expiresAt: session.expiresAt.getTime(),
          lastSeenAt: start + 500 - 60_000,
        },
        cache.version,
        start,
      );
      const call = async () =>
        (
          await ctx().app.inject({
            method: 'GET',
            url: `${API.vetVisits}?isFinished=0&offset=1&limit=4`,
            headers: bearer(token),
          })
        ).statusCode;
      expect(await call()).toBe(200);
      vi.setSystemTime(start + 1000);
      expect(await call()).toBe(401);
    });
  },
  { sessionIdleMinutes: 1 },
);
