import { and, eq, gt, inArray, isNotNull, lt, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { loginThrottle } from '#server/db/schema';

/**
 * Throttling of clinic logins that an attacker cannot aim at a victim (OWASP's guidance;
 * docs/decisions/0014, 0091). The counters live in the login_throttle table, so every server
 * process sees the same ones. Two keys count attempts:
 *
 * - the pair of username and client address: the first `freeFailuresPerPair` attempts cost
 *   nothing; each one after them locks the pair for a delay that doubles (1 s, 2 s, 4 s ...) up
 *   to `maxPairDelaySeconds`. It slows one address guessing one account's password, and never
 *   touches the same username from another address, so the real user still logs in.
 * - the client address: `maxFailuresPerAddress` attempts over any usernames within
 *   `windowMinutes` lock that address (only) for `lockMinutes`: one address cannot guess
 *   passwords across many accounts.
 *
 * An attempt is counted BEFORE its password is checked (reserveLoginAttempt), atomically, and a
 * locked key refuses it (429) without any password work; a successful login gives its attempt
 * back (the pair starts afresh, the address's count goes down by one). No key is per username
 * alone: attempts from anywhere never lock an account for everybody.
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

/** An attempt counted before its password check: the counts it brought its keys to. */
export interface HeldAttempt {
  pairCount: number;
  addressCount: number;
}

/** Refused: how long until the lock that refused it ends. */
export interface Refusal {
  retryAfterSeconds: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const notLocked = (now: Date) =>
  sql`(${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${ts(now)})`;

function refusalUntil(until: Date[], now: Date): Refusal | null {
  const latest = Math.max(0, ...until.map((d) => d.getTime()));
  return latest > now.getTime() ? { retryAfterSeconds: Math.ceil((latest - now.getTime()) / 1000) } : null;
}

/** The locks of the two keys that are in force now, if any. */
async function locksInForce(
  db: Db,
  keys: ThrottleKeys,
  now: Date,
): Promise<{ key: string; failures: number; lockedUntil: Date }[]> {
  const rows = await db
    .select({ key: loginThrottle.key, failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [keys.pair, keys.address]),
        isNotNull(loginThrottle.lockedUntil),
        gt(loginThrottle.lockedUntil, now),
      ),
    );
  return rows.map((r) => ({ ...r, lockedUntil: r.lockedUntil as Date }));
}

/** A pair's lock after `failures` attempts, from `now`: 2^(n-free-1) seconds, capped. */
function pairLockFrom(now: Date, failures: SQL): SQL {
  const { freeFailuresPerPair, maxPairDelaySeconds } = THROTTLE;
  const delaySeconds = sql`least(power(2, ${failures} - ${freeFailuresPerPair} - 1), ${maxPairDelaySeconds})`;
  return sql`${ts(now)} + ${delaySeconds} * interval '1 second'`;
}

/**
 * The pair's attempt, atomically and only while the pair is not locked: past the free ones it
 * locks the pair for 2^(n-free-1) seconds (capped) for the attempts after it. Null when locked.
 */
async function countPairAttempt(db: Db, key: string, now: Date): Promise<number | null> {
  const forgetBefore = new Date(now.getTime() - THROTTLE.pairMemoryHours * 3600_000);
  // For a pair, window_started_at holds the time of its latest attempt.
  const forgotten = sql`${loginThrottle.windowStartedAt} < ${ts(forgetBefore)}`;
  const next = sql`case when ${forgotten} then 1 else ${loginThrottle.failures} + 1 end`;
  const lockFor = (failures: SQL) =>
    sql`case when ${failures} > ${THROTTLE.freeFailuresPerPair} then ${pairLockFrom(now, failures)} end`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: THROTTLE.freeFailuresPerPair < 1 ? new Date(now.getTime() + 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: { failures: next, windowStartedAt: now, lockedUntil: lockFor(next) },
      setWhere: notLocked(now),
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? null;
}

/**
 * The address's attempt, atomically and only while it is not locked: reaching the limit inside the window locks it.
 * Null when locked.
 */
async function countAddressAttempt(db: Db, key: string, now: Date): Promise<number | null> {
  const windowCutoff = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  const expired = sql`${loginThrottle.windowStartedAt} < ${ts(windowCutoff)}`;
  const next = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: THROTTLE.maxFailuresPerAddress <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${expired} then ${ts(now)} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${THROTTLE.maxFailuresPerAddress} then ${ts(lockUntil)} else null end`,
      },
      setWhere: notLocked(now),
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? null;
}

/**
 * Counts one login attempt of the pair and the address before its password is checked. A key
 * locked now refuses it without counting anything more; two attempts racing past the first check
 * are each counted by one atomic upsert per key.
 */
export async function reserveLoginAttempt(
  db: Db,
  keys: ThrottleKeys,
  now = new Date(),
): Promise<HeldAttempt | Refusal> {
  const locked = refusalUntil(
    (await locksInForce(db, keys, now)).map((l) => l.lockedUntil),
    now,
  );
  if (locked) return locked;
  const addressCount = await countAddressAttempt(db, keys.address, now);
  const pairCount = addressCount === null ? null : await countPairAttempt(db, keys.pair, now);
  if (addressCount === null || pairCount === null)
    return (
      refusalUntil(
        (await locksInForce(db, keys, now)).map((l) => l.lockedUntil),
        now,
      ) ?? { retryAfterSeconds: 1 }
    );
  return { pairCount, addressCount };
}

/**
 * When an attempt's turn to be checked comes: refused when a key is locked now by attempts
 * counted AFTER this one (a burst queued behind it, here or in another process). The lock its own
 * count set does not refuse it: that lock is for the attempts after it.
 */
export async function lockedSinceReserved(
  db: Db,
  keys: ThrottleKeys,
  held: HeldAttempt,
  now = new Date(),
): Promise<Refusal | null> {
  const locks = await locksInForce(db, keys, now);
  const newer = locks.filter((l) => l.failures > (l.key === keys.pair ? held.pairCount : held.addressCount));
  return refusalUntil(
    newer.map((l) => l.lockedUntil),
    now,
  );
}

/**
 * After a wrong password: the pair's delay runs from the failure, not from when the attempt was
 * counted (the password check itself takes a while), so the next attempt waits the whole delay.
 */
export async function recordFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ lockedUntil: sql`${pairLockFrom(now, sql`${loginThrottle.failures}`)}` })
    .where(and(eq(loginThrottle.key, keys.pair), gt(loginThrottle.failures, THROTTLE.freeFailuresPerPair)));
}

/**
 * After a successful login: the pair starts afresh, the address's attempt is given back; rows nobody needs any more are
 * removed.
 */
export async function recordSuccess(db: Db, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair));
  await db
    .update(loginThrottle)
    .set({ failures: sql`${loginThrottle.failures} - 1` })
    .where(and(eq(loginThrottle.key, keys.address), gt(loginThrottle.failures, 0)));
  const staleBefore = new Date(now.getTime() - THROTTLE.pairMemoryHours * 3600_000);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, staleBefore),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    );
}
