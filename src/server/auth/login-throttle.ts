import { and, eq, gt, inArray, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

/**
 * Throttling of failed clinic logins, per username and per client address. The counters live in
 * the login_throttle table, so every server process sees the same ones.
 *
 * A key collects failures in a window; reaching its limit inside the window locks the key for
 * LOCK_MINUTES. While either key of an attempt is locked the attempt is refused before the
 * password is checked. A successful login clears the username's counter (not the address's).
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 20,
} as const;

export interface ThrottleKeys {
  user: string;
  address: string;
}

export function throttleKeys(username: string, address: string): ThrottleKeys {
  return { user: `user:${username.trim().toLowerCase().slice(0, 200)}`, address: `ip:${address}` };
}

/** True when the username or the address is locked now. */
export async function isLocked(db: Db, keys: ThrottleKeys, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [keys.user, keys.address]), isNotNull(loginThrottle.lockedUntil), gt(loginThrottle.lockedUntil, now)))
    .limit(1);
  return rows.length > 0;
}

/** Counts one failure against a key, atomically; locks it when the limit is reached. */
async function countFailure(db: Db, key: string, limit: number, now: Date): Promise<void> {
  const windowCutoff = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  const expired = sql`${loginThrottle.windowStartedAt} < ${windowCutoff.toISOString()}::timestamptz`;
  const nextFailures = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: nextFailures,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${nextFailures} >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function recordFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await countFailure(db, keys.user, THROTTLE.maxFailuresPerUsername, now);
  await countFailure(db, keys.address, THROTTLE.maxFailuresPerAddress, now);
}

/** After a successful login: the username starts afresh; stale rows of anyone are removed. */
export async function recordSuccess(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.user));
  const windowCutoff = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  await db
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.windowStartedAt, windowCutoff), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))));
}
