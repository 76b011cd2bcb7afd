import { and, eq, gt, inArray, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { loginThrottle } from '#server/db/schema';

/**
 * Throttling of failed clinic logins that an attacker cannot aim at a victim (OWASP's guidance;
 * docs/decisions/0014). The counters live in the login_throttle table, so every server process
 * sees the same ones. Two keys count failures:
 *
 * - the pair of username and client address: the first `freeFailuresPerPair` failures cost
 *   nothing; each one after them locks the pair for a delay that doubles (1 s, 2 s, 4 s ...) up
 *   to `maxPairDelaySeconds`. It slows one address guessing one account's password, and never
 *   touches the same username from another address, so the real user still logs in.
 * - the client address: `maxFailuresPerAddress` failures over any usernames within
 *   `windowMinutes` lock that address (only) for `lockMinutes`: one address cannot guess
 *   passwords across many accounts.
 *
 * No key is per username alone: failures from anywhere never lock an account for everybody.
 * A locked key of an attempt answers 429 before the password is checked. A successful login
 * clears its pair (not its address).
 */
export const THROTTLE = {
  freeFailuresPerPair: 3,
  maxPairDelaySeconds: 15 * 60,
  /** a pair's failures are forgotten after this long without a new one */
  pairMemoryHours: 24,
  maxFailuresPerAddress: 30,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

export interface ThrottleKeys {
  pair: string;
  address: string;
}

export function throttleKeys(username: string, address: string): ThrottleKeys {
  const user = username.trim().toLowerCase().slice(0, 200);
  return { pair: `pair:${address}|${user}`, address: `ip:${address}` };
}

/** True when the username+address pair or the address is locked now. */
export async function isLocked(db: Db, keys: ThrottleKeys, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [keys.pair, keys.address]), isNotNull(loginThrottle.lockedUntil), gt(loginThrottle.lockedUntil, now)))
    .limit(1);
  return rows.length > 0;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The pair's failure, atomically: past the free ones, a lock of 2^(n-free-1) seconds, capped. */
async function countPairFailure(db: Db, key: string, now: Date): Promise<void> {
  const forgetBefore = new Date(now.getTime() - THROTTLE.pairMemoryHours * 3600_000);
  // For a pair, window_started_at holds the time of its latest failure.
  const forgotten = sql`${loginThrottle.windowStartedAt} < ${ts(forgetBefore)}`;
  const next = sql`case when ${forgotten} then 1 else ${loginThrottle.failures} + 1 end`;
  const lockFor = (failures: ReturnType<typeof sql>) =>
    sql`case when ${failures} > ${THROTTLE.freeFailuresPerPair}
      then ${ts(now)} + least(power(2, ${failures} - ${THROTTLE.freeFailuresPerPair} - 1), ${THROTTLE.maxPairDelaySeconds}) * interval '1 second' end`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: THROTTLE.freeFailuresPerPair < 1 ? new Date(now.getTime() + 1000) : null })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures: next, windowStartedAt: now, lockedUntil: lockFor(next) } });
}

/** The address's failure, atomically: reaching the limit inside the window locks the address. */
async function countAddressFailure(db: Db, key: string, now: Date): Promise<void> {
  const windowCutoff = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  const expired = sql`${loginThrottle.windowStartedAt} < ${ts(windowCutoff)}`;
  const next = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: THROTTLE.maxFailuresPerAddress <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${expired} then ${ts(now)} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${THROTTLE.maxFailuresPerAddress} then ${ts(lockUntil)} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function recordFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await countPairFailure(db, keys.pair, now);
  await countAddressFailure(db, keys.address, now);
}

/** After a successful login: the pair starts afresh; rows nobody needs any more are removed. */
export async function recordSuccess(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair));
  const staleBefore = new Date(now.getTime() - THROTTLE.pairMemoryHours * 3600_000);
  await db
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.windowStartedAt, staleBefore), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))));
}
