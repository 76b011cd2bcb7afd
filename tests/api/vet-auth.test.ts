import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { hashToken } from '#server/auth/tokens';
import { THROTTLE, throttleKeys } from '#server/auth/login-throttle';
import { loginThrottle, sessions } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const INVALID = 'Invalid username or password.';
const TOO_MANY = 'Too many failed attempts. Please try again later.';

describeOnBothDatabases('Vet portal login and sessions', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
  });

  const api = injectApi(() => ctx().app);
  const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    api.post(API.vetLogin, { username, password }, { remoteAddress });
  const logout = (token: string) => api.post(API.vetLogout, {}, { token });

  it('logs in with the token, the clinic users in order and the pet types', async () => {
    const res = await login(DEMO_CLINIC, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(1);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.token).not.toBe(token);
    const names = body.data.users.map((u: { Name: string }) => u.Name);
    expect(names).toEqual(expect.arrayContaining(['Dr. Amelia Hart', 'Dr. Omar Haddad', 'Nurse Lucía Romero']));
    const ids = body.data.users.map((u: { ID: number }) => u.ID);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(body.data.pettypes.length).toBeGreaterThanOrEqual(2);
    for (const t of body.data.pettypes) {
      expect(Object.keys(t).sort()).toEqual(['HostLink', 'ID', 'Image', 'Title']);
      expect(t.HostLink).toBe('/media/');
      expect(t.Image).not.toMatch(/^https?:/);
    }
    // Only the hash of the token is stored.
    const rows = await ctx()
      .db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.data.token)));
    expect(rows).toHaveLength(1);
    const all = await ctx().db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.tokenHash === body.data.token)).toBe(false);
  });

  it('accepts the username whatever its case and surrounding spaces', async () => {
    const res = await login(' Demo.Clinic ', DEMO_PASSWORD);
    expect(res.json().result).toBe(1);
  });

  it('answers a wrong password and an unknown username identically', async () => {
    const wrong = await login(DEMO_CLINIC, 'nope-nope', '10.0.0.1');
    const unknown = await login('no.such.clinic', 'nope-nope', '10.0.0.1');
    expect(wrong.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ result: 0, message: INVALID, data: null });
    expect(unknown.json()).toEqual({ result: 0, message: INVALID, data: null });
  });

  it('spends about the same time on an unknown username as on a wrong password', async () => {
    // The work done, not the wall time: CPU time of the whole process (scrypt runs on libuv's threads, which
    // count) is what an attacker's timing measures on an idle server, and it does not swing with the machine's
    // load as wall time does (one sample of wall time failed under a load average of 14).
    const work = async (username: string) => {
      const start = process.cpuUsage();
      await login(username, 'timing-probe', '10.0.0.2');
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    await work('warm.up.unknown');
    const wrong = await work(DEMO_CLINIC);
    const unknown = await work('another.unknown.clinic');
    // Both run one scrypt at N=2^17 (hundreds of ms); without the dummy hash the unknown one takes ~1 ms.
    expect(wrong).toBeGreaterThan(50);
    expect(unknown).toBeGreaterThan(wrong * 0.5);
    expect(wrong).toBeGreaterThan(unknown * 0.5);
  });

  it('serves a burst of concurrent logins (verifications queue, none is lost)', async () => {
    const results = await Promise.all(
      [0, 1, 2].map((i) => login(i % 2 ? DEMO_CLINIC : OTHER_CLINIC, DEMO_PASSWORD, `10.4.0.${i}`)),
    );
    expect(results.map((r) => r.json().result)).toEqual([1, 1, 1]);
    expect(new Set(results.map((r) => r.json().data.token)).size).toBe(3);
  });

  it('requires both fields', async () => {
    expect((await login('', DEMO_PASSWORD)).json()).toMatchObject({
      result: 0,
      message: 'Username and password are required.',
    });
    expect((await login(DEMO_CLINIC, '')).json()).toMatchObject({
      result: 0,
      message: 'Username and password are required.',
    });
    const missing = await api.post(API.vetLogin, { username: DEMO_CLINIC });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ result: 0, data: null });
  });

  it('an attacker address cannot block the right password from another address', async () => {
    const attacker = '10.1.0.1';
    const answers: number[] = [];
    for (let i = 0; i < THROTTLE.freeFailuresPerPair + 1; i++) {
      const res = await login(OTHER_CLINIC, `wrong-${i}`, attacker);
      expect(res.json().message).toBe(INVALID);
      answers.push(res.statusCode);
    }
    // Past the free failures the pair waits (1 s, then 2 s, 4 s ...): even the right password from there is 429 now.
    const slowed = await login(OTHER_CLINIC, DEMO_PASSWORD, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ result: 0, message: TOO_MANY, data: null });
    // The attacker's address locked outright as well (as after many failures): the real user elsewhere is not touched.
    await ctx()
      .db.insert(loginThrottle)
      .values({
        key: `ip:${attacker}`,
        failures: THROTTLE.maxFailuresPerAddress,
        lockedUntil: new Date(Date.now() + 600_000),
      })
      .onConflictDoNothing();
    await ctx()
      .db.update(loginThrottle)
      .set({ failures: 500, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(loginThrottle.key, `ip:${attacker}`));
    const real = await login(OTHER_CLINIC, DEMO_PASSWORD, '10.1.0.2');
    expect(real.json().result).toBe(1);
    // Nothing is counted per username alone.
    const keys = (await ctx().db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('user:'))).toBe(false);
  });

  it('slows a guessing pair with delays that double, up to the cap', async () => {
    const { pair } = throttleKeys('delay.clinic', '10.4.0.1');
    await ctx().db.insert(loginThrottle).values({ key: pair, failures: 6, windowStartedAt: new Date() });
    const before = Date.now();
    expect((await login('delay.clinic', 'bad', '10.4.0.1')).json().message).toBe(INVALID);
    let [row] = await ctx().db.select().from(loginThrottle).where(eq(loginThrottle.key, pair));
    expect(row.failures).toBe(7);
    // 7 failures, 3 free: 2^(7-3-1) = 8 seconds.
    const wait = ((row.lockedUntil as Date).getTime() - before) / 1000;
    expect(wait).toBeGreaterThan(7);
    expect(wait).toBeLessThan(20);
    await ctx().db.update(loginThrottle).set({ failures: 40, lockedUntil: null }).where(eq(loginThrottle.key, pair));
    await login('delay.clinic', 'bad', '10.4.0.1');
    [row] = await ctx().db.select().from(loginThrottle).where(eq(loginThrottle.key, pair));
    expect(((row.lockedUntil as Date).getTime() - Date.now()) / 1000).toBeLessThanOrEqual(
      THROTTLE.maxPairDelaySeconds + 1,
    );
    expect(((row.lockedUntil as Date).getTime() - Date.now()) / 1000).toBeGreaterThan(
      THROTTLE.maxPairDelaySeconds - 60,
    );
  });

  it('a guessing address gets 429 after many failures over any usernames; another address is not affected', async () => {
    const address = '10.2.0.9';
    await ctx()
      .db.insert(loginThrottle)
      .values({ key: `ip:${address}`, failures: THROTTLE.maxFailuresPerAddress - 1 });
    expect((await login('someone.else', 'bad', address)).json().message).toBe(INVALID);
    const res = await login(DEMO_CLINIC, DEMO_PASSWORD, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY);
    expect((await login(DEMO_CLINIC, DEMO_PASSWORD, '10.2.0.10')).json().result).toBe(1);
  });

  it("starts an address's new window once the old one is over, and forgets a pair after a day", async () => {
    const address = '10.3.0.1';
    await ctx()
      .db.insert(loginThrottle)
      .values({
        key: `ip:${address}`,
        failures: THROTTLE.maxFailuresPerAddress - 1,
        windowStartedAt: new Date(Date.now() - (THROTTLE.windowMinutes + 1) * 60_000),
      });
    const { pair } = throttleKeys('window.clinic', address);
    await ctx()
      .db.insert(loginThrottle)
      .values({
        key: pair,
        failures: 20,
        windowStartedAt: new Date(Date.now() - (THROTTLE.pairMemoryHours + 1) * 3600_000),
      });
    expect((await login('window.clinic', 'bad', address)).json().message).toBe(INVALID);
    const [ip] = await ctx()
      .db.select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `ip:${address}`));
    expect(ip.failures).toBe(1);
    expect(ip.lockedUntil).toBeNull();
    const [p] = await ctx().db.select().from(loginThrottle).where(eq(loginThrottle.key, pair));
    expect(p.failures).toBe(1);
    expect(p.lockedUntil).toBeNull();
  });

  it('refuses portal calls without a valid token with 401 and the envelope', async () => {
    const call = (headers: Record<string, string>) => api.send(API.vetLogout, { method: 'POST' }, { headers });
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer garbage' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: `Basic ${token}` },
    ];
    for (const headers of variants) {
      const res = await call(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ result: 0, data: null });
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('accepts the bearer scheme in any case', async () => {
    const fresh = await loginClinic(ctx().app, DEMO_CLINIC);
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await api.get(
        API.vetPets,
        { offset: 1, limit: 1 },
        { headers: { authorization: `${scheme} ${fresh}` } },
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses an expired or idle session', async () => {
    const expired = await loginClinic(ctx().app, DEMO_CLINIC);
    await ctx()
      .db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    expect((await logout(expired)).statusCode).toBe(401);

    const idle = await loginClinic(ctx().app, DEMO_CLINIC);
    const longAgo = new Date(Date.now() - (ctx().config.sessionIdleMinutes + 1) * 60_000);
    await ctx()
      .db.update(sessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(sessions.tokenHash, hashToken(idle)));
    expect((await logout(idle)).statusCode).toBe(401);
  });

  it('logs out: the token is revoked, other sessions keep working', async () => {
    const other = await loginClinic(ctx().app, DEMO_CLINIC);
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 1, message: '', data: null });
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    const [row] = await ctx()
      .db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row.revokedAt).not.toBeNull();
    expect((await logout(other)).statusCode).toBe(200);
  });
});
