import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { failureCounts } from '#server/db/schema';

/**
 * Counts of attempts per key in a window that starts with the key's first attempt, in the
 * failure_counts table: every server process on one PostgreSQL shares them (docs/decisions/0090).
 * An attempt is reserved BEFORE its work by one atomic upsert that refuses once the limit is
 * reached, so concurrent attempts can never get past it; an attempt that turns out to be a
 * success is given back.
 */
export interface CountWindow {
  /** attempts allowed per window */
  limit: number;
  windowMs: number;
}

/** A reserved attempt: `giveBack` returns it (a hit, a success); a refused reservation says how long to wait. */
export type Reservation =
  | { granted: true; count: number; giveBack(): Promise<{ count: number } | null> }
  | { granted: false; retryAfterSeconds: number };

const windowEnd = (startedAt: Date, windowMs: number) => startedAt.getTime() + windowMs;

function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil((ms - Date.now()) / 1000));
}

/** Anything that runs queries: the database or a transaction. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Reserves one attempt of `key`, atomically: a new window when the last one is over, else one more
 * unless the window's limit is used up (then nothing is written and the answer says when the
 * window ends). The database's clock decides, so processes on several machines agree.
 */
/** The upsert that takes one more attempt of each key unless its window's limit is used up: the keys it took. */
function takeAttempts(db: Queryable, keys: readonly string[], { limit, windowMs }: CountWindow) {
  const expired = sql`${failureCounts.windowStartedAt} <= now() - ${windowMs}::int * interval '1 millisecond'`;
  // Milliseconds, as a JavaScript Date holds them: giveBack finds its window by equality.
  const now = sql`date_trunc('milliseconds', now())`;
  return db
    .insert(failureCounts)
    .values(keys.map((key) => ({ key, count: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: failureCounts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${failureCounts.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${failureCounts.windowStartedAt} end`,
      },
      setWhere: sql`${expired} or ${failureCounts.count} < ${limit}`,
    })
    .returning({ key: failureCounts.key, count: failureCounts.count, windowStartedAt: failureCounts.windowStartedAt });
}

/**
 * Reserves one attempt of `key`, atomically: a new window when the last one is over, else one more
 * unless the window's limit is used up (then nothing is written and the answer says when the
 * window ends). The database's clock decides, so processes on several machines agree.
 */
export async function reserveAttempt(db: Queryable, key: string, window: CountWindow): Promise<Reservation> {
  const [row] = await takeAttempts(db, [key], window);
  if (row) {
    const startedAt = row.windowStartedAt;
    return { granted: true, count: row.count, giveBack: () => giveBackAttempt(db, key, startedAt) };
  }
  const [current] = await db
    .select({ windowStartedAt: failureCounts.windowStartedAt })
    .from(failureCounts)
    .where(eq(failureCounts.key, key));
  return {
    granted: false,
    retryAfterSeconds: current ? secondsUntil(windowEnd(current.windowStartedAt, window.windowMs)) : 1,
  };
}

/**
 * Reserves one attempt of each of `keys` (distinct) in one statement, as reserveAttempt does for one (a batch's
 * reservations, inside its transaction): each granted key with its count in the window, the others are left as
 * they were.
 */
export async function reserveAttemptOfEach(
  db: Queryable,
  keys: readonly string[],
  window: CountWindow,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await takeAttempts(db, keys, window);
  return new Map(rows.map((r) => [r.key, r.count]));
}

/**
 * Reserves up to `wanted` attempts of one key at once, within its window's limit: how many it got. Two statements in
 * the caller's transaction (the first locks the key's row, so concurrent batches take turns).
 */
export async function reserveAttemptsOfKey(
  db: Queryable,
  key: string,
  wanted: number,
  { limit, windowMs: ms }: CountWindow,
): Promise<number> {
  if (wanted <= 0) return 0;
  const expired = sql`${failureCounts.windowStartedAt} <= now() - ${ms}::int * interval '1 millisecond'`;
  const now = sql`date_trunc('milliseconds', now())`;
  const [row] = await db
    .insert(failureCounts)
    .values({ key, count: 0, windowStartedAt: now })
    .onConflictDoUpdate({
      target: failureCounts.key,
      set: {
        count: sql`case when ${expired} then 0 else ${failureCounts.count} end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${failureCounts.windowStartedAt} end`,
      },
    })
    .returning({ count: failureCounts.count });
  const granted = Math.max(0, Math.min(wanted, limit - (row?.count ?? 0)));
  if (granted > 0)
    await db
      .update(failureCounts)
      .set({ count: sql`${failureCounts.count} + ${granted}` })
      .where(eq(failureCounts.key, key));
  return granted;
}

/** Gives back `each` attempts of every one of `keys`, reserved in this transaction (so in their current window). */
export async function giveBackAttempts(db: Queryable, keys: readonly string[], each = 1): Promise<void> {
  if (keys.length === 0 || each <= 0) return;
  await db
    .update(failureCounts)
    .set({ count: sql`greatest(${failureCounts.count} - ${each}, 0)` })
    .where(inArray(failureCounts.key, [...keys]));
}

/** Gives one attempt back, in the window it was reserved in (after that window it no longer counts anyway). */
async function giveBackAttempt(db: Queryable, key: string, windowStartedAt: Date): Promise<{ count: number } | null> {
  const [row] = await db
    .update(failureCounts)
    .set({ count: sql`${failureCounts.count} - 1` })
    .where(
      and(eq(failureCounts.key, key), eq(failureCounts.windowStartedAt, windowStartedAt), gt(failureCounts.count, 0)),
    )
    .returning({ count: failureCounts.count });
  return row ?? null;
}

/** The key's attempts in its current window, and when that window ends (epoch ms); null when none count. */
export async function currentAttempts(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ count: number; endsAt: number } | null> {
  const [row] = await db
    .select({ count: failureCounts.count, windowStartedAt: failureCounts.windowStartedAt })
    .from(failureCounts)
    .where(eq(failureCounts.key, key));
  if (!row) return null;
  const endsAt = windowEnd(row.windowStartedAt, windowMs);
  return endsAt > Date.now() ? { count: row.count, endsAt } : null;
}

/** Removes the rows whose window ended before `before` (they count for nothing). */
export async function purgeEndedWindows(db: Queryable, before: Date): Promise<void> {
  await db.delete(failureCounts).where(lt(failureCounts.windowStartedAt, before));
}
